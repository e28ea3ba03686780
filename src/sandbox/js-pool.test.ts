// switchboard-test: database-independent (the PostgreSQL run leaves this file to the embedded-database run: 0130)
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { setImmediate as tick } from 'node:timers/promises';
import { TENANT_CODE_NICE } from '../platform/thread-priority.js';
import { JsSandboxPool, type JsSandboxResult } from './js-sandbox.js';

const MB = 1024 * 1024;

/** A promise's state, read without waiting for it. */
function track<T>(p: Promise<T>): { readonly settled: boolean; promise: Promise<T> } {
  const state = { settled: false, promise: p };
  void p.then(() => (state.settled = true));
  return state;
}

/** Waits (by condition, not by time) until the pool reports at least `running` runs executing on a thread. */
async function untilRunning(pool: JsSandboxPool, running: number): Promise<void> {
  while (pool.stats().running < running) await new Promise((r) => setTimeout(r, 5));
}

const errorOf = (r: JsSandboxResult) => (r.ok ? null : r.error);

/** Linux: the nice value of each thread of this process, by thread id (field 19 of /proc/<pid>/task/<tid>/stat). */
function niceByThread(): Map<number, number> {
  return new Map(
    readdirSync('/proc/self/task').map((tid) => {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      return [Number(tid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])] as const;
    }),
  );
}

