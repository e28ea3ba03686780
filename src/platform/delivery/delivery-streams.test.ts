import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../../app.js';
import { openDatabase } from '../db/database.js';
import { webhookDeliveries, webhookDeliveryAttempts } from '../db/schema.js';
import { startApp, testConfig, type TestApp } from '../../../test/harness.js';
import { eventually, Receiver } from '../../../test/receiver.js';
import { deliveryWorld, ENV } from './delivery.fixtures.js';

describe('outbound webhook delivery: streams, batches, cancel and recovery', () => {
  let t: TestApp;
  let rx: Receiver;
  const world = deliveryWorld();
  const { svc, enqueue } = world;
  before(async () => {
    await world.start();
    ({ t, rx } = world);
  });
  after(async () => world.close());

  it('keeps order within a stream while a failing receiver never holds up another stream', async () => {
    const { orgId } = await t.tenant();
    let release = false;
    rx.respond = (r) => (r.path === '/ordered' && r.json?.n === 1 && !release ? { status: 500 } : { status: 200 });
    // Enough attempts that the failing head cannot be dead-lettered while we look.
    for (let n = 1; n <= 3; n++) await enqueue(orgId, { n }, { path: '/ordered', streamKey: 'stream-a', maxAttempts: 1000 });
    for (let n = 1; n <= 3; n++) await enqueue(orgId, { n }, { path: '/other', streamKey: 'stream-b' });
    const once = (path: string) =>
      rx
        .to(path)
        .filter((r, i, all) => all.findIndex((x) => x.headers['x-service-delivery'] === r.headers['x-service-delivery']) === i);
    await rx.waitFor(() => once('/other').length === 3, 10_000, 'the other stream');
    assert.deepEqual(
      once('/other').map((r) => r.json.n),
      [1, 2, 3],
    );
    await rx.waitFor(() => rx.to('/ordered').length >= 2, 10_000, 'a retry of the head');
    assert.ok(
      rx.to('/ordered').every((r) => r.json.n === 1),
      'nothing behind the failing head was sent',
    );
    release = true;
    // A slow answer to the last one: the receiver has it before the worker records the stream delivered.
    rx.respond = (r) => (r.path === '/ordered' && r.json?.n === 3 ? { status: 200, delayMs: 300 } : { status: 200 });
    await rx.waitFor(() => rx.to('/ordered').some((r) => r.json.n === 3), 10_000, 'the stream to drain');
    const order = rx.to('/ordered').map((r) => r.json.n as number);
    assert.deepEqual(
      order.filter((n) => n !== 1),
      [2, 3],
    );
    assert.ok(order.lastIndexOf(1) < order.indexOf(2));
    // The receiver has had the last request before the worker records the batch it was in: wait for that record.
    const last = await eventually(
      async () => {
        const m = await svc().lastDelivered(orgId, ['stream-a', 'stream-b', 'stream-none']);
        return m.get('stream-a') instanceof Date && m.get('stream-b') instanceof Date ? m : undefined;
      },
      10_000,
      'both streams recorded as delivered',
    );
    assert.equal(last.has('stream-none'), false);
    rx.respond = () => ({ status: 200 });
  });

  it('sends a stream backlog in batches, in order; a failure mid-batch holds the rest back without spending their attempts', async () => {
    const { orgId } = await t.tenant();
    const path = '/batch';
    let failed = false;
    rx.respond = (r) => {
      if (r.path !== path || r.json?.n !== 5 || failed) return { status: 200 };
      failed = true;
      return { status: 500 };
    };
    const ids = (
      await t.db.orm.transaction((tx) =>
        svc().enqueueMany(
          tx,
          Array.from({ length: 20 }, (_, n) => ({
            orgId,
            producer: 'test',
            streamKey: 'batched',
            url: rx.url(path),
            body: { n },
          })),
        ),
      )
    ).map((d) => d.id);
    const views = await eventually(async () => {
      const v = await svc().views(orgId, ids);
      return [...v.values()].every((d) => d.status === 'delivered') ? v : null;
    });
    rx.respond = () => ({ status: 200 });
    const order = rx.to(path).map((r) => r.json.n as number);
    assert.deepEqual(order, [0, 1, 2, 3, 4, 5, 5, ...Array.from({ length: 14 }, (_, i) => i + 6)]);
    ids.forEach((id, n) => {
      const v = views.get(id)!;
      assert.equal(v.attempts, n === 5 ? 2 : 1, `delivery ${n}`);
      assert.deepEqual(
        v.history.map((h) => h.statusCode),
        n === 5 ? [500, 200] : [200],
      );
    });
    const open = await t.db.orm.select().from(webhookDeliveryAttempts).where(eq(webhookDeliveryAttempts.orgId, orgId));
    assert.equal(open.length, 21, 'an attempt row per request sent, none for the ones handed back');
  });

  it('cancels a stream: what was pending never goes, an attempt in flight finishes before waitForStream returns', async () => {
    const { orgId } = await t.tenant();
    rx.respond = (r) => (r.path === '/cancel' ? { status: 200, delayMs: 300 } : { status: 200 });
    for (let n = 1; n <= 3; n++) await enqueue(orgId, { n }, { path: '/cancel', streamKey: 'to-cancel' });
    await rx.waitFor(() => rx.to('/cancel').length === 1, 10_000, 'the first delivery to start');
    const canceled = await t.db.orm.transaction((tx) => svc().cancelStream(tx, orgId, 'to-cancel'));
    assert.equal(canceled, 3, 'the one in flight and the two behind it');
    await svc().waitForStream(orgId, 'to-cancel');
    const open = await t.db.orm.select().from(webhookDeliveryAttempts).where(eq(webhookDeliveryAttempts.orgId, orgId));
    assert.ok(
      open.every((a) => a.finishedAt !== null),
      'no attempt is still waiting for its receiver',
    );
    const seen = rx.to('/cancel').length;
    // The stream stays canceled: nothing more is claimed, however long we look.
    const rows = await t.db.orm.select().from(webhookDeliveries).where(eq(webhookDeliveries.orgId, orgId));
    assert.deepEqual(
      rows.map((r) => r.status),
      ['canceled', 'canceled', 'canceled'],
    );
    assert.equal(seen, 1);
    rx.respond = () => ({ status: 200 });
  });

  it('a batch whose outcome cannot be recorded stops there: lease recovery sends the stream again from the unrecorded one, in order', async () => {
    const { orgId } = await t.tenant();
    const path = '/unrecorded';
    // A real failure of the record transaction: the first time one of this organization's deliveries is marked
    // delivered, the database refuses it (a sequence is not transactional, so the refusal happens once).
    await t.db.orm.execute(sql.raw(`CREATE SEQUENCE record_fault_seq`));
    await t.db.orm.execute(
      sql.raw(`CREATE FUNCTION record_fault() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.org_id = '${orgId}' AND NEW.status = 'delivered' THEN
            IF nextval('record_fault_seq') = 1 THEN RAISE EXCEPTION 'injected: the record could not be written'; END IF;
          END IF;
          RETURN NEW;
        END $$`),
    );
    await t.db.orm.execute(
      sql.raw(`CREATE TRIGGER record_fault BEFORE UPDATE ON webhook_deliveries FOR EACH ROW EXECUTE FUNCTION record_fault()`),
    );
    try {
      await t.db.orm.transaction((tx) =>
        svc().enqueueMany(
          tx,
          Array.from({ length: 5 }, (_, n) => ({
            orgId,
            producer: 'test',
            streamKey: 'unrecorded',
            url: rx.url(path),
            body: { n: n + 1 },
          })),
        ),
      );
      const all = await eventually(async () => {
        const rows = await t.db.orm.select().from(webhookDeliveries).where(eq(webhookDeliveries.orgId, orgId));
        return rows.length === 5 && rows.every((r) => r.status === 'delivered') ? rows : null;
      }, 30_000);
      assert.equal(all.length, 5);
      const order = rx.to(path).map((r) => r.json.n as number);
      // The first was sent, its record failed; whatever else went out meanwhile was not recorded either. Lease
      // recovery then sends the stream again from the first, in order: nothing is marked delivered ahead of it.
      const again = order.lastIndexOf(1);
      assert.ok(again > 0, `the first delivery is sent again after the failed record (${order.join(',')})`);
      assert.deepEqual(order.slice(again), [1, 2, 3, 4, 5], `received: ${order.join(',')}`);
      const first = all.find((r) => (JSON.parse(r.body) as { n: number }).n === 1)!;
      const view = await svc().get(orgId, first.id);
      assert.equal(view?.history.length, 2);
      assert.match(view.history[0]!.error!, /interrupted/);
    } finally {
      await t.db.orm.execute(sql.raw(`DROP TRIGGER record_fault ON webhook_deliveries`));
      await t.db.orm.execute(sql.raw(`DROP FUNCTION record_fault()`));
      await t.db.orm.execute(sql.raw(`DROP SEQUENCE record_fault_seq`));
    }
  });

  it('recovers a delivery whose node died mid-attempt once its lease lapses', async () => {
    const { orgId } = await t.tenant();
    const path = '/recovered';
    const id = '6a1f0b7e-7f43-4a4e-9d0e-0a4b1c2d3e4f';
    // What a killed node leaves behind: the delivery claimed (lease in the past) and its attempt still open.
    await t.db.orm.transaction(async (tx) => {
      await svc().enqueue(tx, { orgId, producer: 'test', url: rx.url(path), body: { survived: true }, id });
      await tx.execute(
        sql`UPDATE webhook_deliveries SET status = 'sending', attempts = 1, round_attempts = 1, next_attempt_at = now() + interval '1 hour', lease_until = now() - interval '1 minute', last_attempt_at = now() - interval '2 minutes' WHERE id = ${id}`,
      );
      await tx.execute(
        sql`INSERT INTO webhook_delivery_attempts (delivery_id, attempt, org_id, url, started_at) VALUES (${id}, 1, ${orgId}, ${rx.url(path)}, now() - interval '2 minutes')`,
      );
    });
    const view = await eventually(async () => {
      const v = await svc().get(orgId, id);
      return v?.status === 'delivered' ? v : null;
    });
    assert.equal(view.attempts, 2);
    assert.match(view.history[0]!.error!, /interrupted/);
    assert.ok(view.history[0]!.finishedAt);
    assert.equal(rx.to(path)[0]!.headers['x-service-attempt'], '2');
  });
});

