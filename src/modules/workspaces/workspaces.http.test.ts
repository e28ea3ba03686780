import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { workspaces } from '../../platform/db/schema.js';
import { startApp, type TestApp } from '../../../test/harness.js';

describe('workspaces', () => {
  let t: TestApp;
  before(async () => {
    t = await startApp();
  });
  after(async () => t.close());

  it('creates, gets, lists, updates and deletes a workspace, and stores it', async () => {
    const { key, orgId } = await t.tenant();
    const created = await t.post('/api/v1/workspaces', key, { name: 'Production', slug: 'prod' });
    assert.equal(created.status, 201);
    const ws = created.body.workspace;
    assert.equal(ws.name, 'Production');
    assert.equal(ws.slug, 'prod');
    assert.equal(ws.orgId, orgId);
    assert.equal(ws.suspended, false);
    assert.match(ws.createdAt, /^\d{4}-\d\d-\d\dT/);

    const [row] = await t.db.orm.select().from(workspaces).where(eq(workspaces.id, ws.id));
    assert.equal(row?.slug, 'prod');
    assert.equal(row?.orgId, orgId);

    const got = await t.get(`/api/v1/workspaces/${ws.id}`, key);
    assert.equal(got.status, 200);
    assert.deepEqual(got.body.workspace, ws);

    const list = await t.get('/api/v1/workspaces', key);
    assert.equal(list.status, 200);
    assert.equal(list.body.total, 1);
    assert.equal(list.body.workspaces[0].id, ws.id);

    const patched = await t.patch(`/api/v1/workspaces/${ws.id}`, key, { name: 'Prod', slug: 'prod-2' });
    assert.equal(patched.status, 200);
    assert.equal(patched.body.workspace.name, 'Prod');
    assert.equal(patched.body.workspace.slug, 'prod-2');

    const del = await t.delete(`/api/v1/workspaces/${ws.id}`, key);
    assert.equal(del.status, 200);
    assert.deepEqual(del.body, { deleted: true, id: ws.id });
    assert.equal((await t.db.orm.select().from(workspaces).where(eq(workspaces.id, ws.id))).length, 0);
    assert.equal((await t.get(`/api/v1/workspaces/${ws.id}`, key)).status, 404);
  });

  it('validates name, slug and paging', async () => {
    const { key } = await t.tenant();
    const cases: Array<[unknown, string]> = [
      [{ slug: 'a' }, 'name'],
      [{ name: 'A' }, 'slug'],
      [{ name: '', slug: 'a' }, 'name'],
      [{ name: 'x'.repeat(101), slug: 'a' }, 'name'],
      [{ name: 'A', slug: 'x'.repeat(51) }, 'slug'],
      [{ name: 'A', slug: 'Upper' }, 'slug'],
      [{ name: 'A', slug: '-lead' }, 'slug'],
      [{ name: 'A', slug: 'has space' }, 'slug'],
      [{ name: 42, slug: 'a' }, 'name'],
    ];
    for (const [body, field] of cases) {
      const res = await t.post('/api/v1/workspaces', key, body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.body.error, 'VALIDATION_ERROR');
      assert.match(res.body.message, new RegExp(field));
    }
    assert.equal((await t.post('/api/v1/workspaces', key, { name: 'x'.repeat(100), slug: 'x'.repeat(50) })).status, 201);
    for (const q of ['limit=101', 'limit=0', 'offset=-1', 'limit=abc']) {
      const res = await t.get(`/api/v1/workspaces?${q}`, key);
      assert.equal(res.status, 400, q);
      assert.equal(res.body.error, 'VALIDATION_ERROR');
    }
    const none = await t.get('/api/v1/workspaces?limit=100&offset=0', key);
    assert.equal(none.status, 200);
  });

  it('rejects duplicate slugs within an organization but not across organizations', async () => {
    const a = await t.tenant();
    const b = await t.tenant();
    assert.equal((await t.post('/api/v1/workspaces', a.key, { name: 'A', slug: 'same' })).status, 201);
    const dup = await t.post('/api/v1/workspaces', a.key, { name: 'B', slug: 'same' });
    assert.equal(dup.status, 409);
    assert.equal(dup.body.error, 'DUPLICATE');
    assert.equal((await t.post('/api/v1/workspaces', b.key, { name: 'A', slug: 'same' })).status, 201);
    const other = await t.workspace(a.key, 'other');
    const clash = await t.patch(`/api/v1/workspaces/${other.id}`, a.key, { slug: 'same' });
    assert.equal(clash.status, 409);
    assert.equal(clash.body.error, 'DUPLICATE');
  });

  it('answers NO_UPDATES to an empty patch', async () => {
    const { key } = await t.tenant();
    const ws = await t.workspace(key);
    const res = await t.patch(`/api/v1/workspaces/${ws.id}`, key, {});
    assert.equal(res.status, 400);
    assert.equal(res.body.error, 'NO_UPDATES');
  });

  it('pages with limit and offset and reports the total', async () => {
    const { key } = await t.tenant();
    for (let i = 0; i < 5; i++) await t.workspace(key, `page-${i}`);
    const page = await t.get('/api/v1/workspaces?limit=2&offset=1', key);
    assert.equal(page.status, 200);
    assert.equal(page.body.total, 5);
    assert.equal(page.body.workspaces.length, 2);
    const all = await t.get('/api/v1/workspaces', key);
    assert.equal(all.body.workspaces.length, 5);
  });

  it('isolates tenants: another organization gets 404', async () => {
    const a = await t.tenant();
    const b = await t.tenant();
    const ws = await t.workspace(a.key);
    assert.equal((await t.get(`/api/v1/workspaces/${ws.id}`, b.key)).status, 404);
    assert.equal((await t.patch(`/api/v1/workspaces/${ws.id}`, b.key, { name: 'x' })).status, 404);
    assert.equal((await t.delete(`/api/v1/workspaces/${ws.id}`, b.key)).status, 404);
    assert.equal((await t.get('/api/v1/workspaces', b.key)).body.total, 0);
  });

  it('limits workspace-scoped keys to their workspaces', async () => {
    const { key } = await t.tenant();
    const mine = await t.workspace(key);
    const other = await t.workspace(key);
    const scoped = await t.scopedKey(key, [mine.id]);
    assert.equal((await t.get(`/api/v1/workspaces/${mine.id}`, scoped)).status, 200);
    for (const res of [
      await t.get(`/api/v1/workspaces/${other.id}`, scoped),
      await t.patch(`/api/v1/workspaces/${other.id}`, scoped, { name: 'x' }),
      await t.delete(`/api/v1/workspaces/${other.id}`, scoped),
      await t.post('/api/v1/workspaces', scoped, { name: 'New', slug: 'new' }),
    ]) {
      assert.equal(res.status, 403);
      assert.equal(res.body.error, 'SCOPE_DENIED');
    }
    const list = await t.get('/api/v1/workspaces', scoped);
    assert.equal(list.body.total, 1);
    assert.deepEqual(
      list.body.workspaces.map((w: { id: string }) => w.id),
      [mine.id],
    );
  });

  it('admits exactly the plan limit under 20 concurrent creates', async () => {
    const t2 = await startApp({ SWITCHBOARD_PLANS: JSON.stringify({ free: { workspaces: 5 } }) });
    try {
      const { key, orgId } = await t2.tenant('free');
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => t2.post('/api/v1/workspaces', key, { name: `W${i}`, slug: `w-${i}` })),
      );
      const ok = results.filter((r) => r.status === 201);
      const refused = results.filter((r) => r.status === 403);
      assert.equal(ok.length, 5);
      assert.equal(refused.length, 15);
      for (const r of refused) {
        assert.equal(r.body.error, 'QUOTA_EXCEEDED');
        assert.equal(r.body.limit, 5);
        assert.equal(r.body.current, 5);
        assert.equal(r.body.plan, 'free');
      }
      const stored = await t2.db.orm.select().from(workspaces).where(eq(workspaces.orgId, orgId));
      assert.equal(stored.length, 5);
    } finally {
      await t2.close();
    }
  });

  it('suspends the newest workspaces beyond the limit on downgrade and restores them on upgrade', async () => {
    const { key, orgId } = await t.tenant('enterprise');
    const made = [];
    for (let i = 0; i < 4; i++) made.push(await t.workspace(key, `d-${i}`));
    const down = await t.operator('PATCH', `/operator/v1/organizations/${orgId}`, { plan: 'free' }); // free: 2 workspaces
    assert.equal(down.status, 200);
    const visible = await t.get('/api/v1/workspaces', key);
    assert.equal(visible.body.total, 2);
    const all = await t.get('/api/v1/workspaces?includeSuspended=true', key);
    assert.equal(all.body.total, 4);
    const suspended = all.body.workspaces
      .filter((w: { suspended: boolean }) => w.suspended)
      .map((w: { slug: string }) => w.slug)
      .sort();
    assert.deepEqual(suspended, ['d-2', 'd-3']);
    const create = await t.post('/api/v1/workspaces', key, { name: 'More', slug: 'more' });
    assert.equal(create.status, 403);
    assert.equal(create.body.error, 'QUOTA_EXCEEDED');
    assert.equal(create.body.current, 4);
    const up = await t.operator('PATCH', `/operator/v1/organizations/${orgId}`, { plan: 'enterprise' });
    assert.equal(up.status, 200);
    assert.equal((await t.get('/api/v1/workspaces', key)).body.total, 4);
  });
});
