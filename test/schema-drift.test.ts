import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { is } from 'drizzle-orm';
import { PgTable, getTableConfig } from 'drizzle-orm/pg-core';
import * as schema from '../src/platform/db/schema.js';
import { testDatabase } from './harness.js';

interface DbColumn {
  table: string;
  column: string;
  type: string;
  not_null: boolean;
}

/** drizzle's spelling of a type, in PostgreSQL's `format_type` spelling. */
function normalise(type: string): string {
  return type
    .toLowerCase()
    .replace(/^timestamp with time zone$/, 'timestamptz')
    .replace(/^timestamp\b.*with time zone$/, 'timestamptz')
    .replace(/^timestamp without time zone$/, 'timestamp')
    .replace(/^character varying/, 'varchar')
    .replace(/^serial$/, 'integer')
    .replace(/^bigserial$/, 'bigint')
    .replace(/^double precision$/, 'double precision');
}

/**
 * `src/platform/db/schema.ts` and the `schema/` files it re-exports (what the code queries through drizzle) and
 * `migrations/*.sql` (what the database is) are written by hand, side by side: every table and column the code
 * declares exists with the same type and nullability after migrating, and no table the migrations create is missing
 * from the code's schema.
 */
describe('schema.ts agrees with the migrations', () => {
  it('every table, column, type and NOT NULL matches', async () => {
    const { db, drop } = await testDatabase();
    try {
      const rows = await db.query<DbColumn>(
        `SELECT c.relname AS table, a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type,
                a.attnotnull AS not_null
         FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped`,
      );
      const inDb = new Map<string, Map<string, DbColumn>>();
      for (const r of rows) {
        if (!inDb.has(r.table)) inDb.set(r.table, new Map());
        inDb.get(r.table)!.set(r.column, r);
      }
      const problems: string[] = [];
      const declared = new Set<string>();
      for (const value of Object.values(schema)) {
        if (!is(value, PgTable)) continue;
        const config = getTableConfig(value);
        declared.add(config.name);
        const columns = inDb.get(config.name);
        if (!columns) {
          problems.push(`table ${config.name}: in schema.ts, not created by any migration`);
          continue;
        }
        for (const col of config.columns) {
          const actual = columns.get(col.name);
          if (!actual) {
            problems.push(`${config.name}.${col.name}: in schema.ts, not in the database`);
            continue;
          }
          const want = normalise(col.getSQLType());
          const have = normalise(actual.type);
          if (want !== have) problems.push(`${config.name}.${col.name}: schema.ts says ${want}, the database ${have}`);
          const notNull = col.notNull || col.primary;
          if (notNull !== actual.not_null) {
            problems.push(
              `${config.name}.${col.name}: schema.ts says ${notNull ? 'NOT NULL' : 'nullable'}, the database ${actual.not_null ? 'NOT NULL' : 'nullable'}`,
            );
          }
        }
        for (const name of columns.keys()) {
          if (!config.columns.some((c) => c.name === name))
            problems.push(`${config.name}.${name}: in the database, not in schema.ts`);
        }
      }
      for (const table of inDb.keys()) {
        if (table !== 'schema_migrations' && !declared.has(table))
          problems.push(`table ${table}: created by a migration, not in schema.ts`);
      }
      assert.deepEqual(problems, []);
    } finally {
      await drop();
    }
  });
});
