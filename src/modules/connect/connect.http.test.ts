import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { hashToken } from '../../platform/crypto.js';
import { startApp, type TestApp } from '../../../test/harness.js';
import { formIntegrations, oauthIntegration, postForm, register, tokenOf } from '../../../test/connect-fixtures.js';

describe('hosted connect: tokens, sessions, poll and the credential form', () => {
  let t: TestApp;
  before(async () => {
    t = await startApp({ SWITCHBOARD_PLANS: JSON.stringify({ free: { connections: 1 } }) });
    register(t, [...formIntegrations(), oauthIntegration('https://oauth.example.test')]);
  });
  after(async () => t.close());

  async function setup(plan = 'enterprise') {
    const org = await t.tenant(plan);
    const ws = await t.workspace(org.key);
    return { ...org, ws: ws.id };
  }
  const tokenBody = (ws: string, extra: Record<string, unknown> = {}) => ({
    integrationName: 'test-secret',
    connectionName: 'Acme key',
    externalId: 'acme',
    workspaceId: ws,
    ...extra,
  });
  const poll = (token: unknown) => t.request('POST', '/api/v1/connect/session/poll', { body: { token } });

  it('creates a cst_ token valid 4 hours, stored only as its hash, with connectUrl and sessionId', async () => {
    const { key, ws } = await setup();
    const before = Date.now();
    const res = await t.post('/api/v1/connect/token', key, tokenBody(ws));
    assert.equal(res.status, 201, res.text);
    assert.match(res.body.token, /^cst_[A-Za-z0-9_-]{43}$/);
    assert.equal(res.body.connectUrl, `http://switchboard.test/connect?token=${res.body.token}`);
    const expires = Date.parse(res.body.expiresAt);
    assert.ok(expires >= before + 4 * 3600_000 - 1000 && expires <= Date.now() + 4 * 3600_000 + 1000);
    const rows = await t.db.query<Record<string, unknown>>('SELECT * FROM connect_sessions WHERE id = $1', [res.body.sessionId]);
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.token_hash, hashToken(res.body.token));
    assert.ok(!JSON.stringify(rows[0]).includes(res.body.token), 'the plain token is not stored');

    const got = await t.get(`/api/v1/connect/session/${res.body.sessionId}`, key);
    assert.equal(got.status, 200);
    assert.deepEqual(
      { ...got.body.session, createdAt: undefined },
      {
        id: res.body.sessionId,
        integrationName: 'test-secret',
        connectionName: 'Acme key',
        externalId: 'acme',
        status: 'PENDING',
        connectionId: null,
        error: null,
        verification: null,
        workspaceId: ws,
        authMethodKey: 'secret_text',
        scope: 'ORGANIZATION',
        endUserId: null,
        expiresAt: res.body.expiresAt,
        createdAt: undefined,
      },
    );
    const polled = await poll(res.body.token);
    assert.equal(polled.status, 200);
    assert.deepEqual(polled.body, {
      sessionId: res.body.sessionId,
      status: 'PENDING',
      connectionId: null,
      integrationName: 'test-secret',
      externalId: 'acme',
      error: null,
      verification: null,
    });
  });

  it("answers 403 FORBIDDEN for another organization's session and 404 for an unknown one; scoped keys stay in their workspaces", async () => {
    const a = await setup();
    const b = await setup();
    const created = await t.post('/api/v1/connect/token', a.key, tokenBody(a.ws));
    const other = await t.get(`/api/v1/connect/session/${created.body.sessionId}`, b.key);
    assert.equal(other.status, 403);
    assert.equal(other.body.error, 'FORBIDDEN');
    assert.equal((await t.get(`/api/v1/connect/session/${randomUUID()}`, a.key)).body.error, 'NOT_FOUND');
    assert.equal((await t.get('/api/v1/connect/session/not-a-session', a.key)).status, 404);
    const otherWs = await t.workspace(a.key);
    const scopedOut = await t.scopedKey(a.key, [otherWs.id]);
    const denied = await t.get(`/api/v1/connect/session/${created.body.sessionId}`, scopedOut);
    assert.equal(denied.status, 403);
    assert.equal(denied.body.error, 'SCOPE_DENIED');
    const scopedIn = await t.scopedKey(a.key, [a.ws]);
    assert.equal((await t.get(`/api/v1/connect/session/${created.body.sessionId}`, scopedIn)).status, 200);
    // A scoped key cannot make organization-wide connections, but may make workspace and end-user ones.
    assert.equal((await t.post('/api/v1/connect/token', scopedIn, tokenBody(a.ws))).body.error, 'SCOPE_DENIED');
    assert.equal((await t.post('/api/v1/connect/token', scopedIn, tokenBody(a.ws, { scope: 'WORKSPACE' }))).status, 201);
    assert.equal(
      (await t.post('/api/v1/connect/token', scopedOut, tokenBody(a.ws, { scope: 'WORKSPACE' }))).body.error,
      'SCOPE_DENIED',
    );
    assert.equal((await t.post('/api/v1/connect/token', b.key, tokenBody(a.ws))).status, 404, "another organization's workspace");
  });

  it('poll: 400 MISSING_TOKEN without a token, 401 INVALID_TOKEN for an unknown or expired one', async () => {
    const { key, ws } = await setup();
    for (const body of [undefined, {}, { token: '' }, { token: '   ' }]) {
      const res = await t.request('POST', '/api/v1/connect/session/poll', { body });
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.body.error, 'MISSING_TOKEN');
    }
    for (const token of ['cst_unknown', 'eut_wrong-kind', 'garbage']) {
      const res = await poll(token);
      assert.equal(res.status, 401);
      assert.equal(res.body.error, 'INVALID_TOKEN');
    }
    assert.equal((await poll(12)).body.error, 'VALIDATION_ERROR');
    const created = await t.post('/api/v1/connect/token', key, tokenBody(ws));
    await t.db.query(`UPDATE connect_sessions SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      created.body.sessionId,
    ]);
    const expired = await poll(created.body.token);
    assert.equal(expired.status, 401);
    assert.equal(expired.body.error, 'INVALID_TOKEN');
    const session = (await t.get(`/api/v1/connect/session/${created.body.sessionId}`, key)).body.session;
    assert.equal(session.status, 'FAILED');
    assert.match(session.error, /expired/);
    const page = await t.get(`/connect?token=${created.body.token}`);
    assert.equal(page.status, 401);
    assert.match(page.text, /expired/);
  });

  it('refuses bad token requests with the spec codes', async () => {
    const { key, ws } = await setup('team');
    const free = await setup('free');
    const expect = async (k: string, body: Record<string, unknown>, status: number, code: string) => {
      const res = await t.post('/api/v1/connect/token', k, body);
      assert.equal(res.status, status, `${JSON.stringify(body)} -> ${res.text}`);
      assert.equal(res.body.error, code);
      assert.equal(typeof res.body.message, 'string');
    };
    await expect(key, tokenBody(ws, { integrationName: 'no-such-integration' }), 404, 'INTEGRATION_NOT_FOUND');
    await expect(key, tokenBody(ws, { integrationName: 'hash-encode' }), 400, 'VALIDATION_ERROR');
    await expect(key, { integrationName: 'test-secret', externalId: 'x', workspaceId: ws }, 400, 'VALIDATION_ERROR');
    await expect(key, tokenBody(ws, { successRedirectUri: 'javascript:alert(1)' }), 400, 'VALIDATION_ERROR');
    await expect(key, tokenBody(ws, { scope: 'USER' }), 400, 'VALIDATION_ERROR');
    await expect(key, tokenBody(ws, { scope: 'ORGANIZATION', endUserId: 'u1' }), 400, 'VALIDATION_ERROR');
    await expect(key, tokenBody(ws, { integrationName: 'test-oauth' }), 400, 'AUTH_METHOD_REQUIRED');
    await expect(key, tokenBody(ws, { authMethodKey: 'nope' }), 400, 'INVALID_AUTH_METHOD');
    await expect(key, tokenBody(ws, { oauthAppMode: 'custom' }), 400, 'INVALID_OAUTH_APP');
    await expect(key, tokenBody(ws, { integrationName: 'test-oauth', authMethodKey: 'oauth2' }), 400, 'NO_OAUTH_APP');
    await expect(
      key,
      tokenBody(ws, { integrationName: 'test-oauth', authMethodKey: 'oauth2', oauthAppId: randomUUID() }),
      400,
      'INVALID_OAUTH_APP',
    );
    await expect(
      key,
      tokenBody(ws, { integrationName: 'test-oauth', authMethodKey: 'oauth2', oauthAppMode: 'custom' }),
      400,
      'INVALID_OAUTH_APP',
    );
    await expect(
      key,
      tokenBody(ws, { integrationName: 'test-oauth', authMethodKey: 'oauth2', oauthAppMode: 'custom', oauthAppId: randomUUID() }),
      404,
      'OAUTH_APP_NOT_FOUND',
    );
    await expect(
      free.key,
      tokenBody(free.ws, {
        integrationName: 'test-oauth',
        authMethodKey: 'oauth2',
        oauthAppMode: 'custom',
        oauthAppId: randomUUID(),
      }),
      403,
      'CUSTOM_OAUTH_APP_PLAN_REQUIRED',
    );
    // A custom app of another integration is not valid here.
    register(t, [oauthIntegration('https://other.example.test', 'test-oauth-other')]);
    const otherApp = await t.post('/api/v1/oauth-apps', key, {
      integrationName: 'test-oauth-other',
      clientId: 'c',
      clientSecret: 's',
    });
    assert.equal(otherApp.status, 201, otherApp.text);
    await expect(
      key,
      tokenBody(ws, {
        integrationName: 'test-oauth',
        authMethodKey: 'oauth2',
        oauthAppMode: 'custom',
        oauthAppId: otherApp.body.oauthApp.id,
      }),
      400,
      'INVALID_OAUTH_APP',
    );
    // A custom app of this integration works (the flow itself is tested against a real provider elsewhere).
    const app = await t.post('/api/v1/oauth-apps', key, { integrationName: 'test-oauth', clientId: 'c', clientSecret: 's' });
    const ok = await t.post(
      '/api/v1/connect/token',
      key,
      tokenBody(ws, {
        integrationName: 'test-oauth',
        authMethodKey: 'oauth2',
        oauthAppMode: 'custom',
        oauthAppId: app.body.oauthApp.id,
      }),
    );
    assert.equal(ok.status, 201, ok.text);
  });

  it('inherits authMethodKey and the OAuth app policy from a workspace integration', async () => {
    const { key, ws } = await setup('team');
    const app = await t.post('/api/v1/oauth-apps', key, { integrationName: 'test-oauth', clientId: 'c', clientSecret: 's' });
    const wi = await t.post(`/api/v1/workspaces/${ws}/integrations`, key, {
      integrationName: 'test-oauth',
      connectionStrategy: 'per_user',
      authMethodKey: 'oauth2',
      oauthAppMode: 'custom',
      oauthAppId: app.body.oauthApp.id,
    });
    assert.equal(wi.status, 201, wi.text);
    const wiId = wi.body.integration.id;
    const res = await t.post(
      '/api/v1/connect/token',
      key,
      tokenBody(ws, { integrationName: 'test-oauth', workspaceIntegrationId: wiId, endUserId: 'user-7' }),
    );
    assert.equal(res.status, 201, res.text);
    const rows = await t.db.query<{ auth_method_key: string; oauth_app_mode: string; oauth_app_id: string; scope: string }>(
      'SELECT auth_method_key, oauth_app_mode, oauth_app_id, scope FROM connect_sessions WHERE id = $1',
      [res.body.sessionId],
    );
    assert.deepEqual(rows[0], {
      auth_method_key: 'oauth2',
      oauth_app_mode: 'custom',
      oauth_app_id: app.body.oauthApp.id,
      scope: 'USER',
    });
    const bad = async (extra: Record<string, unknown>, status: number, code: string) => {
      const r = await t.post(
        '/api/v1/connect/token',
        key,
        tokenBody(ws, { integrationName: 'test-oauth', workspaceIntegrationId: wiId, ...extra }),
      );
      assert.equal(r.status, status, r.text);
      assert.equal(r.body.error, code);
    };
    await bad({ authMethodKey: 'secret_text' }, 400, 'INVALID_AUTH_METHOD');
    await bad({ oauthAppMode: 'service_managed' }, 400, 'INVALID_OAUTH_APP');
    await bad({ workspaceIntegrationId: randomUUID() }, 404, 'NOT_FOUND');
    await bad({ integrationName: 'test-secret' }, 400, 'VALIDATION_ERROR');
  });

  it('the form stores a validated SECRET_TEXT connection; a rejected key keeps the session open', async () => {
    const { key, ws } = await setup();
    const created = await t.post(
      '/api/v1/connect/token',
      key,
      tokenBody(ws, {
        successRedirectUri: 'https://app.example.com/done?x=1',
        errorRedirectUri: 'https://app.example.com/failed',
      }),
    );
    const token = created.body.token as string;
    const page = await t.get(`/connect?token=${token}`);
    assert.equal(page.status, 200);
    assert.match(page.headers['content-type'] as string, /text\/html/);
    assert.match(page.headers['content-security-policy'] as string, /frame-ancestors 'none'/);
    assert.equal(page.headers['referrer-policy'], 'no-referrer');
    assert.match(page.text, /Connect Secret Service/);
    assert.match(page.text, /<label for="f-secret_text">API key<span class="req"/);
    assert.match(page.text, /Find it under Settings/);

    const empty = await postForm(t, '/connect', { token, secret_text: '' });
    assert.equal(empty.status, 400);
    assert.match(empty.text, /API key is required/);
    const rejected = await postForm(t, '/connect', { token, secret_text: 'bad-key' });
    assert.equal(rejected.status, 400);
    assert.match(rejected.text, /rejected by Secret Service/);
    assert.ok(!rejected.text.includes('bad-key'), 'the secret is not echoed back');
    assert.equal((await poll(token)).body.status, 'PENDING');

    const done = await postForm(t, '/connect', { token, secret_text: 'good-secret-123' });
    assert.equal(done.status, 200);
    assert.match(done.text, /data-status="COMPLETED"/);
    const polled = (await poll(token)).body;
    assert.equal(polled.status, 'COMPLETED');
    assert.match(
      done.text,
      new RegExp(
        `data-redirect="https://app.example.com/done\\?x=1&amp;status=COMPLETED&amp;sessionId=${polled.sessionId}&amp;connectionId=${polled.connectionId}&amp;verification=verified"`,
      ),
    );
    assert.match(done.text, /data-origin="https:\/\/app.example.com"/);

    const conn = (await t.get(`/api/v1/connections?id=${polled.connectionId}`, key)).body.connection;
    assert.deepEqual(
      {
        type: conn.type,
        externalId: conn.externalId,
        displayName: conn.displayName,
        scope: conn.scope,
        workspaceId: conn.workspaceId,
        status: conn.status,
        authMethodKey: conn.authMethodKey,
      },
      {
        type: 'SECRET_TEXT',
        externalId: 'acme',
        displayName: 'Acme key',
        scope: 'ORGANIZATION',
        workspaceId: null,
        status: 'ACTIVE',
        authMethodKey: 'secret_text',
      },
    );
    const [stored] = await t.db.query<{ credentials: string }>('SELECT credentials FROM connections WHERE id = $1', [
      polled.connectionId,
    ]);
    assert.ok(!stored!.credentials.includes('good-secret-123'), 'encrypted at rest');
    const record = (await t.app.services.connections.find(
      conn.orgId ?? (await orgOf(polled.connectionId)),
      polled.connectionId,
    ))!;
    assert.deepEqual((await t.app.services.connections.credentials(record)).value, { secret_text: 'good-secret-123' });

    // Finished: a second submission changes nothing.
    const again = await postForm(t, '/connect', { token, secret_text: 'good-other' });
    assert.match(again.text, /data-status="COMPLETED"/);
    assert.equal((await t.get('/api/v1/connections?externalId=acme', key)).body.total, 1);
  });

  async function orgOf(connectionId: string): Promise<string> {
    return (await t.db.query<{ org_id: string }>('SELECT org_id FROM connections WHERE id = $1', [connectionId]))[0]!.org_id;
  }

  it('BASIC_AUTH for an end user makes a USER connection linked to the end user', async () => {
    const { key, ws } = await setup();
    const created = await t.post(
      '/api/v1/connect/token',
      key,
      tokenBody(ws, { integrationName: 'test-basic', endUserId: 'customer-42', externalId: 'customer-42-basic' }),
    );
    assert.equal(created.status, 201, created.text);
    const page = await t.get(`/connect?token=${created.body.token}`);
    assert.match(page.text, /Username/);
    assert.match(page.text, /type="password"/);
    const missing = await postForm(t, '/connect', { token: created.body.token, username: 'ann', password: '' });
    assert.equal(missing.status, 200, 'an empty password is a password');
    const polled = (await poll(created.body.token)).body;
    assert.equal(polled.status, 'COMPLETED');
    const conn = (await t.get(`/api/v1/connections?id=${polled.connectionId}`, key)).body.connection;
    assert.equal(conn.scope, 'USER');
    assert.equal(conn.workspaceId, ws);
    const endUsers = (await t.get(`/api/v1/end-users?workspaceId=${ws}`, key)).body.endUsers;
    assert.equal(endUsers.length, 1);
    assert.equal(endUsers[0].externalId, 'customer-42');
    assert.equal(conn.endUserId, endUsers[0].id);
    assert.equal((await t.get(`/api/v1/connect/session/${polled.sessionId}`, key)).body.session.endUserId, 'customer-42');
  });

  it('CUSTOM_AUTH props are typed and checked, with their display names in messages', async () => {
    const { key, ws } = await setup();
    const created = await t.post(
      '/api/v1/connect/token',
      key,
      tokenBody(ws, { integrationName: 'test-custom', scope: 'WORKSPACE' }),
    );
    const token = created.body.token as string;
    const page = await t.get(`/connect?token=${token}`);
    assert.match(page.text, /Host name<span class="req"/);
    assert.match(page.text, /<label for="f-props-port">Port<\/label>/);
    const noHost = await postForm(t, '/connect', { token, 'props.apiKey': 'k-1' });
    assert.equal(noHost.status, 400);
    assert.match(noHost.text, /Host name is required/);
    assert.match(noHost.text, /id="f-props-host" name="props.host" required aria-required="true" aria-invalid="true"/);
    const badPort = await postForm(t, '/connect', {
      token,
      'props.host': 'db.example.com',
      'props.port': 'abc',
      'props.apiKey': 'k-1',
    });
    assert.equal(badPort.status, 400);
    assert.match(badPort.text, /Port/);
    assert.match(badPort.text, /value="db.example.com"/, 'non-secret values are kept');
    const ok = await postForm(t, '/connect', {
      token,
      'props.host': 'db.example.com',
      'props.port': '5432',
      'props.apiKey': 'k-1',
    });
    assert.match(ok.text, /data-status="COMPLETED"/);
    const polled = (await poll(token)).body;
    const record = (await t.app.services.connections.find(await orgOf(polled.connectionId), polled.connectionId))!;
    assert.equal(record.scope, 'WORKSPACE');
    assert.deepEqual((await t.app.services.connections.credentials(record)).value, {
      props: { host: 'db.example.com', port: 5432, apiKey: 'k-1' },
    });
  });

  it('cancel fails the session and redirects to errorRedirectUri; the finished page stays finished', async () => {
    const { key, ws } = await setup();
    const created = await t.post(
      '/api/v1/connect/token',
      key,
      tokenBody(ws, { errorRedirectUri: 'https://app.example.com/failed' }),
    );
    const token = created.body.token as string;
    const res = await postForm(t, '/connect/cancel', { token });
    assert.equal(res.status, 200);
    assert.match(res.text, /data-status="FAILED"/);
    assert.match(
      res.text,
      /data-redirect="https:\/\/app.example.com\/failed\?status=FAILED&amp;sessionId=[0-9a-f-]+&amp;error=The\+user\+cancelled/,
    );
    const polled = (await poll(token)).body;
    assert.equal(polled.status, 'FAILED');
    assert.equal(polled.error, 'The user cancelled the connection.');
    const late = await postForm(t, '/connect', { token, secret_text: 'good-late' });
    assert.match(late.text, /data-status="FAILED"/);
    assert.equal((await t.get('/api/v1/connections', key)).body.total, 0, 'nothing was stored');
    assert.match((await t.get(`/connect?token=${token}`)).text, /The user cancelled/);
  });

  it('connecting the same identity again repairs the same connection; another owner gets DUPLICATE', async () => {
    const { key, ws } = await setup();
    const first = await t.post('/api/v1/connect/token', key, tokenBody(ws));
    await postForm(t, '/connect', { token: first.body.token, secret_text: 'good-one' });
    const id = (await poll(first.body.token)).body.connectionId;
    await t.app.services.connections.setStatus(await orgOf(id), id, 'ERROR', 'refresh failed');
    const second = await t.post('/api/v1/connect/token', key, tokenBody(ws, { connectionName: 'Acme key (renewed)' }));
    await postForm(t, '/connect', { token: second.body.token, secret_text: 'good-two' });
    const polled = (await poll(second.body.token)).body;
    assert.equal(polled.status, 'COMPLETED');
    assert.equal(polled.connectionId, id, 'the same connection id');
    const conn = (await t.get(`/api/v1/connections?id=${id}`, key)).body.connection;
    assert.equal(conn.status, 'ACTIVE');
    assert.equal(conn.displayName, 'Acme key (renewed)');
    const record = (await t.app.services.connections.find(await orgOf(id), id))!;
    assert.deepEqual((await t.app.services.connections.credentials(record)).value, { secret_text: 'good-two' });
    const dup = await t.post('/api/v1/connect/token', key, tokenBody(ws, { scope: 'WORKSPACE' }));
    assert.equal(dup.status, 409);
    assert.equal(dup.body.error, 'DUPLICATE');
  });

  it("the plan's connection limit fails the session with its message", async () => {
    const { key, ws } = await setup('free');
    const one = await t.post('/api/v1/connect/token', key, tokenBody(ws, { externalId: 'one' }));
    await postForm(t, '/connect', { token: one.body.token, secret_text: 'good-1' });
    assert.equal((await poll(one.body.token)).body.status, 'COMPLETED');
    const two = await t.post('/api/v1/connect/token', key, tokenBody(ws, { externalId: 'two' }));
    const page = await postForm(t, '/connect', { token: two.body.token, secret_text: 'good-2' });
    assert.match(page.text, /data-status="FAILED"/);
    const polled = (await poll(two.body.token)).body;
    assert.equal(polled.status, 'FAILED');
    assert.match(polled.error, /allows 1 connections/);
  });

  it('pages without a usable token explain themselves (no stack traces, no JSON)', async () => {
    const none = await t.get('/connect');
    assert.equal(none.status, 400);
    assert.match(none.text, /This link is incomplete/);
    const bad = await t.get('/connect?token=cst_nope');
    assert.equal(bad.status, 401);
    assert.match(bad.text, /has expired/);
    const post = await postForm(t, '/connect', { secret_text: 'x' });
    assert.equal(post.status, 400);
    const start = await t.get('/connect/oauth/start?token=cst_nope');
    assert.equal(start.status, 401);
    const cb = await t.get('/api/v1/connect/oauth-callback?state=unknown&code=x');
    assert.equal(cb.status, 401);
    assert.match(cb.headers['content-type'] as string, /text\/html/);
    assert.match(cb.text, /already used/);
    assert.equal((await t.get('/connect/assets/connect.css')).status, 200);
    assert.match((await t.get('/connect/assets/connect.js')).text, /switchboard:connect/);
    const { key, ws } = await setup();
    const token = tokenOf((await t.post('/api/v1/connect/token', key, tokenBody(ws))).body.connectUrl);
    const oauthOnForm = await t.get(`/connect/oauth/start?token=${token}`);
    assert.equal(oauthOnForm.status, 400);
  });
});
