// switchboard-test: database-independent
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { KeyedLimiter, LimiterFullError } from './keyed-limiter.js';

/** A call that runs until the test ends it, recording when it started. */
function gated(log: string[], name: string) {
  let end!: () => void;
  const ended = new Promise<void>((r) => (end = r));
  return {
    fn: async () => {
      log.push(name);
      await ended;
      return name;
    },
    end,
  };
}

const turn = () => new Promise((r) => setImmediate(r));

describe('KeyedLimiter', () => {
  it('runs at most `concurrency` calls per key, the rest in arrival order, and refuses beyond `maxWaiting`', async () => {
    const limiter = new KeyedLimiter({ concurrency: 2, maxWaiting: 2 });
    const log: string[] = [];
    const calls = ['a1', 'a2', 'a3', 'a4'].map((n) => gated(log, n));
    const results = calls.map((c) => limiter.run('a', c.fn));
    await turn();
    assert.deepEqual(log, ['a1', 'a2']);
    assert.deepEqual(limiter.stats('a'), { running: 2, waiting: 2 });
    await assert.rejects(
      limiter.run('a', async () => 'a5'),
      LimiterFullError,
    );

    // Another key is not held up.
    assert.equal(await limiter.run('b', async () => 'b1'), 'b1');

    calls[1]!.end();
    assert.equal(await results[1], 'a2');
    await turn();
    assert.deepEqual(log, ['a1', 'a2', 'a3'], 'the ended call’s turn went to the first waiting');
    assert.deepEqual(limiter.stats('a'), { running: 2, waiting: 1 });
    calls[0]!.end();
    await turn();
    assert.deepEqual(log, ['a1', 'a2', 'a3', 'a4']);
    calls[2]!.end();
    calls[3]!.end();
    assert.deepEqual(await Promise.all(results), ['a1', 'a2', 'a3', 'a4']);
    assert.deepEqual(limiter.stats('a'), { running: 0, waiting: 0 });
  });

  it('passes the turn on when a call fails', async () => {
    const limiter = new KeyedLimiter({ concurrency: 1, maxWaiting: 1 });
    const failing = limiter.run('k', async () => {
      await turn();
      throw new Error('boom');
    });
    const next = limiter.run('k', async () => 'next');
    await assert.rejects(failing, /boom/);
    assert.equal(await next, 'next');
    assert.deepEqual(limiter.stats('k'), { running: 0, waiting: 0 });
  });

  it('with no room to wait, refuses any call beyond the running ones', async () => {
    const limiter = new KeyedLimiter({ concurrency: 1, maxWaiting: 0 });
    const log: string[] = [];
    const held = gated(log, 'held');
    const running = limiter.run('k', held.fn);
    await assert.rejects(
      limiter.run('k', async () => 'x'),
      (err: Error) => err instanceof LimiterFullError && err.key === 'k',
    );
    held.end();
    assert.equal(await running, 'held');
    assert.equal(await limiter.run('k', async () => 'again'), 'again');
  });

  it('reads a share that changes: a lower one holds the waiting until fewer run, a higher one starts them in order', async () => {
    let share = 3;
    const limiter = new KeyedLimiter({ concurrency: () => share, maxWaiting: 10 });
    const log: string[] = [];
    const calls = ['c1', 'c2', 'c3'].map((n) => gated(log, n));
    const results = calls.map((c) => limiter.run('k', c.fn));
    await turn();
    assert.deepEqual(log, ['c1', 'c2', 'c3']);

    share = 1; // the running three finish; nothing new starts until fewer than one run
    const later = ['c4', 'c5', 'c6'].map((n) => gated(log, n));
    const laterResults = later.map((c) => limiter.run('k', c.fn));
    await turn();
    assert.deepEqual(limiter.stats('k'), { running: 3, waiting: 3 });
    calls[0]!.end();
    calls[1]!.end();
    await turn();
    assert.deepEqual(log, ['c1', 'c2', 'c3'], 'two ended, yet one still runs: the share of one is taken');
    calls[2]!.end();
    await turn();
    assert.deepEqual(log, ['c1', 'c2', 'c3', 'c4']);

    share = 3; // the next arrival finds room: the waiting start first, in arrival order, then it waits its turn
    const c7 = gated(log, 'c7');
    const c7Result = limiter.run('k', c7.fn);
    await turn();
    assert.deepEqual(log, ['c1', 'c2', 'c3', 'c4', 'c5', 'c6']);
    assert.deepEqual(limiter.stats('k'), { running: 3, waiting: 1 });
    for (const c of later) c.end();
    c7.end();
    assert.deepEqual(await Promise.all([...results, ...laterResults, c7Result]), ['c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7']);
    assert.deepEqual(limiter.stats('k'), { running: 0, waiting: 0 });
  });
});
