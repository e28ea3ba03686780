import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../../app.js';
import { openDatabase } from '../db/database.js';
import { webhookDeliveries, webhookDeliveryAttempts, webhookSigningSecrets } from '../db/schema.js';
import { startApp, testConfig, type TestApp } from '../../../test/harness.js';
import { eventually, Receiver } from '../../../test/receiver.js';
import { retryDelayMs } from './schedule.js';
import { verifySignature } from './signing.js';

const ENV = {
  SWITCHBOARD_EGRESS_ALLOW: '127.0.0.1',
  SWITCHBOARD_DELIVERY_RETRY_SCHEDULE: '0.05,0.05,0.05',
  SWITCHBOARD_DELIVERY_POLL_MS: '50',
  SWITCHBOARD_DELIVERY_TIMEOUT_MS: '2000',
};

describe('retry schedule', () => {
  it('follows the schedule with ±20 % jitter and stays on the last delay', () => {
    const s = [10, 60, 300];
    assert.equal(
      retryDelayMs(s, 1, () => 0.5),
      10_000,
    );
    assert.equal(
      retryDelayMs(s, 2, () => 0),
      48_000,
    );
    assert.equal(
      retryDelayMs(s, 3, () => 1),
      360_000,
    );
    assert.equal(
      retryDelayMs(s, 9, () => 0.5),
      300_000,
    );
  });
});

