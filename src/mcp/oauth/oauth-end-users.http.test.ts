import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { endUsers, mcpEndUserLinks, mcpOauthCodes, users } from '../../platform/db/schema.js';
import type { TestApp } from '../../../test/harness.js';
import { needs } from '../../../test/system-binaries.js';
import { INIT, rpc, startHttpApp } from '../../../test/mcp.js';
import { migrate } from '../../platform/db/migrate.js';
import { form, hidden, oauthWorld, pkce, type CallbackServer, type MailSink } from './oauth.fixtures.js';

describe('MCP OAuth authorization server: people and end users', () => {
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
