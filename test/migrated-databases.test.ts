import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { testDatabase } from './harness.js';
import { dropStaleTemplates, removeStaleSnapshots, startedTemplate } from './migrated-databases.js';

const HOUR = 3600_000;

/** What the test databases are copied from is removed once stale, so that a changing checkout does not fill the disk. */
describe('test database copies (0154)', () => {
  it('hold no row of the app that started on them once: only the migration records and the job runner set-up', async () => {
    // Such a row would be shared by every test (and sealed with a key no test app has).
    const { db, drop } = await testDatabase();
    try {
      const tables = await db.query<{ schema: string; name: string }>(
        `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
          WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
      );
      const filled: string[] = [];
      for (const { schema, name } of tables) {
        const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${schema}"."${name}"`);
        if (row!.n > 0) filled.push(`${schema}.${name}`);
      }
      assert.deepEqual(filled.sort(), ['pgboss.queue', 'pgboss.schedule', 'pgboss.version', 'public.schema_migrations']);
    } finally {
      await drop();
    }
  });

  it('removes dumps of other sources not written to for 6 hours, and keeps recent ones', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sb-dumps-'));
    try {
      const file = async (name: string, ageMs: number) => {
        await writeFile(path.join(dir, name), 'dump');
        const at = new Date(Date.now() - ageMs);
        await utimes(path.join(dir, name), at, at);
      };
      await file('switchboard-test-db-0000000000000001-started-pglite-0.5.16.tar', 7 * HOUR);
      await file('switchboard-test-db-0000000000000002-started-pglite-0.5.16.tar', HOUR);
      await file('switchboard-test-db-0000000000000003-started-pglite-0.5.16.tar.123.abcd.partial', 7 * HOUR);
      await file('something-else.tar', 7 * HOUR);
      await removeStaleSnapshots(dir);
      assert.deepEqual((await readdir(dir)).sort(), [
        'something-else.tar',
        'switchboard-test-db-0000000000000002-started-pglite-0.5.16.tar',
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it(
    'drops templates of other sources built more than 6 hours ago or without a build time, and keeps the rest',
    { skip: !process.env.DATABASE_URL && 'PostgreSQL only: templates are databases on a server' },
    async () => {
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      const suffix = String(process.pid % 1e8).padStart(8, '0');
      const names = {
        old: `sb_template_1111${suffix}0001`,
        recent: `sb_template_1111${suffix}0002`,
        uncommented: `sb_template_1111${suffix}0003`,
        other: `sb_other_1111${suffix}0004`,
      };
      try {
        for (const name of Object.values(names)) await admin.query(`CREATE DATABASE ${name}`);
        await admin.query(`COMMENT ON DATABASE ${names.old} IS '${new Date(Date.now() - 7 * HOUR).toISOString()}'`);
        await admin.query(`COMMENT ON DATABASE ${names.recent} IS '${new Date(Date.now() - HOUR).toISOString()}'`);
        const current = await startedTemplate(process.env.DATABASE_URL!);
        await admin.query(`COMMENT ON DATABASE ${current} IS '${new Date(Date.now() - 7 * HOUR).toISOString()}'`);
        try {
          await dropStaleTemplates(admin, current);
          const { rows } = await admin.query<{ datname: string }>(
            `SELECT datname FROM pg_database WHERE datname = ANY($1) ORDER BY datname`,
            [[...Object.values(names), current]],
          );
          assert.deepEqual(rows.map((r) => r.datname).sort(), [current, names.other, names.recent].sort());
        } finally {
          await admin.query(`COMMENT ON DATABASE ${current} IS '${new Date().toISOString()}'`);
        }
      } finally {
        for (const name of Object.values(names)) await admin.query(`DROP DATABASE IF EXISTS ${name}`);
        await admin.end();
      }
    },
  );
});
