import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { hashToken } from '../../platform/crypto.js';
import { startApp, type TestApp } from '../../../test/harness.js';
import { FixtureProcess } from '../../../test/fixture-process.js';
import { formIntegrations, oauthIntegration, postForm, register, tokenOf } from '../../../test/connect-fixtures.js';

async function world(t: TestApp) {
  const org = await t.tenant();
  const ws = (await t.workspace(org.key)).id;
  const endUser = (
    await t.post('/api/v1/end-users', org.key, { workspaceId: ws, externalId: 'customer-1', displayName: 'Ada Lovelace' })
  ).body.endUser;
  return { ...org, ws, endUser };
}

describe('end-user connect portal: tokens and the portal page', () => {
  let t: TestApp;
  before(async () => {
    t = await startApp();
    register(t, [...formIntegrations(), oauthIntegration('https://oauth.example.test')]);
  });
  after(async () => t.close());

  const issue = (key: string, id: string, body?: unknown) =>
    t.request('POST', `/api/v1/end-users/${id}/connect-token`, { key, body });

  it('issues eut_ tokens (3600 s to 30 days, default 7 days), stored only as hashes', async () => {
    const { key, endUser } = await world(t);
    const before = Date.now();
    const res = await issue(key, endUser.id);
    assert.equal(res.status, 201, res.text);
    assert.match(res.body.token, /^eut_[A-Za-z0-9_-]{43}$/);
    assert.equal(res.body.connectUrl, `http://switchboard.test/connect/portal?token=${res.body.token}`);
    const week = Date.parse(res.body.expiresAt) - before;
    assert.ok(week >= 604_800_000 - 1000 && week <= 604_800_000 + 5000, String(week));
    const [row] = await t.db.query<Record<string, unknown>>('SELECT * FROM end_user_portal_tokens WHERE token_hash = $1', [
      hashToken(res.body.token),
    ]);
    assert.equal(row!.end_user_id, endUser.id);
    assert.ok(!JSON.stringify(row).includes(res.body.token));
    const hour = await issue(key, endUser.id, { expiresIn: 3600 });
    assert.equal(hour.status, 201);
    assert.ok(Math.abs(Date.parse(hour.body.expiresAt) - Date.now() - 3600_000) < 5000);
    assert.equal((await issue(key, endUser.id, { expiresIn: 2_592_000 })).status, 201);
    for (const expiresIn of [3599, 2_592_001, 0, -5, 1.5, '3600']) {
      const bad = await issue(key, endUser.id, { expiresIn });
      assert.equal(bad.status, 400, String(expiresIn));
      assert.equal(bad.body.error, 'VALIDATION_ERROR');
    }
  });

  it('refuses unknown end users, other organizations, scoped keys outside the workspace and bad limits', async () => {
    const a = await world(t);
    const b = await world(t);
    assert.equal((await issue(a.key, randomUUID())).body.error, 'NOT_FOUND');
    assert.equal((await issue(b.key, a.endUser.id)).status, 404);
    const otherWs = await t.workspace(a.key);
    const scoped = await t.scopedKey(a.key, [otherWs.id]);
    const denied = await issue(scoped, a.endUser.id);
    assert.equal(denied.status, 403);
    assert.equal(denied.body.error, 'SCOPE_DENIED');
    assert.equal((await issue(a.key, a.endUser.id, { integrationName: 'nope' })).body.error, 'INTEGRATION_NOT_FOUND');
    assert.equal((await issue(a.key, a.endUser.id, { integrationName: 'hash-encode' })).body.error, 'VALIDATION_ERROR');
    assert.equal((await issue(a.key, a.endUser.id, { workspaceIntegrationId: randomUUID() })).status, 404);
    const wi = await t.post(`/api/v1/workspaces/${a.ws}/integrations`, a.key, {
      integrationName: 'test-secret',
      connectionStrategy: 'per_user',
    });
    const mismatch = await issue(a.key, a.endUser.id, {
      workspaceIntegrationId: wi.body.integration.id,
      integrationName: 'test-basic',
    });
    assert.equal(mismatch.status, 400);
    assert.equal(mismatch.body.error, 'VALIDATION_ERROR');
    assert.equal((await issue(a.key, a.endUser.id, { workspaceIntegrationId: wi.body.integration.id })).status, 201);
  });

  it('invite answers 400 EMAIL_NOT_CONFIGURED without SMTP, and issues nothing', async () => {
    const { key, endUser } = await world(t);
    const res = await t.post(`/api/v1/end-users/${endUser.id}/invite`, key, { email: 'ada@example.com' });
    assert.equal(res.status, 400);
    assert.equal(res.body.error, 'EMAIL_NOT_CONFIGURED');
    const rows = await t.db.query('SELECT id FROM end_user_portal_tokens WHERE end_user_id = $1', [endUser.id]);
    assert.equal(rows.length, 0);
    assert.equal(
      (await t.post(`/api/v1/end-users/${endUser.id}/invite`, key, { email: 'not-an-email' })).body.error,
      'VALIDATION_ERROR',
    );
    assert.equal((await t.post(`/api/v1/end-users/${endUser.id}/invite`, key, {})).body.error, 'VALIDATION_ERROR');
    assert.equal((await t.post(`/api/v1/end-users/${randomUUID()}/invite`, key, { email: 'ada@example.com' })).status, 404);
  });

  it('lists the configured integrations that take a connection; connect, reconnect and disconnect own USER connections', async () => {
    const { key, ws, endUser } = await world(t);
    for (const integrationName of ['test-secret', 'test-basic']) {
      const r = await t.post(`/api/v1/workspaces/${ws}/integrations`, key, { integrationName, connectionStrategy: 'per_user' });
      assert.equal(r.status, 201, r.text);
    }
    await t.post(`/api/v1/workspaces/${ws}/integrations`, key, { integrationName: 'hash-encode' });
    const token = (await issue(key, endUser.id)).body.token as string;
    const portal = await t.get(`/connect/portal?token=${token}`);
    assert.equal(portal.status, 200);
    assert.match(portal.headers['content-security-policy'] as string, /default-src 'none'/);
    assert.match(portal.text, /Secret Service/);
    assert.match(portal.text, /Basic Service/);
    assert.ok(!portal.text.includes('Hash'), 'integrations without a connection are not offered');
    assert.equal((portal.text.match(/Not connected/g) ?? []).length, 2);

    // Connect: a hosted session for this end user that returns to the portal.
    const start = await postForm(t, '/connect/portal/connect', { token, item: 'test-secret|secret_text' });
    assert.equal(start.status, 303);
    const cst = tokenOf(`http://x${start.headers.location as string}`);
    assert.match(cst, /^cst_/);
    const page = await t.get(start.headers.location as string);
    assert.match(page.text, /Back to your connections/);
    const done = await postForm(t, '/connect', { token: cst, secret_text: 'good-portal' });
    assert.match(done.text, /data-status="COMPLETED"/);
    assert.ok(done.text.includes(`data-redirect="http://switchboard.test/connect/portal?token=${token}"`));
    const session = (await t.post('/api/v1/connect/session/poll', null, { token: cst })).body;
    const conn = (await t.get(`/api/v1/connections?id=${session.connectionId}`, key)).body.connection;
    assert.deepEqual(
      { scope: conn.scope, endUserId: conn.endUserId, workspaceId: conn.workspaceId, externalId: conn.externalId },
      { scope: 'USER', endUserId: endUser.id, workspaceId: ws, externalId: 'customer-1' },
    );
    const run = await t.post('/api/v1/actions/execute', key, {
      integrationName: 'test-secret',
      actionName: 'noop',
      workspaceId: ws,
      endUserId: 'customer-1',
    });
    assert.equal(run.body.success, true, run.text);
    assert.match((await t.get(`/connect/portal?token=${token}`)).text, /badge connected/);

    // Reconnect repairs the same connection id.
    await t.app.services.connections.setStatus(conn.orgId ?? (await orgOf(conn.id)), conn.id, 'ERROR', 'refresh failed');
    assert.match((await t.get(`/connect/portal?token=${token}`)).text, /Needs reconnecting/);
    const re = await postForm(t, '/connect/portal/connect', { token, item: 'test-secret|secret_text' });
    const reToken = tokenOf(`http://x${re.headers.location as string}`);
    await postForm(t, '/connect', { token: reToken, secret_text: 'good-again' });
    const repaired = (await t.post('/api/v1/connect/session/poll', null, { token: reToken })).body;
    assert.equal(repaired.connectionId, conn.id);
    assert.equal((await t.get(`/api/v1/connections?id=${conn.id}`, key)).body.connection.status, 'ACTIVE');
    assert.match((await t.get(`/connect/portal?token=${token}`)).text, /badge connected/);
    // A connection whose credentials the provider refuses (health needs_reauth, 0140) asks to be reconnected too.
    await t.db.query("UPDATE connections SET health = 'needs_reauth' WHERE id = $1", [conn.id]);
    await t.app.services.bus.publish({ type: 'connections', orgId: conn.orgId ?? (await orgOf(conn.id)) });
    const refused = (await t.get(`/connect/portal?token=${token}`)).text;
    assert.match(refused, /Needs reconnecting/);
    assert.match(refused, /class="primary" aria-label="Reconnect /);

    // Nothing else: another end user's connection and integrations the portal does not offer are refused.
    const other = await t.post('/api/v1/connections', key, {
      type: 'SECRET_TEXT',
      integrationName: 'test-secret',
      externalId: 'other-user',
      displayName: 'Other',
      secretText: 's',
      workspaceId: ws,
      scope: 'USER',
      endUserId: 'customer-2',
    });
    const foreign = await postForm(t, '/connect/portal/disconnect', { token, connectionId: other.body.connection.id });
    assert.equal(foreign.status, 404);
    assert.equal((await postForm(t, '/connect/portal/disconnect', { token, connectionId: 'not-a-uuid' })).status, 404);
    assert.equal((await postForm(t, '/connect/portal/connect', { token, item: 'test-oauth|oauth2' })).status, 404);
    assert.equal((await t.get(`/api/v1/connections?id=${other.body.connection.id}`, key)).status, 200);

    // Disconnect deletes the end user's own connection.
    const gone = await postForm(t, '/connect/portal/disconnect', { token, connectionId: conn.id });
    assert.equal(gone.status, 303);
    assert.equal(gone.headers.location, `/connect/portal?token=${encodeURIComponent(token)}&notice=disconnected`);
    assert.equal((await t.get(`/api/v1/connections?id=${conn.id}`, key)).status, 404);
    assert.match((await t.get(gone.headers.location)).text, /The connection was removed/);
  });

  async function orgOf(connectionId: string): Promise<string> {
    return (await t.db.query<{ org_id: string }>('SELECT org_id FROM connections WHERE id = $1', [connectionId]))[0]!.org_id;
  }

  it('a portal limited to an integration offers only it (each auth method when it is not configured)', async () => {
    const { key, endUser } = await world(t);
    const token = (await issue(key, endUser.id, { integrationName: 'test-oauth' })).body.token as string;
    const page = await t.get(`/connect/portal?token=${token}`);
    assert.match(page.text, /OAuth Service \(Sign in\)/);
    assert.match(page.text, /OAuth Service \(Personal token\)/);
    assert.ok(!page.text.includes('Secret Service'));
    assert.equal((await postForm(t, '/connect/portal/connect', { token, item: 'test-secret|secret_text' })).status, 404);
    const start = await postForm(t, '/connect/portal/connect', { token, item: 'test-oauth|secret_text' });
    assert.equal(start.status, 303);
  });

  it('an expired or unknown portal link is refused', async () => {
    const { key, endUser } = await world(t);
    const res = await issue(key, endUser.id);
    await t.db.query(`UPDATE end_user_portal_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [
      hashToken(res.body.token),
    ]);
    const page = await t.get(`/connect/portal?token=${res.body.token}`);
    assert.equal(page.status, 401);
    assert.match(page.text, /expired/);
    assert.equal((await postForm(t, '/connect/portal/connect', { token: res.body.token, item: 'x' })).status, 401);
    assert.equal((await t.get('/connect/portal?token=eut_unknown')).status, 401);
    assert.equal((await t.get('/connect/portal')).status, 400);
  });
});

describe('end-user invite by email through a real SMTP server', () => {
  let t: TestApp;
  let smtp: FixtureProcess;
  before(async () => {
    smtp = await FixtureProcess.start('smtp-sink.mjs');
    t = await startApp({
      SWITCHBOARD_SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      SWITCHBOARD_EMAIL_FROM: 'Acme <connect@acme.example>',
    });
  });
  after(async () => {
    await t?.close();
    await smtp?.stop();
  });

  /** The text of a quoted-printable MIME message, soft line breaks joined and =XX decoded. */
  const decode = (raw: string) =>
    raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));

  it('sends the portal link and reports emailSent', async () => {
    const { key, endUser } = await world(t);
    const res = await t.post(`/api/v1/end-users/${endUser.id}/invite`, key, { email: 'ada@example.com', expiresIn: 7200 });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.emailSent, true);
    assert.match(res.body.token, /^eut_/);
    assert.ok(Math.abs(Date.parse(res.body.expiresAt) - Date.now() - 7200_000) < 5000);
    const line = await smtp.waitForLine(
      (l) => (l.message as { to: string[] } | undefined)?.to.includes('ada@example.com') ?? false,
    );
    const message = line.message as { from: string; to: string[]; raw: string };
    assert.equal(message.from, 'connect@acme.example');
    const text = decode(message.raw);
    assert.match(text, /Subject: Connect your accounts to Workspace/);
    assert.ok(text.includes(res.body.connectUrl), 'the message carries the portal link');
    assert.match(text, /Hello Ada Lovelace/);
    assert.equal((await t.get(`/connect/portal?token=${res.body.token}`)).status, 200);
  });
});
