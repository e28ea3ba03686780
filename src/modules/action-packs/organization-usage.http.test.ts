import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, type TestApp } from '../../../test/harness.js';

/** GET /api/v1/organization/usage: the organization's own usage page (the dashboard's overview). */
describe('organization usage', () => {
  let t: TestApp;
  let key: string;
  let orgId: string;
  before(async () => {
    t = await startApp();
    const org = await t.operator('POST', '/operator/v1/organizations', { name: 'Usage Org', plan: 'free' });
    key = org.body.plainKey;
    orgId = org.body.organization.id;
  });
  after(() => t?.close());

  it('counts actions against the quota and objects against the plan, as the quota checks count them', async () => {
    const ws = await t.workspace(key);
    await t.post('/api/v1/api-keys', key, { name: 'second' });
    await t.post('/api/v1/members/invite', key, { email: `usage-${Date.now()}@example.com` });
    const run = await t.post('/api/v1/actions/execute', key, {
      integrationName: 'hash-encode',
      actionName: 'hash',
      workspaceId: ws.id,
      input: { text: 'usage' },
    });
    assert.equal(run.status, 200, run.text);
    const r = await t.get('/api/v1/organization/usage', key);
    assert.equal(r.status, 200, r.text);
    const u = r.body.usage;
    assert.equal(u.plan, 'free');
    assert.match(u.month, /^\d{4}-\d{2}$/);
    assert.deepEqual(
      { used: u.actions.used, planLimit: u.actions.planLimit, limit: u.actions.limit, remaining: u.actions.remaining },
      { used: 1, planLimit: 1000, limit: 1000, remaining: 999 },
    );
    assert.deepEqual(u.rateLimit, { requests: 60, windowSeconds: 60 });
    assert.deepEqual(u.objects, {
      workspaces: { count: 1, limit: 2 },
      connections: { count: 0, limit: 20 },
      apiKeys: { count: 2, limit: 3 },
      members: { count: 1, limit: 3 }, // the pending invitation counts, as it does toward the limit
      mcpServers: { count: 0, limit: 2 },
    });
    // The operator's view of the same month agrees.
    const op = await t.operator('GET', `/operator/v1/organizations/${orgId}/usage`);
    assert.deepEqual(op.body.usage.actions, u.actions);
  });

  it('is any key of the organization’s, scoped keys included, and never another organization’s', async () => {
    const ws = await t.workspace(key);
    const scoped = await t.post('/api/v1/api-keys', key, {
      name: 'scoped',
      permissions: { scope: 'workspace', workspaceIds: [ws.id] },
    });
    assert.equal(scoped.status, 201, scoped.text);
    const mine = await t.get('/api/v1/organization/usage', scoped.body.plainKey);
    assert.equal(mine.status, 200, mine.text);
    const other = await t.operator('POST', '/operator/v1/organizations', { name: 'Other', plan: 'enterprise' });
    const theirs = await t.get('/api/v1/organization/usage', other.body.plainKey);
    assert.equal(theirs.status, 200);
    assert.equal(theirs.body.usage.plan, 'enterprise');
    assert.equal(theirs.body.usage.objects.workspaces.count, 0);
    assert.equal(theirs.body.usage.actions.limit, null);
    assert.equal(theirs.body.usage.rateLimit, null);
    // Nothing counts admissions on an unlimited plan: what ran this month comes from the activity log.
    assert.equal(theirs.body.usage.actions.used, 0);
    const theirWs = await t.workspace(other.body.plainKey);
    for (const text of ['a', 'b'])
      await t.post('/api/v1/actions/execute', other.body.plainKey, {
        integrationName: 'hash-encode',
        actionName: 'hash',
        workspaceId: theirWs.id,
        input: { text },
      });
    const after = await t.get('/api/v1/organization/usage', other.body.plainKey);
    assert.deepEqual(after.body.usage.actions, { used: 2, planLimit: null, actionPacks: 0, limit: null, remaining: null });
    assert.equal((await t.get('/api/v1/organization/usage', null)).status, 401);
  });
});
