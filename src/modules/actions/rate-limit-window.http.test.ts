import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, type TestApp } from '../../../test/harness.js';
import { hash } from './actions.fixtures.js';

const WINDOW_MS = 60_000;
const PLANS = { pro: { rateLimit: { requests: 20, windowSeconds: 60 }, actionsPerMonth: null } };

/**
 * The sliding-window rate limit when its window turns between calls (the app's clock is the test's): admissions a
 * node leased in the old window and did not spend go back to that window's counter, so they do not count against
 * the new one; and the retryAfter of a refusal is when a call is admitted again, not merely when the window turns.
 */
describe('rate limit across a window boundary', () => {
  let t: TestApp;
  let now = 0;

  before(async () => {
    t = await startApp({ SWITCHBOARD_PLANS: JSON.stringify(PLANS) }, { now: () => now });
  });
  after(async () => t.close());

  const exec = (key: string, ws: string) => t.post('/api/v1/actions/execute', key, hash(ws));

  it('admits exactly the limit over the window in which one call was made just before it turned', async () => {
    const { key, orgId } = await t.tenant('pro');
    const ws = (await t.workspace(key)).id;
    const turn = (Math.floor(Date.now() / WINDOW_MS) + 1) * WINDOW_MS;
    now = turn - 50; // the last 50 ms of a window
    const first = await exec(key, ws);
    assert.equal(first.status, 200, first.text);
    assert.equal(first.headers['x-ratelimit-remaining'], '19');

    now = turn + 1; // the next window has just begun: the first call still weighs almost fully
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) statuses.push((await exec(key, ws)).status);
    assert.deepEqual(
      statuses,
      [...Array<number>(19).fill(200), 429, 429, 429],
      'the one call of the old window and 19 of the new one make the limit of 20',
    );
    const counts = await t.db.query<{ bucket: number; count: number }>(
      "SELECT bucket::int AS bucket, count::int AS count FROM usage_counters WHERE org_id = $1 AND counter = 'rate' ORDER BY bucket",
      [orgId],
    );
    assert.deepEqual(counts, [
      { bucket: turn / WINDOW_MS - 1, count: 1 },
      { bucket: turn / WINDOW_MS, count: 19 },
    ]);
  });

  it('names a retryAfter after which the call is admitted, even when the full window must first turn and decay', async () => {
    const { key } = await t.tenant('pro');
    const ws = (await t.workspace(key)).id;
    const turn = (Math.floor(Date.now() / WINDOW_MS) + 3) * WINDOW_MS;
    now = turn - 30_000; // halfway through a window
    for (let i = 0; i < 20; i++) assert.equal((await exec(key, ws)).status, 200);
    const refused = await exec(key, ws);
    assert.equal(refused.status, 429);
    // 30 s to the turn, then 20 × (1 − t) + 1 ≤ 20 needs t ≥ 1/20 of the next window: 3 s more.
    assert.equal(refused.body.retryAfter, 33);
    assert.equal(refused.headers['retry-after'], '33');
    now += 32_000;
    assert.equal((await exec(key, ws)).status, 429, 'a second earlier there is no room yet');
    now += 1_000;
    assert.equal((await exec(key, ws)).status, 200, 'after retryAfter the call is admitted');
  });
});
