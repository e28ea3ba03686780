import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ApprovalNotGrantedError, RateLimitedError, type Switchboard } from '../src/index.js';
import { slug, startWorld, type World, testIntegration } from './world.js';

/** Counts its runs, so that a test can prove an approved call ran exactly once. */
let runs = 0;
const counter = testIntegration('sdk-test-counter', 'Counter', [
  {
    name: 'count',
    displayName: 'Count',
    description: 'counts its runs',
    props: { note: { type: 'SHORT_TEXT', displayName: 'Note', required: true } },
    run: async () => ({ run: ++runs }),
  },
]);

/** `pro` lets one action through per 3-second window, so that a second call at once is rate limited. */
const PLANS = { pro: { rateLimit: { requests: 1, windowSeconds: 3 }, actionsPerMonth: null } };

describe('TypeScript SDK: actions.execute, approvals and rate limits', () => {
  let w: World;
  before(async () => {
    w = await startWorld({ SWITCHBOARD_PLANS: JSON.stringify(PLANS) });
    w.t.app.services.registry.register(counter);
  });
  after(async () => w.close());

  /** A tenant with a workspace where a policy pauses every call of the counter. */
  async function gated(): Promise<{ client: Switchboard; workspaceId: string }> {
    const { client } = await w.tenant();
    const { workspace } = await client.workspaces.create({ body: { name: 'Gated', slug: slug() } });
    await client.approvalPolicies.create({
      body: { name: 'Gate the counter', workspaceId: workspace.id, riskMode: 'always', integrationNames: ['sdk-test-counter'] },
    });
    return { client, workspaceId: workspace.id };
  }

  it('approval round trip: approval_required, approved from elsewhere, waitForApproval runs the exact retry once', async () => {
    const { client, workspaceId } = await gated();
    const before = runs;
    const body = { integrationName: 'sdk-test-counter', actionName: 'count', workspaceId, input: { note: 'pay 10' } };
    const paused = await client.actions.execute({ body });
    assert.equal(paused.status, 'approval_required');
    if (paused.status !== 'approval_required') return;
    assert.match(paused.approval.id, /^apr_/);
    assert.equal(paused.approval.status, 'pending');
    assert.ok(paused.approval.retry.idempotencyKey, 'the approval names the key of the retry');
    const sent = w.requests.filter((r) => r.path === '/api/v1/actions/execute').at(-1)!;
    assert.equal(sent.headers['idempotency-key'], paused.approval.retry.idempotencyKey, 'the generated key is the retry key');
    assert.equal(sent.headers['x-switchboard-source'], 'sdk');
    assert.equal(runs, before, 'nothing ran');

    const stored = await client.approvals.get({ id: paused.approval.id });
    assert.equal(stored.approval.source, 'sdk');
    const reviewer = (async () => {
      const pending = await client.approvals.list({ query: { workspaceId, status: 'pending' } });
      assert.deepEqual(
        pending.approvals.map((a) => a.id),
        [paused.approval.id],
      );
      await client.approvals.approve({ id: paused.approval.id, body: { reason: 'fine' } });
    })();
    const result = await paused.waitForApproval({ pollMs: 20, timeoutMs: 30_000 });
    await reviewer;
    assert.equal(result.status, 'success');
    assert.deepEqual(result.output, { run: before + 1 });
    assert.equal(runs, before + 1, 'the approved call ran once');

    // Waiting again replays the stored result: the call does not run a second time.
    const again = await paused.waitForApproval({ pollMs: 20, timeoutMs: 30_000 });
    assert.deepEqual(again.output, { run: before + 1 });
    assert.equal(runs, before + 1);
    assert.equal((await client.approvals.get({ id: paused.approval.id })).approval.status, 'consumed');
  });

  it('a rejected approval ends waitForApproval with ApprovalNotGrantedError; nothing runs', async () => {
    const { client, workspaceId } = await gated();
    const before = runs;
    const paused = await client.actions.execute({
      body: { integrationName: 'sdk-test-counter', actionName: 'count', workspaceId, input: { note: 'no' } },
    });
    assert.equal(paused.status, 'approval_required');
    if (paused.status !== 'approval_required') return;
    const waiting = paused.waitForApproval({ pollMs: 20, timeoutMs: 30_000 }).catch((e: unknown) => e);
    await client.approvals.reject({ id: paused.approval.id, body: { reason: 'too much' } });
    const err = await waiting;
    assert.ok(err instanceof ApprovalNotGrantedError);
    assert.equal(err.code, 'APPROVAL_REJECTED');
    assert.equal(err.approval.id, paused.approval.id);
    assert.equal(runs, before);

    // A wait is cancellable by its signal.
    const other = await client.actions.execute({
      body: { integrationName: 'sdk-test-counter', actionName: 'count', workspaceId, input: { note: 'later' } },
    });
    assert.equal(other.status, 'approval_required');
    if (other.status !== 'approval_required') return;
    const controller = new AbortController();
    const cancelled = other.waitForApproval({ pollMs: 10, signal: controller.signal });
    controller.abort();
    await assert.rejects(cancelled, (e: Error) => e.name === 'AbortError');
  });

  it('pages through approvals with the cursor', async () => {
    const { client, workspaceId } = await gated();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await client.actions.execute({
        body: { integrationName: 'sdk-test-counter', actionName: 'count', workspaceId, input: { note: `n${i}` } },
      });
      assert.equal(r.status, 'approval_required');
      if (r.status === 'approval_required') ids.push(r.approval.id);
    }
    const from = w.requests.length;
    const seen: string[] = [];
    for await (const a of client.approvals.iterate({ query: { workspaceId, limit: 2 } })) seen.push(a.id);
    assert.deepEqual([...seen].sort(), [...ids].sort());
    assert.equal(new Set(seen).size, seen.length, 'no approval twice');
    const pages = w.requests.slice(from).filter((r) => r.path === '/api/v1/approvals');
    assert.equal(pages.length, 3);
    assert.ok(pages.slice(1).every((p) => /[?&]cursor=/.test(p.query)));

    const activity: string[] = [];
    for await (const entry of client.activity.iterate({ query: { workspaceId, limit: 2 } })) activity.push(entry.id);
    assert.equal(activity.length, 5, 'one activity entry per paused call');
  });

  it('429 RATE_LIMITED: retried after retryAfter with the same idempotency key; RateLimitedError past the bounds', async () => {
    const { key } = await w.tenant('pro');
    const client = w.client({ apiKey: key, maxRetries: 4 });
    const { workspace } = await client.workspaces.create({ body: { name: 'Limited', slug: slug() } });
    const body = { integrationName: 'hash-encode', actionName: 'hash', workspaceId: workspace.id, input: { text: 'a' } };
    const from = w.requests.length;
    assert.equal((await client.actions.execute({ body })).status, 'success');
    const second = await client.actions.execute({ body: { ...body, input: { text: 'b' } } });
    assert.equal(second.status, 'success', 'the second call passed once the window allowed it');
    const calls = w.requests.slice(from).filter((r) => r.path === '/api/v1/actions/execute');
    // 200, then 429 once or more (retryAfter is whole seconds of a sliding window), then 200.
    const statuses = calls.map((c) => c.status);
    assert.equal(statuses[0], 200);
    assert.equal(statuses.at(-1), 200);
    assert.ok(statuses.length >= 3 && statuses.slice(1, -1).every((s) => s === 429), statuses.join(','));
    assert.ok(statuses.length - 2 <= 4, 'at most maxRetries retries');
    const keys = new Set(calls.slice(1).map((c) => c.headers['idempotency-key']));
    assert.equal(keys.size, 1, 'every retry is the same call');
    assert.notEqual(calls[0]!.headers['idempotency-key'], calls[1]!.headers['idempotency-key']);

    const noRetry = w.client({ apiKey: key, maxRetries: 0 });
    const limited = await noRetry.actions.execute({ body }).catch((e: unknown) => e);
    assert.ok(limited instanceof RateLimitedError);
    assert.equal(limited.code, 'RATE_LIMITED');
    assert.equal(limited.status, 429);
    assert.ok(typeof limited.retryAfter === 'number' && limited.retryAfter > 0);
    assert.ok(limited.requestId);

    // A retryAfter longer than maxRetryWaitMs is not waited for.
    const impatient = w.client({ apiKey: key, maxRetries: 5, maxRetryWaitMs: 0 });
    const before = w.requests.length;
    await assert.rejects(impatient.actions.execute({ body }), RateLimitedError);
    assert.equal(w.requests.length - before, 1, 'one attempt');
  });
});
