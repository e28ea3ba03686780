import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, type TestApp } from '../../../test/harness.js';
import { formIntegrations, postForm, register } from '../../../test/connect-fixtures.js';

/**
 * A connection says whether its credentials were checked: `verified` when the integration accepted them before
 * they were stored (a validate step, an OAuth2 code exchange), `unverified` when they were stored as given.
 */
describe('connection verification: saved is not the same as checked', () => {
  let t: TestApp;
  before(async () => {
    t = await startApp();
    register(t, formIntegrations());
  });
  after(async () => t.close());

  async function setup() {
    const org = await t.tenant();
    return { ...org, ws: (await t.workspace(org.key)).id };
  }
  const poll = async (token: string) => (await t.post('/api/v1/connect/session/poll', null, { token })).body;
  const stored = async (id: string) =>
    (await t.db.query<{ verification: string }>('SELECT verification FROM connections WHERE id = $1', [id]))[0]!.verification;

  it('a form without a check completes as saved, not verified: page, poll, session and connection say so', async () => {
    const { key, ws } = await setup();
    const created = await t.post('/api/v1/connect/token', key, {
      integrationName: 'test-custom',
      connectionName: 'Custom server',
      externalId: 'custom-1',
      workspaceId: ws,
    });
    const token = created.body.token as string;
    const done = await postForm(t, '/connect', {
      token,
      'props.host': 'db.example.com',
      'props.apiKey': 'a-wrong-key-nobody-checked',
    });
    assert.equal(done.status, 200, done.text);
    assert.match(done.text, /data-status="COMPLETED"/);
    assert.match(done.text, /data-verification="unverified"/);
    assert.match(done.text, /Custom Service connection saved/);
    assert.match(done.text, /saved, not verified/i);
    assert.doesNotMatch(done.text, /is connected|Connected\./, 'the page claims no check that did not happen');

    const polled = await poll(token);
    assert.equal(polled.status, 'COMPLETED');
    assert.equal(polled.verification, 'unverified');
    const session = (await t.get(`/api/v1/connect/session/${polled.sessionId}`, key)).body.session;
    assert.equal(session.verification, 'unverified');
    const conn = (await t.get(`/api/v1/connections?id=${polled.connectionId}`, key)).body.connection;
    assert.equal(conn.verification, 'unverified');
    assert.equal(await stored(polled.connectionId), 'unverified');
  });

  it('a form the integration checks completes as verified, and the redirect says so', async () => {
    const { key, ws } = await setup();
    const created = await t.post('/api/v1/connect/token', key, {
      integrationName: 'test-secret',
      connectionName: 'Checked key',
      externalId: 'checked-1',
      workspaceId: ws,
      successRedirectUri: 'https://app.example.com/done',
    });
    const token = created.body.token as string;
    assert.equal((await poll(token)).verification, null, 'nothing is verified before the session completes');
    const done = await postForm(t, '/connect', { token, secret_text: 'good-checked-key' });
    assert.match(done.text, /Secret Service is connected/);
    assert.match(done.text, /data-verification="verified"/);
    assert.match(done.text, /verification=verified/, 'the app learns it from the redirect too');
    const polled = await poll(token);
    assert.equal(polled.verification, 'verified');
    assert.equal((await t.get(`/api/v1/connections?id=${polled.connectionId}`, key)).body.connection.verification, 'verified');
    assert.equal(await stored(polled.connectionId), 'verified');
  });

  it('repairing a connection stored as given through a form the integration checks makes it verified', async () => {
    const { key, ws } = await setup();
    const api = await t.post('/api/v1/connections', key, {
      type: 'SECRET_TEXT',
      integrationName: 'test-secret',
      externalId: 'repair-1',
      displayName: 'Repair',
      secretText: 'good-stored-as-given',
    });
    assert.equal(api.status, 201, api.text);
    assert.equal(api.body.connection.verification, 'unverified', 'the API stores credentials as given');
    const created = await t.post('/api/v1/connect/token', key, {
      integrationName: 'test-secret',
      connectionName: 'Repair',
      externalId: 'repair-1',
      workspaceId: ws,
    });
    await postForm(t, '/connect', { token: created.body.token, secret_text: 'good-now-checked' });
    assert.equal((await poll(created.body.token)).connectionId, api.body.connection.id, 'the same connection');
    assert.equal(await stored(api.body.connection.id), 'verified');
  });

  it("the end user's portal shows a connection saved as given as not verified, a checked one as connected", async () => {
    const { key, ws } = await setup();
    for (const integrationName of ['test-basic', 'test-secret'])
      await t.post(`/api/v1/workspaces/${ws}/integrations`, key, { integrationName, connectionStrategy: 'per_user' });
    await t.post('/api/v1/end-users', key, { workspaceId: ws, externalId: 'grace' });
    const base = { workspaceId: ws, endUserId: 'grace', scope: 'USER' };
    await t.post('/api/v1/connections', key, {
      ...base,
      type: 'BASIC_AUTH',
      integrationName: 'test-basic',
      externalId: 'grace',
      displayName: 'Grace basic',
      username: 'grace',
      password: 'pw',
    });
    const endUser = (await t.get(`/api/v1/end-users?workspaceId=${ws}`, key)).body.endUsers[0];
    const link = (await t.post(`/api/v1/end-users/${endUser.id}/connect-token`, key, {})).body.connectUrl as string;
    const portalToken = new URL(link).searchParams.get('token')!;
    const connect = await postForm(t, '/connect/portal/connect', { token: portalToken, item: 'test-secret|secret_text' });
    const sessionToken = new URL(String(connect.headers.location), 'http://x').searchParams.get('token')!;
    await postForm(t, '/connect', { token: sessionToken, secret_text: 'good-portal-key' });
    const page = (await t.get(`/connect/portal?token=${portalToken}`)).text;
    const item = (name: string) => new RegExp(`<li data-item="${name}\\|[^"]*">[\\s\\S]*?</li>`).exec(page)?.[0] ?? '';
    assert.match(item('test-secret'), />Connected</, 'the checked one');
    assert.match(item('test-basic'), /Saved, not verified/);
    assert.doesNotMatch(item('test-basic'), />Connected</);
  });

  it('connections created through the API are unverified in the list and the earlier shape alike', async () => {
    const { key } = await setup();
    const res = await t.post('/api/v1/connections', key, {
      type: 'BASIC_AUTH',
      integrationName: 'test-basic',
      externalId: 'basic-api',
      displayName: 'Basic',
      username: 'u',
      password: 'p',
    });
    assert.equal(res.body.connection.verification, 'unverified');
    const list = (await t.get('/api/v1/connections', key)).body.connections as Array<{ verification: string }>;
    assert.deepEqual(
      list.map((c) => c.verification),
      ['unverified'],
    );
    const doc = (await t.get('/api/v1/openapi.json')).body;
    assert.deepEqual(doc.components.schemas.Connection.properties.verification.enum, ['verified', 'unverified']);
  });
});
