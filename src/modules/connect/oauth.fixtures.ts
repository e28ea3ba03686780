/**
 * Shared set-up of the OAuth2 connect tests (oauth-*.http.test.ts here): a real OAuth2 provider process on 127.0.0.1
 * (oauth2-mock-server behind test/fixtures/oauth-provider.mjs), the app with an OAuth2 integration and a platform
 * OAuth app, and helpers for the provider's controls, the round trip and the stored connection.
 */
import assert from 'node:assert/strict';
import { request } from 'undici';
import { startApp, type TestApp } from '../../../test/harness.js';
import { FixtureProcess } from '../../../test/fixture-process.js';
import { oauthIntegration, register } from '../../../test/connect-fixtures.js';

/** `start` and `close` belong in the test file's before and after hooks; the state is read after `start`. */
export function connectOAuthWorld() {
  let t: TestApp;
  let provider: FixtureProcess;

  const start = async () => {
    provider = await FixtureProcess.start('oauth-provider.mjs');
    t = await startApp({ SWITCHBOARD_EGRESS_ALLOW: '127.0.0.1', SWITCHBOARD_DELIVERY_POLL_MS: '50' });
    register(t, [oauthIntegration(provider.url)]);
    await control({ clients: { 'platform-client': 'platform-secret', 'custom-client': 'custom-secret' } });
    const app = await t.operator('POST', '/operator/v1/oauth-apps', {
      integrationName: 'test-oauth',
      clientId: 'platform-client',
      clientSecret: 'platform-secret',
    });
    assert.equal(app.status, 201, app.text);
  };
  const close = async () => {
    await t?.close();
    await provider?.stop();
  };

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

  return {
    start,
    close,
    control,
    stats,
    setup,
    authorize,
    connect,
    whoami,
    storedConnection,
    get t() {
      return t;
    },
    get provider() {
      return provider;
    },
  };
}
