import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../src/platform/db/database.js';
import { migrate, migrationsDir } from '../src/platform/db/migrate.js';
import { scratchDatabase, testDatabase } from './harness.js';
import { startOnce } from './migrated-databases.js';

/** What migrations and the service's first start make, one line each, without oids or times: objects, columns,
 * constraints, indexes, sequences' positions, triggers, functions, extensions, the settings in the configuration files,
 * and the job runner's queues, schedules, jobs and timers. */
async function catalog(db: Database): Promise<string[]> {
  const rows = await db.query<{ line: string }>(
    `WITH ns AS (SELECT oid, nspname FROM pg_namespace
                 WHERE nspname NOT IN ('pg_catalog', 'information_schema') AND nspname NOT LIKE 'pg\\_%')
     SELECT format('relation %s %s.%s', c.relkind, ns.nspname, c.relname) AS line
       FROM pg_class c JOIN ns ON ns.oid = c.relnamespace
     UNION ALL
     SELECT format('column %s.%s.%s %s %s %s', ns.nspname, c.relname, a.attname, format_type(a.atttypid, a.atttypmod),
                   a.attnotnull, pg_get_expr(d.adbin, d.adrelid))
       FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN ns ON ns.oid = c.relnamespace
       LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE a.attnum > 0 AND NOT a.attisdropped
     UNION ALL
     SELECT format('constraint %s %s %s', con.conrelid::regclass, con.conname, pg_get_constraintdef(con.oid))
       FROM pg_constraint con JOIN ns ON ns.oid = con.connamespace
     UNION ALL
     SELECT format('index %s', indexdef) FROM pg_indexes WHERE schemaname IN (SELECT nspname FROM ns)
     UNION ALL
     SELECT format('sequence %s.%s %s', schemaname, sequencename, last_value) FROM pg_sequences
     UNION ALL
     SELECT format('trigger %s', pg_get_triggerdef(t.oid)) FROM pg_trigger t WHERE NOT t.tgisinternal
     UNION ALL
     SELECT format('function %s.%s %s', ns.nspname, p.proname, md5(p.prosrc))
       FROM pg_proc p JOIN ns ON ns.oid = p.pronamespace
     UNION ALL
     SELECT format('extension %s %s', extname, extversion) FROM pg_extension
     UNION ALL
     SELECT format('setting %s = %s', name, setting) FROM pg_file_settings WHERE applied OR name = 'shared_buffers'
     UNION ALL
     SELECT format('migration %s', name) FROM schema_migrations
     UNION ALL
     SELECT format('job queue %s', row_to_json(q)::jsonb - 'created_on' - 'updated_on') FROM pgboss.queue q
     UNION ALL
     SELECT format('job schedule %s', row_to_json(s)::jsonb - 'created_on' - 'updated_on') FROM pgboss.schedule s
     UNION ALL
     SELECT format('job %s %s', name, state) FROM pgboss.job
     UNION ALL
     SELECT format('job runner %s', row_to_json(v)) FROM pgboss.version v
     ORDER BY 1`,
  );
  return rows.map((r) => r.line);
}

describe('migrations', () => {
  it('a test database (a copy, 0131 and 0154) is what migrating an empty one and starting once gives, once restarted', async () => {
    const copy = await testDatabase();
    const serverUrl = process.env.DATABASE_URL;
    const scratch = serverUrl ? await scratchDatabase(serverUrl) : null;
    // Embedded: on disk, migrated, then started again, as the service's database runs on every start after its first
    // (with the shared_buffers its first start set, 0081 and 0153).
    const dataDir = scratch ? null : await mkdtemp(path.join(os.tmpdir(), 'sb-migrated-'));
    const open = () => openDatabase(scratch ? { url: scratch.url, poolSize: 5 } : { dataDir: dataDir! });
    let empty = await open();
    try {
      await migrate(empty);
      await startOnce(empty);
      if (dataDir) {
        await empty.close();
        empty = await open();
      }
      const [expected, actual] = [await catalog(empty), await catalog(copy.db)];
      assert.ok(expected.some((l) => l.startsWith('constraint ')) && expected.some((l) => l.startsWith('sequence ')));
      assert.deepEqual(actual, expected);
      const buffers = "SELECT current_setting('shared_buffers') AS v";
      assert.deepEqual(await copy.db.query(buffers), await empty.query(buffers), 'started with the same shared_buffers');
    } finally {
      await empty.close();
      await scratch?.drop();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
      await copy.drop();
    }
  });

  it('apply each file exactly once when two nodes migrate at the same time', async () => {
    const { db, url, drop } = await testDatabase(); // already migrated once
    const files = readdirSync(migrationsDir()).filter((f) => f.endsWith('.sql'));
    try {
      await db.exec('DROP TABLE schema_migrations; DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
      // Two "nodes": two separate connections pools on a server, or the same embedded instance.
      const other = url ? await openDatabase({ url, poolSize: 2 }) : db;
      try {
        const [a, b] = await Promise.all([migrate(db), migrate(other)]);
        assert.equal(a.length + b.length, files.length, 'every file applied once in total');
        const rows = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
        assert.deepEqual(
          rows.map((r) => r.name),
          [...files].sort(),
        );
        assert.deepEqual(await migrate(db), [], 'nothing left to apply');
      } finally {
        if (other !== db) await other.close();
      }
    } finally {
      await drop();
    }
  });
});
