import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../app.js';
import { apiKeys } from '../../platform/db/schema.js';
import { startApp, TestApp, testConfig } from '../../../test/harness.js';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

describe('API keys', () => {
  let t: TestApp;
  before(async () => {
    t = await startApp();
  });
  after(async () => t.close());

  it('creates a key that works, stores only its hash, and never lists the plain key', async () => {
    const { key, orgId } = await t.tenant();
    const created = await t.post('/api/v1/api-keys', key, { name: 'ci' });
    assert.equal(created.status, 201);
    const { apiKey, plainKey } = created.body;
    assert.match(plainKey, /^svc_[A-Za-z0-9_-]{43}$/); // 32 random bytes
    assert.equal(apiKey.keyPrefix, plainKey.slice(0, 8));
    assert.equal(apiKey.orgId, orgId);
    assert.equal(apiKey.name, 'ci');
    assert.equal(apiKey.permissions, null);
    assert.equal(apiKey.expiresAt, null);
    assert.equal(apiKey.lastUsedAt, null);
    assert.equal('keyHash' in apiKey, false);

    const [row] = await t.db.orm.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    assert.equal(row?.keyHash, sha256(plainKey));
    assert.ok(!JSON.stringify(row).includes(plainKey));

    assert.equal((await t.get('/api/v1/workspaces', plainKey)).status, 200);
    const list = await t.get('/api/v1/api-keys', key);
    assert.equal(list.status, 200);
    assert.equal(list.body.total, 2);
    assert.ok(!list.text.includes(plainKey));
    assert.ok(!list.text.includes(row.keyHash));
    const listed = list.body.apiKeys.find((k: { id: string }) => k.id === apiKey.id);
    assert.ok(listed.lastUsedAt, 'lastUsedAt is visible at once, before the batched write');
  });

  it('writes lastUsedAt in batches, not per request', async () => {
    const { key } = await t.tenant();
    const made = await t.post('/api/v1/api-keys', key, { name: 'used' });
    const id = made.body.apiKey.id;
    await t.get('/api/v1/workspaces', made.body.plainKey);
    const [before] = await t.db.orm.select().from(apiKeys).where(eq(apiKeys.id, id));
    assert.equal(before?.lastUsedAt, null, 'no write on the request itself');
    await t.app.services.verifier.flush();
    const [afterFlush] = await t.db.orm.select().from(apiKeys).where(eq(apiKeys.id, id));
    assert.ok(afterFlush?.lastUsedAt instanceof Date);
  });

  it('revokes immediately, even though verified keys are cached', async () => {
    const { key } = await t.tenant();
    const made = await t.post('/api/v1/api-keys', key, { name: 'temp' });
    const plain = made.body.plainKey;
    assert.equal((await t.get('/api/v1/workspaces', plain)).status, 200); // now cached
    const del = await t.delete(`/api/v1/api-keys/${made.body.apiKey.id}`, key);
    assert.equal(del.status, 200);
    assert.deepEqual(del.body, { deleted: true, id: made.body.apiKey.id });
    const res = await t.get('/api/v1/workspaces', plain);
    assert.equal(res.status, 401);
    assert.equal(res.body.error, 'UNAUTHORIZED');
    const [row] = await t.db.orm.select().from(apiKeys).where(eq(apiKeys.id, made.body.apiKey.id));
    assert.ok(row?.revokedAt instanceof Date);
    assert.equal(
      (await t.get('/api/v1/api-keys', key)).body.apiKeys.some((k: { id: string }) => k.id === made.body.apiKey.id),
      false,
    );
    assert.equal((await t.delete(`/api/v1/api-keys/${made.body.apiKey.id}`, key)).status, 404);
  });

  it('rejects expired keys at once, even when cached', async () => {
    const { key } = await t.tenant();
    const expiresAt = new Date(Date.now() + 1500).toISOString();
    const made = await t.post('/api/v1/api-keys', key, { name: 'short', expiresAt });
    assert.equal(made.status, 201);
    assert.equal(made.body.apiKey.expiresAt, expiresAt);
    assert.equal((await t.get('/api/v1/workspaces', made.body.plainKey)).status, 200);
    await new Promise((r) => setTimeout(r, 1600));
    const res = await t.get('/api/v1/workspaces', made.body.plainKey);
    assert.equal(res.status, 401);
    assert.match(res.body.message, /expired/);
  });

  it('validates the body', async () => {
    const { key } = await t.tenant();
    const ws = await t.workspace(key);
    const bad: unknown[] = [
      {},
      { name: '' },
      { name: 'x'.repeat(101) },
      { name: 'a', expiresAt: 'tomorrow' },
      { name: 'a', expiresAt: '2000-01-01T00:00:00Z' },
      { name: 'a', permissions: { scope: 'galaxy' } },
      { name: 'a', permissions: { scope: 'workspace' } },
      { name: 'a', permissions: { scope: 'workspace', workspaceIds: [] } },
      { name: 'a', permissions: { scope: 'workspace', workspaceIds: ['not-a-uuid'] } },
      { name: 'a', permissions: { scope: 'workspace', workspaceIds: ['00000000-0000-4000-8000-000000000000'] } },
      { name: 'a', permissions: 'all' },
    ];
    for (const body of bad) {
      const res = await t.post('/api/v1/api-keys', key, body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.body.error, 'VALIDATION_ERROR');
    }
    const ok = await t.post('/api/v1/api-keys', key, {
      name: 'ws',
      permissions: { scope: 'workspace', workspaceIds: [ws.id], approvals: { decide: true } },
    });
    assert.equal(ok.status, 201);
    assert.deepEqual(ok.body.apiKey.permissions, { scope: 'workspace', workspaceIds: [ws.id], approvals: { decide: true } });
    assert.equal((await t.get('/api/v1/api-keys?limit=101', key)).status, 400);
  });

  it('lets only organization-scope keys manage keys', async () => {
    const { key } = await t.tenant();
    const ws = await t.workspace(key);
    const scoped = await t.scopedKey(key, [ws.id]);
    const orgScoped = await t.post('/api/v1/api-keys', key, { name: 'org', permissions: { scope: 'org' } });
    assert.equal((await t.get('/api/v1/api-keys', orgScoped.body.plainKey)).status, 200);
    for (const res of [
      await t.get('/api/v1/api-keys', scoped),
      await t.post('/api/v1/api-keys', scoped, { name: 'x' }),
      await t.delete(`/api/v1/api-keys/${orgScoped.body.apiKey.id}`, scoped),
    ]) {
      assert.equal(res.status, 403);
      assert.equal(res.body.error, 'SCOPE_DENIED');
    }
  });

  it('isolates tenants', async () => {
    const a = await t.tenant();
    const b = await t.tenant();
    const made = await t.post('/api/v1/api-keys', a.key, { name: 'a' });
    assert.equal((await t.delete(`/api/v1/api-keys/${made.body.apiKey.id}`, b.key)).status, 404);
    const listB = await t.get('/api/v1/api-keys', b.key);
    assert.equal(
      listB.body.apiKeys.some((k: { id: string }) => k.id === made.body.apiKey.id),
      false,
    );
  });

  it('enforces the plan limit on keys', async () => {
    const t2 = await startApp({ SWITCHBOARD_PLANS: JSON.stringify({ free: { apiKeys: 2 } }) });
    try {
      const { key } = await t2.tenant('free'); // the first key counts
      assert.equal((await t2.post('/api/v1/api-keys', key, { name: 'second' })).status, 201);
      const third = await t2.post('/api/v1/api-keys', key, { name: 'third' });
      assert.equal(third.status, 403);
      assert.deepEqual(
        { error: third.body.error, current: third.body.current, limit: third.body.limit, plan: third.body.plan },
        { error: 'QUOTA_EXCEEDED', current: 2, limit: 2, plan: 'free' },
      );
    } finally {
      await t2.close();
    }
  });

  it('refuses every key of a suspended organization with 403 ORGANIZATION_SUSPENDED, and restores it', async () => {
    const { key, orgId } = await t.tenant();
    assert.equal((await t.get('/api/v1/workspaces', key)).status, 200); // cached
    assert.equal((await t.operator('PATCH', `/operator/v1/organizations/${orgId}`, { suspended: true })).status, 200);
    const res = await t.get('/api/v1/workspaces', key);
    assert.equal(res.status, 403);
    assert.equal(res.body.error, 'ORGANIZATION_SUSPENDED');
    assert.equal((await t.operator('PATCH', `/operator/v1/organizations/${orgId}`, { suspended: false })).status, 200);
    assert.equal((await t.get('/api/v1/workspaces', key)).status, 200);
  });

  it('invalidates a revoked key on every node sharing the database (LISTEN/NOTIFY)', async () => {
    const nodeB = await buildApp({ config: testConfig({ SWITCHBOARD_WORKERS: 'false' }), db: t.db });
    await nodeB.ready();
    try {
      const { key } = await t.tenant();
      const made = await t.post('/api/v1/api-keys', key, { name: 'multi' });
      const call = async () =>
        (
          await nodeB.inject({
            method: 'GET',
            url: '/api/v1/workspaces',
            headers: { authorization: `Bearer ${made.body.plainKey}` },
          })
        ).statusCode;
      assert.equal(await call(), 200); // cached on node B
      assert.equal((await t.delete(`/api/v1/api-keys/${made.body.apiKey.id}`, key)).status, 200); // revoked on node A
      let status = await call();
      for (let i = 0; i < 50 && status !== 401; i++) {
        await new Promise((r) => setTimeout(r, 20));
        status = await call();
      }
      assert.equal(status, 401);
    } finally {
      await nodeB.close();
    }
  });
});
