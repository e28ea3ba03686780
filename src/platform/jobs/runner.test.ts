import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openDatabase, type Database } from '../db/database.js';
import { scratchDatabase } from '../../../test/harness.js';
import { migratedSnapshot } from '../../../test/migrated-databases.js';
import { JobRunner } from './runner.js';

const quiet = { info: () => undefined, error: () => undefined };
const names = Array.from({ length: 8 }, (_, i) => `job_${i}`);

/**
 * A fresh database on the PostgreSQL server of DATABASE_URL, or an in-memory embedded one (a copy of a migrated one,
 * which opens faster than an empty one; pg-boss makes its own schema either way).
 */
async function freshDatabase(): Promise<{ db: Database; drop: () => Promise<void> }> {
  if (!process.env.DATABASE_URL)
    return { db: await openDatabase({ loadDataDir: await migratedSnapshot() }), drop: async () => undefined };
  const scratch = await scratchDatabase(process.env.DATABASE_URL, 'sb_jobs');
  return { db: await openDatabase({ url: scratch.url, poolSize: 4 }), drop: scratch.drop };
}

const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

/** Timers cleared (or a test before's last ones) may take a few turns of the event loop to leave the list. */
async function timersSettleAt(expected: number): Promise<number> {
  for (let i = 0; i < 50 && timers() > expected; i++) await new Promise((r) => setImmediate(r));
  return timers();
}

/** Several nodes (or SWITCHBOARD_PROCESSES) starting at once on a new database: the embedded one has one process. */
describe('job runner on a new PostgreSQL database', { skip: !process.env.DATABASE_URL && 'PostgreSQL only' }, () => {
  it('starts on several nodes at once, round after round: every queue is created once, none deadlocks', async () => {
    for (let round = 0; round < 12; round++) {
      const scratch = await scratchDatabase(process.env.DATABASE_URL!, 'sb_jobs');
      const dbs = await Promise.all(Array.from({ length: 4 }, () => openDatabase({ url: scratch.url, poolSize: 4 })));
      const runners = dbs.map((db) => {
        const r = new JobRunner(db, quiet);
        for (const name of names) r.register({ name, handler: async () => undefined, cron: '0 * * * *' });
        return r;
      });
      try {
        const started = await Promise.allSettled(runners.map((r, i) => r.start(i % 2 === 0)));
        for (const s of started)
          assert.equal(s.status, 'fulfilled', `round ${round}: ${String((s as PromiseRejectedResult).reason)}`);
        const [row] = await dbs[0]!.query<{ n: string }>(`SELECT count(*) AS n FROM pgboss.queue WHERE name LIKE 'job\\_%'`);
        assert.equal(Number(row!.n), names.length * 2, 'each queue and its dead-letter queue, once');
        const id = await runners[1]!.send('job_3', {});
        assert.ok(id, 'a job can be sent through any node');
      } finally {
        await Promise.all(runners.map((r) => r.stop()));
        await Promise.all(dbs.map((db) => db.close()));
        await scratch.drop();
      }
    }
  });
});

describe('job runner start and stop', () => {
  it('a failed start releases everything it started, without a stop', async () => {
    const before = timers();
    const { db, drop } = await freshDatabase();
    try {
      const runner = new JobRunner(db, quiet);
      runner.register({ name: 'fine', handler: async () => undefined, cron: '0 * * * *' });
      runner.register({ name: 'broken', handler: async () => undefined, cron: 'not a cron expression' });
      await assert.rejects(runner.start(true));
    } finally {
      await db.close(); // and with it the connection pool's idle timers
      await drop();
    }
    assert.ok((await timersSettleAt(before)) <= before, 'no pg-boss timer outlives the failed start');
  });

  it('a stop during the start waits for it and leaves nothing running', async () => {
    const before = timers();
    const { db, drop } = await freshDatabase();
    try {
      const runner = new JobRunner(db, quiet);
      runner.register({ name: 'fine', handler: async () => undefined, cron: '0 * * * *' });
      const starting = runner.start(true);
      await runner.stop();
      await starting.catch(() => undefined);
    } finally {
      await db.close();
      await drop();
    }
    assert.ok((await timersSettleAt(before)) <= before, 'no pg-boss timer outlives the stop');
  });

  it("starts a job sent through it at once, not at its worker's next look for due jobs", async () => {
    const { db, drop } = await freshDatabase();
    // Its workers look for due jobs once an hour: only the wake-up of send can start the job within the wait.
    const runner = new JobRunner(db, quiet, { pollSeconds: 3600 });
    try {
      const seen: string[] = [];
      runner.register<{ v: string }>({ name: 'woken', handler: async (p) => void seen.push(p.v) });
      await runner.start(true);
      const id = await runner.send('woken', { v: 'now' });
      assert.equal(await runner.waitFor('woken', id!, 20_000), 'completed');
      assert.deepEqual(seen, ['now']);
    } finally {
      await runner.stop();
      await db.close();
      await drop();
    }
  });

  it('a stop while a job runs waits for it and leaves no timer', async () => {
    const before = timers();
    const { db, drop } = await freshDatabase();
    try {
      const runner = new JobRunner(db, quiet);
      let started!: () => void;
      const running = new Promise<void>((r) => (started = r));
      let finish!: () => void;
      const done = new Promise<void>((r) => (finish = r));
      const seen: string[] = [];
      runner.register<{ v: string }>({
        name: 'slow',
        handler: async (p) => {
          started();
          await done;
          seen.push(p.v);
        },
      });
      await runner.start(true);
      await runner.send('slow', { v: 'finished' });
      await running;
      const stopped = runner.stop();
      // Still running when pg-boss, stopping its worker, looks whether the worker has finished (next turn).
      for (let turn = 0; turn < 2; turn++) await new Promise((r) => setImmediate(r));
      finish();
      await stopped;
      assert.deepEqual(seen, ['finished']);
    } finally {
      await db.close();
      await drop();
    }
    assert.ok((await timersSettleAt(before)) <= before, 'no pg-boss timer outlives the stop');
  });

  it('runs a job end to end after a start, and stops cleanly', async () => {
    const before = timers();
    const { db, drop } = await freshDatabase();
    try {
      const runner = new JobRunner(db, quiet);
      const seen: string[] = [];
      runner.register<{ v: string }>({ name: 'echo', handler: async (p) => void seen.push(p.v) });
      await runner.start(true);
      const id = await runner.send('echo', { v: 'hello' });
      assert.equal(await runner.waitFor('echo', id!), 'completed');
      assert.deepEqual(seen, ['hello']);
      await runner.stop();
    } finally {
      await db.close();
      await drop();
    }
    assert.ok((await timersSettleAt(before)) <= before, 'no pg-boss timer outlives the stop');
  });
});
