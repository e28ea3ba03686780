import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, OPERATOR_TOKEN, type TestApp } from './harness.js';
import { eventually, Receiver } from './receiver.js';

/**
 * GET /metrics carries what operators need (0141): executions by integration, action, source and status with
 * latency, refusals, outbound deliveries and their queue, sandbox runs, piece workers and connection health. Each
 * is driven here through the API and read back as Prometheus text.
 */
describe('operator metrics', () => {
  let t: TestApp;
  let rx: Receiver;
  let key: string;
  let ws: string;
  const scrape = async () => {
    const res = await t.request('GET', '/metrics', { key: OPERATOR_TOKEN });
    assert.equal(res.status, 200);
    return res.text;
  };
  /** The value of one sample, by its exact name and labels as Prometheus prints them. */
  const sample = (text: string, series: string): number | null => {
    const line = text.split('\n').find((l) => l.startsWith(`${series} `));
    return line ? Number(line.slice(series.length + 1)) : null;
  };

  before(async () => {
    rx = await new Receiver().start();
    t = await startApp({
      SWITCHBOARD_EGRESS_ALLOW: '127.0.0.1',
      SWITCHBOARD_DELIVERY_RETRY_SCHEDULE: '0.05',
      SWITCHBOARD_DELIVERY_POLL_MS: '50',
      SWITCHBOARD_PLANS: JSON.stringify({ scale: { rateLimit: { requests: 2, windowSeconds: 60 } } }),
    });
    const org = await t.operator('POST', '/operator/v1/organizations', { name: 'Metrics', plan: 'scale' });
    key = org.body.plainKey;
    ws = (await t.workspace(key)).id;
  });
  after(async () => {
    await t?.close();
    await rx?.close();
  });

  it('counts executions by integration, action, source and status, with latency, and refusals by reason', async () => {
    const run = (code: string) =>
      t.post('/api/v1/actions/execute', key, {
        integrationName: 'code',
        actionName: 'run_code',
        workspaceId: ws,
        input: { code },
      });
    assert.equal((await run('return 1 + 1')).body.success, true);
    assert.equal((await run('throw new Error("no")')).body.success, false);
    const limited = await run('return 3');
    assert.equal(limited.status, 429, limited.text);
    const text = await scrape();
    const labels = 'integration="code",action="run_code",source="rest"';
    assert.equal(sample(text, `switchboard_executions_total{${labels},status="success"}`), 1);
    assert.equal(sample(text, `switchboard_executions_total{${labels},status="failed"}`), 1);
    assert.equal(sample(text, `switchboard_executions_total{${labels},status="error"}`), 1);
    assert.equal(sample(text, `switchboard_execution_duration_seconds_count{${labels}}`), 3);
    assert.equal(sample(text, 'switchboard_execution_refusals_total{reason="rate_limited"}'), 1);
    // The sandbox ran the two calls that got past the rate limit: one returned, one threw.
    assert.equal(sample(text, 'switchboard_sandbox_runs_total{outcome="ok"}'), 1);
    assert.equal(sample(text, 'switchboard_sandbox_runs_total{outcome="Error"}'), 1);
    assert.equal(sample(text, 'switchboard_sandbox_runs{state="running"}'), 0);
    assert.equal(sample(text, 'switchboard_piece_workers'), 0);
    assert.ok(!text.includes(ws) && !text.includes('return 1 + 1'), 'no ids or inputs in labels');
  });

  it('counts approval events and the requests pending', async () => {
    const policy = await t.post('/api/v1/approval-policies', key, {
      name: 'Hold hashes',
      sources: ['rest'],
      integrationNames: ['hash-encode'],
      decision: 'require_approval',
    });
    assert.equal(policy.status, 201, policy.text);
    const held = await t.post('/api/v1/actions/execute', key, {
      integrationName: 'hash-encode',
      actionName: 'hash',
      workspaceId: ws,
      input: { text: 'held' },
    });
    assert.equal(held.body.status, 'approval_required', held.text);
    const text = await scrape();
    assert.equal(sample(text, 'switchboard_approval_events_total{event="approval.requested"}'), 1);
    assert.equal(sample(text, 'switchboard_approvals_pending'), 1);
    await t.delete(`/api/v1/approval-policies/${policy.body.policy.id}`, key);
  });

  it('counts delivery attempts by outcome, the queue, and connections by health', async () => {
    rx.respond = (_req, index) => ({ status: index === 0 ? 500 : 200 });
    const orgId = (await t.get('/api/v1/organization', key)).body.organization.id;
    await t.db.orm.transaction((tx) =>
      t.app.services.delivery.enqueue(tx, { orgId, producer: 'test', url: rx.url('/hook'), body: { hello: 1 } }),
    );
    // The attempt is counted when its answer arrives; the queue (read from the database) shows it once its outcome
    // is recorded, a moment later (0075): wait for both.
    const delivered = await eventually(async () => {
      const text = await scrape();
      return (
        sample(text, 'switchboard_delivery_attempts_total{producer="test",outcome="delivered"}') === 1 &&
        sample(text, 'switchboard_delivery_queue_depth') === 0 &&
        text
      );
    });
    assert.equal(sample(delivered, 'switchboard_delivery_attempts_total{producer="test",outcome="retry"}'), 1);
    assert.equal(sample(delivered, 'switchboard_delivery_attempt_duration_seconds_count{producer="test"}'), 2);
    assert.equal(sample(delivered, 'switchboard_delivery_queue_oldest_age_seconds'), 0);

    const conn = await t.post('/api/v1/connections', key, {
      type: 'SECRET_TEXT',
      integrationName: 'sendgrid',
      externalId: 'metrics',
      displayName: 'Metrics',
      secretText: 'sg-secret-metrics',
      workspaceId: ws,
    });
    assert.equal(conn.status, 201, conn.text);
    await t.db.query("UPDATE connections SET health = 'needs_reauth' WHERE id = $1", [conn.body.connection.id]);
    const text = await scrape();
    assert.equal(sample(text, 'switchboard_connections{health="needs_reauth"}'), 1);
    assert.equal(sample(text, 'switchboard_connections{health="healthy"}'), null);
    assert.ok(!text.includes('sg-secret-metrics'));
  });
});
