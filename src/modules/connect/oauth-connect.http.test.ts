import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { TestApp } from '../../../test/harness.js';
import type { FixtureProcess } from '../../../test/fixture-process.js';
import { oauthIntegration, register } from '../../../test/connect-fixtures.js';
import { connectOAuthWorld } from './oauth.fixtures.js';

/** The OAuth2 connect flow end to end against a real provider: authorize with PKCE, callback, code exchange, failures. */
describe('OAuth2 connect against a real provider', () => {
  let t: TestApp;
  let provider: FixtureProcess;
  const world = connectOAuthWorld();
  const { control, stats, setup, authorize, connect, whoami, storedConnection } = world;

  before(async () => {
    await world.start();
    ({ t, provider } = world);
  });
  after(async () => world.close());

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
});
