import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import type { TestApp } from '../../../test/harness.js';
import { eventually, type Receiver } from '../../../test/receiver.js';
import { EXPIRE_APPROVALS_JOB } from './approvals.jobs.js';
import { approvalsWorld } from './approvals.fixtures.js';

/**
 * The Human Gates cycle over HTTP on a real database: policies pause real executions (the http built-in calling a
 * local vendor stand-in, so runs are counted), reviewers decide, the exact retry runs once.
 */
describe('approvals: the REST cycle', () => {
  let t: TestApp;
  let vendor: Receiver;
  let hooks: Receiver;
  const world = approvalsWorld();
  const { setup, pay, execute, uniquePath } = world;

  before(async () => {
    await world.start();
    ({ t, vendor, hooks } = world);
  });
  after(async () => world.close());

  it('pauses with 202, approves, runs the exact retry once, then needs a new approval', async () => {
    const { key, ws } = await setup();
    const path = uniquePath();
    const first = await execute(key, ws, pay(path, 250));
    assert.equal(first.status, 202, first.text);
    assert.equal(first.body.success, false);
    assert.equal(first.body.status, 'approval_required');
    const a = first.body.approval;
    assert.match(a.id, /^apr_/);
    assert.equal(a.status, 'pending');
    assert.equal(a.approvalUrl, `http://switchboard.test/approvals/${a.id}`);
    assert.match(a.hostedApprovalUrl, new RegExp(`^http://switchboard.test/approve/${a.id}\\?token=apl_`));
    assert.ok(Date.parse(a.expiresAt) > Date.now() + 3500_000);
    assert.match(a.retry.idempotencyKey, /^idem_/, 'a key is generated when the caller gave none');
    assert.equal(vendor.to(path).length, 0, 'nothing ran');

    const got = await t.get(`/api/v1/approvals/${a.id}`, key);
    assert.equal(got.status, 200);
    const stored = got.body.approval;
    assert.equal(stored.status, 'pending');
    assert.equal(stored.source, 'rest');
    assert.equal(stored.integrationName, 'http');
    assert.equal(stored.integrationAlias, 'http');
    assert.equal(stored.actionName, 'send_request');
    assert.equal(stored.policyName, 'Gate payments');
    assert.equal(stored.hostedApprovalUrl, null, 'the bearer link is shown only once');
    assert.equal(stored.inputPreview.headers.Authorization, '[REDACTED]');
    assert.ok(stored.redactedPaths.includes('headers.Authorization'));
    assert.ok(!JSON.stringify(got.body).includes('vendor-secret-token-123'));
    assert.ok(stored.riskReasons[0].includes('riskMode always'));
    assert.deepEqual(got.body.webhookDeliveries, []);
    const [row] = await t.db.query<{ link_token_hash: string; input_hash: string }>(
      'SELECT link_token_hash, input_hash FROM approval_requests WHERE id = $1',
      [a.id],
    );
    assert.match(row!.link_token_hash, /^[0-9a-f]{64}$/, 'the link token is stored as a hash');
    assert.ok(!a.hostedApprovalUrl.includes(row!.link_token_hash));

    const approved = await t.post(`/api/v1/approvals/${a.id}/approve`, key, {
      reason: 'looks fine',
      metadata: { ticket: 'OPS-1' },
    });
    assert.equal(approved.status, 200, approved.text);
    assert.equal(approved.body.approval.status, 'approved');
    assert.equal(approved.body.approval.decisionReason, 'looks fine');
    assert.deepEqual(approved.body.approval.decisionMetadata, { ticket: 'OPS-1' });
    assert.equal(approved.body.approval.decidedBy.type, 'api_key');
    assert.equal(approved.body.receipt.status, 'valid');
    assert.equal(approved.body.receipt.idempotencyKey, a.retry.idempotencyKey);
    assert.equal(approved.body.receipt.inputHash, row!.input_hash);

    // The same key with other input is another request: it needs its own approval.
    const other = await execute(key, ws, pay(path, 9999), { idem: a.retry.idempotencyKey });
    assert.equal(other.status, 202);
    assert.notEqual(other.body.approval.id, a.id);
    assert.equal(vendor.to(path).length, 0);

    const retry = await execute(key, ws, pay(path, 250), { idem: a.retry.idempotencyKey });
    assert.equal(retry.status, 200, retry.text);
    assert.equal(retry.body.success, true);
    assert.equal(vendor.to(path).length, 1, 'ran once');
    assert.equal(vendor.to(path)[0]!.json.amount, 250);
    const consumed = (await t.get(`/api/v1/approvals/${a.id}`, key)).body.approval;
    assert.equal(consumed.status, 'consumed');
    assert.equal(consumed.runStatus, 'success');
    assert.ok(consumed.consumedAt);
    const [receipt] = await t.db.query<{ status: string }>('SELECT status FROM approval_receipts WHERE approval_id = $1', [a.id]);
    assert.equal(receipt!.status, 'consumed');

    // The same retry again is answered from the stored result (no second run); a new call asks again.
    const again = await execute(key, ws, pay(path, 250), { idem: a.retry.idempotencyKey });
    assert.equal(again.status, 200);
    assert.equal(vendor.to(path).length, 1);
    const fresh = await execute(key, ws, pay(path, 250));
    assert.equal(fresh.status, 202);
    assert.notEqual(fresh.body.approval.id, a.id);
    const fresh2 = await execute(key, ws, pay(path, 250), { idem: 'caller-key-1' });
    assert.equal(fresh2.body.approval.retry.idempotencyKey, 'caller-key-1', "the caller's key is kept");
    // Deciding twice: 409.
    const twice = await t.post(`/api/v1/approvals/${a.id}/approve`, key, {});
    assert.equal(twice.status, 409);
    assert.equal(twice.body.error, 'APPROVAL_NOT_PENDING');
  });

  it('a retry before the decision returns the same pending request', async () => {
    const { key, ws } = await setup();
    const input = pay(uniquePath());
    const first = await execute(key, ws, input, { idem: 'same-key' });
    const second = await execute(key, ws, input, { idem: 'same-key' });
    assert.equal(second.status, 202);
    assert.equal(second.body.approval.id, first.body.approval.id);
    assert.equal(second.body.approval.hostedApprovalUrl, null);
    const list = await t.get(`/api/v1/approvals?workspaceId=${ws}`, key);
    assert.equal(list.body.total, 1);
  });

  it('concurrent retries of an approved request run the action once', async () => {
    const { key, ws } = await setup();
    const path = uniquePath();
    const first = await execute(key, ws, pay(path, 42), { idem: 'concurrent-1' });
    await t.post(`/api/v1/approvals/${first.body.approval.id}/approve`, key, {});
    const results = await Promise.all(Array.from({ length: 6 }, () => execute(key, ws, pay(path, 42), { idem: 'concurrent-1' })));
    for (const r of results) assert.equal(r.status, 200, r.text);
    assert.equal(vendor.to(path).length, 1);
    assert.equal((await t.get(`/api/v1/approvals/${first.body.approval.id}`, key)).body.approval.status, 'consumed');
  });

  it('a retry whose gate check is overtaken by another retry that runs and consumes the approval is replayed, not paused again', async () => {
    const { key, ws } = await setup();
    const path = uniquePath();
    const idem = 'overtaken-1';
    const first = await execute(key, ws, pay(path, 42), { idem });
    await t.post(`/api/v1/approvals/${first.body.approval.id}/approve`, key, {});

    // Retry B is held inside its gate check until retry A has either run to the end (consuming the approval) or
    // is seen waiting for B's claim on the key. Either order must end with one run and two identical answers.
    const services = t.app.services;
    const gate = services.approvalGate;
    const idempotency = services.idempotency;
    const check = gate.check.bind(gate);
    const claim = idempotency.claim.bind(idempotency);
    let releaseB!: () => void;
    const bReleased = new Promise<void>((r) => (releaseB = r));
    let bHeld!: () => void;
    const bInGate = new Promise<void>((r) => (bHeld = r));
    let held = false;
    gate.check = async (ctx) => {
      if (!held && ctx.idempotencyKey === idem) {
        held = true;
        bHeld();
        await bReleased;
      }
      return check(ctx);
    };
    idempotency.claim = async (orgId, k, hash, waitMs) => {
      if (k === idem && held) {
        const rows = await t.db.query('SELECT 1 FROM idempotency_records WHERE org_id = $1 AND key = $2', [orgId, k]);
        if (rows.length) releaseB(); // A would wait for B's claim: let B go on.
      }
      return claim(orgId, k, hash, waitMs);
    };
    try {
      const b = execute(key, ws, pay(path, 42), { idem });
      await bInGate;
      const a = await execute(key, ws, pay(path, 42), { idem }).finally(() => releaseB());
      const bDone = await b;
      assert.equal(a.status, 200, a.text);
      assert.equal(bDone.status, 200, bDone.text);
      assert.deepEqual(bDone.body.output, a.body.output);
    } finally {
      gate.check = check;
      idempotency.claim = claim;
    }
    assert.equal(vendor.to(path).length, 1);
    const list = (await t.get(`/api/v1/approvals?workspaceId=${ws}`, key)).body.approvals;
    assert.equal(list.length, 1, 'no second approval request');
    assert.equal(list[0].status, 'consumed');
  });

  it('reject and cancel: the call never runs; a retry after a rejection creates a new request', async () => {
    const { key, ws } = await setup();
    const path = uniquePath();
    const first = await execute(key, ws, pay(path), { idem: 'rej-1' });
    const rejected = await t.post(`/api/v1/approvals/${first.body.approval.id}/reject`, key, { reason: 'no' });
    assert.equal(rejected.status, 200);
    assert.equal(rejected.body.approval.status, 'rejected');
    assert.equal(rejected.body.receipt, null);
    assert.equal((await t.post(`/api/v1/approvals/${first.body.approval.id}/approve`, key, {})).status, 409);
    const retry = await execute(key, ws, pay(path), { idem: 'rej-1' });
    assert.equal(retry.status, 202);
    assert.notEqual(retry.body.approval.id, first.body.approval.id);
    const canceled = await t.post(`/api/v1/approvals/${retry.body.approval.id}/cancel`, key);
    assert.equal(canceled.status, 200, canceled.text);
    assert.equal(canceled.body.approval.status, 'canceled');
    assert.equal((await t.post(`/api/v1/approvals/${retry.body.approval.id}/reject`, key, {})).status, 409);
    assert.equal(vendor.to(path).length, 0);
  });

  it('block refuses with 403; notify_only and auto_approve run and record the request', async () => {
    const { key, ws, policy } = await setup({ decision: 'block' });
    const blocked = await execute(key, ws, pay(uniquePath()));
    assert.equal(blocked.status, 403);
    assert.equal(blocked.body.error, 'APPROVAL_POLICY_BLOCKED');
    assert.match(blocked.body.message, /Gate payments/);

    await t.patch(`/api/v1/approval-policies/${policy.id}`, key, {
      decision: 'notify_only',
      approvers: [{ type: 'webhook', webhookUrl: hooks.url('/notify') }],
    });
    const path = uniquePath();
    const notified = await execute(key, ws, pay(path));
    assert.equal(notified.status, 200, notified.text);
    assert.equal(vendor.to(path).length, 1);
    const list = (await t.get(`/api/v1/approvals?workspaceId=${ws}`, key)).body.approvals;
    assert.equal(list.length, 1);
    assert.equal(list[0].status, 'consumed');
    assert.equal(list[0].decision, 'notify_only');
    assert.equal(list[0].decidedBy.type, 'policy');
    const hook = await hooks.waitFor(() => hooks.to('/notify')[0]);
    assert.equal(hook.json.event, 'approval.approved');
    assert.equal(hook.json.approval.id, list[0].id);

    await t.patch(`/api/v1/approval-policies/${policy.id}`, key, { decision: 'auto_approve', approvers: [] });
    const path2 = uniquePath();
    const auto = await execute(key, ws, pay(path2));
    assert.equal(auto.status, 200);
    assert.equal(vendor.to(path2).length, 1);
    const latest = (await t.get(`/api/v1/approvals?workspaceId=${ws}&limit=1`, key)).body.approvals[0];
    assert.equal(latest.decision, 'auto_approve');
    assert.equal(latest.status, 'consumed');
  });

  it('times out through the job: expire → expired, reject → rejected with reason timeout, each announced', async () => {
    const expire = await setup({
      defaultOnTimeout: 'expire',
      timeoutSeconds: 60,
      approvers: [{ type: 'webhook', webhookUrl: hooks.url('/timeouts') }],
    });
    const reject = await setup({ timeoutSeconds: 60, approvers: [{ type: 'webhook', webhookUrl: hooks.url('/timeouts') }] });
    assert.equal(reject.policy.defaultOnTimeout, 'reject');
    const a = (await execute(expire.key, expire.ws, pay(uniquePath()))).body.approval;
    const b = (await execute(reject.key, reject.ws, pay(uniquePath()))).body.approval;
    await t.db.query(`UPDATE approval_requests SET expires_at = now() - interval '1 second' WHERE id IN ($1, $2)`, [a.id, b.id]);
    const job = await t.app.services.jobs.send(EXPIRE_APPROVALS_JOB, {});
    assert.equal(await t.app.services.jobs.waitFor(EXPIRE_APPROVALS_JOB, job!), 'completed');
    const ea = (await t.get(`/api/v1/approvals/${a.id}`, expire.key)).body.approval;
    const eb = (await t.get(`/api/v1/approvals/${b.id}`, reject.key)).body.approval;
    assert.equal(ea.status, 'expired');
    assert.equal(eb.status, 'rejected');
    assert.equal(eb.decisionReason, 'timeout');
    assert.equal(eb.decidedBy.type, 'timeout');
    assert.equal((await t.post(`/api/v1/approvals/${a.id}/approve`, expire.key, {})).status, 409);
    const events = await hooks.waitFor(() => {
      const got = hooks.to('/timeouts').map((r) => `${r.json.event}:${r.json.approval.id}`);
      return got.includes(`approval.expired:${a.id}`) && got.includes(`approval.rejected:${b.id}`) ? got : null;
    });
    assert.ok(events.includes(`approval.requested:${a.id}`));
    // A request past its time that no job has ended yet cannot be approved either: deciding ends it first.
    const c = (await execute(expire.key, expire.ws, pay(uniquePath()))).body.approval;
    await t.db.query(`UPDATE approval_requests SET expires_at = now() - interval '1 second' WHERE id = $1`, [c.id]);
    const late = await t.post(`/api/v1/approvals/${c.id}/approve`, expire.key, {});
    assert.equal(late.status, 409);
    assert.equal(late.body.status, 'expired');
  });

  it('webhook approvers get the five events, signed, retried after failures, with only the redacted preview', async () => {
    const { key, ws } = await setup({ approvers: [{ type: 'webhook', webhookUrl: hooks.url('/lifecycle') }] });
    const rotated = await t.post('/api/v1/webhook-signing-secret/rotate', key);
    assert.equal(rotated.status, 200, rotated.text);
    const secret = rotated.body.secret as string;
    let failures = 1;
    hooks.respond = (r) =>
      r.path === '/lifecycle' && r.json?.event === 'approval.requested' && failures-- > 0 ? { status: 500 } : { status: 200 };

    const ids: Record<string, string> = {};
    for (const action of ['approve', 'reject', 'cancel'] as const) {
      const a = (await execute(key, ws, pay(uniquePath(), 77, { card: { cvv: '123' } }))).body.approval;
      ids[action] = a.id;
      await t.post(`/api/v1/approvals/${a.id}/${action}`, key, { reason: `${action} it` });
    }
    const expiring = (await execute(key, ws, pay(uniquePath()))).body.approval;
    await t.db.query(
      `UPDATE approval_requests SET expires_at = now() - interval '1 second', policy_snapshot = policy_snapshot || '{"defaultOnTimeout":"expire"}'::jsonb WHERE id = $1`,
      [expiring.id],
    );
    await t.app.services.approvals.expireDue();

    const want = [
      `approval.requested:${ids.approve}`,
      `approval.approved:${ids.approve}`,
      `approval.rejected:${ids.reject}`,
      `approval.canceled:${ids.cancel}`,
      `approval.expired:${expiring.id}`,
    ];
    const delivered = await hooks.waitFor(() => {
      const ok = hooks.to('/lifecycle');
      const names = ok.map((r) => `${r.json.event}:${r.json.approval.id}`);
      return want.every((w) => names.includes(w)) ? ok : null;
    });
    for (const r of delivered) {
      assert.equal(r.headers['x-service-event'], r.json.event);
      assert.equal(r.headers['x-service-approval'], r.json.approval.id);
      assert.match(r.headers['x-service-delivery']!, /^[0-9a-f-]{36}$/);
      const ts = r.headers['x-service-timestamp']!;
      assert.match(ts, /^\d+$/);
      const v1 = /^t=(\d+),v1=([0-9a-f]{64})/.exec(r.headers['x-service-signature']!);
      assert.ok(v1, r.headers['x-service-signature']);
      assert.equal(v1[1], ts);
      assert.equal(
        v1[2],
        createHmac('sha256', secret).update(`${ts}.${r.body}`).digest('hex'),
        'signature recomputed over "<ts>.<raw body>"',
      );
      assert.ok(!r.body.includes('vendor-secret-token-123') && !r.body.includes('"123"'), 'no secrets in webhook bodies');
      assert.equal(r.json.approval.api.approveUrl, `http://switchboard.test/api/v1/approvals/${r.json.approval.id}/approve`);
      assert.ok(r.json.createdAt);
    }
    const requested = delivered.filter((r) => r.json.event === 'approval.requested' && r.json.approval.id === ids.approve);
    assert.equal(requested.length, 2, 'the first attempt failed and was retried');
    assert.deepEqual(
      requested.map((r) => r.headers['x-service-attempt']),
      ['1', '2'],
    );
    assert.equal(requested[0]!.headers['x-service-delivery'], requested[1]!.headers['x-service-delivery']);
    assert.equal(requested[1]!.json.receipt, null);
    assert.equal(requested[1]!.json.approval.hostedApprovalUrl, null, 'the bearer link is never put in a stored webhook body');
    assert.equal(requested[1]!.json.approval.approvalUrl, `http://switchboard.test/approvals/${ids.approve}`);
    const approvedHook = delivered.find((r) => r.json.event === 'approval.approved')!;
    assert.equal(approvedHook.json.receipt.status, 'valid');
    assert.equal(approvedHook.json.approval.status, 'approved');

    // The receiver has the request a moment before the sender records its answer.
    const deliveries = await eventually(async () => {
      const got = await t.get(`/api/v1/approvals/${ids.approve}`, key);
      const list = got.body.webhookDeliveries as Array<{ status: string; attempts: number; history: unknown[]; url: string }>;
      return list.every((d) => d.status !== 'sending') ? list : null;
    });
    assert.equal(deliveries.length, 2);
    assert.equal(deliveries[0]!.url, hooks.url('/lifecycle'));
    assert.equal(deliveries[0]!.status, 'delivered');
    assert.equal(deliveries[0]!.attempts, 2);
    assert.equal(deliveries[0]!.history.length, 2);
    hooks.respond = () => ({ status: 200 });
  });

  // Last: it searches what the tests above in this file stored, logged and sent.
  it('nothing secret reaches previews, webhooks, logs or stored rows', async () => {
    const dump = await t.dumpDatabase();
    assert.ok(dump.includes('approval_requests'));
    for (const secret of ['vendor-secret-token-123', '"cvv":"123"']) {
      assert.ok(!dump.includes(secret), `${secret} stored in clear`);
      assert.ok(!t.logs.join('').includes(secret), `${secret} logged`);
      assert.ok(!hooks.requests.some((r) => r.body.includes(secret)), `${secret} sent to a webhook`);
    }
    assert.ok(!/apl_[\w-]{20,}/.test(dump), 'hosted link tokens are stored only hashed');
    assert.ok(!/apl_[\w-]{20,}/.test(t.logs.join('')), 'hosted link tokens are not logged');
  });
});
