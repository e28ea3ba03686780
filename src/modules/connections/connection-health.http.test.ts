import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, type TestApp } from '../../../test/harness.js';
import { register } from '../../../test/connect-fixtures.js';
import { ACME_TOKEN, acmeApi, acmeIntegration } from '../../../test/dashboard/acme.js';
import { eventually, type Receiver } from '../../../test/receiver.js';
import { CHECK_JOB } from './connection-checks.js';

/**
 * Connection health (0140): the provider's answers to real calls (a local stand-in API) and the scheduled checks move
 * a connection between healthy, degraded and needs_reauth; last use is recorded; the list filters by health. Refresh evidence is
 * proven against a real OAuth2 server in src/modules/connect/oauth-refresh.http.test.ts.
 */
describe('connection health', () => {
  let t: TestApp;
  let api: Receiver;
  let key: string;
  let ws: string;
  let connectionId: string;
  /** What the stand-in API answers to POST /notes instead of its usual reply, when set. */
  let override: { status: number; body: unknown } | null = null;
  /** What it answers to GET /me (the integration's credential check) instead, when set. */
  let meOverride: { status: number; body: unknown } | null = null;

  const get = async () => (await t.get(`/api/v1/connections?id=${connectionId}`, key)).body.connection;
  const run = () =>
    t.post('/api/v1/actions/execute', key, {
      integrationName: 'acme-notes',
      actionName: 'create_note',
      workspaceId: ws,
      connectionId,
      input: { title: 'Hello', folder: 'inbox' },
    });

  before(async () => {
    api = await acmeApi();
    const usual = api.respond;
    api.respond = (req, index) =>
      override && req.path === '/notes' ? override : meOverride && req.path === '/me' ? meOverride : usual(req, index);
    t = await startApp({
      SWITCHBOARD_EGRESS_ALLOW: '127.0.0.1',
      SWITCHBOARD_CONNECTION_CHECK_INTERVAL_MINUTES: '60',
      SWITCHBOARD_CONNECTION_CHECKS_PER_PROVIDER: '2',
    });
    register(t, [acmeIntegration(api.url(''))]);
    const org = await t.operator('POST', '/operator/v1/organizations', { name: 'Health', plan: 'enterprise' });
    key = org.body.plainKey;
    ws = (await t.workspace(key)).id;
    const created = await t.post('/api/v1/connections', key, {
      type: 'SECRET_TEXT',
      integrationName: 'acme-notes',
      externalId: 'acme-health',
      displayName: 'Acme',
      secretText: ACME_TOKEN,
      workspaceId: ws,
      scope: 'WORKSPACE',
    });
    assert.equal(created.status, 201, created.text);
    connectionId = created.body.connection.id;
  });
  after(async () => {
    await t?.close();
    await api?.close();
  });

  it('starts healthy and unused, and records the first use', async () => {
    const fresh = await get();
    assert.deepEqual(
      { health: fresh.health, lastError: fresh.lastError, lastUsedAt: fresh.lastUsedAt, lastCheckedAt: fresh.lastCheckedAt },
      { health: 'healthy', lastError: null, lastUsedAt: null, lastCheckedAt: null },
    );
    assert.equal((await run()).body.success, true);
    const used = await eventually(async () => (await get()).lastUsedAt, 15_000, 'lastUsedAt');
    assert.ok(Math.abs(Date.parse(used) - Date.now()) < 60_000, used);
    // Written at most once a minute: another call at once leaves it as it was.
    assert.equal((await run()).body.success, true);
    assert.equal((await get()).lastUsedAt, used);
    const [row] = await t.db.query<{ last_used_at: Date }>('SELECT last_used_at FROM connections WHERE id = $1', [connectionId]);
    assert.equal(row?.last_used_at.toISOString(), used);
  });

  it('needs re-authorization after the provider’s 401, and is healthy again after a call that works', async () => {
    override = { status: 401, body: { message: 'token revoked' } };
    const refused = await run();
    assert.equal(refused.body.success, false, refused.text);
    const needing = await eventually(async () => {
      const c = await get();
      return c.health === 'needs_reauth' && c;
    });
    assert.equal(needing.lastError.code, 'UPSTREAM_UNAUTHORIZED');
    assert.match(needing.lastError.message, /HTTP 401/);
    assert.ok(!JSON.stringify(needing).includes(ACME_TOKEN), 'never the secret');
    assert.deepEqual(
      (await t.get('/api/v1/connections?health=needs_reauth', key)).body.connections.map((c: { id: string }) => c.id),
      [connectionId],
    );
    assert.equal((await t.get('/api/v1/connections?health=healthy', key)).body.total, 0);

    override = null;
    assert.equal((await run()).body.success, true);
    const recovered = await eventually(async () => {
      const c = await get();
      return c.health === 'healthy' && c;
    });
    assert.equal(recovered.lastError, null);
  });

  it('is degraded by a 403 and unchanged by failures that say nothing about the credentials', async () => {
    override = { status: 404, body: { message: 'no such folder' } };
    assert.equal((await run()).body.success, false);
    override = { status: 403, body: { message: 'not your folder' } };
    assert.equal((await run()).body.success, false);
    const degraded = await eventually(async () => {
      const c = await get();
      return c.health === 'degraded' && c;
    });
    assert.equal(degraded.lastError.code, 'UPSTREAM_FORBIDDEN');
    const [row] = await t.db.query<{ health: string; last_error_code: string }>(
      'SELECT health, last_error_code FROM connections WHERE id = $1',
      [connectionId],
    );
    assert.deepEqual(row, { health: 'degraded', last_error_code: 'UPSTREAM_FORBIDDEN' });
    override = null;
    assert.equal((await run()).body.success, true);
    await eventually(async () => (await get()).health === 'healthy');
  });

  it('filters by health within the caller’s reach only, and refuses an unknown health', async () => {
    const other = await t.operator('POST', '/operator/v1/organizations', { name: 'Other', plan: 'free' });
    assert.equal((await t.get('/api/v1/connections?health=healthy', other.body.plainKey)).body.total, 0);
    const elsewhere = (await t.workspace(key)).id;
    const scoped = await t.scopedKey(key, [elsewhere]);
    assert.equal((await t.get('/api/v1/connections?health=healthy', scoped)).body.total, 0);
    assert.equal((await t.get('/api/v1/connections?health=healthy', key)).body.total, 1);
    const bad = await t.get('/api/v1/connections?health=sick', key);
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error, 'VALIDATION_ERROR');
  });

  it('checks connections on a schedule with the integration’s own check, a few per provider at a time', async () => {
    const runChecks = async () => {
      const id = await t.app.services.jobs.send(CHECK_JOB, {});
      assert.equal(await t.app.services.jobs.waitFor(CHECK_JOB, id!), 'completed');
    };
    const more: string[] = [];
    for (const n of [1, 2]) {
      const c = await t.post('/api/v1/connections', key, {
        type: 'SECRET_TEXT',
        integrationName: 'acme-notes',
        externalId: `acme-check-${n}`,
        displayName: `Acme ${n}`,
        secretText: ACME_TOKEN,
        workspaceId: ws,
        scope: 'WORKSPACE',
      });
      more.push(c.body.connection.id);
    }
    const checked = async () =>
      (
        await t.db.query<{ id: string }>(
          'SELECT id FROM connections WHERE integration_name = $1 AND last_checked_at IS NOT NULL ORDER BY id',
          ['acme-notes'],
        )
      ).map((r) => r.id);
    // Nothing is due within the interval.
    await runChecks();
    assert.deepEqual(await checked(), []);
    // Made two hours ago (the oldest first): two a run for one provider, the third on the next run.
    await t.db.query("UPDATE connections SET created_at = now() - interval '2 hours' WHERE integration_name = 'acme-notes'");
    await t.db.query("UPDATE connections SET created_at = created_at - interval '1 minute' WHERE id = $1", [connectionId]);
    meOverride = { status: 401, body: { message: 'revoked' } };
    await runChecks();
    const first = await checked();
    assert.equal(first.length, 2);
    assert.ok(first.includes(connectionId), 'the longest-unchecked first');
    const refused = await get();
    assert.deepEqual([refused.health, refused.lastError.code, refused.status], ['needs_reauth', 'CHECK_REJECTED', 'ACTIVE']);
    assert.match(refused.lastError.message, /refused/);
    await runChecks();
    assert.equal((await checked()).length, 3);
    // Checked within the interval: not again. Once due and accepted, healthy.
    const lastChecks = async () =>
      (
        await t.db.query<{ at: Date }>("SELECT max(last_checked_at) AS at FROM connections WHERE integration_name = 'acme-notes'")
      )[0]?.at;
    const before = await lastChecks();
    await runChecks();
    assert.deepEqual(await lastChecks(), before);
    meOverride = null;
    await t.db.query("UPDATE connections SET last_checked_at = now() - interval '2 hours' WHERE id = $1", [connectionId]);
    await runChecks();
    const accepted = await get();
    assert.deepEqual([accepted.health, accepted.lastError], ['healthy', null]);
    assert.ok(Date.parse(accepted.lastCheckedAt) > Date.parse(refused.lastCheckedAt));
  });
});
