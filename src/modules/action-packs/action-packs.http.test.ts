import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { actionPacks } from '../../platform/db/schema.js';
import { OPERATOR_TOKEN, TestApp, testConfig, testDatabase } from '../../../test/harness.js';

/** free: 2 actions a month, packs of 3; no rate limit, so only the quota answers. */
const PLANS = JSON.stringify({ free: { actionsPerMonth: 2, actionPackSize: 3, rateLimit: null } });
const NOVEMBER = Date.UTC(2026, 10, 20, 12);
const DECEMBER = Date.UTC(2026, 11, 3, 9);

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('action packs', () => {
  let t: TestApp;
  let nodeB: FastifyInstance;
  let now = NOVEMBER;
  const clock = () => now;
  const dirs: string[] = [];

  before(async () => {
    const { db, drop } = await testDatabase();
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sb-packs-'));
    const dirB = await mkdtemp(path.join(os.tmpdir(), 'sb-packs-b-'));
    dirs.push(dir, dirB);
    const config = testConfig({ SWITCHBOARD_PLANS: PLANS }, dir);
    const app = await buildApp({ config, db, now: clock });
    await app.ready();
    t = new TestApp(app, db, config, drop);
    // A second node on the same database, with the same clock and plans.
    const configB = { ...testConfig({ SWITCHBOARD_PLANS: PLANS, SWITCHBOARD_WORKERS: 'false' }, dirB) };
    nodeB = await buildApp({ config: Object.freeze({ ...configB, encryptionKey: config.encryptionKey }), db, now: clock });
    await nodeB.ready();
  });
  after(async () => {
    await nodeB?.close();
    await t?.close();
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  const packsUrl = (orgId: string) => `/operator/v1/organizations/${orgId}/action-packs`;
  const usage = async (orgId: string) => {
    const res = await t.operator('GET', `/operator/v1/organizations/${orgId}/usage`);
    assert.equal(res.status, 200, res.text);
    return res.body.usage;
  };
  const freeOrg = async () => {
    const { orgId, key } = await t.tenant('free');
    const ws = (await t.workspace(key)).id;
    return { orgId, key, ws };
  };
  const run = (key: string, ws: string, on?: FastifyInstance) => {
    const body = { integrationName: 'hash-encode', actionName: 'hash', workspaceId: ws, input: { text: 'x' } };
    if (!on) return t.post('/api/v1/actions/execute', key, body);
    return on
      .inject({
        method: 'POST',
        url: '/api/v1/actions/execute',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      })
      .then((r) => ({ status: r.statusCode, body: JSON.parse(r.body), text: r.body }));
  };

  it('raises the limit that 403 QUOTA_EXCEEDED reports and usage shows, for this month', async () => {
    now = NOVEMBER;
    const { orgId, key, ws } = await freeOrg();
    for (let i = 0; i < 2; i++) assert.equal((await run(key, ws)).status, 200);
    const refused = await run(key, ws);
    assert.equal(refused.status, 403);
    assert.equal(refused.body.error, 'QUOTA_EXCEEDED');
    assert.equal(refused.body.limit, 2);
    assert.deepEqual(await usage(orgId), {
      month: '2026-11',
      plan: 'free',
      actions: { used: 2, planLimit: 2, actionPacks: 0, limit: 2, remaining: 0 },
    });

    const added = await t.operator('POST', packsUrl(orgId), { count: 1 });
    assert.equal(added.status, 201, added.text);
    const pack = added.body.actionPack;
    assert.equal(pack.organizationId, orgId);
    assert.equal(pack.packs, 1);
    assert.equal(pack.actions, 3, "one pack of the plan's actionPackSize");
    assert.equal(pack.recurring, false);
    assert.equal(pack.firstMonth, '2026-11');
    assert.equal(pack.appliesThisMonth, true);
    const [row] = await t.db.orm.select().from(actionPacks).where(eq(actionPacks.id, pack.id));
    assert.equal(row?.actions, 3);
    assert.equal(row?.firstMonth, 202611);

    for (let i = 0; i < 3; i++) assert.equal((await run(key, ws)).status, 200, `pack action ${i + 1}`);
    const again = await run(key, ws);
    assert.equal(again.status, 403);
    assert.equal(again.body.limit, 5);
    assert.equal(again.body.current, 5);
    assert.match(again.body.message, /5 actions this month \(2 \+ 3 from action packs\)/);
    assert.deepEqual((await usage(orgId)).actions, { used: 5, planLimit: 2, actionPacks: 3, limit: 5, remaining: 0 });
  });

  it('a one-month pack does not carry into the next month; a recurring pack does, until deleted', async () => {
    now = NOVEMBER;
    const { orgId, key, ws } = await freeOrg();
    const once = (await t.operator('POST', packsUrl(orgId), { actions: 4 })).body.actionPack;
    assert.equal(once.packs, null);
    const monthly = (await t.operator('POST', packsUrl(orgId), { count: 2, recurring: true })).body.actionPack;
    assert.equal(monthly.actions, 6);
    assert.equal((await usage(orgId)).actions.limit, 12);

    now = DECEMBER;
    assert.deepEqual(await usage(orgId), {
      month: '2026-12',
      plan: 'free',
      actions: { used: 0, planLimit: 2, actionPacks: 6, limit: 8, remaining: 8 },
    });
    const listed = (await t.operator('GET', packsUrl(orgId))).body;
    assert.equal(listed.total, 2);
    const applies = Object.fromEntries(
      listed.actionPacks.map((p: { id: string; appliesThisMonth: boolean }) => [p.id, p.appliesThisMonth]),
    );
    assert.deepEqual(applies, { [once.id]: false, [monthly.id]: true });
    for (let i = 0; i < 8; i++) assert.equal((await run(key, ws)).status, 200, `december action ${i + 1}`);
    const refused = await run(key, ws);
    assert.equal(refused.status, 403);
    assert.equal(refused.body.limit, 8);

    const deleted = await t.operator('DELETE', `${packsUrl(orgId)}/${monthly.id}`);
    assert.deepEqual(deleted.body, { deleted: true, id: monthly.id });
    assert.deepEqual((await usage(orgId)).actions, { used: 8, planLimit: 2, actionPacks: 0, limit: 2, remaining: 0 });
    assert.equal((await run(key, ws)).body.limit, 2, 'the quota is the plan alone again');
    assert.equal((await t.operator('DELETE', `${packsUrl(orgId)}/${monthly.id}`)).status, 404);
    assert.equal((await t.operator('GET', packsUrl(orgId))).body.total, 1);
  });

  it('a pack added or deleted while another node holds leases takes effect there at once, exactly', async () => {
    now = NOVEMBER;
    const { orgId, key, ws } = await freeOrg();
    for (let i = 0; i < 2; i++) assert.equal((await run(key, ws, nodeB)).status, 200);
    assert.equal((await run(key, ws, nodeB)).status, 403);

    const big = (await t.operator('POST', packsUrl(orgId), { actions: 1000 })).body.actionPack;
    await until('node B admits under the new limit', async () => (await run(key, ws, nodeB)).status === 200);
    // Node B now holds a lease of many unspent admissions; deleting the pack must take them back.
    assert.equal((await t.operator('DELETE', `${packsUrl(orgId)}/${big.id}`)).status, 200);
    await until('node B gave its unspent admissions back', async () => (await usage(orgId)).actions.used === 3);
    const refused = await run(key, ws, nodeB);
    assert.equal(refused.status, 403, refused.text);
    assert.equal(refused.body.limit, 2);
    assert.equal((await usage(orgId)).actions.used, 3);
  });

  it('leaves an unlimited plan unlimited', async () => {
    now = NOVEMBER;
    const { orgId, key } = await t.tenant('enterprise');
    const ws = (await t.workspace(key)).id;
    const added = await t.operator('POST', packsUrl(orgId), { count: 2, recurring: true });
    assert.equal(added.status, 201, added.text);
    assert.deepEqual((await usage(orgId)).actions, { used: 0, planLimit: null, actionPacks: 0, limit: null, remaining: null });
    assert.equal((await run(key, ws)).status, 200);
  });

  it('refuses bad input with 400 and stores nothing', async () => {
    const { orgId } = await freeOrg();
    const cases: Array<[unknown, RegExp]> = [
      [{}, /count .* or actions/],
      [{ count: 1, actions: 5 }, /not both/],
      [{ count: 0 }, /^count/],
      [{ count: -2 }, /^count/],
      [{ count: 1.5 }, /^count/],
      [{ count: '2' }, /^count/],
      [{ count: 1001 }, /^count/],
      [{ actions: 0 }, /^actions/],
      [{ count: 1, recurring: 'yes' }, /^recurring/],
      [[1], /body/],
    ];
    for (const [body, message] of cases) {
      const res = await t.operator('POST', packsUrl(orgId), body);
      assert.equal(res.status, 400, `${JSON.stringify(body)}: ${res.text}`);
      assert.equal(res.body.error, 'VALIDATION_ERROR');
      assert.match(res.body.message, message, JSON.stringify(body));
    }
    assert.equal((await t.db.orm.select().from(actionPacks).where(eq(actionPacks.orgId, orgId))).length, 0);
    assert.equal((await t.operator('POST', '/operator/v1/organizations/not-a-uuid/action-packs', { count: 1 })).status, 400);
    assert.equal((await t.operator('DELETE', `${packsUrl(orgId)}/not-a-uuid`)).status, 400);
  });

  it('answers 404 for an unknown organization and for a pack of another organization', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const [method, url, body] of [
      ['POST', packsUrl(unknown), { count: 1 }],
      ['GET', packsUrl(unknown), undefined],
      ['DELETE', `${packsUrl(unknown)}/${unknown}`, undefined],
      ['GET', `/operator/v1/organizations/${unknown}/usage`, undefined],
    ] as const) {
      const res = await t.operator(method, url, body);
      assert.equal(res.status, 404, `${method} ${url}`);
      assert.equal(res.body.error, 'NOT_FOUND');
    }
    const a = await freeOrg();
    const b = await freeOrg();
    const pack = (await t.operator('POST', packsUrl(a.orgId), { count: 1 })).body.actionPack;
    assert.equal((await t.operator('DELETE', `${packsUrl(b.orgId)}/${pack.id}`)).status, 404);
    assert.equal((await t.operator('GET', packsUrl(b.orgId))).body.total, 0);
    assert.equal((await t.operator('GET', packsUrl(a.orgId))).body.total, 1, 'still there');
  });

  it('needs the operator token: none, a wrong one or an API key get 401', async () => {
    const { orgId, key } = await freeOrg();
    for (const token of [null, 'wrong-token', key]) {
      const post = await t.request('POST', packsUrl(orgId), { key: token, body: { count: 1 } });
      assert.equal(post.status, 401, `${token}: ${post.text}`);
      assert.equal((await t.request('GET', packsUrl(orgId), { key: token })).status, 401);
      assert.equal((await t.request('GET', `/operator/v1/organizations/${orgId}/usage`, { key: token })).status, 401);
    }
    assert.equal((await t.request('GET', packsUrl(orgId), { key: OPERATOR_TOKEN })).status, 200);
    assert.equal((await t.db.orm.select().from(actionPacks).where(eq(actionPacks.orgId, orgId))).length, 0);
  });
});
