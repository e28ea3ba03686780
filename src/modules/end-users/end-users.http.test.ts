import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { connections, endUsers } from '../../platform/db/schema.js';
import { startApp, type TestApp } from '../../../test/harness.js';

describe('end users', () => {
  let t: TestApp;
  before(async () => {
    t = await startApp();
  });
  after(async () => t.close());

  const SECRET = 'v1.keyid.iv.tag.SUPERSECRETCIPHERTEXT';
  async function addConnection(orgId: string, workspaceId: string, endUserId: string, externalId: string) {
    await t.db.orm.insert(connections).values({
      id: randomUUID(),
      orgId,
      workspaceId,
      endUserId,
      integrationName: 'slack',
      authMethodKey: 'oauth2',
      externalId,
      displayName: `Slack ${externalId}`,
      type: 'OAUTH2',
      scope: 'USER',
      credentials: SECRET,
    });
  }

  it('creates, gets (with connections), lists, updates and deletes an end user', async () => {
    const { key, orgId } = await t.tenant();
    const ws = await t.workspace(key);
    const created = await t.post('/api/v1/end-users', key, {
      workspaceId: ws.id,
      externalId: 'customer-42',
      displayName: 'Customer 42',
      email: 'c42@example.com',
      metadata: { tier: 'gold', seats: 3 },
    });
    assert.equal(created.status, 201);
    const eu = created.body.endUser;
    assert.deepEqual(
      { ...eu, id: undefined, createdAt: undefined, updatedAt: undefined },
      {
        id: undefined,
        workspaceId: ws.id,
        externalId: 'customer-42',
        displayName: 'Customer 42',
        email: 'c42@example.com',
        metadata: { tier: 'gold', seats: 3 },
        type: 'external',
        connectionCount: 0,
        createdAt: undefined,
        updatedAt: undefined,
      },
    );
    const [row] = await t.db.orm.select().from(endUsers).where(eq(endUsers.id, eu.id));
    assert.equal(row?.orgId, orgId);
    assert.equal(row?.externalId, 'customer-42');

    await addConnection(orgId, ws.id, eu.id, 'a');
    await addConnection(orgId, ws.id, eu.id, 'b');
    const got = await t.get(`/api/v1/end-users/${eu.id}`, key);
    assert.equal(got.status, 200);
    assert.equal(got.body.endUser.connectionCount, 2);
    assert.equal(got.body.connections.length, 2);
    assert.deepEqual(Object.keys(got.body.connections[0]).sort(), [
      'createdAt',
      'displayName',
      'externalId',
      'id',
      'integrationName',
      'status',
      'type',
      'updatedAt',
    ]);
    assert.equal(got.body.connections[0].status, 'ACTIVE');
    assert.ok(!got.text.includes('SUPERSECRET'), 'credentials never reach a response');

    await t.post('/api/v1/end-users', key, { workspaceId: ws.id, externalId: 'other' });
    const list = await t.get(`/api/v1/end-users?workspaceId=${ws.id}&limit=1`, key);
    assert.equal(list.status, 200);
    assert.equal(list.body.total, 2);
    assert.equal(list.body.endUsers.length, 1);

    const patched = await t.patch(`/api/v1/end-users/${eu.id}`, key, { displayName: null, metadata: { tier: 'silver' } });
    assert.equal(patched.status, 200);
    assert.equal(patched.body.endUser.displayName, null);
    assert.deepEqual(patched.body.endUser.metadata, { tier: 'silver' });
    assert.equal(patched.body.endUser.email, 'c42@example.com');
    assert.equal(patched.body.endUser.connectionCount, 2);

    const del = await t.delete(`/api/v1/end-users/${eu.id}`, key);
    assert.equal(del.status, 200);
    assert.deepEqual(del.body, { deleted: true, id: eu.id, connectionsDeleted: 2 });
    assert.equal((await t.db.orm.select().from(connections).where(eq(connections.endUserId, eu.id))).length, 0);
    assert.equal((await t.db.orm.select().from(endUsers).where(eq(endUsers.id, eu.id))).length, 0);
    assert.equal((await t.get(`/api/v1/end-users/${eu.id}`, key)).status, 404);
  });

  it('rejects a duplicate externalId in the workspace, allows it in another', async () => {
    const { key } = await t.tenant();
    const a = await t.workspace(key);
    const b = await t.workspace(key);
    assert.equal((await t.post('/api/v1/end-users', key, { workspaceId: a.id, externalId: 'same' })).status, 201);
    const dup = await t.post('/api/v1/end-users', key, { workspaceId: a.id, externalId: 'same' });
    assert.equal(dup.status, 409);
    assert.equal(dup.body.error, 'DUPLICATE');
    assert.equal((await t.post('/api/v1/end-users', key, { workspaceId: b.id, externalId: 'same' })).status, 201);
  });

  it('validates input and answers NO_UPDATES', async () => {
    const { key } = await t.tenant();
    const ws = await t.workspace(key);
    const bad: Array<[unknown, string]> = [
      [{ externalId: 'x' }, 'workspaceId'],
      [{ workspaceId: 'nope', externalId: 'x' }, 'workspaceId'],
      [{ workspaceId: ws.id }, 'externalId'],
      [{ workspaceId: ws.id, externalId: '' }, 'externalId'],
      [{ workspaceId: ws.id, externalId: 'x'.repeat(256) }, 'externalId'],
      [{ workspaceId: ws.id, externalId: 'x', email: 'not-an-email' }, 'email'],
      [{ workspaceId: ws.id, externalId: 'x', metadata: [1] }, 'metadata'],
      [{ workspaceId: ws.id, externalId: 'x', displayName: 'd'.repeat(201) }, 'displayName'],
    ];
    for (const [body, field] of bad) {
      const res = await t.post('/api/v1/end-users', key, body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.body.error, 'VALIDATION_ERROR');
      assert.match(res.body.message, new RegExp(field));
    }
    const eu = (await t.post('/api/v1/end-users', key, { workspaceId: ws.id, externalId: 'x' })).body.endUser;
    const empty = await t.patch(`/api/v1/end-users/${eu.id}`, key, {});
    assert.equal(empty.status, 400);
    assert.equal(empty.body.error, 'NO_UPDATES');
    assert.equal((await t.patch(`/api/v1/end-users/${eu.id}`, key, { email: 'bad' })).status, 400);
    assert.equal((await t.get('/api/v1/end-users', key)).status, 400, 'workspaceId is required');
    assert.equal((await t.get(`/api/v1/end-users?workspaceId=${ws.id}&limit=101`, key)).status, 400);
    assert.equal((await t.get('/api/v1/end-users/not-a-uuid', key)).status, 400);
  });

  it('isolates tenants and workspace-scoped keys', async () => {
    const a = await t.tenant();
    const b = await t.tenant();
    const ws = await t.workspace(a.key);
    const other = await t.workspace(a.key);
    const eu = (await t.post('/api/v1/end-users', a.key, { workspaceId: ws.id, externalId: 'iso' })).body.endUser;
    for (const res of [
      await t.get(`/api/v1/end-users/${eu.id}`, b.key),
      await t.patch(`/api/v1/end-users/${eu.id}`, b.key, { displayName: 'x' }),
      await t.delete(`/api/v1/end-users/${eu.id}`, b.key),
      await t.get(`/api/v1/end-users?workspaceId=${ws.id}`, b.key),
      await t.post('/api/v1/end-users', b.key, { workspaceId: ws.id, externalId: 'z' }),
    ]) {
      assert.equal(res.status, 404);
    }
    const scoped = await t.scopedKey(a.key, [other.id]);
    for (const res of [
      await t.get(`/api/v1/end-users/${eu.id}`, scoped),
      await t.patch(`/api/v1/end-users/${eu.id}`, scoped, { displayName: 'x' }),
      await t.delete(`/api/v1/end-users/${eu.id}`, scoped),
      await t.get(`/api/v1/end-users?workspaceId=${ws.id}`, scoped),
      await t.post('/api/v1/end-users', scoped, { workspaceId: ws.id, externalId: 'z' }),
    ]) {
      assert.equal(res.status, 403);
      assert.equal(res.body.error, 'SCOPE_DENIED');
    }
    const inside = await t.scopedKey(a.key, [ws.id]);
    assert.equal((await t.get(`/api/v1/end-users/${eu.id}`, inside)).status, 200);
    assert.equal((await t.post('/api/v1/end-users', inside, { workspaceId: ws.id, externalId: 'ok' })).status, 201);
  });

  it('goes with its workspace', async () => {
    const { key } = await t.tenant();
    const ws = await t.workspace(key);
    const eu = (await t.post('/api/v1/end-users', key, { workspaceId: ws.id, externalId: 'gone' })).body.endUser;
    assert.equal((await t.delete(`/api/v1/workspaces/${ws.id}`, key)).status, 200);
    assert.equal((await t.db.orm.select().from(endUsers).where(eq(endUsers.id, eu.id))).length, 0);
  });

  it('resolves or creates by externalId exactly once under concurrency', async () => {
    const { key, orgId } = await t.tenant();
    const ws = await t.workspace(key);
    const rows = await Promise.all(
      Array.from({ length: 8 }, () => t.app.services.endUsers.resolveOrCreate(t.db.orm, orgId, ws.id, 'concurrent')),
    );
    assert.equal(new Set(rows.map((r) => r.id)).size, 1);
  });
});
