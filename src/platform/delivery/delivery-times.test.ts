import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, type TestApp } from '../../../test/harness.js';
import { eventually, Receiver } from '../../../test/receiver.js';

const ENV = {
  SWITCHBOARD_EGRESS_ALLOW: '127.0.0.1',
  SWITCHBOARD_DELIVERY_RETRY_SCHEDULE: '0.05,0.05,0.05',
  SWITCHBOARD_DELIVERY_POLL_MS: '50',
  SWITCHBOARD_DELIVERY_TIMEOUT_MS: '2000',
};

/**
 * A delivery's end is the moment its last attempt finished — delivered or dead-lettered alike — not when that
 * outcome was written: the next event of a stream may start before then, and "event k+1 started after event k
 * ended" must hold for what the API shows.
 */
describe('delivery end times', () => {
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

  const endOf = async (id: string) => {
    // Compared in SQL, to the microsecond (a Date would round both to the millisecond).
    const rows = await t.db.query<{ delivered: boolean | null; dead: boolean | null }>(
      `SELECT d.delivered_at = l.last AS delivered, d.dead_at = l.last AS dead
         FROM webhook_deliveries d,
              LATERAL (SELECT max(a.finished_at) AS last FROM webhook_delivery_attempts a WHERE a.delivery_id = d.id) l
        WHERE d.id = $1`,
      [id],
    );
    return rows[0]!;
  };

  it('records deliveredAt and deadAt as the finish of the last attempt', async () => {
    const { orgId } = await t.tenant();
    rx.respond = (r) => (r.path === '/gone' ? { status: 503 } : { status: 200 });
    const enqueue = (path: string) =>
      t.db.orm.transaction((tx) =>
        t.app.services.delivery.enqueue(tx, {
          orgId,
          producer: 'test',
          subjectId: null,
          streamKey: null,
          url: rx.url(path),
          headers: {},
          body: { path },
        }),
      );
    const ok = await enqueue('/fine');
    const dead = await enqueue('/gone');
    for (const [id, status] of [
      [ok.id, 'delivered'],
      [dead.id, 'dead'],
    ] as const) {
      await eventually(async () => ((await t.app.services.delivery.get(orgId, id))?.status === status ? true : null));
    }
    assert.equal((await endOf(ok.id)).delivered, true);
    assert.equal((await endOf(dead.id)).dead, true);
    rx.respond = () => ({ status: 200 });
  });
});
