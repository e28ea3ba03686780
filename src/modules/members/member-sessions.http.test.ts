import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, type TestApp } from '../../../test/harness.js';

/**
 * A signed-in person calling API-key routes with their session and X-Switchboard-Organization (0132). Every route's
 * refusals are proven by test/route-checks.test.ts; this file covers what a role means and when it changes.
 */
describe('member sessions on the API', () => {
  let t: TestApp;
  let key: string;
  let orgId: string;
  let ws: string;
  let otherWs: string;
  const owner = { email: `ms-owner-${Date.now()}@example.com`, password: 'owner-password-1', name: 'Olive Owner' };
  const person = { email: `ms-member-${Date.now()}@example.com`, password: 'member-password-1', name: 'Mel Member' };
  let ownerToken: string;
  let memberToken: string;
  let memberId: string;
  const as = (token: string, body?: unknown, org = orgId) => ({
    key: token,
    headers: { 'x-switchboard-organization': org },
    ...(body !== undefined ? { body } : {}),
  });

  before(async () => {
    t = await startApp();
    const org = await t.operator('POST', '/operator/v1/organizations', { name: 'Sessions', plan: 'enterprise', owner });
    key = org.body.plainKey;
    orgId = org.body.organization.id;
    ws = (await t.workspace(key)).id;
    otherWs = (await t.workspace(key)).id;
    ownerToken = (await t.post('/api/v1/auth/sign-in', null, owner)).body.token;
    memberToken = (await t.post('/api/v1/auth/sign-up', null, person)).body.token;
    await t.verifyEmail(person.email);
    const inv = await t.post('/api/v1/members/invite', key, { email: person.email, role: 'member' });
    memberId = (await t.request('POST', `/api/v1/members/invitations/${inv.body.invitation.id}/accept`, { key: memberToken }))
      .body.member.id;
    await t.post('/api/v1/workspace-members', key, { workspaceId: ws, memberId });
  });
  after(() => t?.close());

  it('lets a member work in their workspaces only, and an owner everywhere', async () => {
    const mine = await t.request('GET', '/api/v1/workspaces', as(memberToken));
    assert.deepEqual(
      mine.body.workspaces.map((w: { id: string }) => w.id),
      [ws],
    );
    assert.equal((await t.request('GET', `/api/v1/workspaces/${otherWs}`, as(memberToken))).body.error, 'SCOPE_DENIED');
    const refused = await t.request('POST', '/api/v1/api-keys', as(memberToken, { name: 'nope' }));
    assert.equal(refused.status, 403);
    assert.match(refused.body.message, /owner or admin role/);
    const all = await t.request('GET', '/api/v1/workspaces', as(ownerToken));
    assert.equal(all.body.total, 2);
    const created = await t.request('POST', '/api/v1/api-keys', as(ownerToken, { name: 'made by the owner' }));
    assert.equal(created.status, 201, created.text);
  });

  it('runs actions as the member: the activity row names no API key, and says the source', async () => {
    const run = await t.request('POST', '/api/v1/actions/execute', {
      ...as(memberToken, { integrationName: 'hash-encode', actionName: 'hash', workspaceId: ws, input: { text: 'hi' } }),
      headers: { 'x-switchboard-organization': orgId, 'x-switchboard-source': 'playground' },
    });
    assert.equal(run.status, 200, run.text);
    // Listing writes what the node still buffers; the stored row is then read as it is.
    assert.equal((await t.request('GET', '/api/v1/activity', as(memberToken))).body.activity.length, 1);
    const rows = await t.db.query<{ api_key_id: string | null; source: string }>(
      "SELECT api_key_id, source FROM activity WHERE org_id = $1 AND integration_name = 'hash-encode'",
      [orgId],
    );
    assert.deepEqual(rows, [{ api_key_id: null, source: 'playground' }]);
  });

  it('applies a role change and a removal on the very next request', async () => {
    const promoted = await t.patch(`/api/v1/members/${memberId}`, key, { role: 'admin' });
    assert.equal(promoted.status, 200, promoted.text);
    assert.equal((await t.request('GET', `/api/v1/workspaces/${otherWs}`, as(memberToken))).status, 200);
    await t.patch(`/api/v1/members/${memberId}`, key, { role: 'member' });
    assert.equal((await t.request('GET', `/api/v1/workspaces/${otherWs}`, as(memberToken))).body.error, 'SCOPE_DENIED');
    const other = await t.post('/api/v1/auth/sign-up', null, { ...person, email: `ms-gone-${Date.now()}@example.com` });
    await t.verifyEmail(other.body.user.email);
    const inv = await t.post('/api/v1/members/invite', key, { email: other.body.user.email });
    const joined = await t.request('POST', `/api/v1/members/invitations/${inv.body.invitation.id}/accept`, {
      key: other.body.token,
    });
    assert.equal((await t.request('GET', '/api/v1/workspaces', as(other.body.token))).status, 200);
    await t.delete(`/api/v1/members/${joined.body.member.id}`, key);
    const gone = await t.request('GET', '/api/v1/workspaces', as(other.body.token));
    assert.equal(gone.status, 403);
    assert.equal(gone.body.error, 'FORBIDDEN');
  });

  it('refuses a cookie without the organization header and writes nothing (another site cannot send one)', async () => {
    const before = await t.db.query('SELECT id FROM workspaces WHERE org_id = $1', [orgId]);
    const res = await t.request('POST', '/api/v1/workspaces', {
      headers: { cookie: `sb_session=${ownerToken}` },
      body: { name: 'Forged', slug: 'forged' },
    });
    assert.equal(res.status, 401);
    assert.match(res.body.message, /X-Switchboard-Organization/);
    assert.deepEqual(await t.db.query('SELECT id FROM workspaces WHERE org_id = $1', [orgId]), before);
    // With the header, the cookie alone is a credential (the dashboard's way).
    const ok = await t.request('GET', '/api/v1/workspaces', {
      headers: { cookie: `sb_session=${ownerToken}`, 'x-switchboard-organization': orgId },
    });
    assert.equal(ok.status, 200);
    // A signed-out session is refused like any bad credential.
    const out = await t.post('/api/v1/auth/sign-in', null, owner);
    await t.request('POST', '/api/v1/auth/sign-out', { key: out.body.token });
    assert.equal((await t.request('GET', '/api/v1/workspaces', as(out.body.token))).status, 401);
  });

  it('refuses everyone of a suspended organization as it refuses its keys', async () => {
    const org = await t.operator('POST', '/operator/v1/organizations', {
      name: 'Paused',
      plan: 'free',
      owner: { email: owner.email, name: owner.name },
    });
    const id = org.body.organization.id;
    await t.operator('PATCH', `/operator/v1/organizations/${id}`, { suspended: true });
    const res = await t.request('GET', '/api/v1/workspaces', as(ownerToken, undefined, id));
    assert.equal(res.status, 403);
    assert.equal(res.body.error, 'ORGANIZATION_SUSPENDED');
    const mine = await t.request('GET', '/api/v1/me/organizations', { key: ownerToken });
    assert.deepEqual(
      mine.body.data.map((o: { name: string; status: string; role: string }) => [o.name, o.status, o.role]),
      [
        ['Paused', 'suspended', 'owner'],
        ['Sessions', 'active', 'owner'],
      ],
    );
  });

  it("decides approvals as the policy's approvers, never by a key permission", async () => {
    const policy = await t.post('/api/v1/approval-policies', key, {
      name: 'Owners review',
      workspaceId: ws,
      riskMode: 'always',
      integrationNames: ['datetime'],
      approvers: [{ type: 'org_role', roles: ['owner'] }],
    });
    assert.equal(policy.status, 201, policy.text);
    const pause = async () =>
      (
        await t.post('/api/v1/actions/execute', key, {
          integrationName: 'datetime',
          actionName: 'date_math',
          workspaceId: ws,
          input: { date: '2026-01-01T00:00:00Z', operation: 'add', amount: 1, unit: 'days' },
        })
      ).body.approval.id as string;
    const first = await pause();
    // The member reaches the workspace but is not an approver: not found, as on the review page.
    const byMember = await t.request('POST', `/api/v1/approvals/${first}/approve`, as(memberToken, {}));
    assert.equal(byMember.status, 404, byMember.text);
    const byOwner = await t.request('POST', `/api/v1/approvals/${first}/approve`, as(ownerToken, { reason: 'fine' }));
    assert.equal(byOwner.status, 200, byOwner.text);
    const [row] = await t.db.query<{ status: string; decided_by: { type: string; email: string } }>(
      'SELECT status, decided_by FROM approval_requests WHERE id = $1',
      [first],
    );
    assert.equal(row?.status, 'approved');
    assert.deepEqual([row?.decided_by.type, row?.decided_by.email], ['user', owner.email]);
    await t.patch(`/api/v1/approval-policies/${policy.body.policy.id}`, key, { enabled: false });
  });
});

