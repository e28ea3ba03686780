import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { endUsers, mcpEndUserLinks, mcpOauthCodes, mcpOauthGrants, mcpTokens, users } from '../../platform/db/schema.js';
import { hashToken } from '../../platform/crypto.js';
import type { TestApp } from '../../../test/harness.js';
import { launchBrowser } from '../../../test/browser.js';
import { needs } from '../../../test/system-binaries.js';
import { startAcmeApi, type AcmeApi } from '../../../test/fixtures/acme-api.js';
import { INIT, rpc, startHttpApp } from '../../../test/mcp.js';
import { startSmtpSink } from '../../../test/mail.js';
import fc from 'fast-check';
import { mcpOauthClients } from '../../platform/db/schema.js';
import { purgeMcpState } from '../jobs.js';
import { migrate } from '../../platform/db/migrate.js';

/** A redirect target for OAuth clients: records each callback's query. */
async function callbackServer() {
  const hits: URLSearchParams[] = [];
  const srv = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://x');
    if (u.pathname === '/callback') hits.push(u.searchParams);
    res.setHeader('content-type', 'text/html');
    res.end('<p id="done">You can close this window.</p>');
  });
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(srv.address() as AddressInfo).port}/callback`;
  return { url, hits, close: () => new Promise<void>((r) => srv.close(() => r())) };
}

/** An MCP client's OAuth state, in memory, as the SDK expects it. */
class MemoryProvider implements OAuthClientProvider {
  client?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = '';
  authorizationUrl?: URL;
  constructor(readonly redirectUrl: string) {}
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'Test Agent',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  state = () => 'state-123';
  clientInformation = () => this.client;
  saveClientInformation = (c: OAuthClientInformationMixed) => void (this.client = c);
  tokens = () => this.saved;
  saveTokens = (t: OAuthTokens) => void (this.saved = t);
  redirectToAuthorization = (url: URL) => void (this.authorizationUrl = url);
  saveCodeVerifier = (v: string) => void (this.verifier = v);
  codeVerifier = () => this.verifier;
}

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};
const form = (body: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(body).toString(),
});
const hidden = (html: string, name: string) =>
  new RegExp(`name="${name}" value="([^"]*)"`)
    .exec(html)?.[1]
    ?.replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"') ?? '';

