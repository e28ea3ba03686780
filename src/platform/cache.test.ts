import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigCache } from './cache.js';

describe('config cache', () => {
  const setUp = (maxEntries = 100) => {
    const clock = { now: 0 };
    const cache = new ConfigCache<string>({ ttlMs: 5_000, maxEntries, now: () => clock.now });
    let loads = 0;
    const get = (key: string) => cache.get(key, [`tag:${key}`], async () => `${key}#${++loads}`);
    return { clock, cache, get };
  };

  it('serves a value until its TTL, then loads it again', async () => {
    const { clock, get } = setUp();
    assert.equal(await get('a'), 'a#1');
    clock.now = 4_999;
    assert.equal(await get('a'), 'a#1');
    clock.now = 5_000;
    assert.equal(await get('a'), 'a#2');
  });

  it('drops expired values when it stores another, not only when they are asked for again', async () => {
    const { clock, cache, get } = setUp();
    await get('a');
    clock.now = 1_000;
    await get('b');
    clock.now = 5_500; // a expired, b has 500 ms left
    await get('a'); // loaded again: now the newest
    clock.now = 6_200; // b expired, a is fresh
    await get('c');
    assert.equal(cache.size, 2, 'b dropped, a and c kept');
    assert.equal(await get('a'), 'a#3', 'a still served from memory');
  });

  it('drops the oldest value when full', async () => {
    const { cache, get } = setUp(2);
    await get('a');
    await get('b');
    await get('c');
    assert.equal(cache.size, 2);
    assert.equal(await get('b'), 'b#2');
    assert.equal(await get('a'), 'a#4', 'a was dropped');
  });

  it('drops what an invalidation names', async () => {
    const { cache, get } = setUp();
    await get('a');
    await get('b');
    cache.invalidateTag('tag:a');
    assert.equal(cache.size, 1);
    assert.equal(await get('a'), 'a#3');
  });
});
