import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { TestApp } from '../../../test/harness.js';
import { postForm, tokenOf } from '../../../test/connect-fixtures.js';
import { connectWorld } from './connect.fixtures.js';

describe('hosted connect: the credential form', () => {
  let t: TestApp;
  const world = connectWorld();
  const { setup, tokenBody, poll } = world;
  before(async () => {
    await world.start();
    ({ t } = world);
  });
  after(async () => world.close());

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