describe('MCP OAuth authorization server', () => {
  let t: TestApp;
  let base: string;
  let acme: AcmeApi;
  let browser: Browser;
  let cb: Awaited<ReturnType<typeof callbackServer>>;
  let key: string;
  let ws: string;
  let server: { id: string; mcpEndpoint: string };
  let mail: Awaited<ReturnType<typeof startSmtpSink>>;

  /**
   * A person's session cookie. Verified by default (the operator's path), for tests about other things; the
   * verification itself is tested with `verified: false` and the emailed code.
   */
  const signUp = async (email: string, { password = 'correct horse battery', verified = true } = {}) => {
    const res = await t.post('/api/v1/auth/sign-up', null, { email, password, name: email.split('@')[0] });
    assert.equal(res.status, 201, res.text);
    if (verified) await t.verifyEmail(email);
    return `sb_session=${res.body.token}`;
  };
  const register = async (metadata: Record<string, unknown> = {}) => {
    const res = await fetch(`${base}/mcp/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_name: 'Raw client',
        redirect_uris: [cb.url],
        token_endpoint_auth_method: 'none',
        ...metadata,
      }),
    });
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };
  const authorizeUrl = (clientId: string, challenge: string, extra: Record<string, string> = {}) =>
    `${base}/mcp/oauth/authorize?${new URLSearchParams({ response_type: 'code', client_id: clientId, redirect_uri: cb.url, code_challenge: challenge, code_challenge_method: 'S256', state: 's1', resource: server.mcpEndpoint, ...extra }).toString()}`;
  /** The authorize page driven over HTTP by a signed-in person: returns where Allow (or Deny) redirects. */
  const consent = async (url: string, cookie: string, action: 'allow' | 'deny' = 'allow') => {
    const page = await fetch(url, { headers: { cookie }, redirect: 'manual' });
    const html = await page.text();
    if (page.status !== 200) return { status: page.status, html, location: page.headers.get('location') };
    const res = await fetch(`${base}/mcp/oauth/authorize`, {
      ...form({ request: hidden(html, 'request'), csrf: hidden(html, 'csrf'), action }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      redirect: 'manual',
    });
    return { status: res.status, html, location: res.headers.get('location') };
  };
  const token = async (body: Record<string, string>, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}/mcp/oauth/token`, {
      ...form(body),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    });
    return { status: res.status, body: (await res.json()) as Record<string, any>, headers: res.headers };
  };
  /** Code → tokens for a public client, the whole way. */
  const grant = async (clientId: string, cookie: string, extra: Record<string, string> = {}) => {
    const { verifier, challenge } = pkce();
    const c = await consent(authorizeUrl(clientId, challenge, extra), cookie);
    assert.equal(c.status, 303, c.html);
    const code = new URL(c.location!).searchParams.get('code')!;
    const res = await token({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: cb.url,
      client_id: clientId,
      resource: extra.resource ?? server.mcpEndpoint,
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body as { access_token: string; refresh_token: string; scope: string; expires_in: number };
  };

  before(async () => {
    mail = await startSmtpSink();
    ({ t, base } = await startHttpApp(mail.env));
    acme = await startAcmeApi();
    t.app.services.registry.register(acme.integration);
    acme.accounts.set('key-erin', 'Erin Co');
    cb = await callbackServer();
    if (!needs('chromium')) browser = await launchBrowser();
    ({ key } = await t.tenant());
    ws = (await t.workspace(key)).id;
    await t.post(`/api/v1/workspaces/${ws}/integrations`, key, { integrationName: 'acme', connectionStrategy: 'per_user' });
    assert.equal(
      (await t.post('/api/v1/end-users', key, { workspaceId: ws, externalId: 'erin-1', email: 'Erin@Example.com' })).status,
      201,
    );
    await t.post('/api/v1/connections', key, {
      type: 'SECRET_TEXT',
      integrationName: 'acme',
      externalId: 'erin-acme',
      displayName: 'Erin',
      secretText: 'key-erin',
      workspaceId: ws,
      endUserId: 'erin-1',
      scope: 'USER',
    });
    server = (await t.post('/api/v1/mcp/servers', key, { name: 'Erin’s tools', workspaceId: ws })).body.server;
  });
  after(async () => {
    await browser?.close();
    await cb?.close();
    await acme?.close();
    await t?.close();
    await mail?.stop();
  });

  it('publishes authorization-server metadata', async () => {
    const res = await fetch(`${base}/.well-known/oauth-authorization-server`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('access-control-allow-origin'), '*');
    const m = (await res.json()) as Record<string, unknown>;
    assert.deepEqual(m, {
      issuer: base,
      authorization_endpoint: `${base}/mcp/oauth/authorize`,
      token_endpoint: `${base}/mcp/oauth/token`,
      registration_endpoint: `${base}/mcp/oauth/register`,
      revocation_endpoint: `${base}/mcp/oauth/revoke`,
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
      revocation_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
      scopes_supported: ['mcp:tools', 'mcp:code'],
      client_id_metadata_document_supported: true,
      authorization_response_iss_parameter_supported: true,
    });
    assert.equal((await fetch(`${base}/mcp/oauth/token`, { method: 'OPTIONS' })).status, 204);
  });

  it(
    'runs the whole flow with the official client: discovery, registration, sign-in and email verification in a browser, token, call, refresh, revoke',
    { skip: needs('chromium') },
    async () => {
      await signUp('erin@example.com', { verified: false });
      const provider = new MemoryProvider(cb.url);
      const connect = async () => {
        const client = new Client({ name: 'oauth-test', version: '1.0.0' });
        const transport = new StreamableHTTPClientTransport(new URL(server.mcpEndpoint), { authProvider: provider });
        await client.connect(transport);
        return { client, transport };
      };
      // 1. Unauthenticated: the client discovers the server, registers itself and asks the person to authorize.
      const first = new StreamableHTTPClientTransport(new URL(server.mcpEndpoint), { authProvider: provider });
      await assert.rejects(new Client({ name: 'oauth-test', version: '1.0.0' }).connect(first), UnauthorizedError);
      assert.match(provider.client!.client_id, /^mcpcl_/);
      const authUrl = provider.authorizationUrl!;
      assert.equal(authUrl.origin + authUrl.pathname, `${base}/mcp/oauth/authorize`);
      assert.equal(authUrl.searchParams.get('resource'), server.mcpEndpoint);
      assert.equal(authUrl.searchParams.get('code_challenge_method'), 'S256');

      // 2. The person signs in and allows access in a real browser; the browser lands on the client's redirect URI.
      const page = await browser.newPage();
      await page.goto(authUrl.toString());
      assert.match((await page.textContent('h1'))!, /Sign in to continue/);
      assert.match((await page.textContent('main'))!, /Test Agent.*Erin’s tools/s);
      await page.fill('#email', 'erin@example.com');
      await page.fill('#password', 'wrong password!');
      await page.click('#signin button[type=submit]');
      assert.match((await page.textContent('.error'))!, /email or password is wrong/);
      await page.fill('#password', 'correct horse battery');
      await page.click('#signin button[type=submit]');
      // Matched by email, so the address is verified first: signing in sent the code.
      await page.waitForSelector('#verify');
      assert.match((await page.textContent('h1'))!, /Verify your email/);
      assert.match((await page.textContent('[role=status]'))!, /We sent an 8-digit code to erin@example\.com/);
      assert.ok(!(await page.textContent('main'))!.includes('erin-1'), 'nothing about the end user before verification');
      const emailed = await mail.codeFor('erin@example.com');
      await page.fill('#code', emailed === '00000000' ? '11111111' : '00000000');
      await page.click('#verify button[type=submit]');
      assert.match((await page.textContent('.error'))!, /code is wrong; 4 tries left/);
      await page.getByLabel('Verification code').fill(emailed);
      await page.click('#verify button[type=submit]');
      await page.waitForSelector('#allow');
      const consentText = (await page.textContent('main'))!;
      assert.match(consentText, /Allow Test Agent\?/);
      assert.match(consentText, /you will act as the end user "erin-1"/);
      if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/mcp-consent.png` });
      await Promise.all([page.waitForURL((u) => u.toString().startsWith(cb.url)), page.click('#allow')]);
      await page.close();
      const hit = cb.hits.at(-1)!;
      assert.equal(hit.get('state'), 'state-123');
      assert.equal(hit.get('iss'), base);
      const code = hit.get('code')!;
      assert.match(code, /^mcpc_/);

      // 3. Token exchange, then calls as the mapped end user.
      await first.finishAuth(code);
      const tokens = provider.saved!;
      assert.match(tokens.access_token, /^mcpo_/);
      assert.match(tokens.refresh_token!, /^mcpr_/);
      assert.equal(tokens.token_type, 'Bearer');
      assert.equal(tokens.scope, 'mcp:tools');
      assert.equal(tokens.expires_in, 3600);
      const { client } = await connect();
      const who = await client.callTool({ name: 'acme__whoami', arguments: {} });
      assert.deepEqual(who.structuredContent, { account: 'Erin Co' });
      const [link] = await t.db.orm.select().from(mcpEndUserLinks).where(eq(mcpEndUserLinks.workspaceId, ws));
      assert.ok(link, 'the person is linked to the end user');
      const stored = await t.db.orm
        .select()
        .from(mcpTokens)
        .where(eq(mcpTokens.tokenHash, hashToken(tokens.access_token)));
      assert.equal(stored.length, 1, 'stored as a hash');
      assert.equal(stored[0]!.kind, 'oauth_access');
      await client.close();

      // 4. The access token expires: the client refreshes (rotation) and carries on.
      await t.db.orm
        .update(mcpTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(mcpTokens.id, stored[0]!.id));
      await t.app.services.bus.publish({ type: 'mcp_tokens', tokenId: stored[0]!.id }); // the cached copy still had the old expiry
      const oldRefresh = tokens.refresh_token!;
      const again = await connect();
      assert.deepEqual((await again.client.callTool({ name: 'acme__whoami', arguments: {} })).structuredContent, {
        account: 'Erin Co',
      });
      assert.notEqual(provider.saved!.refresh_token, oldRefresh, 'refresh tokens rotate');
      assert.notEqual(provider.saved!.access_token, tokens.access_token);
      await again.client.close();

      // 5. Revocation ends the grant.
      const revoked = await fetch(
        `${base}/mcp/oauth/revoke`,
        form({ token: provider.saved!.access_token, client_id: provider.client!.client_id }),
      );
      assert.equal(revoked.status, 200);
      const after = await rpc(server.mcpEndpoint, provider.saved!.access_token, INIT());
      assert.equal(after.status, 401);
      const refreshAfter = await token({
        grant_type: 'refresh_token',
        refresh_token: provider.saved!.refresh_token!,
        client_id: provider.client!.client_id,
      });
      assert.equal(refreshAfter.status, 400);
      assert.equal(refreshAfter.body.error, 'invalid_grant');
    },
  );

  it(
    'restricted servers admit only existing end users; the page says why and returns an error to the client',
    { skip: needs('chromium') },
    async () => {
      const cookie = await signUp('stranger@example.com');
      const client = (await register()).body;
      const { challenge } = pkce();
      const url = authorizeUrl(client.client_id, challenge);
      const page = await browser.newPage();
      await page.context().addCookies([{ name: 'sb_session', value: cookie.split('=')[1]!, url: base }]);
      const res = await page.goto(url);
      assert.equal(res!.status(), 403);
      assert.match((await page.textContent('.error'))!, /stranger@example\.com is not one of this workspace's end users/);
      await Promise.all([page.waitForURL((u) => u.toString().startsWith(cb.url)), page.click('#return')]);
      await page.close();
      const hit = cb.hits.at(-1)!;
      assert.equal(hit.get('error'), 'access_denied');
      assert.equal(hit.get('state'), 's1');
      assert.equal(hit.get('code'), null);
    },
  );

  it('open servers create (or link) the end user; a server scoped to one end user admits only that one', async () => {
    const open = (await t.post('/api/v1/mcp/servers', key, { name: 'Open', workspaceId: ws, endUserAccess: 'open' })).body.server;
    const client = (await register()).body;
    const cookie = await signUp('newcomer@example.com');
    const { challenge } = pkce();
    const c = await consent(authorizeUrl(client.client_id, challenge, { resource: open.mcpEndpoint }), cookie);
    assert.match(c.html, /a new end user of this workspace/);
    assert.equal(c.status, 303);
    assert.ok(new URL(c.location!).searchParams.get('code'));
    const created = await t.db.orm
      .select()
      .from(endUsers)
      .where(and(eq(endUsers.workspaceId, ws), eq(endUsers.externalId, 'newcomer@example.com')));
    assert.equal(created.length, 1);
    assert.equal(created[0]!.email, 'newcomer@example.com');
    // Signing in again reuses the linked end user.
    const again = await consent(authorizeUrl(client.client_id, challenge, { resource: open.mcpEndpoint }), cookie);
    assert.match(again.html, /the end user &quot;newcomer@example\.com&quot;/);
    assert.equal(
      (await t.db.orm.select().from(endUsers).where(eq(endUsers.workspaceId, ws))).filter(
        (e) => e.externalId === 'newcomer@example.com',
      ).length,
      1,
    );

    const scoped = (
      await t.post('/api/v1/mcp/servers', key, { name: 'Only erin', workspaceId: ws, endUserAccess: 'open', endUserId: 'erin-1' })
    ).body.server;
    const denied = await consent(authorizeUrl(client.client_id, challenge, { resource: scoped.mcpEndpoint }), cookie);
    assert.equal(denied.status, 403);
    assert.match(denied.html, /reserved for another end user/);
  });

  /** The authorize page's forms, posted with the session: returns status, page and redirect. */
  const postPage = async (cookie: string, html: string, fields: Record<string, string>) => {
    const res = await fetch(`${base}/mcp/oauth/authorize`, {
      ...form({ request: hidden(html, 'request'), csrf: hidden(html, 'csrf'), ...fields }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      redirect: 'manual',
    });
    return { status: res.status, html: await res.text(), location: res.headers.get('location') };
  };
  const userIdOf = async (email: string) => (await t.db.orm.select().from(users).where(eq(users.email, email)))[0]!.id;
  const linksOf = async (userId: string) => t.db.orm.select().from(mcpEndUserLinks).where(eq(mcpEndUserLinks.userId, userId));

  it("an unverified account with an end user's email is not mapped to that end user until it enters the emailed code (restricted)", async () => {
    await t.post('/api/v1/end-users', key, { workspaceId: ws, externalId: 'victim-1', email: 'Victim@Example.com' });
    // Someone else signs up with the victim's address; they cannot read the victim's mail.
    const cookie = await signUp('victim@example.com', { verified: false });
    const userId = await userIdOf('victim@example.com');
    const client = (await register()).body;
    const { challenge } = pkce();
    const url = authorizeUrl(client.client_id, challenge);
    const page = await fetch(url, { headers: { cookie }, redirect: 'manual' });
    const html = await page.text();
    assert.equal(page.status, 200);
    assert.match(html, /Verify your email/);
    assert.match(html, /<label for="code">Verification code<\/label>/);
    assert.ok(!html.includes('victim-1') && !html.includes('id="allow"'), 'no consent, nothing about the end user');
    // Allow posted anyway (with a valid CSRF token) is refused: no code, no link.
    const forced = await postPage(cookie, html, { action: 'allow' });
    assert.equal(forced.status, 303);
    const denied = new URL(forced.location!).searchParams;
    assert.equal(denied.get('error'), 'access_denied');
    assert.equal(denied.get('code'), null);
    assert.deepEqual(await linksOf(userId), []);
    assert.equal((await t.db.orm.select().from(mcpOauthCodes).where(eq(mcpOauthCodes.userId, userId))).length, 0);
    // Verification needs the code from the victim's inbox: guesses fail.
    assert.equal(mail.mailsTo('victim@example.com').length, 0, 'showing the page sends nothing');
    const sent = await postPage(cookie, html, { action: 'send_code' });
    assert.equal(sent.status, 200);
    assert.match(sent.html, /We sent a new code to victim@example\.com/);
    const code = await mail.codeFor('victim@example.com');
    const guess = await postPage(cookie, html, { action: 'verify_email', code: code === '12345678' ? '87654321' : '12345678' });
    assert.equal(guess.status, 400);
    assert.match(guess.html, /The code is wrong; 4 tries left/);
    assert.match(guess.html, /aria-invalid="true"/);
    assert.ok(!(await t.dumpDatabase()).includes(code), 'the code is stored only as a hash');
    assert.equal((await postPage(cookie, html, { action: 'verify_email', code, csrf: 'forged' })).status, 403, 'CSRF-protected');
    // The owner of the inbox enters the code: now the email counts.
    const ok = await postPage(cookie, html, { action: 'verify_email', code });
    assert.equal(ok.status, 303);
    assert.ok(ok.location!.startsWith('/mcp/oauth/authorize?'));
    const c = await consent(url, cookie);
    assert.match(c.html, /you will act as the end user &quot;victim-1&quot;/);
    assert.equal(c.status, 303);
    assert.ok(new URL(c.location!).searchParams.get('code'));
    assert.equal((await linksOf(userId)).length, 1);
  });

  it('open servers neither match nor create end users by an unverified email', async () => {
    const open = (await t.post('/api/v1/mcp/servers', key, { name: 'Open v', workspaceId: ws, endUserAccess: 'open' })).body
      .server;
    // An end user whose externalId is the email (what open servers create).
    await t.post('/api/v1/end-users', key, { workspaceId: ws, externalId: 'victim2@example.com' });
    const client = (await register()).body;
    const { challenge } = pkce();
    for (const email of ['victim2@example.com', 'brand-new@example.com']) {
      const cookie = await signUp(email, { verified: false });
      const url = authorizeUrl(client.client_id, challenge, { resource: open.mcpEndpoint });
      const page = await fetch(url, { headers: { cookie } });
      const html = await page.text();
      assert.match(html, /Verify your email/, email);
      assert.ok(!/act as/.test(html), email);
      const forced = await postPage(cookie, html, { action: 'allow' });
      assert.equal(new URL(forced.location!).searchParams.get('error'), 'access_denied', email);
      assert.deepEqual(await linksOf(await userIdOf(email)), [], email);
    }
    const created = await t.db.orm
      .select()
      .from(endUsers)
      .where(and(eq(endUsers.workspaceId, ws), eq(endUsers.externalId, 'brand-new@example.com')));
    assert.equal(created.length, 0, 'no end user is created for an unverified email');
  });

  it('keeps an existing account link without asking to verify again', async () => {
    const cookie = await signUp('linked@example.com');
    await t.post('/api/v1/end-users', key, { workspaceId: ws, externalId: 'linked-1', email: 'linked@example.com' });
    const client = (await register()).body;
    const { challenge } = pkce();
    assert.equal((await consent(authorizeUrl(client.client_id, challenge), cookie)).status, 303);
    // A link made before verification existed (an account that never verified) still identifies the person.
    await t.db.orm.update(users).set({ emailVerifiedAt: null }).where(eq(users.email, 'linked@example.com'));
    const again = await consent(authorizeUrl(client.client_id, challenge), cookie);
    assert.match(again.html, /you will act as the end user &quot;linked-1&quot;/);
    assert.equal(again.status, 303);
  });

  it('migration 0014 ends the links, grants and tokens of accounts that never verified their email', async () => {
    const cookie = await signUp('early@example.com');
    await t.post('/api/v1/end-users', key, { workspaceId: ws, externalId: 'early-1', email: 'early@example.com' });
    const client = (await register()).body;
    const tokens = await grant(client.client_id, cookie);
    assert.equal((await rpc(server.mcpEndpoint, tokens.access_token, INIT())).status, 200);
    const keeper = await signUp('keeper@example.com');
    await t.post('/api/v1/end-users', key, { workspaceId: ws, externalId: 'keeper-1', email: 'keeper@example.com' });
    const kept = await grant(client.client_id, keeper);
    // What an install upgraded from before email verification holds: a link resting on an unproven address.
    await t.db.orm.update(users).set({ emailVerifiedAt: null }).where(eq(users.email, 'early@example.com'));
    await t.db.exec(`DROP INDEX approval_requests_end_user_idx; DROP INDEX approval_requests_code_run_idx;
      DELETE FROM schema_migrations WHERE name = '0014_portal_indexes_unverified_links.sql'`);
    assert.deepEqual(await migrate(t.db), ['0014_portal_indexes_unverified_links.sql']);
    await t.app.services.bus.publish({ type: 'all' }); // a running node's caches; an upgrade migrates before serving
    assert.equal((await rpc(server.mcpEndpoint, tokens.access_token, INIT())).status, 401);
    const refreshed = await token({
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: client.client_id,
    });
    assert.equal(refreshed.status, 400);
    assert.equal((await linksOf(await userIdOf('early@example.com'))).length, 0);
    assert.equal((await rpc(server.mcpEndpoint, kept.access_token, INIT())).status, 200, 'verified accounts keep theirs');
    assert.equal((await linksOf(await userIdOf('keeper@example.com'))).length, 1);
  });

  it('a password reset ends the MCP OAuth grants of that person, and only theirs', async () => {
    const cookie = await signUp('reset-grants@example.com');
    await t.post('/api/v1/end-users', key, { workspaceId: ws, externalId: 'reset-grants-1', email: 'reset-grants@example.com' });
    const other = await signUp('reset-others@example.com');
    await t.post('/api/v1/end-users', key, { workspaceId: ws, externalId: 'reset-others-1', email: 'reset-others@example.com' });
    const client = (await register()).body;
    const mine = await grant(client.client_id, cookie);
    const theirs = await grant(client.client_id, other);
    assert.equal((await rpc(server.mcpEndpoint, mine.access_token, INIT())).status, 200);

    const resetId = (await t.post('/api/v1/auth/password-reset/request', null, { email: 'reset-grants@example.com' })).body
      .resetId as string;
    const code = await mail.codeFor('reset-grants@example.com');
    const done = await t.post('/api/v1/auth/password-reset/confirm', null, { resetId, code, password: 'after the reset' });
    assert.equal(done.status, 200, done.text);

    assert.equal((await rpc(server.mcpEndpoint, mine.access_token, INIT())).status, 401, 'the access token ended');
    const refreshed = await token({
      grant_type: 'refresh_token',
      refresh_token: mine.refresh_token,
      client_id: client.client_id,
    });
    assert.equal(refreshed.body.error, 'invalid_grant', 'and the refresh token');
    assert.equal((await rpc(server.mcpEndpoint, theirs.access_token, INIT())).status, 200, "another person's grant is untouched");
  });

  it('binds tokens to one server (resource indicator) and refuses malformed authorize requests', async () => {
    const cookie = await signUp('erin2@example.com');
    await t.post('/api/v1/end-users', key, { workspaceId: ws, externalId: 'erin-2', email: 'erin2@example.com' });
    const client = (await register()).body;
    const tokens = await grant(client.client_id, cookie);
    assert.equal((await rpc(server.mcpEndpoint, tokens.access_token, INIT())).status, 200);
    const other = (await t.post('/api/v1/mcp/servers', key, { name: 'Other', workspaceId: ws })).body.server;
    assert.equal((await rpc(other.mcpEndpoint, tokens.access_token, INIT())).status, 401, 'a token works only for its server');

    const { challenge } = pkce();
    const page = async (url: string) => {
      const res = await fetch(url, { redirect: 'manual' });
      return { status: res.status, html: await res.text(), location: res.headers.get('location') };
    };
    const unknownClient = await page(authorizeUrl('mcpcl_nope', challenge));
    assert.equal(unknownClient.status, 400);
    assert.match(unknownClient.html, /not registered/);
    const badRedirect = await page(authorizeUrl(client.client_id, challenge, { redirect_uri: 'https://evil.example/cb' }));
    assert.equal(badRedirect.status, 400);
    assert.match(badRedirect.html, /redirect_uri is not registered/);
    const redirected = async (extra: Record<string, string>, error: string) => {
      const r = await page(authorizeUrl(client.client_id, challenge, extra));
      assert.equal(r.status, 303, JSON.stringify(extra));
      const q = new URL(r.location!).searchParams;
      assert.equal(q.get('error'), error, JSON.stringify(extra));
      assert.equal(q.get('state'), 's1');
      assert.ok(r.location!.startsWith(cb.url));
    };
    await redirected({ response_type: 'token' }, 'unsupported_response_type');
    await redirected({ code_challenge_method: 'plain' }, 'invalid_request');
    await redirected({ code_challenge: 'short' }, 'invalid_request');
    await redirected({ resource: '' }, 'invalid_target');
    await redirected({ resource: `${base}/mcp/srv_00000000-0000-4000-8000-000000000000` }, 'invalid_target');
    const bearerOnly = (await t.post('/api/v1/mcp/servers', key, { name: 'Bearer', workspaceId: ws, authMode: 'bearer' })).body
      .server;
    await redirected({ resource: bearerOnly.mcpEndpoint }, 'invalid_target');
    await redirected({ scope: 'mcp:code' }, 'invalid_scope');
    // The PRM of a bearer-only server names no authorization server.
    const prm = (await (await fetch(`${base}/.well-known/oauth-protected-resource/mcp/srv_${bearerOnly.id}`)).json()) as Record<
      string,
      unknown
    >;
    assert.equal(prm.authorization_servers, undefined);
  });

  it('exchanges codes once, with the right verifier, client, redirect URI and resource', async () => {
    const cookie = await signUp('erin3@example.com');
    await t.post('/api/v1/end-users', key, { workspaceId: ws, externalId: 'erin-3', email: 'erin3@example.com' });
    const client = (await register()).body;
    const other = (await register()).body;
    const codeFor = async () => {
      const p = pkce();
      const c = await consent(authorizeUrl(client.client_id, p.challenge), cookie);
      return { ...p, code: new URL(c.location!).searchParams.get('code')! };
    };
    const exchange = (c: { code: string; verifier: string }, over: Record<string, string> = {}) =>
      token({
        grant_type: 'authorization_code',
        code: c.code,
        code_verifier: c.verifier,
        redirect_uri: cb.url,
        client_id: client.client_id,
        ...over,
      });
    const expectError = async (p: Promise<{ status: number; body: Record<string, any> }>, status: number, error: string) => {
      const r = await p;
      assert.equal(r.status, status, JSON.stringify(r.body));
      assert.equal(r.body.error, error);
      assert.equal(typeof r.body.error_description, 'string');
    };
    const a = await codeFor();
    await expectError(exchange(a, { code_verifier: pkce().verifier }), 400, 'invalid_grant');
    await expectError(exchange(a), 400, 'invalid_grant'); // a code is single-use, even after a failed try
    const b = await codeFor();
    await expectError(exchange(b, { client_id: other.client_id }), 400, 'invalid_grant');
    const c = await codeFor();
    await expectError(exchange(c, { redirect_uri: 'http://127.0.0.1:1/other' }), 400, 'invalid_grant');
    const d = await codeFor();
    await expectError(exchange(d, { resource: `${base}/mcp/srv_00000000-0000-4000-8000-000000000000` }), 400, 'invalid_target');
    const e = await codeFor();
    await t.db.orm
      .update(mcpOauthCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(mcpOauthCodes.codeHash, hashToken(e.code)));
    await expectError(exchange(e), 400, 'invalid_grant');
    await expectError(exchange(e, { grant_type: 'password' }), 400, 'unsupported_grant_type');
    await expectError(exchange(e, { code_verifier: 'x' }), 400, 'invalid_request');
    await expectError(
      token({ grant_type: 'authorization_code', code: 'x', code_verifier: 'y'.repeat(43), redirect_uri: cb.url }),
      401,
      'invalid_client',
    );
    await expectError(token({ grant_type: 'authorization_code', client_id: 'mcpcl_unknown' }), 401, 'invalid_client');

    // A code replayed after success revokes what it granted.
    const f = await codeFor();
    const ok = await exchange(f);
    assert.equal(ok.status, 200);
    assert.equal(ok.headers.get('cache-control'), 'no-store');
    assert.equal((await rpc(server.mcpEndpoint, ok.body.access_token, INIT())).status, 200);
    await expectError(exchange(f), 400, 'invalid_grant');
    assert.equal((await rpc(server.mcpEndpoint, ok.body.access_token, INIT())).status, 401);
  });

  it('rotates refresh tokens, detects reuse, narrows scopes and revokes', async () => {
    const cookie = await signUp('erin4@example.com');
    await t.post('/api/v1/end-users', key, { workspaceId: ws, externalId: 'erin-4', email: 'erin4@example.com' });
    const codeServer = (await t.post('/api/v1/mcp/servers', key, { name: 'Code', workspaceId: ws, mode: 'CODE' })).body.server;
    const client = (await register()).body;
    const first = await grant(client.client_id, cookie, {
      resource: codeServer.mcpEndpoint,
      scope: 'mcp:tools mcp:code unknown:scope',
    });
    assert.equal(first.scope, 'mcp:tools mcp:code');
    const refresh = (rt: string, over: Record<string, string> = {}) =>
      token({ grant_type: 'refresh_token', refresh_token: rt, client_id: client.client_id, ...over });
    const narrowed = await refresh(first.refresh_token, { scope: 'mcp:tools', resource: codeServer.mcpEndpoint });
    assert.equal(narrowed.status, 200, JSON.stringify(narrowed.body));
    assert.equal(narrowed.body.scope, 'mcp:tools');
    const [grantRow] = await t.db.orm.select().from(mcpOauthGrants).where(eq(mcpOauthGrants.clientId, client.client_id));
    assert.equal(grantRow!.revokedAt, null);
    const wider = await refresh(narrowed.body.refresh_token, { scope: 'mcp:tools mcp:admin' });
    assert.equal(wider.body.error, 'invalid_scope', 'a refresh cannot ask for more than the person granted');
    const once = await refresh(narrowed.body.refresh_token);
    assert.equal(once.status, 200, 'a refused refresh does not use the token up');
    const reuse = await refresh(first.refresh_token);
    assert.equal(reuse.status, 400);
    assert.equal(reuse.body.error, 'invalid_grant');
    const [after] = await t.db.orm.select().from(mcpOauthGrants).where(eq(mcpOauthGrants.id, grantRow!.id));
    assert.ok(after!.revokedAt, 'reuse of a rotated refresh token revokes the grant');
    assert.equal(
      (await rpc(codeServer.mcpEndpoint, once.body.access_token, INIT())).status,
      401,
      'every token of the grant stops working',
    );

    const second = await grant(client.client_id, cookie, { resource: codeServer.mcpEndpoint });
    assert.equal((await refresh(second.refresh_token, { resource: server.mcpEndpoint })).body.error, 'invalid_target');
    const third = await grant(client.client_id, cookie, { resource: codeServer.mcpEndpoint });
    const rev = await fetch(
      `${base}/mcp/oauth/revoke`,
      form({ token: third.refresh_token, token_type_hint: 'refresh_token', client_id: client.client_id }),
    );
    assert.equal(rev.status, 200);
    assert.equal(
      (await rpc(codeServer.mcpEndpoint, third.access_token, INIT())).status,
      401,
      'revoking the refresh token ends the grant',
    );
    assert.equal((await fetch(`${base}/mcp/oauth/revoke`, form({ token: 'unknown', client_id: client.client_id }))).status, 200);
    const noToken = await fetch(`${base}/mcp/oauth/revoke`, form({ client_id: client.client_id }));
    assert.equal(noToken.status, 400);
    // Another client cannot revoke this client's tokens.
    const fourth = await grant(client.client_id, cookie, { resource: codeServer.mcpEndpoint });
    const stranger = (await register()).body;
    await fetch(`${base}/mcp/oauth/revoke`, form({ token: fourth.access_token, client_id: stranger.client_id }));
    assert.equal((await rpc(codeServer.mcpEndpoint, fourth.access_token, INIT())).status, 200);
  });

  it('registers clients dynamically with validation, including confidential clients', async () => {
    const bad = async (metadata: Record<string, unknown>, error: string) => {
      const r = await register(metadata);
      assert.equal(r.status, 400, JSON.stringify(metadata));
      assert.equal(r.body.error, error, JSON.stringify(r.body));
    };
    await bad({ redirect_uris: [] }, 'invalid_redirect_uri');
    await bad({ redirect_uris: 'x' }, 'invalid_client_metadata');
    await bad({ redirect_uris: ['http://evil.example/cb'] }, 'invalid_redirect_uri');
    await bad({ redirect_uris: ['javascript:alert(1)'] }, 'invalid_client_metadata');
    await bad({ redirect_uris: ['https://ok.example/cb#frag'] }, 'invalid_redirect_uri');
    await bad({ token_endpoint_auth_method: 'private_key_jwt' }, 'invalid_client_metadata');
    await bad({ grant_types: ['client_credentials'] }, 'invalid_client_metadata');
    await bad({ response_types: ['token'] }, 'invalid_client_metadata');
    const malformed = await fetch(`${base}/mcp/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"redirect_uris":',
    });
    assert.equal(malformed.status, 400);
    assert.equal(((await malformed.json()) as any).error, 'invalid_client_metadata');
    const native = await register({ redirect_uris: ['cursor://anysphere.cursor/oauth/callback', 'http://localhost:33418/cb'] });
    assert.equal(native.status, 201);

    const confidential = await register({ token_endpoint_auth_method: 'client_secret_basic' });
    assert.equal(confidential.status, 201);
    assert.match(confidential.body.client_secret, /^mcps_/);
    assert.equal(confidential.body.client_secret_expires_at, 0);
    assert.equal(typeof confidential.body.client_id_issued_at, 'number');
    assert.deepEqual(confidential.body.redirect_uris, [cb.url]);
    const cookie = await signUp('erin5@example.com');
    await t.post('/api/v1/end-users', key, { workspaceId: ws, externalId: 'erin-5', email: 'erin5@example.com' });
    const p = pkce();
    const c = await consent(authorizeUrl(confidential.body.client_id, p.challenge), cookie);
    const code = new URL(c.location!).searchParams.get('code')!;
    const body = { grant_type: 'authorization_code', code, code_verifier: p.verifier, redirect_uri: cb.url };
    const basic = (secret: string) => ({
      authorization: `Basic ${Buffer.from(`${confidential.body.client_id}:${secret}`).toString('base64')}`,
    });
    const wrong = await token(body, basic('mcps_wrong'));
    assert.equal(wrong.status, 401);
    assert.equal(wrong.body.error, 'invalid_client');
    assert.match(wrong.headers.get('www-authenticate')!, /^Basic/);
    const viaPost = await token({
      ...body,
      client_id: confidential.body.client_id,
      client_secret: confidential.body.client_secret,
    });
    assert.equal(viaPost.body.error, 'invalid_client', 'a client_secret_basic client must use Basic');
    const right = await token(body, basic(confidential.body.client_secret));
    assert.equal(right.status, 200, JSON.stringify(right.body));
  });

  it('accepts client ID metadata documents fetched through the egress guard', async () => {
    let served: Record<string, unknown> = {};
    const docs = http.createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(served));
    });
    await new Promise<void>((r) => docs.listen(0, '127.0.0.1', r));
    const clientId = `http://127.0.0.1:${(docs.address() as AddressInfo).port}/oauth/client.json`;
    try {
      served = {
        client_id: clientId,
        client_name: 'Metadata Agent',
        redirect_uris: [cb.url],
        token_endpoint_auth_method: 'none',
      };
      const cookie = await signUp('erin6@example.com');
      await t.post('/api/v1/end-users', key, { workspaceId: ws, externalId: 'erin-6', email: 'erin6@example.com' });
      const p = pkce();
      const c = await consent(authorizeUrl(clientId, p.challenge), cookie);
      assert.match(c.html, /Allow Metadata Agent\?/);
      const code = new URL(c.location!).searchParams.get('code')!;
      const res = await token({
        grant_type: 'authorization_code',
        code,
        code_verifier: p.verifier,
        redirect_uri: cb.url,
        client_id: clientId,
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal((await rpc(server.mcpEndpoint, res.body.access_token, INIT())).status, 200);

      const mismatch = `http://127.0.0.1:${(docs.address() as AddressInfo).port}/oauth/other.json`;
      const bad = await fetch(authorizeUrl(mismatch, p.challenge));
      assert.equal(bad.status, 400);
      assert.match(await bad.text(), /client_id does not equal its URL/);
      const notAllowed = await fetch(authorizeUrl('http://10.0.0.1/client.json', p.challenge));
      assert.equal(notAllowed.status, 400, 'private addresses are not fetched');
    } finally {
      await new Promise<void>((r) => docs.close(() => r()));
    }
  });

  it('refuses a forged or expired page request and a missing CSRF token', async () => {
    const cookie = await signUp('erin7@example.com');
    await t.post('/api/v1/end-users', key, { workspaceId: ws, externalId: 'erin-7', email: 'erin7@example.com' });
    const client = (await register()).body;
    const p = pkce();
    const page = await fetch(authorizeUrl(client.client_id, p.challenge), { headers: { cookie } });
    const html = await page.text();
    const post = (body: Record<string, string>) =>
      fetch(`${base}/mcp/oauth/authorize`, {
        ...form(body),
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
        redirect: 'manual',
      });
    const forged = await post({
      request: hidden(html, 'request').replace(/^./, 'x'),
      csrf: hidden(html, 'csrf'),
      action: 'allow',
    });
    assert.equal(forged.status, 400);
    const noCsrf = await post({ request: hidden(html, 'request'), action: 'allow' });
    assert.equal(noCsrf.status, 403);
    assert.equal(noCsrf.headers.get('location'), null, 'no code without the CSRF token');
    assert.equal(page.headers.get('x-frame-options'), 'DENY');
    assert.match(page.headers.get('content-security-policy')!, /frame-ancestors 'none'/);
    const signup = await fetch(`${base}/mcp/oauth/authorize`, {
      ...form({ request: hidden(html, 'request'), action: 'signup', email: 'not-an-email', password: 'x', name: '' }),
      redirect: 'manual',
    });
    assert.equal(signup.status, 400);
    const signupHtml = await signup.text();
    assert.match(signupHtml, /Enter a valid email, a password of 8 to 200 characters, a name\./);
    assert.match(signupHtml, /Create an account/);
    // The page applies the sign-up API's own schema: an address the API refuses is refused here too.
    const refused = { email: 'josé@example.com', password: 'long enough pw', name: 'José' };
    assert.equal((await t.post('/api/v1/auth/sign-up', null, refused)).status, 400);
    const refusedPage = await fetch(`${base}/mcp/oauth/authorize`, {
      ...form({ request: hidden(html, 'request'), action: 'signup', ...refused }),
      redirect: 'manual',
    });
    assert.equal(refusedPage.status, 400);
    assert.match(await refusedPage.text(), /Enter a valid email\./);
    const signedUp = await fetch(`${base}/mcp/oauth/authorize`, {
      ...form({
        request: hidden(html, 'request'),
        action: 'signup',
        email: 'fresh@example.com',
        password: 'long enough pw',
        name: 'Fresh',
      }),
      redirect: 'manual',
    });
    assert.equal(signedUp.status, 303);
    assert.match(signedUp.headers.get('set-cookie')!, /^sb_session=uss_[^;]+; Path=\/; HttpOnly; SameSite=Lax/);
    assert.ok(signedUp.headers.get('location')!.startsWith('/mcp/oauth/authorize?'));
  });

  it('purges expired tokens and codes and registrations that never got a grant', async () => {
    await t.post('/api/v1/end-users', key, { workspaceId: ws, externalId: 'purge-me' });
    const bearerServer = (
      await t.post('/api/v1/mcp/servers', key, { name: 'Purge', workspaceId: ws, authMode: 'oauth_and_bearer' })
    ).body.server;
    const issued = await t.post(`/api/v1/mcp/servers/${bearerServer.id}/oauth-tokens`, key, { endUserId: 'purge-me' });
    const live = await t.post(`/api/v1/mcp/servers/${bearerServer.id}/oauth-tokens`, key, { endUserId: 'purge-me' });
    await t.db.orm
      .update(mcpTokens)
      .set({ expiresAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(mcpTokens.id, issued.body.token.id));
    const unused = (await register()).body;
    const fresh = (await register()).body;
    await t.db.orm
      .update(mcpOauthClients)
      .set({ createdAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(mcpOauthClients.clientId, unused.client_id));
    const purged = await purgeMcpState(t.db.orm);
    assert.ok(purged.tokens! >= 1 && purged.clients! >= 1, JSON.stringify(purged));
    assert.equal((await t.db.orm.select().from(mcpTokens).where(eq(mcpTokens.id, issued.body.token.id))).length, 0);
    assert.equal((await t.db.orm.select().from(mcpTokens).where(eq(mcpTokens.id, live.body.token.id))).length, 1);
    assert.equal((await t.db.orm.select().from(mcpOauthClients).where(eq(mcpOauthClients.clientId, unused.client_id))).length, 0);
    assert.equal((await t.db.orm.select().from(mcpOauthClients).where(eq(mcpOauthClients.clientId, fresh.client_id))).length, 1);
  });

  it('never answers a malformed request to the OAuth endpoints with a 5xx', async () => {
    const value = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.constantFrom('', 'mcpr_x', 'authorization_code', 'refresh_token', cb.url, 'none', 'S256'),
      fc.jsonValue({ maxDepth: 2 }),
    );
    const fields = [
      'grant_type',
      'code',
      'code_verifier',
      'redirect_uri',
      'client_id',
      'client_secret',
      'refresh_token',
      'resource',
      'scope',
      'token',
      'request',
      'action',
      'csrf',
      'redirect_uris',
      'token_endpoint_auth_method',
      'grant_types',
    ];
    const body = fc.dictionary(fc.constantFrom(...fields), value, { maxKeys: 6 });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/mcp/oauth/token', '/mcp/oauth/revoke', '/mcp/oauth/register', '/mcp/oauth/authorize'),
        fc.boolean(),
        body,
        async (path, asJson, b) => {
          const res = await fetch(`${base}${path}`, {
            method: 'POST',
            headers: { 'content-type': asJson ? 'application/json' : 'application/x-www-form-urlencoded' },
            body: asJson
              ? JSON.stringify(b)
              : new URLSearchParams(
                  Object.entries(b).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
                ).toString(),
            redirect: 'manual',
          });
          assert.ok(res.status < 500, `${path} ${JSON.stringify(b)} -> ${res.status}`);
        },
      ),
      { seed: 20261123, numRuns: 80 },
    );
    const query = fc.dictionary(
      fc.constantFrom(
        'response_type',
        'client_id',
        'redirect_uri',
        'code_challenge',
        'code_challenge_method',
        'resource',
        'scope',
        'state',
      ),
      fc.string({ maxLength: 60 }),
      { maxKeys: 8 },
    );
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        const res = await fetch(`${base}/mcp/oauth/authorize?${new URLSearchParams(q).toString()}`, { redirect: 'manual' });
        assert.ok(res.status < 500, `${JSON.stringify(q)} -> ${res.status}`);
      }),
      { seed: 20261124, numRuns: 60 },
    );
    // Malformed client credentials in the Authorization header: refused as invalid_client, never a 5xx.
    for (const basic of ['JTp4', Buffer.from('%E0%A4%A:x').toString('base64'), 'no-colon', '']) {
      for (const path of ['/mcp/oauth/token', '/mcp/oauth/revoke']) {
        const res = await fetch(`${base}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` },
          body: 'grant_type=refresh_token&refresh_token=mcpr_x&token=mcpr_x',
        });
        assert.ok(res.status < 500, `${path} Basic ${basic} -> ${res.status}`);
        if (basic === 'JTp4') assert.equal(((await res.json()) as { error: string }).error, 'invalid_client');
      }
    }
  });

  it('refuses a cross-site post to the authorize page (no login CSRF)', async () => {
    for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }] as Array<
      Record<string, string>
    >) {
      const res = await fetch(`${base}/mcp/oauth/authorize`, {
        ...form({ action: 'signin', email: 'attacker@example.com', password: 'correct horse battery', request: 'x' }),
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        redirect: 'manual',
      });
      assert.equal(res.status, 403);
      assert.equal(res.headers.get('set-cookie'), null, 'nobody was signed in');
    }
  });
});

