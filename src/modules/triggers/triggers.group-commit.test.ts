import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { asc, eq, inArray } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { triggerEvents, triggerSources, webhookDeliveries } from '../../platform/db/schema.js';
import { AppError } from '../../platform/errors.js';
import { SecretBox } from '../../platform/secrets.js';
import type { TestApp } from '../../../test/harness.js';
import type { Receiver } from '../../../test/receiver.js';
import { firstArrivals, postEvent } from '../../../test/triggers.js';
import { EventRecorder } from './triggers.events.js';
import { SourceSecrets } from './triggers.runtime.js';
import { webhookSourcesWorld } from './triggers.fixtures.js';

/** Group commit across sources (0162): inbound events of many sources recorded in one transaction. */
describe('triggers: group commit across sources', () => {
  let t: TestApp;
  let rx: Receiver;
  const world = webhookSourcesWorld();
  const { setup, catchHook } = world;
  before(async () => {
    await world.start();
    ({ t, rx } = world);
  });
  after(async () => world.close());

  const enable = async (key: string, ws: string, path: string) => {
    const res = await t.post('/api/v1/triggers/enable', key, catchHook(ws, path));
    assert.equal(res.status, 201, res.text);
    return res.body.triggerSource as { id: string; webhookUrl: string; orgId: string };
  };

  /** The source's events in seq order and its deliveries in stream order, as stored. */
  const stored = async (sourceId: string) => {
    const events = await t.db.orm
      .select()
      .from(triggerEvents)
      .where(eq(triggerEvents.sourceId, sourceId))
      .orderBy(asc(triggerEvents.seq));
    const deliveries = await t.db.orm
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.streamKey, sourceId))
      .orderBy(asc(webhookDeliveries.streamSeq));
    const [row] = await t.db.orm.select().from(triggerSources).where(eq(triggerSources.id, sourceId));
    return { events, deliveries, row: row! };
  };

  it("records many sources' concurrent events of two organizations, each source in its own order, each to its own callback", async () => {
    const tenants = [await setup(), await setup()];
    const sources = await Promise.all(
      tenants.flatMap(({ key, ws }, o) => [0, 1, 2].map((s) => enable(key, ws, `/cb/group-${o}-${s}`))),
    );
    const n = 8;
    const posts = sources.flatMap((src) => Array.from({ length: n }, (_, i) => postEvent(t, src.webhookUrl, { i, src: src.id })));
    const answers = await Promise.all(posts);
    assert.deepEqual(
      answers.map((a) => a.status),
      Array<number>(posts.length).fill(200),
      answers.find((a) => a.status !== 200)?.text,
    );
    for (const [k, src] of sources.entries()) {
      const { events, deliveries, row } = await stored(src.id);
      assert.equal(row.eventCount, n, 'the counter moved by its own events');
      assert.ok(row.lastEventAt, 'the last event time is set');
      assert.deepEqual(
        events.map((e) => e.seq),
        Array.from({ length: n }, (_, i) => i + 1),
      );
      assert.ok(events.every((e) => e.orgId === src.orgId && e.origin === 'webhook'));
      // The event with seq k is the k-th delivery of the source's stream, of its organization, to its callback.
      assert.deepEqual(
        deliveries.map((d) => d.id),
        events.map((e) => e.id),
      );
      assert.ok(deliveries.every((d) => d.orgId === src.orgId && d.url === rx.url(`/cb/group-${Math.floor(k / 3)}-${k % 3}`)));
      assert.deepEqual(
        deliveries.map((d) => (JSON.parse(d.body) as { data: { body: { src: string } } }).data.body.src),
        Array<string>(n).fill(src.id),
      );
    }
    for (const k of sources.keys()) {
      const path = `/cb/group-${Math.floor(k / 3)}-${k % 3}`;
      const got = await rx.waitFor(() => firstArrivals(rx.to(path)).length === n && firstArrivals(rx.to(path)), 15_000, path);
      assert.deepEqual(
        got.map((r) => r.json.data.body.i as number).sort(),
        Array.from({ length: n }, (_, i) => i),
      );
    }
  });

  it('records waiting calls of several sources in one transaction, and leaves out the sources that take no events', async () => {
    const a = await setup();
    const b = await setup();
    const [s1, s2, s3, off] = await Promise.all(['/cb/g1', '/cb/g2', '/cb/g3', '/cb/goff'].map((p) => enable(a.key, a.ws, p)));
    const [s4] = [await enable(b.key, b.ws, '/cb/g4')];
    assert.equal((await t.post('/api/v1/triggers/disable', a.key, { triggerSourceId: off!.id })).status, 200);
    const secrets = new SourceSecrets(SecretBox.fromKeys(t.config.encryptionKey!));
    const recorder = new EventRecorder({ orm: t.db.orm, delivery: t.app.services.delivery, secrets });
    const record = (src: { orgId: string; id: string }, items: unknown[]) =>
      recorder.record(src.orgId, src.id, items, 'webhook', { acceptPending: true });

    // The first call starts a transaction of its own; the others wait for it and then go together.
    const first = record(s1!, [{ n: 1 }]);
    const waiting = [
      record(s2!, [{ n: 2 }]),
      record(s3!, [{ n: 3 }, { n: 4 }]),
      record(s4, [{ n: 5 }]),
      record(off!, [{ n: 6 }]),
      // Another organization's source id: never recorded under this one.
      record({ orgId: a.orgId, id: s4.id }, [{ n: 7 }]),
      record({ orgId: a.orgId, id: randomUUID() }, [{ n: 8 }]),
      record(s2!, [{ n: 9 }]),
    ];
    const [one, two, three, four, disabled, foreign, missing, twoAgain] = await Promise.all([first, ...waiting]);
    assert.equal(one!.length, 1);
    assert.equal(two!.length, 1);
    assert.equal(three!.length, 2);
    assert.equal(four!.length, 1);
    assert.equal(disabled, null, 'a disabled source takes no events');
    assert.equal(foreign, null, "a source of another organization is not this one's");
    assert.equal(missing, null, 'an unknown source takes no events');
    assert.equal(twoAgain!.length, 1);

    const ids = [...two!, ...three!, ...four!, ...twoAgain!];
    const events = await t.db.orm.select().from(triggerEvents).where(inArray(triggerEvents.id, ids));
    assert.equal(events.length, ids.length);
    assert.equal(new Set(events.map((e) => e.createdAt.getTime())).size, 1, 'the waiting calls were committed together');
    assert.deepEqual(
      (await stored(s2!.id)).events.map((e) => [e.id, e.seq]),
      [
        [two![0], 1],
        [twoAgain![0], 2],
      ],
      "a source's calls keep their order within a group",
    );
    assert.deepEqual(
      (await stored(s3!.id)).events.map((e) => e.seq),
      [1, 2],
    );
    for (const [src, count] of [
      [s1!, 1],
      [s2!, 2],
      [s3!, 2],
      [s4, 1],
      [off!, 0],
    ] as const) {
      const { events: own, deliveries, row } = await stored(src.id);
      assert.equal(row.eventCount, count, src.id);
      assert.equal(own.length, count);
      assert.deepEqual(
        deliveries.map((d) => d.id),
        own.map((e) => e.id),
      );
      assert.ok(own.every((e) => e.orgId === src.orgId));
    }
  });

  it('records a failed group again call by call: only the failing call fails', async () => {
    const { key, ws } = await setup();
    const [s1, s2, bad, s3] = await Promise.all(['/cb/f1', '/cb/f2', '/cb/fbad', '/cb/f3'].map((p) => enable(key, ws, p)));
    // A callback URL no delivery can be made to (as no API lets one be stored): its deliveries cannot be enqueued.
    await t.db.orm.update(triggerSources).set({ callbackUrl: 'not a url' }).where(eq(triggerSources.id, bad!.id));
    const secrets = new SourceSecrets(SecretBox.fromKeys(t.config.encryptionKey!));
    const recorder = new EventRecorder({ orm: t.db.orm, delivery: t.app.services.delivery, secrets });
    const record = (src: { orgId: string; id: string }) => recorder.record(src.orgId, src.id, [{ x: 1 }], 'webhook', {});

    const first = record(s1!);
    const [two, failed, three] = await Promise.allSettled([record(s2!), record(bad!), record(s3!)]);
    assert.equal((await first)!.length, 1);
    assert.equal(two.status, 'fulfilled');
    assert.equal(three.status, 'fulfilled');
    assert.equal(failed.status, 'rejected');
    assert.ok(failed.reason instanceof AppError && failed.reason.code === 'VALIDATION_ERROR', String(failed.reason));
    for (const [src, count] of [
      [s2!, 1],
      [s3!, 1],
      [bad!, 0],
    ] as const) {
      const { events, deliveries, row } = await stored(src.id);
      assert.equal(row.eventCount, count);
      assert.equal(events.length, count);
      assert.equal(deliveries.length, count);
    }
  });
  it('holds back only the source of a locked re-run, whose waiting calls follow it', async () => {
    const { key, ws, orgId } = await setup();
    const [s1, s2] = await Promise.all(['/cb/l1', '/cb/l2'].map((p) => enable(key, ws, p)));
    const secrets = new SourceSecrets(SecretBox.fromKeys(t.config.encryptionKey!));
    const recorder = new EventRecorder({ orm: t.db.orm, delivery: t.app.services.delivery, secrets });
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    const locked = recorder.recordLocked(orgId, s1!.id, 'webhook', {}, async () => {
      started();
      await held;
      return { items: [{ n: 'locked' }] };
    });
    await running;
    const plain = recorder.record(orgId, s1!.id, [{ n: 'plain' }], 'webhook', {});
    if (t.db.kind === 'postgres') {
      // Another source's event is committed while the re-run holds its row (the embedded database has one connection,
      // which the re-run's transaction holds: there everything waits for it).
      // Bounded like every wait of the suite: without the skip it would wait for the re-run, which waits for this.
      let timer: NodeJS.Timeout | undefined;
      const other = await Promise.race([
        recorder.record(orgId, s2!.id, [{ n: 'other' }], 'webhook', {}),
        new Promise<'waited'>((resolve) => (timer = setTimeout(() => resolve('waited'), 15_000))),
      ]).finally(() => clearTimeout(timer));
      if (other === 'waited') release();
      assert.notEqual(other, 'waited', "another source's event waited for the re-run");
      assert.equal(other!.length, 1);
      assert.equal((await stored(s2!.id)).row.eventCount, 1);
    }
    release();
    const [lockedIds, plainIds] = await Promise.all([locked, plain]);
    assert.deepEqual(
      (await stored(s1!.id)).events.map((e) => [e.id, e.seq]),
      [
        [lockedIds![0], 1],
        [plainIds![0], 2],
      ],
    );
  });
});
