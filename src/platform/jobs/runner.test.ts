import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openDatabase } from '../db/database.js';
import { scratchDatabase } from '../../../test/harness.js';
import { JobRunner } from './runner.js';

const quiet = { info: () => undefined, error: () => undefined };
const names = Array.from({ length: 8 }, (_, i) => `job_${i}`);

/** Several nodes (or SWITCHBOARD_PROCESSES) starting at once on a new database: the embedded one has one process. */
describe('job runner on a new PostgreSQL database', { skip: !process.env.DATABASE_URL && 'PostgreSQL only' }, () => {
  it('starts on several nodes at once: every queue is created once, none fails with a deadlock', async () => {
    for (let round = 0; round < 2; round++) {
      const scratch = await scratchDatabase(process.env.DATABASE_URL!, 'sb_jobs');
      const dbs = await Promise.all(Array.from({ length: 4 }, () => openDatabase({ url: scratch.url, poolSize: 4 })));
      const runners = dbs.map((db) => {
        const r = new JobRunner(db, quiet);
        for (const name of names) r.register({ name, handler: async () => undefined, cron: '0 * * * *' });
        return r;
      });
      try {
        await Promise.all(runners.map((r) => r.start(false)));
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
