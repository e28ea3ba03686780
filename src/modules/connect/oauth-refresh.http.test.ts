import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { openDatabase, type Database } from '../../platform/db/database.js';
import type { TestApp } from '../../../test/harness.js';
import type { FixtureProcess } from '../../../test/fixture-process.js';
import { oauthIntegration } from '../../../test/connect-fixtures.js';
import { EXPIRY_JOB } from '../connections/connection-checks.js';
import { REFRESH_JOB } from './connect.jobs.js';
import { connectOAuthWorld } from './oauth.fixtures.js';
import { Receiver } from '../../../test/receiver.js';

/**
 * OAuth2 refresh against a real provider: before expiry (the job and on use), after a 401, single-flight across
 * concurrent calls and two nodes, refresh failure → ERROR → reconnect repairing the same connection.
 */
describe('OAuth2 refresh against a real provider', () => {
  let t: TestApp;
  let provider: FixtureProcess;
  const world = connectOAuthWorld();
  const { control, stats, setup, connect, whoami, storedConnection } = world;

  before(async () => {
    await world.start();
    ({ t, provider } = world);
  });
  after(async () => world.close());

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
    // A refresh is a check of the credentials that passed (0140).
    const checked = (await t.get(`/api/v1/connections?id=${polled.connectionId}`, key)).body.connection;
    assert.equal(checked.health, 'healthy');
    assert.equal(checked.lastError, null);
    assert.ok(Date.parse(checked.lastCheckedAt) > Date.now() - 60_000, checked.lastCheckedAt);
    assert.equal(Date.parse(checked.tokenExpiresAt), renewed.row.token_expires_at!.getTime());
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
    assert.deepEqual([deadNow.health, deadNow.lastError.code], ['needs_reauth', 'TOKEN_EXPIRED']);
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

  it('a token endpoint that is down degrades the connection; the next refresh that works makes it healthy again', async () => {
    const { key, ws } = await setup();
    await control({ expiresIn: 30 });
    const { polled } = await connect(key, ws, { externalId: 'flaky-ext' });
    await control({ refreshUnavailable: true, expiresIn: 3600 });
    const run = await whoami(key, ws, 'flaky-ext');
    assert.equal(run.body.error, 'CONNECTION_ERROR', run.text);
    assert.match(run.body.message, /right now/);
    const degraded = (await t.get(`/api/v1/connections?id=${polled.connectionId}`, key)).body.connection;
    assert.deepEqual([degraded.status, degraded.health, degraded.lastError.code], ['ACTIVE', 'degraded', 'REFRESH_UNAVAILABLE']);
    assert.equal((await t.get('/api/v1/connections?health=degraded', key)).body.total, 1);
    await control({ refreshUnavailable: false });
    assert.equal((await whoami(key, ws, 'flaky-ext')).body.success, true);
    const recovered = (await t.get(`/api/v1/connections?id=${polled.connectionId}`, key)).body.connection;
    assert.deepEqual([recovered.health, recovered.lastError], ['healthy', null]);
    await control({ expiresIn: 3600 });
  });

  it('a refused refresh moves the connection to ERROR; reconnecting repairs the same connection id', async () => {
    const { key, ws } = await setup();
    const hooks = await new Receiver().start();
    after(() => hooks.close());
    const endpoint = await t.post('/api/v1/webhook-endpoints', key, {
      url: hooks.url('/hooks'),
      events: ['connection.refresh_failed', 'connection.needs_reauth', 'connection.recovered'],
    });
    assert.equal(endpoint.status, 201, endpoint.text);
    await control({ expiresIn: 3600 });
    const { polled } = await connect(key, ws, { externalId: 'broken-ext' });
    await control({ failRefresh: true, revokeAccess: true });
    const run = await whoami(key, ws, 'broken-ext');
    assert.equal(run.status, 400, run.text);
    assert.equal(run.body.error, 'CONNECTION_ERROR');
    const conn = (await t.get(`/api/v1/connections?id=${polled.connectionId}`, key)).body.connection;
    assert.equal(conn.status, 'ERROR');
    assert.match(conn.statusMessage, /invalid_grant/);
    assert.equal(conn.health, 'needs_reauth');
    assert.equal(conn.lastError.code, 'REFRESH_REJECTED');
    assert.match(conn.lastError.message, /invalid_grant/);
    const needing = await t.get(`/api/v1/connections?health=needs_reauth`, key);
    assert.deepEqual(
      needing.body.connections.map((c: { id: string }) => c.id),
      [polled.connectionId],
    );
    assert.equal((await t.get(`/api/v1/connections?health=degraded`, key)).body.total, 0);
    // The organization hears of it: refresh_failed, then needs_reauth, each with the way to reconnect.
    await hooks.waitFor(() => hooks.requests.length >= 2 || undefined, 15_000, 'two webhooks');
    const events = hooks.requests.map((r) => r.json as { type: string; data: Record<string, any> });
    assert.deepEqual(
      events.map((e) => e.type),
      ['connection.refresh_failed', 'connection.needs_reauth'],
    );
    const data = events[1]!.data;
    assert.equal(data.connection.id, polled.connectionId);
    assert.deepEqual(data.health, { before: 'healthy', after: 'needs_reauth' });
    assert.equal(data.lastError.code, 'REFRESH_REJECTED');
    assert.equal(data.reconnect.body.externalId, 'broken-ext');
    assert.match(data.reconnect.url, /\/api\/v1\/connect\/token$/);
    assert.match(String(hooks.requests[1]!.headers['x-service-event']), /connection.needs_reauth/);
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
    assert.equal(repaired.health, 'healthy');
    assert.equal(repaired.lastError, null);
    const recovered = await hooks.waitFor(() => hooks.requests[2], 15_000, 'connection.recovered');
    assert.equal((recovered.json as { type: string }).type, 'connection.recovered');
    assert.equal((await whoami(key, ws, 'broken-ext')).body.success, true);
    assert.equal((await t.get('/api/v1/connections?externalId=broken-ext', key)).body.total, 1);
  });

  it('announces connection.expiring once per expiry, ahead by the window: a refresh token’s stated expiry', async () => {
    const { key, ws } = await setup();
    const hooks = await new Receiver().start();
    after(() => hooks.close());
    const endpoint = await t.post('/api/v1/webhook-endpoints', key, {
      url: hooks.url('/hooks'),
      events: ['connection.expiring'],
    });
    assert.equal(endpoint.status, 201, endpoint.text);
    const runExpiry = async () => {
      const id = await t.app.services.jobs.send(EXPIRY_JOB, {});
      assert.equal(await t.app.services.jobs.waitFor(EXPIRY_JOB, id!), 'completed');
    };
    /** A test event after the job: deliveries to one endpoint keep their order, so what came before it is all there is. */
    const settled = async (n: number) => {
      assert.equal((await t.post(`/api/v1/webhook-endpoints/${endpoint.body.webhookEndpoint.id}/test`, key, {})).status, 202);
      await hooks.waitFor(() => hooks.requests.length >= n + 1 || undefined, 15_000, `${n} events then the test`);
      const types = hooks.requests.map((r) => (r.json as { type: string }).type);
      assert.equal(types.pop(), 'webhook.test');
      return types.filter((x) => x === 'connection.expiring');
    };
    const get = async (id: string) => (await t.get(`/api/v1/connections?id=${id}`, key)).body.connection;

    // The provider says the refresh token lives 30 days: beyond the 72-hour window, nothing is sent.
    await control({ expiresIn: 3600, refreshTokenExpiresIn: 30 * 86_400 });
    const { polled } = await connect(key, ws, { externalId: 'expiring-ext' });
    const far = await get(polled.connectionId);
    assert.ok(Math.abs(Date.parse(far.credentialExpiresAt) - (Date.now() + 30 * 86_400_000)) < 120_000, far.credentialExpiresAt);
    await runExpiry();
    assert.deepEqual(await settled(0), []);

    // A refresh brings a refresh token that lives two days: announced once, with the way to reconnect.
    await control({ refreshTokenExpiresIn: 2 * 86_400, revokeAccess: true });
    assert.equal((await whoami(key, ws, 'expiring-ext')).body.success, true);
    const near = await get(polled.connectionId);
    assert.ok(Date.parse(near.credentialExpiresAt) < Date.now() + 3 * 86_400_000, near.credentialExpiresAt);
    await runExpiry();
    await runExpiry();
    assert.deepEqual(await settled(2), ['connection.expiring'], 'once, however often the job runs');
    const event = hooks.requests[1]!.json as { type: string; data: Record<string, any> };
    assert.equal(event.data.connection.id, polled.connectionId);
    assert.equal(event.data.expiresAt, near.credentialExpiresAt);
    assert.equal(event.data.reconnect.body.externalId, 'expiring-ext');
    assert.match(event.data.reconnect.url, /\/api\/v1\/connect\/token$/);
    assert.ok(!JSON.stringify(event).includes('access_token'), 'never credentials');

    // A refresh that keeps the refresh token (no stated expiry) keeps its expiry; an API connection whose token cannot
    // be refreshed expires with its access token, and one with a refresh token of unknown life does not expire.
    const made = async (externalId: string, extra: Record<string, unknown>) => {
      const res = await t.post('/api/v1/connections', key, {
        type: 'OAUTH2',
        integrationName: 'test-oauth',
        externalId,
        displayName: externalId,
        accessToken: 'at-1234567890',
        workspaceId: ws,
        scope: 'WORKSPACE',
        ...extra,
      });
      assert.equal(res.status, 201, res.text);
      return res.body.connection;
    };
    const unrefreshable = await made('api-no-refresh', { expiresIn: 3600 });
    assert.equal(unrefreshable.credentialExpiresAt, unrefreshable.tokenExpiresAt);
    assert.equal((await made('api-refresh', { expiresIn: 3600, refreshToken: 'rt-1234567890' })).credentialExpiresAt, null);
    await runExpiry();
    const sent = await settled(4);
    assert.deepEqual(sent, ['connection.expiring', 'connection.expiring']);
    assert.equal((hooks.requests[3]!.json as { data: { connection: { id: string } } }).data.connection.id, unrefreshable.id);
    await control({ refreshTokenExpiresIn: null });
  });
});