describe('JavaScript sandbox pool (worker threads)', () => {
  const pools: JsSandboxPool[] = [];
  const pool = (size: number, maxQueue: number, hardStopGraceMs?: number) => {
    const p = new JsSandboxPool({ size, maxQueue, ...(hardStopGraceMs ? { hardStopGraceMs } : {}) });
    pools.push(p);
    return p;
  };
  after(async () => {
    for (const p of pools) await p.close();
  });

  it('keeps the calling thread free while a run spins, and stops the spin at its deadline', async () => {
    const p = pool(2, 10);
    // Both threads started first, so nothing below waits for a thread's start-up (slow on a loaded machine).
    await Promise.all([1, 2].map(() => p.run('return 1', {}, { timeoutMs: 30_000, memoryBytes: 32 * MB })));
    assert.equal(p.stats().threads, 2);
    const spin = track(p.run('while (true) {}', {}, { timeoutMs: 10_000, memoryBytes: 32 * MB }));
    await untilRunning(p, 1);
    // The event loop turns, and another run with host calls completes on the other thread, while the spin goes on.
    for (let i = 0; i < 50; i++) await tick();
    const other = await p.run(
      'const a = await host.add(1, 2); return a * inputs.k',
      { k: 10 },
      {
        timeoutMs: 8_000,
        memoryBytes: 32 * MB,
        host: { add: async (x, y) => (x as number) + (y as number) },
      },
    );
    assert.deepEqual(other.ok && other.value, 30);
    assert.equal(spin.settled, false, 'the spinning run is still running');
    const stopped = await spin.promise;
    assert.equal(errorOf(stopped)?.name, 'TimeoutError');
    const again = await p.run('return 6 * 7', {}, { timeoutMs: 8_000, memoryBytes: 32 * MB });
    assert.equal(again.ok && again.value, 42, 'the pool is healthy afterwards');
  });

  it(
    'runs tenants’ code on threads of lower priority than the rest of the process (0172)',
    { skip: process.platform !== 'linux' && 'Linux only: a nice value per thread' },
    async () => {
      const before = niceByThread();
      const p = pool(3, 10);
      await Promise.all([1, 2, 3].map(() => p.run('return 1', {}, { timeoutMs: 30_000, memoryBytes: 32 * MB })));
      assert.equal(p.stats().threads, 3);
      const after = niceByThread();
      const added = [...after].filter(([tid]) => !before.has(tid));
      const lowered = added.filter(([, nice]) => nice === TENANT_CODE_NICE);
      assert.equal(lowered.length, 3, `one lowered thread per sandbox thread: ${JSON.stringify(added)}`);
      // Only they: the thread serving requests, and every other thread the process had, keep their priority.
      assert.equal(after.get(process.pid), before.get(process.pid));
      for (const [tid, nice] of before) if (after.has(tid)) assert.equal(after.get(tid), nice, `thread ${tid}`);
    },
  );

  it('terminates and replaces a thread whose code never reaches an interrupt check', async () => {
    const p = pool(1, 1, 200);
    assert.equal((await p.run('return 1', {}, { timeoutMs: 8_000, memoryBytes: 32 * MB })).ok, true);
    // One builtin call (a sort of two million numbers as strings) runs for seconds without polling interrupts.
    const stuck = await p.run(
      'const a = Array.from(new Array(2e6).keys()); a.sort(); return 1',
      {},
      // Room enough that the sort never runs out of memory first (it needs well under half of this).
      { timeoutMs: 200, memoryBytes: 512 * MB },
    );
    assert.deepEqual(errorOf(stuck), {
      name: 'TimeoutError',
      message: 'The code did not finish within 200 ms; its sandbox was stopped.',
    });
    assert.equal(p.stats().threads, 0, 'the stuck thread is gone');
    const next = await p.run('return "fresh"', {}, { timeoutMs: 8_000, memoryBytes: 32 * MB });
    assert.equal(next.ok && next.value, 'fresh', 'a new thread took the next run');
  });

  it('queues up to its bound, refuses beyond it at once, and stops queued and spinning runs on abort', async () => {
    const p = pool(1, 1);
    const spinning = new AbortController();
    const spin = track(p.run('while (true) {}', {}, { timeoutMs: 60_000, memoryBytes: 32 * MB, signal: spinning.signal }));
    await untilRunning(p, 1);
    const waiting = new AbortController();
    const queued = track(p.run('return 1', {}, { timeoutMs: 60_000, memoryBytes: 32 * MB, signal: waiting.signal }));
    assert.deepEqual(p.stats(), { size: 1, threads: 1, running: 1, queued: 1 });
    const refused = await p.run('return 2', {}, { timeoutMs: 60_000, memoryBytes: 32 * MB });
    assert.deepEqual(errorOf(refused), {
      name: 'SandboxBusy',
      message: 'All 1 JavaScript sandboxes are busy and 1 runs are waiting; try again shortly.',
    });
    waiting.abort();
    assert.equal(errorOf(await queued.promise)?.name, 'AbortError');
    assert.equal(p.stats().queued, 0);
    // The stop flag is shared memory: the spinning code sees it at its next interrupt check.
    assert.equal(spin.settled, false);
    spinning.abort();
    assert.deepEqual(errorOf(await spin.promise), { name: 'AbortError', message: 'The run was stopped.' });
    assert.equal(p.stats().threads, 1, 'the thread stopped the run itself and was kept');
    const after = await p.run('return 3', {}, { timeoutMs: 8_000, memoryBytes: 32 * MB });
    assert.equal(after.ok && after.value, 3);
  });

  it('fails a queued run that finds no free thread within its time limit', async () => {
    const p = pool(1, 5);
    const stop = new AbortController();
    const spin = p.run('while (true) {}', {}, { timeoutMs: 60_000, memoryBytes: 32 * MB, signal: stop.signal });
    await untilRunning(p, 1);
    const r = await p.run('return 1', {}, { timeoutMs: 300, memoryBytes: 32 * MB });
    assert.deepEqual(errorOf(r), {
      name: 'SandboxBusy',
      message: "No JavaScript sandbox became free within the run's time limit of 300 ms (all 1 were busy); try again shortly.",
    });
    assert.deepEqual(p.stats(), { size: 1, threads: 1, running: 1, queued: 0 }, 'the refused run left the queue');
    stop.abort();
    assert.equal(errorOf(await spin)?.name, 'AbortError');
  });

  it('answers many concurrent host calls of one run, and names a host function that fails or is missing', async () => {
    const p = pool(1, 1);
    const r = await p.run(
      `const xs = await Promise.all(Array.from({ length: 20 }, (_, i) => host.echo({ i })));
       let missing; try { await host.nope(); } catch (e) { missing = e.message; }
       let failed; try { await host.fail(); } catch (e) { failed = e.name + ': ' + e.message; }
       return { sum: xs.reduce((s, x) => s + x.i, 0), missing, failed };`,
      {},
      {
        timeoutMs: 8_000,
        memoryBytes: 32 * MB,
        host: {
          echo: async (v) => {
            await new Promise((res) => setTimeout(res, Math.random() * 10));
            return v;
          },
          fail: async () => {
            throw new RangeError('out of range');
          },
          nope: undefined as never,
        },
      },
    );
    assert.deepEqual(r.ok && r.value, { sum: 190, missing: 'host.nope is not a function', failed: 'RangeError: out of range' });
  });

  it('ends waiting and running runs when closed, and refuses new ones', async () => {
    const p = new JsSandboxPool({ size: 1, maxQueue: 1 });
    const spin = p.run('while (true) {}', {}, { timeoutMs: 60_000, memoryBytes: 32 * MB });
    await untilRunning(p, 1);
    const queued = p.run('return 1', {}, { timeoutMs: 60_000, memoryBytes: 32 * MB });
    await p.close();
    for (const r of await Promise.all([spin, queued, p.run('return 1', {}, { timeoutMs: 1_000, memoryBytes: 32 * MB })]))
      assert.deepEqual(errorOf(r), { name: 'SandboxError', message: 'The JavaScript sandbox is shut down.' });
    assert.deepEqual(p.stats(), { size: 1, threads: 0, running: 0, queued: 0 });
  });
});
