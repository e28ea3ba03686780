import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { mcpEndUserLinks, mcpOauthClients, mcpOauthCodes, mcpOauthGrants, mcpTokens } from '../../platform/db/schema.js';
import { hashToken } from '../../platform/crypto.js';
import type { TestApp } from '../../../test/harness.js';
import { needs } from '../../../test/system-binaries.js';
import { INIT, rpc } from '../../../test/mcp.js';
import { purgeMcpState } from '../jobs.js';
import { form, oauthWorld, pkce, type CallbackServer, type MailSink } from './oauth.fixtures.js';

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

describe('MCP OAuth authorization server: tokens', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let cb: CallbackServer;
  let key: string;
  let ws: string;
  let server: { id: string; mcpEndpoint: string };
  let mail: MailSink;
  const world = oauthWorld({ browser: true });
  const { signUp, register, authorizeUrl, consent, token, grant } = world;

  before(async () => {
    await world.start();
    ({ t, base, browser, cb, key, ws, server, mail } = world);
  });
  after(async () => world.close());

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
});
