import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { workspaceMembers } from '../../platform/db/schema.js';
import { startApp, type TestApp } from '../../../test/harness.js';

describe('workspace members', () => {
  let t: TestApp;
  before(async () => {
    t = await startApp();
  });
  after(async () => t.close());

  let n = 0;
  const ownedTenant = async () => {
    n++;
    const res = await t.operator('POST', '/operator/v1/organizations', {
      name: `Org ${n}`,
      owner: { email: `owner${n}@example.com`, name: 'Owner', password: 'password-123' },
      plan: 'enterprise',
    });
    return { key: res.body.plainKey as string, memberId: res.body.owner.memberId as string };
  };

  it('adds, lists and removes a workspace member, and stores it', async () => {
    const { key, memberId } = await ownedTenant();
    const ws = await t.workspace(key);
    const added = await t.post('/api/v1/workspace-members', key, { workspaceId: ws.id, memberId });
    assert.equal(added.status, 201);
    const pm = added.body.projectMember;
    assert.deepEqual(
      { workspaceId: pm.workspaceId, memberId: pm.memberId, role: pm.role },
      { workspaceId: ws.id, memberId, role: 'member' },
    );
    const [row] = await t.db.orm.select().from(workspaceMembers).where(eq(workspaceMembers.id, pm.id));
    assert.equal(row?.workspaceId, ws.id);

    const list = await t.get(`/api/v1/workspace-members?workspaceId=${ws.id}`, key);
    assert.equal(list.status, 200);
    assert.equal(list.body.total, 1);
    assert.equal(list.body.projectMembers[0].id, pm.id);

    const dup = await t.post('/api/v1/workspace-members', key, { workspaceId: ws.id, memberId, role: 'admin' });
    assert.equal(dup.status, 409);
    assert.equal(dup.body.error, 'DUPLICATE');

    const del = await t.delete(`/api/v1/workspace-members/${pm.id}`, key);
    assert.deepEqual(del.body, { deleted: true, id: pm.id });
    assert.equal((await t.db.orm.select().from(workspaceMembers).where(eq(workspaceMembers.id, pm.id))).length, 0);
    assert.equal((await t.delete(`/api/v1/workspace-members/${pm.id}`, key)).status, 404);

    const admin = await t.post('/api/v1/workspace-members', key, { workspaceId: ws.id, memberId, role: 'admin' });
    assert.equal(admin.body.projectMember.role, 'admin');
  });

  it('validates input and unknown members', async () => {
    const { key, memberId } = await ownedTenant();
    const ws = await t.workspace(key);
    for (const body of [
      {},
      { workspaceId: ws.id },
      { memberId },
      { workspaceId: 'x', memberId },
      { workspaceId: ws.id, memberId, role: 'owner' },
    ]) {
      const res = await t.post('/api/v1/workspace-members', key, body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.body.error, 'VALIDATION_ERROR');
    }
    const unknown = await t.post('/api/v1/workspace-members', key, { workspaceId: ws.id, memberId: randomUUID() });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.error, 'NOT_FOUND');
    assert.equal((await t.get('/api/v1/workspace-members', key)).status, 400);
  });

  it('isolates tenants and workspace-scoped keys', async () => {
    const a = await ownedTenant();
    const b = await ownedTenant();
    const ws = await t.workspace(a.key);
    const other = await t.workspace(a.key);
    const pm = (await t.post('/api/v1/workspace-members', a.key, { workspaceId: ws.id, memberId: a.memberId })).body
      .projectMember;
    assert.equal((await t.delete(`/api/v1/workspace-members/${pm.id}`, b.key)).status, 404);
    assert.equal((await t.get(`/api/v1/workspace-members?workspaceId=${ws.id}`, b.key)).status, 404);
    assert.equal((await t.post('/api/v1/workspace-members', b.key, { workspaceId: ws.id, memberId: b.memberId })).status, 404);
    assert.equal(
      (await t.post('/api/v1/workspace-members', b.key, { workspaceId: (await t.workspace(b.key)).id, memberId: a.memberId }))
        .status,
      404,
      "another organization's member",
    );
    const scoped = await t.scopedKey(a.key, [other.id]);
    for (const res of [
      await t.delete(`/api/v1/workspace-members/${pm.id}`, scoped),
      await t.get(`/api/v1/workspace-members?workspaceId=${ws.id}`, scoped),
      await t.post('/api/v1/workspace-members', scoped, { workspaceId: ws.id, memberId: a.memberId }),
    ]) {
      assert.equal(res.status, 403);
      assert.equal(res.body.error, 'SCOPE_DENIED');
    }
    assert.equal(
      (await t.post('/api/v1/workspace-members', scoped, { workspaceId: other.id, memberId: a.memberId })).status,
      201,
    );
  });
});
