import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { openDatabase } from '../src/platform/db/database.js';
import { migrate, migrationsDir } from '../src/platform/db/migrate.js';
import { testDatabase } from './harness.js';

describe('migrations', () => {
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
