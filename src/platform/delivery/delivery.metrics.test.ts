import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Registry } from 'prom-client';
import type { Database } from '../db/database.js';
import { DeliveryMetrics } from './delivery.metrics.js';

/**
 * The queue gauges of one scrape describe one moment. The database here answers each read with the queue as it is
 * after one more delivery was recorded: the interleaving that a busy node produces now and then (seen once in CI,
 * depth 0 beside an age of 0.155 s), made certain.
 */
describe('delivery queue metrics', () => {
  it('read the queue once per scrape, so depth and the oldest age agree', async () => {
    const states = [
      { depth: '1', oldest: new Date(Date.now() - 10_000) },
      { depth: '0', oldest: null },
    ];
    let reads = 0;
    const db = {
      orm: { execute: async () => ({ rows: [states[Math.min(reads++, states.length - 1)]] }) },
    } as unknown as Database;
    const registry = new Registry();
    new DeliveryMetrics(registry, db);
    const scrape = async () => {
      const text = await registry.metrics();
      const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)![1]);
      return [value('switchboard_delivery_queue_depth'), value('switchboard_delivery_queue_oldest_age_seconds')];
    };

    const [depth, age] = await scrape();
    assert.equal(reads, 1, 'one read for both gauges');
    assert.equal(depth, 1);
    assert.ok(age! >= 10 && age! < 60, String(age));
    assert.deepEqual(await scrape(), [0, 0], 'the next scrape reads again');
    assert.equal(reads, 2);
  });
});
