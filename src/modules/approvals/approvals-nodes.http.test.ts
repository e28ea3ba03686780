import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { startApp, type TestApp } from '../../../test/harness.js';

/** Two nodes (two app instances, their own caches and job runners) on one database. */
describe('approvals across two nodes', () => {
  let t: TestApp;
  let nodeB: FastifyInstance;
  let closeB: () => Promise<void>;
  const env = { SWITCHBOARD_EGRESS_ALLOW: '127.0.0.1', SWITCHBOARD_DELIVERY_POLL_MS: '60000' };

  before(async () => {
    t = await startApp(env);
    // No job workers on node B, so only explicit sweeps run there.
    ({ app: nodeB, close: closeB } = await t.secondNode(env));
  });
  after(async () => {
    await closeB();
    await t.close();
  });

  const onB = async (method: 'GET' | 'POST', url: string, key: string, body?: unknown) => {
    const res = await nodeB.inject({
      method,
      url,
      headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });
    return { status: res.statusCode, body: res.json() };
  };
  const hash = (ws: string, text: string) => ({
    integrationName: 'hash-encode',
    actionName: 'hash',
    workspaceId: ws,
    input: { text, algorithm: 'sha256' },
  });

  it('a policy created on one node gates executions on the other at once', async () => {
    const { key } = await t.tenant();
    const ws = (await t.workspace(key)).id;
    assert.equal(
      (await onB('POST', '/api/v1/actions/execute', key, hash(ws, 'a'))).status,
      200,
      'node B has cached "no policies"',
    );
    await t.post('/api/v1/approval-policies', key, { name: 'Gate', riskMode: 'always', integrationNames: ['hash-encode'] });
    const deadline = Date.now() + 10_000;
    let status = 0;
    while (Date.now() < deadline && status !== 202) {
      status = (await onB('POST', '/api/v1/actions/execute', key, hash(ws, 'b'))).status;
      if (status !== 202) await new Promise((r) => setTimeout(r, 50));
    }
    assert.equal(status, 202);
  });

  it('two reviewers deciding at once on two nodes: one decision wins, the other gets 409', async () => {
    const { key } = await t.tenant();
    const ws = (await t.workspace(key)).id;
    await t.post('/api/v1/approval-policies', key, { name: 'Gate', riskMode: 'always', integrationNames: ['hash-encode'] });
    for (let i = 0; i < 3; i++) {
      const id = (await t.post('/api/v1/actions/execute', key, hash(ws, `race ${i}`))).body.approval.id as string;
      const [a, b] = await Promise.all([
        t.post(`/api/v1/approvals/${id}/approve`, key, {}),
        onB('POST', `/api/v1/approvals/${id}/reject`, key, {}),
      ]);
      assert.deepEqual([a.status, b.status].sort(), [200, 409]);
      const receipts = await t.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM approval_receipts WHERE approval_id = $1',
        [id],
      );
      assert.equal(receipts[0]!.n, a.status === 200 ? 1 : 0);
    }
  });

  it('timeout sweeps on both nodes at once end each request exactly once', async () => {
    const { key } = await t.tenant();
    const ws = (await t.workspace(key)).id;
    await t.post('/api/v1/approval-policies', key, {
      name: 'Gate',
      riskMode: 'always',
      integrationNames: ['hash-encode'],
      defaultOnTimeout: 'expire',
      approvers: [{ type: 'webhook', webhookUrl: 'http://127.0.0.1:9/hook' }],
    });
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) ids.push((await t.post('/api/v1/actions/execute', key, hash(ws, `sweep ${i}`))).body.approval.id);
    await t.db.query(`UPDATE approval_requests SET expires_at = now() - interval '1 second' WHERE id = ANY($1)`, [ids]);
    const [a, b] = await Promise.all([t.app.services.approvals.expireDue(), nodeB.services.approvals.expireDue()]);
    assert.equal(a + b, 8);
    const rows = await t.db.query<{ status: string }>('SELECT status FROM approval_requests WHERE id = ANY($1)', [ids]);
    assert.ok(rows.every((r) => r.status === 'expired'));
    const deliveries = await t.db.query<{ subject_id: string; n: number }>(
      `SELECT subject_id, count(*)::int AS n FROM webhook_deliveries WHERE subject_id = ANY($1) GROUP BY subject_id`,
      [ids],
    );
    assert.equal(deliveries.length, 8);
    assert.ok(
      deliveries.every((d) => d.n === 2),
      'requested + expired, once each',
    );
  });
});
