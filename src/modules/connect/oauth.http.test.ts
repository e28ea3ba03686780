import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'undici';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { openDatabase, type Database } from '../../platform/db/database.js';
import { startApp, type TestApp } from '../../../test/harness.js';
import { FixtureProcess } from '../../../test/fixture-process.js';
import { oauthIntegration, register } from '../../../test/connect-fixtures.js';
import { REFRESH_JOB } from './connect.jobs.js';

/**
 * The OAuth2 lifecycle end to end against a real OAuth2 provider process on 127.0.0.1 (oauth2-mock-server behind
 * test/fixtures/oauth-provider.mjs): authorize with PKCE, callback, code exchange, refresh before expiry (the
 * job and on use), refresh after a 401, single-flight refresh across concurrent calls and two nodes, refresh
 * failure → ERROR → reconnect repairing the same connection.
 */
describe('OAuth2 connect and refresh against a real provider', () => {
  let t: TestApp;
  let provider: FixtureProcess;

  before(async () => {
    provider = await FixtureProcess.start('oauth-provider.mjs');
    t = await startApp({ SWITCHBOARD_EGRESS_ALLOW: '127.0.0.1' });
    register(t, [oauthIntegration(provider.url)]);
    await control({ clients: { 'platform-client': 'platform-secret', 'custom-client': 'custom-secret' } });
    const app = await t.operator('POST', '/operator/v1/oauth-apps', {
      integrationName: 'test-oauth',
      clientId: 'platform-client',
      clientSecret: 'platform-secret',
    });
    assert.equal(app.status, 201, app.text);
  });
  after(async () => {
    await t?.close();
    await provider?.stop();
  });

  async function control(c: Record<string, unknown>) {
    const res = await request(`${provider.url}/__control`, { method: 'POST', body: JSON.stringify(c), reset: true });
    await res.body.text();
  }
  async function stats(): Promise<any> {
    return (await request(`${provider.url}/__stats`, { reset: true })).body.json();
  }

  async function setup(plan = 'enterprise') {
    const org = await t.tenant(plan);
    const ws = await t.workspace(org.key);
    return { ...org, ws: ws.id };
  }

  /** The user's round trip: our start URL → the provider's authorize → back to our callback. */
  async function authorize(token: string) {
    const start = await t.get(`/connect/oauth/start?token=${token}`);
    assert.equal(start.status, 302, start.text);
    const location = start.headers.location as string;
    const res = await request(location, { reset: true });
    await res.body.text();
    assert.equal(res.statusCode, 302);
    const back = new URL(res.headers.location as string);
    return { authorizeUrl: new URL(location), callback: back, page: await t.get(back.pathname + back.search) };
  }

  async function connect(key: string, ws: string, extra: Record<string, unknown> = {}) {
    const created = await t.post('/api/v1/connect/token', key, {
      integrationName: 'test-oauth',
      authMethodKey: 'oauth2',
      connectionName: 'OAuth account',
      externalId: 'oauth-ext',
      workspaceId: ws,
      ...extra,
    });
    assert.equal(created.status, 201, created.text);
    const flow = await authorize(created.body.token);
    const polled = await t.post('/api/v1/connect/session/poll', null, { token: created.body.token });
    return { created, flow, polled: polled.body };
  }

  const whoami = (key: string, ws: string, externalId = 'oauth-ext') =>
    t.post('/api/v1/actions/execute', key, {
      integrationName: 'test-oauth',
      actionName: 'whoami',
      workspaceId: ws,
      connectionExternalId: externalId,
      authMethodKey: 'oauth2',
    });

  async function storedConnection(id: string) {
    const [row] = await t.db.query<{
      org_id: string;
      token_expires_at: Date | null;
      status: string;
      status_message: string | null;
      type: string;
      oauth_app_id: string | null;
      credentials: string;
    }>(
      'SELECT org_id, token_expires_at, status, status_message, type, oauth_app_id, credentials FROM connections WHERE id = $1',
      [id],
    );
    const record = (await t.app.services.connections.find(row!.org_id, id))!;
    return { row: row!, value: (await t.app.services.connections.credentials(record)).value };
  }

  it('authorization code with PKCE S256 and state → PLATFORM_OAUTH2 connection with the tokens encrypted', async () => {
    const { key, ws } = await setup();
    const page = await t.get(
      `/connect?token=${(await t.post('/api/v1/connect/token', key, { integrationName: 'test-oauth', authMethodKey: 'oauth2', connectionName: 'x', externalId: 'page-only', workspaceId: ws })).body.token}`,
    );
    assert.match(page.text, /Sign in with OAuth Service/);

    await control({ expiresIn: 3600, resetStats: true });
    const before = Date.now();
    const { flow, polled } = await connect(key, ws, { successRedirectUri: 'https://app.example.com/ok' });
    const q = flow.authorizeUrl.searchParams;
    assert.equal(flow.authorizeUrl.origin + flow.authorizeUrl.pathname, `${provider.url}/authorize`);
    assert.equal(q.get('response_type'), 'code');
    assert.equal(q.get('client_id'), 'platform-client');
    assert.equal(q.get('redirect_uri'), 'http://switchboard.test/api/v1/connect/oauth-callback');
    assert.equal(q.get('scope'), 'read write');
    assert.equal(q.get('code_challenge_method'), 'S256');
    assert.match(q.get('code_challenge')!, /^[A-Za-z0-9_-]{43}$/);
    assert.match(q.get('state')!, /^[A-Za-z0-9_-]{43}$/);
    assert.equal(flow.callback.pathname, '/api/v1/connect/oauth-callback');
    assert.equal(flow.page.status, 200);
    assert.match(flow.page.text, /data-status="COMPLETED"/);
    assert.equal(
      (await stats()).lastTokenRequest.client_auth,
      'body',
      'client_secret_post unless the integration asks for Basic',
    );
    assert.match(flow.page.text, /data-redirect="https:\/\/app.example.com\/ok\?status=COMPLETED/);
    assert.equal(polled.status, 'COMPLETED');
    assert.equal(polled.verification, 'verified', 'the code exchange checked the sign-in');
    assert.match(flow.page.text, /OAuth Service is connected/);

    const s = await stats();
    assert.equal(s.grants.authorization_code, 1);
    assert.equal(s.lastTokenRequest.has_code_verifier, true);
    assert.equal(s.lastTokenRequest.redirect_uri, 'http://switchboard.test/api/v1/connect/oauth-callback');
    assert.equal(s.pkceViolations, 0);
    assert.equal(s.badClient, 0);

    const { row, value } = await storedConnection(polled.connectionId);
    assert.equal(row.type, 'PLATFORM_OAUTH2');
    assert.equal(row.oauth_app_id, null);
    assert.ok(
      row.token_expires_at!.getTime() >= before + 3590_000 && row.token_expires_at!.getTime() <= Date.now() + 3600_000 + 1000,
    );
    assert.equal(typeof value.access_token, 'string');
    assert.equal(typeof value.refresh_token, 'string');
    assert.equal(value.token_type, 'Bearer');
    assert.equal(value.expires_in, 3600);
    assert.deepEqual(value.data, { instance: 'test-instance' });
    assert.ok(!row.credentials.includes(value.access_token as string), 'tokens are encrypted at rest');

    // The state is single use: replaying the callback does nothing.
    const replay = await t.get(flow.callback.pathname + flow.callback.search);
    assert.equal(replay.status, 401);
    assert.equal((await stats()).grants.authorization_code, 1);

    const run = await whoami(key, ws);
    assert.equal(run.status, 200, run.text);
    assert.equal(run.body.success, true);
    assert.equal(run.body.output.sub, 'johndoe');
    assert.ok((await t.get('/api/v1/integrations/oauth-status', key)).body.configured.includes('test-oauth'));
  });

  it("a custom app makes an OAUTH2 connection with the organization's client; its secret is never returned", async () => {
    const { key, ws } = await setup('team');
    const app = await t.post('/api/v1/oauth-apps', key, {
      integrationName: 'test-oauth',
      name: 'Our app',
      clientId: 'custom-client',
      clientSecret: 'custom-secret',
      scopes: ['read'],
    });
    assert.equal(app.status, 201, app.text);
    assert.equal(app.body.oauthApp.clientSecret, undefined);
    assert.ok(!app.text.includes('custom-secret'));
    const [stored] = await t.db.query<{ client_secret: string }>('SELECT client_secret FROM oauth_apps WHERE id = $1', [
      app.body.oauthApp.id,
    ]);
    assert.ok(!stored!.client_secret.includes('custom-secret'), 'encrypted at rest');
    const { flow, polled } = await connect(key, ws, {
      oauthAppMode: 'custom',
      oauthAppId: app.body.oauthApp.id,
      externalId: 'custom-ext',
    });
    assert.equal(flow.authorizeUrl.searchParams.get('client_id'), 'custom-client');
    assert.equal(flow.authorizeUrl.searchParams.get('scope'), 'read');
    assert.equal(polled.status, 'COMPLETED', polled.error);
    const { row } = await storedConnection(polled.connectionId);
    assert.equal(row.type, 'OAUTH2');
    assert.equal(row.oauth_app_id, app.body.oauthApp.id);
    assert.equal((await whoami(key, ws, 'custom-ext')).body.success, true);
    // In use: the app cannot be deleted from under its connection.
    const del = await t.delete(`/api/v1/oauth-apps/${app.body.oauthApp.id}`, key);
    assert.equal(del.status, 409);
    assert.equal(del.body.error, 'OAUTH_APP_IN_USE');
  });

  it("follows the integration's OAuth options: HTTP Basic client authentication and provider-specific authorize parameters", async () => {
    register(t, [
      oauthIntegration(provider.url, 'test-oauth-basic', {
        authorizationMethod: 'HEADER',
        extra: { access_type: 'offline', response_type: 'token' },
      }),
    ]);
    const app = await t.operator('POST', '/operator/v1/oauth-apps', {
      integrationName: 'test-oauth-basic',
      clientId: 'platform-client',
      clientSecret: 'platform-secret',
    });
    assert.equal(app.status, 201, app.text);
    const { key, ws } = await setup();
    await control({ resetStats: true });
    const { flow, polled } = await connect(key, ws, { integrationName: 'test-oauth-basic', externalId: 'basic-ext' });
    assert.equal(polled.status, 'COMPLETED', polled.error);
    assert.equal(flow.authorizeUrl.searchParams.get('access_type'), 'offline');
    assert.equal(flow.authorizeUrl.searchParams.get('response_type'), 'code', 'a standard parameter cannot be overridden');
    const s = await stats();
    assert.equal(s.lastAuthorize.access_type, 'offline');
    assert.equal(s.lastTokenRequest.client_auth, 'basic');
    assert.equal(s.lastTokenRequest.secret_in_body, false, 'the secret travels only in the Authorization header');
    assert.equal(s.badClient, 0);
  });

  it('a denied authorization and a refused code exchange fail the session with their reason', async () => {
    const { key, ws } = await setup();
    await control({ denyNext: true });
    const denied = await connect(key, ws, { externalId: 'denied', errorRedirectUri: 'https://app.example.com/err' });
    assert.equal(denied.polled.status, 'FAILED');
    assert.match(denied.polled.error, /access_denied: The user denied the request/);
    assert.match(denied.flow.page.text, /data-redirect="https:\/\/app.example.com\/err\?status=FAILED/);

    const broken = await setup();
    await t.operator('POST', '/operator/v1/oauth-apps', {
      integrationName: 'test-oauth-badclient',
      clientId: 'x',
      clientSecret: 'y',
    }); // unknown integration: 404
    register(t, [oauthIntegration(provider.url, 'test-oauth-wrongsecret')]);
    const app = await t.operator('POST', '/operator/v1/oauth-apps', {
      integrationName: 'test-oauth-wrongsecret',
      clientId: 'platform-client',
      clientSecret: 'not-the-secret',
    });
    assert.equal(app.status, 201);
    const created = await t.post('/api/v1/connect/token', broken.key, {
      integrationName: 'test-oauth-wrongsecret',
      authMethodKey: 'oauth2',
      connectionName: 'x',
      externalId: 'x',
      workspaceId: broken.ws,
    });
    const flow = await authorize(created.body.token);
    assert.match(flow.page.text, /data-status="FAILED"/);
    const polled = (await t.post('/api/v1/connect/session/poll', null, { token: created.body.token })).body;
    assert.equal(polled.status, 'FAILED');
    assert.match(polled.error, /HTTP 401, invalid_client/);
    assert.ok(!polled.error.includes('not-the-secret'));
    assert.equal((await t.get('/api/v1/connections', broken.key)).body.total, 0);
  });

  it('refreshes before expiry: the job renews tokens expiring within the look-ahead, and a call renews one about to expire', async () => {
    const { key, ws } = await setup();
    await control({ expiresIn: 120 });
    const { polled } = await connect(key, ws, { externalId: 'job-ext' });
    const first = await storedConnection(polled.connectionId);
    await control({ expiresIn: 3600, resetStats: true });
    const jobId = await t.app.services.jobs.send(REFRESH_JOB, {});
    assert.equal(await t.app.services.jobs.waitFor(REFRESH_JOB, jobId!), 'completed');
    assert.equal((await stats()).grants.refresh_token, 1);
    const renewed = await storedConnection(polled.connectionId);
    assert.notEqual(renewed.value.access_token, first.value.access_token);
    assert.notEqual(renewed.value.refresh_token, first.value.refresh_token, 'the rotated refresh token is stored');
    assert.ok(renewed.row.token_expires_at!.getTime() > Date.now() + 3000_000);
    assert.equal((await whoami(key, ws, 'job-ext')).body.success, true);
    // A second run finds nothing to renew.
    const again = await t.app.services.jobs.send(REFRESH_JOB, {});
    assert.equal(await t.app.services.jobs.waitFor(REFRESH_JOB, again!), 'completed');
    assert.equal((await stats()).grants.refresh_token, 1);

    // On use: a token within a minute of expiry is renewed before the action runs.
    await control({ expiresIn: 30 });
    const soon = await connect(key, ws, { externalId: 'use-ext' });
    await control({ expiresIn: 3600, resetStats: true });
    const run = await whoami(key, ws, 'use-ext');
    assert.equal(run.body.success, true, run.text);
    assert.equal((await stats()).grants.refresh_token, 1);
    assert.ok((await storedConnection(soon.polled.connectionId)).row.token_expires_at!.getTime() > Date.now() + 3000_000);
  });

  it('the job marks an expired token that cannot be refreshed ERROR, and still renews the others', async () => {
    const { key, ws } = await setup();
    const dead = await t.post('/api/v1/connections', key, {
      type: 'PLATFORM_OAUTH2',
      integrationName: 'test-oauth',
      authMethodKey: 'oauth2',
      externalId: 'no-refresh',
      displayName: 'No refresh token',
      accessToken: 'expired-access-token',
      expiresIn: 0,
    });
    assert.equal(dead.status, 201, dead.text);
    await control({ expiresIn: 90 });
    const { polled } = await connect(key, ws, { externalId: 'live-ext' });
    await control({ expiresIn: 3600, resetStats: true });
    const job = await t.app.services.jobs.send(REFRESH_JOB, {});
    assert.equal(await t.app.services.jobs.waitFor(REFRESH_JOB, job!), 'completed');
    const deadNow = (await t.get(`/api/v1/connections?id=${dead.body.connection.id}`, key)).body.connection;
    assert.equal(deadNow.status, 'ERROR');
    assert.match(deadNow.statusMessage, /no refresh token/);
    assert.equal((await stats()).grants.refresh_token, 1);
    assert.ok((await storedConnection(polled.connectionId)).row.token_expires_at!.getTime() > Date.now() + 3000_000);
  });

  it('refreshes once after a 401 and retries the action with the new token', async () => {
    const { key, ws } = await setup();
    await control({ expiresIn: 3600 });
    const { polled } = await connect(key, ws, { externalId: 'revoked-ext' });
    const before = await storedConnection(polled.connectionId);
    await control({ revokeAccess: true, resetStats: true });
    const run = await whoami(key, ws, 'revoked-ext');
    assert.equal(run.status, 200, run.text);
    assert.equal(run.body.success, true, JSON.stringify(run.body));
    const s = await stats();
    assert.equal(s.grants.refresh_token, 1);
    assert.equal(s.refreshReuse, 0);
    assert.notEqual((await storedConnection(polled.connectionId)).value.access_token, before.value.access_token);
  });

  it('refreshes on a real 401 only, not on an error whose text mentions 401', async () => {
    const { key, ws } = await setup();
    await control({ expiresIn: 3600 });
    await connect(key, ws, { externalId: 'invoice-ext' });
    await control({ resetStats: true });
    const run = await t.post('/api/v1/actions/execute', key, {
      integrationName: 'test-oauth',
      actionName: 'invoice',
      workspaceId: ws,
      connectionExternalId: 'invoice-ext',
      authMethodKey: 'oauth2',
    });
    assert.equal(run.status, 200, run.text);
    assert.deepEqual(run.body, { success: false, output: { error: 'Invoice 401 was not found.' } });
    assert.equal((await stats()).grants.refresh_token ?? 0, 0, 'no refresh request');
  });

  it('many concurrent calls on two nodes after a 401 make exactly one refresh request', async () => {
    const { key, ws } = await setup();
    await control({ expiresIn: 3600 });
    const { polled } = await connect(key, ws, { externalId: 'storm-ext' });
    // A second node: its own app (and, on PostgreSQL, its own connection pool) on the same database.
    let otherDb: Database = t.db;
    if (t.db.kind === 'postgres') {
      const [{ name }] = (await t.db.query<{ name: string }>('SELECT current_database() AS name')) as [{ name: string }];
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${name}`;
      otherDb = await openDatabase({ url: url.toString(), poolSize: 4 });
    }
    const nodeB: FastifyInstance = await buildApp({ config: { ...t.config, workers: false }, db: otherDb });
    try {
      await nodeB.ready();
      nodeB.services.registry.replace(oauthIntegration(provider.url));
      await control({ revokeAccess: true, resetStats: true, tokenDelayMs: 300 });
      const body = {
        integrationName: 'test-oauth',
        actionName: 'whoami',
        workspaceId: ws,
        connectionExternalId: 'storm-ext',
        authMethodKey: 'oauth2',
      };
      const onB = () =>
        nodeB.inject({
          method: 'POST',
          url: '/api/v1/actions/execute',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
      const results = await Promise.all([
        ...Array.from({ length: 6 }, () => whoami(key, ws, 'storm-ext')),
        ...Array.from({ length: 6 }, () => onB().then((r) => ({ status: r.statusCode, body: r.json() }))),
      ]);
      for (const r of results) {
        assert.equal(r.status, 200, JSON.stringify(r.body));
        assert.equal(r.body.success, true, JSON.stringify(r.body));
      }
      const s = await stats();
      assert.equal(s.grants.refresh_token, 1, 'one refresh for twelve calls on two nodes');
      assert.equal(s.refreshReuse, 0, 'the refresh token was never sent twice');
      assert.equal((await storedConnection(polled.connectionId)).row.status, 'ACTIVE');
    } finally {
      await control({ tokenDelayMs: 0 });
      await nodeB.close();
      if (otherDb !== t.db) await otherDb.close();
    }
  });

  it('a refused refresh moves the connection to ERROR; reconnecting repairs the same connection id', async () => {
    const { key, ws } = await setup();
    await control({ expiresIn: 3600 });
    const { polled } = await connect(key, ws, { externalId: 'broken-ext' });
    await control({ failRefresh: true, revokeAccess: true });
    const run = await whoami(key, ws, 'broken-ext');
    assert.equal(run.status, 400, run.text);
    assert.equal(run.body.error, 'CONNECTION_ERROR');
    const conn = (await t.get(`/api/v1/connections?id=${polled.connectionId}`, key)).body.connection;
    assert.equal(conn.status, 'ERROR');
    assert.match(conn.statusMessage, /invalid_grant/);
    const blocked = await whoami(key, ws, 'broken-ext');
    assert.equal(blocked.body.error, 'CONNECTION_ERROR');
    assert.match(blocked.body.message, /reconnected/);
    // The job leaves ERROR connections alone.
    await control({ failRefresh: false, resetStats: true });
    const job = await t.app.services.jobs.send(REFRESH_JOB, {});
    await t.app.services.jobs.waitFor(REFRESH_JOB, job!);
    assert.equal((await stats()).grants.refresh_token, 0);

    const again = await connect(key, ws, { externalId: 'broken-ext' });
    assert.equal(again.polled.status, 'COMPLETED');
    assert.equal(again.polled.connectionId, polled.connectionId, 'the same connection, repaired');
    const repaired = (await t.get(`/api/v1/connections?id=${polled.connectionId}`, key)).body.connection;
    assert.equal(repaired.status, 'ACTIVE');
    assert.equal(repaired.statusMessage, null);
    assert.equal((await whoami(key, ws, 'broken-ext')).body.success, true);
    assert.equal((await t.get('/api/v1/connections?externalId=broken-ext', key)).body.total, 1);
  });
});
