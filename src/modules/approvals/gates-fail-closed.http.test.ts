import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, type TestApp } from '../../../test/harness.js';

/**
 * Human Gates never let a call run that a policy meant to hold (docs/decisions/0090): a policy created with
 * defaults gates what its filters name, a stored policy that cannot be read holds the call, and a gate that cannot
 * evaluate at all refuses it. Each run is a real kv-store put, so "did not run" is checked in the table it writes.
 */
describe('Human Gates fail closed', () => {
  let t: TestApp;

  before(async () => {
    t = await startApp();
  });
  after(async () => t.close());

  async function tenant() {
    const { key, orgId } = await t.tenant();
    const ws = (await t.workspace(key)).id;
    return { key, orgId, ws };
  }
  const put = (key: string, ws: string, k: string) =>
    t.post('/api/v1/actions/execute', key, {
      integrationName: 'kv-store',
      actionName: 'put',
      workspaceId: ws,
      endUserId: 'alice',
      input: { key: k, value: { written: true } },
    });
  const written = async (orgId: string, k: string) =>
    (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM kv_entries WHERE org_id = $1 AND key = $2', [orgId, k]))[0]!
      .n;
  const requestOf = async (key: string, id: string) => (await t.get(`/api/v1/approvals/${id}`, key)).body.approval;

  it('a policy created with defaults (riskMode rules, no rules) gates every call its filters match', async () => {
    const { key, orgId, ws } = await tenant();
    const created = await t.post('/api/v1/approval-policies', key, {
      name: 'Require approval for kv-store.put',
      integrationNames: ['kv-store'],
      actionNames: ['put'],
    });
    assert.equal(created.status, 201, created.text);
    assert.equal(created.body.policy.riskMode, 'rules');
    assert.deepEqual(created.body.policy.rules, {});

    const res = await put(key, ws, 'k1');
    assert.equal(res.status, 202, res.text);
    assert.equal(res.body.status, 'approval_required');
    assert.equal(await written(orgId, 'k1'), 0, 'the put did not run');
    const request = await requestOf(key, res.body.approval.id);
    assert.equal(request.status, 'pending');
    assert.match(request.riskReasons[0], /no rules are configured: every call matching the filters of "Require approval/);

    // What the policy does not name still runs.
    const get = await t.post('/api/v1/actions/execute', key, {
      integrationName: 'kv-store',
      actionName: 'get',
      workspaceId: ws,
      endUserId: 'alice',
      input: { key: 'k1' },
    });
    assert.equal(get.status, 200, get.text);

    // The dry run answers the same, with the reason.
    const dry = await t.post('/api/v1/approval-policies/test', key, {
      policy: { integrationNames: ['kv-store'], actionNames: ['put'] },
      context: { integrationName: 'kv-store', actionName: 'put', workspaceId: ws },
    });
    assert.equal(dry.status, 200, dry.text);
    assert.equal(dry.body.decision, 'require_approval');
    assert.equal(dry.body.matched, true);
    assert.match(dry.body.reasons.join(' | '), /no rules are configured: every call matching the filters/);
    // Empty rule lists are no rules either.
    const empty = await t.post('/api/v1/approval-policies/test', key, {
      policy: { rules: { actionCategories: [], recipientAllowlist: [] } },
      context: { integrationName: 'kv-store', actionName: 'put' },
    });
    assert.equal(empty.body.matched, true, empty.text);
  });

  it('model_assisted without a model and without rules falls back to "no rules: covered", not to running', async () => {
    const { key, orgId, ws } = await tenant();
    await t.post('/api/v1/approval-policies', key, {
      name: 'Ask the model',
      riskMode: 'model_assisted',
      integrationNames: ['kv-store'],
    });
    const res = await put(key, ws, 'k2');
    assert.equal(res.status, 202, res.text);
    assert.equal(await written(orgId, 'k2'), 0);
    const reasons = (await requestOf(key, res.body.approval.id)).riskReasons.join(' | ');
    assert.match(reasons, /no model provider is configured/);
    assert.match(reasons, /no rules are configured/);
  });

  /** A stored policy edited behind the API's back into something the gate cannot read. */
  async function corrupt(set: string, decision = 'require_approval') {
    const { key, orgId, ws } = await tenant();
    const p = await t.post('/api/v1/approval-policies', key, {
      name: 'Unreadable',
      decision,
      integrationNames: ['kv-store'],
      rules: { actionCategories: ['payment'] },
    });
    assert.equal(p.status, 201, p.text);
    await t.db.query(`UPDATE approval_policies SET ${set} WHERE id = $1`, [p.body.policy.id]);
    return { key, orgId, ws };
  }

  it('a stored policy that cannot be read holds the call for approval, and says why', async () => {
    const cases = [
      `rules = '{"amountThresholds": "lots"}'::jsonb`,
      `rules = '"payment"'::jsonb`,
      `rules = '{"actionCategorys": ["payment"]}'::jsonb`,
      `risk_mode = 'vibes'`,
      `decision = 'maybe'`,
      `approvers = '{"type": "org_role"}'::jsonb`,
      `approval_access_mode = 'open'`,
    ];
    for (const set of cases) {
      const { key, orgId, ws } = await corrupt(set);
      const res = await put(key, ws, 'k3');
      assert.equal(res.status, 202, `${set}: ${res.text}`);
      assert.equal(res.body.status, 'approval_required', set);
      assert.equal(await written(orgId, 'k3'), 0, `${set}: the put did not run`);
      const request = await requestOf(key, res.body.approval.id);
      assert.equal(request.decision, 'require_approval', set);
      assert.match(request.riskReasons.join(' | '), /cannot be evaluated/, set);
      // Held requests are reviewable by owners and admins (their approvers could not be read either, at worst).
      assert.equal((await t.post(`/api/v1/approvals/${request.id}/approve`, key, {})).status, 200, set);
    }
  });

  it('an unreadable blocking policy refuses the call (403), it does not run it', async () => {
    const { key, orgId, ws } = await corrupt(`rules = '[1, 2]'::jsonb`, 'block');
    const res = await put(key, ws, 'k4');
    assert.equal(res.status, 403, res.text);
    assert.equal(res.body.error, 'APPROVAL_POLICY_BLOCKED');
    assert.match(res.body.message, /cannot be evaluated/);
    assert.equal(await written(orgId, 'k4'), 0);
  });

  it('a gate that cannot read the policies at all refuses the call with 503, never a 500, and runs nothing', async () => {
    const { key, orgId, ws } = await tenant();
    await t.post('/api/v1/approval-policies', key, { name: 'Gate', integrationNames: ['kv-store'] });
    // A half-applied schema change: every read of the policies fails.
    await t.db.query('ALTER TABLE approval_policies RENAME COLUMN risk_mode TO risk_mode_moved');
    try {
      const res = await put(key, ws, 'k5');
      assert.equal(res.status, 503, res.text);
      assert.equal(res.body.error, 'SERVICE_UNAVAILABLE');
      assert.match(res.body.message, /could not check this call against the approval policies; it was not run/);
      assert.ok(!/risk_mode/.test(res.text), 'no internals in the answer');
    } finally {
      await t.db.query('ALTER TABLE approval_policies RENAME COLUMN risk_mode_moved TO risk_mode');
    }
    assert.equal(await written(orgId, 'k5'), 0);
  });
});