// Two app instances ("nodes") on one PostgreSQL database. PGlite is single-process, so this runs only with DATABASE_URL.
describe(
  'outbound webhook delivery on two nodes',
  { skip: !process.env.DATABASE_URL && 'needs PostgreSQL (DATABASE_URL); PGlite is single-process' },
  () => {
    it('sends each delivery once per attempt whichever node claims it, and keeps stream order', async () => {
      const t = await startApp(ENV);
      const rx = await new Receiver().start();
      assert.equal(t.db.kind, 'postgres');
      // The second node: its own pool on the same database, its own dispatcher.
      const dbName = (await t.db.query<{ name: string }>('SELECT current_database() AS name'))[0]!.name;
      const u = new URL(process.env.DATABASE_URL!);
      u.pathname = `/${dbName}`;
      const db2 = await openDatabase({ url: u.toString(), poolSize: 5 });
      const app2 = await buildApp({ config: { ...testConfig(ENV), encryptionKey: t.config.encryptionKey }, db: db2 });
      await app2.ready();
      try {
        const { orgId } = await t.tenant();
        // Every fourth delivery fails its first attempt: retries on either node, never enough to dead-letter one.
        rx.respond = (r) =>
          r.headers['x-service-attempt'] === '1' && Number(r.path.split('/').pop()) % 4 === 0 ? { status: 500 } : { status: 200 };
        const ids: string[] = [];
        for (let i = 0; i < 30; i++) {
          const { id } = await t.db.orm.transaction((tx) =>
            t.app.services.delivery.enqueue(tx, {
              orgId,
              producer: 'test',
              streamKey: i % 2 === 0 ? 'even' : null,
              url: rx.url(`/n/${i}`),
              body: { i },
            }),
          );
          ids.push(id);
        }
        await eventually(
          async () => {
            const views = await t.app.services.delivery.views(orgId, ids);
            return [...views.values()].every((v) => v.status === 'delivered');
          },
          30_000,
          'every delivery',
        );
        const pairs = rx.requests.map((r) => `${r.headers['x-service-delivery']}#${r.headers['x-service-attempt']}`);
        assert.equal(new Set(pairs).size, pairs.length, 'no attempt was sent twice');
        const views = await t.app.services.delivery.views(orgId, ids);
        for (const id of ids)
          assert.equal(rx.requests.filter((r) => r.headers['x-service-delivery'] === id).length, views.get(id)!.attempts);
        assert.deepEqual(ids.filter((id) => views.get(id)!.attempts === 2).length, 8, 'deliveries 0, 4, … 28 were retried once');
        const evenFirstSuccess = [0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28].map((i) =>
          views.get(ids[i]!)!.deliveredAt!.getTime(),
        );
        assert.deepEqual(
          [...evenFirstSuccess].sort((a, b) => a - b),
          evenFirstSuccess,
          'the ordered stream was delivered in order',
        );
      } finally {
        await app2.close();
        await db2.close();
        await t.close();
        await rx.close();
      }
    });
  },
);
