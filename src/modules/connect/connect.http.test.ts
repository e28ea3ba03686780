import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { hashToken } from '../../platform/crypto.js';
import type { TestApp } from '../../../test/harness.js';
import { oauthIntegration, register } from '../../../test/connect-fixtures.js';
import { connectWorld } from './connect.fixtures.js';

describe('hosted connect: tokens, sessions and poll', () => {
  let t: TestApp;
  const world = connectWorld();
  const { setup, tokenBody, poll } = world;
  before(async () => {
    await world.start();
    ({ t } = world);
  });
  after(async () => world.close());

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
});
