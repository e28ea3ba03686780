import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, type TestApp } from '../../../test/harness.js';

describe('approval policies', () => {
  let t: TestApp;
  before(async () => {
    t = await startApp({ SWITCHBOARD_EGRESS_ALLOW: '127.0.0.1' });
  });
  after(async () => t.close());

  it('creates with every default, reads, lists, patches (arrays replace) and deletes', async () => {
    const { key, orgId } = await t.tenant();
    const ws = await t.workspace(key);
    const created = await t.post('/api/v1/approval-policies', key, { name: 'Payments' });
    assert.equal(created.status, 201, created.text);
    const p = created.body.policy;
    assert.deepEqual(
      { ...p, id: undefined, createdAt: undefined, updatedAt: undefined },
      {
        id: undefined,
        createdAt: undefined,
        updatedAt: undefined,
        orgId,
        workspaceId: null,
        name: 'Payments',
        description: null,
        enabled: true,
        priority: 100,
        sources: ['rest', 'sdk', 'mcp_tools', 'mcp_code'],
        mcpServerIds: [],
        workspaceIntegrationIds: [],
        integrationNames: [],
        integrationAliases: [],
        actionNames: [],
        connectionStrategies: [],
        endUserMode: 'any',
        decision: 'require_approval',
        riskMode: 'rules',
        rules: {},
        approvers: [],
        timeoutSeconds: 3600,
        defaultOnTimeout: 'reject',
        reuseWindowSeconds: null,
        approvalAccessMode: 'dashboard_and_hosted_link',
        metadata: null,
      },
    );
    const [row] = await t.db.query<{ org_id: string; sources: string[] }>(
      'SELECT org_id, sources FROM approval_policies WHERE id = $1',
      [p.id],
    );
    assert.equal(row!.org_id, orgId);

    const full = await t.post('/api/v1/approval-policies', key, {
      name: 'Everything',
      workspaceId: ws.id,
      description: 'd',
      enabled: false,
      priority: 5,
      sources: ['trigger', 'playground'],
      mcpServerIds: ['00000000-0000-4000-8000-000000000001'],
      workspaceIntegrationIds: ['00000000-0000-4000-8000-000000000002'],
      integrationNames: ['stripe'],
      integrationAliases: ['billing'],
      actionNames: ['create_charge'],
      connectionStrategies: ['per_user'],
      endUserMode: 'end_user_present',
      decision: 'block',
      riskMode: 'model_assisted',
      rules: {
        actionCategories: ['payment'],
        amountThresholds: [{ path: 'amount', limit: 100 }],
        recipientAllowlist: ['*@acme.com'],
        recipientDenylist: ['x@y.z'],
        domainAllowlist: ['acme.com'],
        domainDenylist: ['evil.com'],
        storagePathPrefixes: ['/secrets/'],
      },
      approvers: [
        { type: 'org_role', roles: ['owner', 'admin'] },
        { type: 'end_user' },
        { type: 'webhook', webhookUrl: 'https://hooks.example.com/approvals' },
      ],
      timeoutSeconds: 600,
      defaultOnTimeout: 'expire',
      reuseWindowSeconds: 0,
      approvalAccessMode: 'hosted_link_only',
      metadata: { team: 'finance' },
    });
    assert.equal(full.status, 201, full.text);
    assert.equal(full.body.policy.rules.amountThresholds[0].limit, 100);
    const id = full.body.policy.id;

    assert.deepEqual((await t.get(`/api/v1/approval-policies/${id}`, key)).body.policy, full.body.policy);
    const list = await t.get('/api/v1/approval-policies', key);
    assert.equal(list.body.total, 2);
    assert.deepEqual(
      list.body.policies.map((x: { id: string }) => x.id),
      [id, p.id],
      'ordered by priority',
    );
    const ws2 = await t.workspace(key);
    const inWs2 = await t.get(`/api/v1/approval-policies?workspaceId=${ws2.id}`, key);
    assert.deepEqual(
      inWs2.body.policies.map((x: { id: string }) => x.id),
      [p.id],
      'a workspace sees its own and organization-wide policies',
    );
    const paged = await t.get('/api/v1/approval-policies?limit=1&offset=1', key);
    assert.deepEqual(
      paged.body.policies.map((x: { id: string }) => x.id),
      [p.id],
    );

    const patched = await t.patch(`/api/v1/approval-policies/${id}`, key, {
      integrationNames: ['paypal'],
      rules: { actionCategories: ['send'] },
      description: null,
      reuseWindowSeconds: null,
    });
    assert.equal(patched.status, 200, patched.text);
    assert.deepEqual(patched.body.policy.integrationNames, ['paypal']);
    assert.deepEqual(patched.body.policy.rules, { actionCategories: ['send'] });
    assert.equal(patched.body.policy.description, null);
    assert.equal(patched.body.policy.name, 'Everything', 'untouched fields stay');
    const none = await t.patch(`/api/v1/approval-policies/${id}`, key, {});
    assert.equal(none.status, 400);
    assert.equal(none.body.error, 'NO_UPDATES');

    assert.deepEqual((await t.delete(`/api/v1/approval-policies/${id}`, key)).body, { deleted: true, id });
    assert.equal((await t.get(`/api/v1/approval-policies/${id}`, key)).status, 404);
    assert.equal((await t.delete(`/api/v1/approval-policies/${id}`, key)).status, 404);
  });

  it('enforces every bound', async () => {
    const { key, orgId } = await t.tenant();
    const ok = async (body: Record<string, unknown>) => {
      const r = await t.post('/api/v1/approval-policies', key, { name: 'n', ...body });
      assert.equal(r.status, 201, `${JSON.stringify(body)}: ${r.text}`);
    };
    const bad = async (body: Record<string, unknown>, field: RegExp) => {
      const r = await t.post('/api/v1/approval-policies', key, { name: 'n', ...body });
      assert.equal(r.status, 400, `${JSON.stringify(body).slice(0, 200)}: ${r.text}`);
      assert.equal(r.body.error, 'VALIDATION_ERROR');
      assert.match(r.body.message, field);
    };
    await ok({ name: 'x'.repeat(120), description: 'd'.repeat(1000), priority: 0, timeoutSeconds: 60, reuseWindowSeconds: 0 });
    await ok({ priority: 10000, timeoutSeconds: 2592000, reuseWindowSeconds: 604800 });
    await bad({ name: '' }, /name/);
    await bad({ name: 'x'.repeat(121) }, /name/);
    await bad({ description: 'd'.repeat(1001) }, /description/);
    await bad({ priority: -1 }, /priority/);
    await bad({ priority: 10001 }, /priority/);
    await bad({ priority: 1.5 }, /priority/);
    await bad({ timeoutSeconds: 59 }, /timeoutSeconds/);
    await bad({ timeoutSeconds: 2592001 }, /timeoutSeconds/);
    await bad({ reuseWindowSeconds: -1 }, /reuseWindowSeconds/);
    await bad({ reuseWindowSeconds: 604801 }, /reuseWindowSeconds/);
    await bad({ sources: [] }, /sources/);
    await bad({ sources: ['email'] }, /sources/);
    await bad({ connectionStrategies: ['sometimes'] }, /connectionStrategies/);
    await bad({ endUserMode: 'maybe' }, /endUserMode/);
    await bad({ decision: 'ask' }, /decision/);
    await bad({ riskMode: 'vibes' }, /riskMode/);
    await bad({ defaultOnTimeout: 'ignore' }, /defaultOnTimeout/);
    await bad({ approvalAccessMode: 'email' }, /approvalAccessMode/);
    await bad({ mcpServerIds: ['not-a-uuid'] }, /mcpServerIds/);
    await bad({ workspaceId: 'not-a-uuid' }, /workspaceId/);
    await bad({ metadata: 'x' }, /metadata/);
    await bad({ rules: { actionCategories: ['steal'] } }, /actionCategories/);
    await bad({ rules: { amountThreshold: [] } }, /rules/);
    await bad({ rules: { amountThresholds: [{ path: 'amount' }] } }, /limit/);
    await bad({ rules: { amountThresholds: [{ path: 'amount', limit: -1 }] } }, /limit/);
    await bad(
      { approvers: [{ type: 'webhook', webhookUrl: 'http://hooks.example.com/x' }] },
      /approvers\[0\]\.webhookUrl must be an https URL/,
    );
    await bad({ approvers: [{ type: 'webhook', webhookUrl: 'https://10.0.0.5/x' }] }, /public address/);
    await bad({ approvers: [{ type: 'webhook', webhookUrl: 'https://localhost/x' }] }, /public host/);
    await bad({ approvers: [{ type: 'webhook', webhookUrl: 'https://u:p@hooks.example.com/x' }] }, /credentials/);
    await bad({ approvers: [{ type: 'webhook' }] }, /approvers/);
    await bad({ approvers: [{ type: 'org_role', roles: ['king'] }] }, /approvers/);
    await bad(
      { approvers: [{ type: 'dashboard_user', userIds: ['00000000-0000-4000-8000-000000000009'] }] },
      /not members of this organization/,
    );
    await bad({ approvers: [{ type: 'pigeon' }] }, /approvers/);
    // Hosts that SWITCHBOARD_EGRESS_ALLOW opens may use http (local setups and tests).
    await ok({ approvers: [{ type: 'webhook', webhookUrl: 'http://127.0.0.1:9/hook' }] });
    const missing = await t.post('/api/v1/approval-policies', key, { priority: 1 });
    assert.equal(missing.status, 400);
    const rows = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM approval_policies WHERE org_id = $1', [orgId]);
    assert.equal(rows[0]!.n, 3, 'only the accepted policies were stored');
  });

  it('accepts dashboard_user approvers that are members', async () => {
    const email = `owner-${Date.now()}@example.com`;
    const org = await t.operator('POST', '/operator/v1/organizations', {
      name: 'With owner',
      plan: 'enterprise',
      owner: { email, name: 'O', password: 'password-123' },
    });
    const signIn = await t.post('/api/v1/auth/sign-in', null, { email, password: 'password-123' });
    const r = await t.post('/api/v1/approval-policies', org.body.plainKey, {
      name: 'n',
      approvers: [{ type: 'dashboard_user', userIds: [signIn.body.user.id] }],
    });
    assert.equal(r.status, 201, r.text);
  });

  it('isolates tenants and workspaces', async () => {
    const { key } = await t.tenant();
    const ws = await t.workspace(key);
    const ws2 = await t.workspace(key);
    const inWs = (await t.post('/api/v1/approval-policies', key, { name: 'ws', workspaceId: ws.id })).body.policy;
    const orgWide = (await t.post('/api/v1/approval-policies', key, { name: 'org' })).body.policy;
    const stranger = (await t.tenant()).key;
    for (const [m, u] of [
      ['GET', `/api/v1/approval-policies/${inWs.id}`],
      ['PATCH', `/api/v1/approval-policies/${inWs.id}`],
      ['DELETE', `/api/v1/approval-policies/${inWs.id}`],
    ] as const) {
      assert.equal((await t.request(m, u, { key: stranger, body: m === 'PATCH' ? { priority: 1 } : undefined })).status, 404);
    }
    assert.equal((await t.get('/api/v1/approval-policies', stranger)).body.total, 0);
    const scoped = await t.scopedKey(key, [ws2.id]);
    assert.equal((await t.get(`/api/v1/approval-policies/${inWs.id}`, scoped)).body.error, 'SCOPE_DENIED');
    assert.equal(
      (await t.get(`/api/v1/approval-policies/${orgWide.id}`, scoped)).status,
      200,
      'organization-wide policies govern every workspace and are readable',
    );
    assert.equal((await t.patch(`/api/v1/approval-policies/${orgWide.id}`, scoped, { priority: 1 })).body.error, 'SCOPE_DENIED');
    assert.equal((await t.delete(`/api/v1/approval-policies/${orgWide.id}`, scoped)).body.error, 'SCOPE_DENIED');
    assert.equal((await t.post('/api/v1/approval-policies', scoped, { name: 'x' })).body.error, 'SCOPE_DENIED');
    assert.equal(
      (await t.post('/api/v1/approval-policies', scoped, { name: 'x', workspaceId: ws.id })).body.error,
      'SCOPE_DENIED',
    );
    assert.equal((await t.post('/api/v1/approval-policies', scoped, { name: 'mine', workspaceId: ws2.id })).status, 201);
    const mine = await t.get('/api/v1/approval-policies', scoped);
    assert.deepEqual(mine.body.policies.map((x: { name: string }) => x.name).sort(), ['mine', 'org']);
    const moved = await t.patch(`/api/v1/approval-policies/${inWs.id}`, key, { workspaceId: null });
    assert.equal(moved.body.policy.workspaceId, null);
    assert.equal(
      (await t.post('/api/v1/approval-policies', key, { name: 'x', workspaceId: '00000000-0000-4000-8000-000000000000' })).status,
      404,
    );
  });
});
