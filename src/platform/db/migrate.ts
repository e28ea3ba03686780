import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { packageRoot } from '../paths.js';
import type { Database } from './database.js';

const MIGRATION_LOCK_ID = 727_001; // any constant; the same on every node

/** The migrations folder at the package root, whether run from src/ or dist/. */
export const migrationsDir = (): string => path.join(packageRoot(), 'migrations');

/** The migration files shipped, in the order they apply (their names start with a number). */
export async function migrationFiles(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((f) => /^\d+_.*\.sql$/.test(f)).sort();
}

/** The name of the newest migration shipped (what an up-to-date database has applied last). */
export async function latestMigration(dir = migrationsDir()): Promise<string | null> {
  return (await migrationFiles(dir)).at(-1) ?? null;
}

/**
 * Apply pending migrations in file-name order, each in its own transaction, under an advisory lock so two
 * nodes starting together apply each migration exactly once. Returns the names applied.
 */
export async function migrate(db: Database, dir = migrationsDir()): Promise<string[]> {
  const files = await migrationFiles(dir);
  return db.withAdvisoryLock(MIGRATION_LOCK_ID, async (exec, query) => {
    await exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
    const done = new Set((await query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = await readFile(path.join(dir, file), 'utf8');
      const name = file.replace(/'/g, "''");
      try {
        await exec(`BEGIN;\n${sql}\n;INSERT INTO schema_migrations (name) VALUES ('${name}');\nCOMMIT;`);
      } catch (err) {
        await exec('ROLLBACK').catch(() => undefined);
        throw new Error(`migration ${file} failed: ${(err as Error).message}`);
      }
      applied.push(file);
    }
    return applied;
  });
}