describe('MCP OAuth email verification without SMTP', () => {
  let t: TestApp;
  let base: string;
  before(async () => {
    ({ t, base } = await startHttpApp());
  });
  after(async () => t?.close());

  it('tells the person the address cannot be verified here and what the operator can do; the CLI path unblocks it', async () => {
    const { key } = await t.tenant();
    const ws = (await t.workspace(key)).id;
    await t.post('/api/v1/end-users', key, { workspaceId: ws, externalId: 'ops-1', email: 'ops@example.com' });
    const server = (await t.post('/api/v1/mcp/servers', key, { name: 'No mail', workspaceId: ws })).body.server;
    const redirect = 'http://127.0.0.1:9/callback';
    const reg = await fetch(`${base}/mcp/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'Raw client', redirect_uris: [redirect], token_endpoint_auth_method: 'none' }),
    });
    const clientId = ((await reg.json()) as { client_id: string }).client_id;
    const up = await t.post('/api/v1/auth/sign-up', null, { email: 'ops@example.com', password: 'password123', name: 'Ops' });
    const cookie = `sb_session=${up.body.token}`;
    const url = `${base}/mcp/oauth/authorize?${new URLSearchParams({ response_type: 'code', client_id: clientId, redirect_uri: redirect, code_challenge: pkce().challenge, code_challenge_method: 'S256', state: 's', resource: server.mcpEndpoint }).toString()}`;
    const page = await fetch(url, { headers: { cookie } });
    const html = await page.text();
    assert.equal(page.status, 503);
    assert.match(html, /Verify your email/);
    assert.match(html, /cannot send email/);
    assert.match(html, /SWITCHBOARD_SMTP_URL/);
    assert.match(html, /switchboard users verify-email/);
    assert.ok(!html.includes('id="code"'), 'no code field when no code can be sent');
    const send = await fetch(`${base}/mcp/oauth/authorize`, {
      ...form({ request: hidden(html, 'request'), csrf: hidden(html, 'csrf'), action: 'send_code' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    });
    assert.equal(send.status, 503);
    await t.verifyEmail('ops@example.com');
    const after = await (await fetch(url, { headers: { cookie } })).text();
    assert.match(after, /you will act as the end user &quot;ops-1&quot;/);
  });
});