describe('outbound webhook delivery', () => {
  let t: TestApp;
  let rx: Receiver;
  before(async () => {
    t = await startApp(ENV);
    rx = await new Receiver().start();
  });
  after(async () => {
    await t.close();
    await rx.close();
  });

  const svc = () => t.app.services.delivery;
  async function enqueue(
    orgId: string,
    body: unknown,
    opts: { path?: string; streamKey?: string; headers?: Record<string, string>; subjectId?: string; maxAttempts?: number } = {},
  ) {
    return t.db.orm.transaction((tx) =>
      svc().enqueue(tx, {
        orgId,
        producer: 'test',
        subjectId: opts.subjectId ?? null,
        streamKey: opts.streamKey ?? null,
        url: rx.url(opts.path ?? '/hook'),
        headers: opts.headers ?? {},
        body,
        ...(opts.maxAttempts ? { maxAttempts: opts.maxAttempts } : {}),
      }),
    );
  }

  it('delivers a committed message with its headers and records the attempt; a rolled-back one never goes', async () => {
    const { orgId } = await t.tenant();
    const path = '/basic';
    const { id } = await enqueue(
      orgId,
      { hello: 'world', n: 1 },
      { path, headers: { 'X-Service-Event': 'test.event', Authorization: 'Bearer receiver-token' }, subjectId: 'subj-1' },
    );
    await assert.rejects(
      t.db.orm.transaction(async (tx) => {
        await svc().enqueue(tx, { orgId, producer: 'test', url: rx.url(path), body: { rolledBack: true } });
        throw new Error('abort');
      }),
    );
    const [req] = await rx.waitFor(() => rx.to(path).length >= 1 && rx.to(path), 10_000, 'delivery');
    assert.deepEqual(req!.json, { hello: 'world', n: 1 });
    assert.equal(req!.body, JSON.stringify({ hello: 'world', n: 1 }));
    assert.equal(req!.headers['content-type'], 'application/json');
    assert.equal(req!.headers['x-service-event'], 'test.event');
    assert.equal(req!.headers.authorization, 'Bearer receiver-token');
    assert.equal(req!.headers['x-service-delivery'], id);
    assert.equal(req!.headers['x-service-attempt'], '1');
    assert.equal(req!.headers['x-service-signature'], undefined, 'unsigned while the organization has no secret');

    const view = await eventually(async () => {
      const v = await svc().get(orgId, id);
      return v?.status === 'delivered' ? v : null;
    });
    assert.equal(view.attempts, 1);
    assert.equal(view.lastStatusCode, 200);
    assert.ok(view.deliveredAt);
    assert.equal(view.history.length, 1);
    assert.equal(view.history[0]!.statusCode, 200);
    assert.equal((await svc().listForSubjects(orgId, 'test', ['subj-1']))[0]?.id, id);
    // The receiver's credentials are not stored in the clear.
    const [row] = await t.db.orm.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
    assert.ok(!row!.headers.includes('receiver-token'));
    // Nothing of the rolled-back transaction exists or arrives.
    await eventually(async () => (await svc().get(orgId, id))?.status === 'delivered');
    assert.equal(rx.to(path).length, 1);
    assert.equal((await t.db.orm.select().from(webhookDeliveries).where(eq(webhookDeliveries.orgId, orgId))).length, 1);
    // Another organization cannot see it.
    const other = await t.tenant();
    assert.equal(await svc().get(other.orgId, id), null);
  });

  it('retries after a 500 and a timeout, then succeeds; the attempt number grows and the delivery id stays', async () => {
    const { orgId } = await t.tenant();
    const path = '/flaky';
    rx.respond = (r) => {
      if (r.path !== path) return { status: 200 };
      const n = rx.to(path).length;
      return n === 1 ? { status: 500 } : n === 2 ? { hang: true } : { status: 204 };
    };
    const { id } = await enqueue(orgId, { flaky: true }, { path });
    const view = await eventually(async () => {
      const v = await svc().get(orgId, id);
      return v?.status === 'delivered' ? v : null;
    });
    rx.respond = () => ({ status: 200 });
    const got = rx.to(path);
    assert.deepEqual(
      got.map((r) => r.headers['x-service-attempt']),
      ['1', '2', '3'],
    );
    assert.deepEqual(new Set(got.map((r) => r.headers['x-service-delivery'])), new Set([id]));
    assert.deepEqual(
      view.history.map((h) => h.statusCode),
      [500, null, 204],
    );
    assert.match(view.history[0]!.error!, /500/);
    assert.match(view.history[1]!.error!, /timed out/);
    assert.equal(view.history[2]!.error, null);
  });

  it('dead-letters after the schedule is used up, and redelivers on request', async () => {
    const { orgId } = await t.tenant();
    const path = '/down';
    let up = false;
    rx.respond = (r) => (r.path === path && !up ? { status: 503 } : { status: 200 });
    const { id } = await enqueue(orgId, { important: true }, { path });
    const dead = await eventually(async () => {
      const v = await svc().get(orgId, id);
      return v?.status === 'dead' ? v : null;
    });
    assert.equal(dead.attempts, 4, 'one attempt plus one per scheduled delay');
    assert.equal(dead.maxAttempts, 4);
    assert.ok(dead.deadAt);
    assert.equal(dead.nextAttemptAt, null);
    assert.equal(rx.to(path).length, 4);

    up = true;
    const other = await t.tenant();
    assert.equal(await svc().redeliver(other.orgId, id), null, 'another organization cannot replay it');
    const rearmed = await svc().redeliver(orgId, id);
    assert.ok(rearmed && ['pending', 'sending', 'delivered'].includes(rearmed.status));
    const done = await eventually(async () => {
      const v = await svc().get(orgId, id);
      return v?.status === 'delivered' ? v : null;
    });
    assert.equal(done.attempts, 5);
    assert.equal(done.maxAttempts, 8, 'a fresh round of attempts');
    assert.equal(done.deadAt, null);
    assert.equal(rx.to(path).at(-1)!.headers['x-service-attempt'], '5');
    rx.respond = () => ({ status: 200 });
  });

  it('counts a refused connection and an address the egress guard forbids as failed attempts', async () => {
    const { orgId } = await t.tenant();
    const closed = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const port = (s.address() as net.AddressInfo).port;
        s.close(() => resolve(port));
      });
    });
    const refused = await t.db.orm.transaction((tx) =>
      svc().enqueue(tx, { orgId, producer: 'test', url: `http://127.0.0.1:${closed}/x`, body: {}, maxAttempts: 1 }),
    );
    const denied = await t.db.orm.transaction((tx) =>
      svc().enqueue(tx, { orgId, producer: 'test', url: 'http://169.254.169.254/latest/meta-data', body: {}, maxAttempts: 1 }),
    );
    const a = await eventually(async () => {
      const v = await svc().get(orgId, refused.id);
      return v?.status === 'dead' ? v : null;
    });
    assert.equal(a.lastStatusCode, null);
    assert.match(a.lastError!, /ECONNREFUSED/);
    const b = await eventually(async () => {
      const v = await svc().get(orgId, denied.id);
      return v?.status === 'dead' ? v : null;
    });
    assert.match(b.lastError!, /not allowed/);
    await assert.rejects(svc().assertDeliverableUrl('http://10.1.2.3/hook', 'callbackUrl'), /private/);
    await assert.rejects(svc().assertDeliverableUrl('ftp://example.com/x', 'callbackUrl'), /http/);
    await assert.rejects(svc().assertDeliverableUrl('http://user:pw@example.com/x', 'callbackUrl'), /credentials/);
    assert.equal(await svc().assertDeliverableUrl(rx.url('/ok'), 'callbackUrl'), rx.url('/ok'));
    await assert.rejects(
      t.db.orm.transaction((tx) =>
        svc().enqueue(tx, { orgId, producer: 'test', url: rx.url(), body: {}, headers: { 'X-Service-Signature': 'forged' } }),
      ),
      /X-Service-Signature/,
    );
  });

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
    await rx.waitFor(() => rx.to('/ordered').some((r) => r.json.n === 3), 10_000, 'the stream to drain');
    const order = rx.to('/ordered').map((r) => r.json.n as number);
    assert.deepEqual(
      order.filter((n) => n !== 1),
      [2, 3],
    );
    assert.ok(order.lastIndexOf(1) < order.indexOf(2));
    const last = await svc().lastDelivered(orgId, ['stream-a', 'stream-b', 'stream-none']);
    assert.ok(last.get('stream-a') instanceof Date && last.get('stream-b') instanceof Date);
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

  it('signs with the organization secret once there is one, with both secrets during a rotation', async () => {
    const { orgId, key } = await t.tenant();
    const first = await t.post('/api/v1/webhook-signing-secret/rotate', key);
    assert.equal(first.status, 200);
    await enqueue(orgId, { signed: 1 }, { path: '/signed' });
    const [one] = await rx.waitFor(() => rx.to('/signed').length === 1 && rx.to('/signed'), 10_000, 'signed delivery');
    const ts = Number(one!.headers['x-service-timestamp']);
    assert.ok(Math.abs(ts - Date.now() / 1000) < 60);
    assert.match(one!.headers['x-service-signature']!, /^t=\d+,v1=[0-9a-f]{64}$/);
    assert.ok(one!.headers['x-service-signature']!.startsWith(`t=${ts},`));
    assert.ok(verifySignature(first.body.secret, one!.headers['x-service-signature']!, one!.body));
    assert.ok(!verifySignature(first.body.secret, one!.headers['x-service-signature']!, one!.body + ' '), 'a changed body fails');
    assert.ok(!verifySignature('whsec_wrong', one!.headers['x-service-signature']!, one!.body));
    assert.ok(
      !verifySignature(first.body.secret, one!.headers['x-service-signature']!, one!.body, 300, (ts + 3600) * 1000),
      'a stale timestamp fails',
    );

    const second = await t.post('/api/v1/webhook-signing-secret/rotate', key);
    await enqueue(orgId, { signed: 2 }, { path: '/signed' });
    const two = (await rx.waitFor(() => rx.to('/signed').length === 2 && rx.to('/signed'), 10_000, 'second signed delivery'))[1]!;
    assert.match(two.headers['x-service-signature']!, /^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    assert.ok(verifySignature(second.body.secret, two.headers['x-service-signature']!, two.body), 'the new secret verifies');
    assert.ok(
      verifySignature(first.body.secret, two.headers['x-service-signature']!, two.body),
      'the previous one still does during the grace period',
    );

    await t.delete('/api/v1/webhook-signing-secret', key);
    await enqueue(orgId, { signed: 3 }, { path: '/signed' });
    const three = (await rx.waitFor(() => rx.to('/signed').length === 3 && rx.to('/signed'), 10_000, 'unsigned delivery'))[2]!;
    assert.equal(three.headers['x-service-signature'], undefined);
    assert.equal(three.headers['x-service-timestamp'], undefined);
  });

  it('signing secret endpoints: shown once, stored encrypted, org-scope keys only', async () => {
    const { orgId, key } = await t.tenant();
    const ws = await t.workspace(key);
    const none = await t.get('/api/v1/webhook-signing-secret', key);
    assert.deepEqual(none.body, { enabled: false, secretPrefix: null, createdAt: null, previousSecretExpiresAt: null });
    const rotated = await t.post('/api/v1/webhook-signing-secret/rotate', key);
    assert.equal(rotated.status, 200);
    assert.match(rotated.body.secret, /^whsec_[A-Za-z0-9_-]{43}$/);
    assert.equal(rotated.body.enabled, true);
    assert.equal(rotated.body.previousSecretExpiresAt, null);
    assert.ok(rotated.body.secret.startsWith(rotated.body.secretPrefix));
    const [row] = await t.db.orm.select().from(webhookSigningSecrets).where(eq(webhookSigningSecrets.orgId, orgId));
    assert.ok(row && !row.secret.includes(rotated.body.secret.slice(6)), 'encrypted at rest');
    const status = await t.get('/api/v1/webhook-signing-secret', key);
    assert.equal(status.body.enabled, true);
    assert.equal(status.body.secretPrefix, rotated.body.secretPrefix);
    assert.ok(!status.text.includes(rotated.body.secret));
    const again = await t.post('/api/v1/webhook-signing-secret/rotate', key);
    assert.notEqual(again.body.secret, rotated.body.secret);
    assert.ok(Date.parse(again.body.previousSecretExpiresAt) > Date.now() + 23 * 3600_000);
    const scoped = await t.scopedKey(key, [ws.id]);
    for (const res of [
      await t.post('/api/v1/webhook-signing-secret/rotate', scoped),
      await t.get('/api/v1/webhook-signing-secret', scoped),
      await t.delete('/api/v1/webhook-signing-secret', scoped),
    ]) {
      assert.equal(res.status, 403);
      assert.equal(res.body.error, 'SCOPE_DENIED');
    }
    assert.equal((await t.post('/api/v1/webhook-signing-secret/rotate', null)).status, 401);
    const removed = await t.delete('/api/v1/webhook-signing-secret', key);
    assert.equal(removed.status, 200);
    assert.equal(removed.body.enabled, false);
    assert.equal((await t.db.orm.select().from(webhookSigningSecrets).where(eq(webhookSigningSecrets.orgId, orgId))).length, 0);
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