describe('a person’s own organizations', () => {
  let t: TestApp;
  before(async () => {
    t = await startApp({ SWITCHBOARD_SIGNUP_PLAN: 'pro' });
  });
  after(() => t?.close());

  it('creates one with the person as owner, on the signup plan, without an API key', async () => {
    const me = await t.post('/api/v1/auth/sign-up', null, {
      email: `self-${Date.now()}@example.com`,
      password: 'password-12',
      name: 'Sam',
    });
    const made = await t.request('POST', '/api/v1/organizations', { key: me.body.token, body: { name: '  Sam Co  ' } });
    assert.equal(made.status, 201, made.text);
    assert.equal(made.body.organization.name, 'Sam Co');
    assert.equal(made.body.organization.plan, 'pro');
    assert.equal(made.body.member.role, 'owner');
    const id = made.body.organization.id;
    assert.deepEqual(await t.db.query('SELECT id FROM api_keys WHERE org_id = $1', [id]), []);
    const [m] = await t.db.query<{ role: string; user_id: string }>('SELECT role, user_id FROM members WHERE org_id = $1', [id]);
    assert.deepEqual(m, { role: 'owner', user_id: me.body.user.id });
    const mine = await t.request('GET', '/api/v1/me/organizations', { key: me.body.token });
    assert.deepEqual(mine.body.data, [
      { id, name: 'Sam Co', plan: 'pro', role: 'owner', memberId: made.body.member.id, status: 'active' },
    ]);
    // And it works in it at once.
    const ws = await t.request('POST', '/api/v1/workspaces', {
      key: me.body.token,
      headers: { 'x-switchboard-organization': id },
      body: { name: 'First', slug: 'first' },
    });
    assert.equal(ws.status, 201, ws.text);
  });

  it('refuses bad names, an API key, no session, and more than 20 owned', async () => {
    const me = await t.post('/api/v1/auth/sign-up', null, {
      email: `many-${Date.now()}@example.com`,
      password: 'password-12',
      name: 'Max',
    });
    for (const name of ['', '   ', 'x'.repeat(101)]) {
      const r = await t.request('POST', '/api/v1/organizations', { key: me.body.token, body: { name } });
      assert.equal(r.status, 400, JSON.stringify(name));
      assert.equal(r.body.error, 'VALIDATION_ERROR');
    }
    assert.equal((await t.request('POST', '/api/v1/organizations', { body: { name: 'X' } })).status, 401);
    const { key } = await t.tenant();
    assert.equal((await t.request('POST', '/api/v1/organizations', { key, body: { name: 'X' } })).status, 401);
    for (let i = 0; i < 20; i++) {
      const r = await t.request('POST', '/api/v1/organizations', { key: me.body.token, body: { name: `Org ${i}` } });
      assert.equal(r.status, 201, r.text);
    }
    const over = await t.request('POST', '/api/v1/organizations', { key: me.body.token, body: { name: 'One too many' } });
    assert.equal(over.status, 403);
    assert.equal(over.body.error, 'QUOTA_EXCEEDED');
    const count = await t.db.query(
      "SELECT m.id FROM members m JOIN users u ON u.id = m.user_id WHERE u.id = $1 AND m.role = 'owner'",
      [me.body.user.id],
    );
    assert.equal(count.length, 20);
  });

  it('lists the invitations waiting for the person, whatever the case of their address', async () => {
    const email = `Invitee-${Date.now()}@Example.com`;
    const me = await t.post('/api/v1/auth/sign-up', null, { email: email.toLowerCase(), password: 'password-12', name: 'Ivy' });
    const { key } = await t.tenant();
    const inv = await t.post('/api/v1/members/invite', key, { email, role: 'admin' });
    // Until the address is verified, signing up with it reveals nothing of who invited it.
    const hidden = await t.request('GET', '/api/v1/me/invitations', { key: me.body.token });
    assert.equal(hidden.status, 403);
    assert.equal(hidden.body.error, 'EMAIL_NOT_VERIFIED');
    assert.doesNotMatch(hidden.text, /Org /);
    await t.verifyEmail(me.body.user.email);
    const list = await t.request('GET', '/api/v1/me/invitations', { key: me.body.token });
    assert.equal(list.status, 200);
    assert.deepEqual(
      list.body.data.map((i: { id: string; role: string }) => [i.id, i.role]),
      [[inv.body.invitation.id, 'admin']],
    );
    assert.match(list.body.data[0].organizationName, /^Org /);
  });

  it('is off when the operator says so', async () => {
    const closed = await startApp({ SWITCHBOARD_SELF_SERVE_ORGANIZATIONS: 'false' });
    try {
      const me = await closed.post('/api/v1/auth/sign-up', null, {
        email: `no-${Date.now()}@example.com`,
        password: 'password-12',
        name: 'No',
      });
      const r = await closed.request('POST', '/api/v1/organizations', { key: me.body.token, body: { name: 'Mine' } });
      assert.equal(r.status, 403);
      assert.equal(r.body.error, 'FORBIDDEN');
      assert.match(r.body.message, /operator/);
      assert.deepEqual(await closed.db.query("SELECT id FROM organizations WHERE name = 'Mine'"), []);
    } finally {
      await closed.close();
    }
  });
});
