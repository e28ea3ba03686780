import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eventually } from '../../../test/receiver.js';
import { deliveryWorld } from './delivery.fixtures.js';

/**
 * A delivery's end is the moment its last attempt finished — delivered or dead-lettered alike — not when that
 * outcome was written: the next event of a stream may start before then, and "event k+1 started after event k
 * ended" must hold for what the API shows.
 */
describe('delivery end times', () => {
  const w = deliveryWorld();
  before(w.start);
  after(w.close);

  const endOf = async (id: string) => {
    // Compared in SQL, to the microsecond (a Date would round both to the millisecond).
    const rows = await w.t.db.query<{ delivered: boolean | null; dead: boolean | null }>(
      `SELECT d.delivered_at = l.last AS delivered, d.dead_at = l.last AS dead
         FROM webhook_deliveries d,
              LATERAL (SELECT max(a.finished_at) AS last FROM webhook_delivery_attempts a WHERE a.delivery_id = d.id) l
        WHERE d.id = $1`,
      [id],
    );
    return rows[0]!;
  };

  it('records deliveredAt and deadAt as the finish of the last attempt', async () => {
    const { orgId } = await w.t.tenant();
    w.rx.respond = (r) => (r.path === '/gone' ? { status: 503 } : { status: 200 });
    const ok = await w.enqueue(orgId, { n: 1 }, { path: '/fine' });
    const dead = await w.enqueue(orgId, { n: 2 }, { path: '/gone' });
    for (const [id, status] of [
      [ok.id, 'delivered'],
      [dead.id, 'dead'],
    ] as const) {
      await eventually(async () => ((await w.svc().get(orgId, id))?.status === status ? true : null));
    }
    assert.equal((await endOf(ok.id)).delivered, true);
    assert.equal((await endOf(dead.id)).dead, true);
    w.rx.respond = () => ({ status: 200 });
  });
});
