import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { inArray } from 'drizzle-orm';
import { webhookDeliveries, webhookDeliveryAttempts } from '../db/schema.js';
import { startApp, type TestApp } from '../../../test/harness.js';
import { ENV } from './delivery.fixtures.js';
import { OutcomeRecorder, leaseMs } from './dispatcher.js';
import * as repo from './dispatcher.repository.js';

/** An answer excerpt with what array literals quote or mean: quotes, braces, commas, backslashes, NULL, non-ASCII. */
const NASTY = 'say "hi", {a,b} \\ back\\slash NULL ünïcødé\n';

/** Group commit of batch outcomes (0163), driven by hand: no dispatcher runs in this app. */
describe('delivery: outcomes of several batches recorded together', () => {
  let t: TestApp;
  before(async () => {
    t = await startApp({ ...ENV, SWITCHBOARD_WORKERS: 'false' });
  });
  after(async () => t.close());

  /** One claimed delivery in each of `n` new streams of a new organization. */
  const claimLone = async (n: number) => {
    const { orgId } = await t.tenant();
    const streams = Array.from({ length: n }, (_, i) => `outcome-${orgId}-${i}`);
    await t.db.orm.transaction((tx) =>
      t.app.services.delivery.enqueueMany(
        tx,
        streams.map((streamKey) => ({ orgId, producer: 'test', streamKey, url: 'http://127.0.0.1:9/hook', body: { streamKey } })),
      ),
    );
    const batches = await repo.claimDue(t.db.orm, n, 100, leaseMs(2_000), {
      everywhere: false,
      streams: streams.map((s) => `${orgId}:${s}`),
      unstreamed: false,
      streamsFirst: true,
    });
    assert.equal(batches.length, n);
    return batches.map((b) => b[0]!);
  };
  const delivered = (c: repo.Claimed, statusCode = 200, responseExcerpt: string | null = null): repo.Finished => ({
    c,
    outcome: { statusCode, error: null, durationMs: 3, responseExcerpt },
    next: { status: 'delivered', retryInMs: 0 },
    startedAt: new Date(),
    finishedAt: new Date(),
  });
  const rows = async (claimed: repo.Claimed[]) => {
    const ids = claimed.map((c) => c.id);
    const deliveries = await t.db.orm.select().from(webhookDeliveries).where(inArray(webhookDeliveries.id, ids));
    const attempts = await t.db.orm
      .select()
      .from(webhookDeliveryAttempts)
      .where(inArray(webhookDeliveryAttempts.deliveryId, ids));
    return ids.map((id) => ({ d: deliveries.find((d) => d.id === id)!, a: attempts.filter((a) => a.deliveryId === id) }));
  };

  it('records what batches hand in while a record runs in one transaction, each batch resolved once it is stored', async () => {
    const [first, ...rest] = await claimLone(5);
    const outcomes = new OutcomeRecorder(() => t.db.orm);
    const running = outcomes.record([delivered(first!)], []);
    // Handed in while the first record runs: one transaction for all of them (a sent one, and one handed back).
    const waiting = [
      outcomes.record([delivered(rest[0]!)], []),
      outcomes.record([delivered(rest[1]!, 201, NASTY)], []),
      outcomes.record([delivered(rest[2]!)], [rest[3]!]),
    ];
    await Promise.all([running, ...waiting]);
    const [one, ...others] = await rows([first!, ...rest]);
    assert.equal(one!.d.status, 'delivered');
    assert.deepEqual(
      others.map((r) => r.d.status),
      ['delivered', 'delivered', 'delivered', 'pending'],
    );
    assert.equal(others[1]!.a[0]!.responseExcerpt, NASTY, 'text of any shape is stored as it was');
    assert.equal(others[0]!.a[0]!.responseExcerpt, null, 'no excerpt stays none beside one');
    assert.deepEqual(
      others.map((r) => r.a.map((a) => a.statusCode)),
      [[200], [201], [200], []],
      'a handed-back delivery loses the attempt it did not make',
    );
    assert.deepEqual(
      others.map((r) => r.d.attempts),
      [1, 1, 1, 0],
    );
    // now() is the transaction's start: one value for the four waiting batches.
    assert.equal(new Set(others.map((r) => r.d.updatedAt.getTime())).size, 1, 'the waiting batches were recorded together');
  });

  it('records a failed group again batch by batch: only the failing batch fails', async () => {
    const [first, good, bad, other] = await claimLone(4);
    const outcomes = new OutcomeRecorder(() => t.db.orm);
    const running = outcomes.record([delivered(first!)], []);
    // A status code no integer column holds: this batch's record cannot be stored.
    const results = await Promise.allSettled([
      outcomes.record([delivered(good!)], []),
      outcomes.record([delivered(bad!, 2 ** 40)], []),
      outcomes.record([delivered(other!)], []),
    ]);
    await running;
    assert.deepEqual(
      results.map((r) => r.status),
      ['fulfilled', 'rejected', 'fulfilled'],
    );
    const [, g, b, o] = await rows([first!, good!, bad!, other!]);
    assert.equal(g!.d.status, 'delivered');
    assert.equal(o!.d.status, 'delivered');
    assert.equal(b!.d.status, 'sending', 'left to lease recovery, as a record that fails always was');
    assert.equal(b!.a[0]!.finishedAt, null);
  });
});
