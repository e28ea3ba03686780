import { createHash, randomBytes } from 'node:crypto';
import { cpSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { packageRoot } from '../paths.js';
import { lockDataDir } from './data-dir-lock.js';
import { openDatabase } from './database.js';
import { migrate, migrationFiles, migrationsDir } from './migrate.js';

/**
 * A migrated embedded database made by the build, copied into an empty data dir on its first start (decision 0171).
 * PGlite creates a database by running initdb in WebAssembly, 2–5 s of every first start on this machine type, and
 * the migrations add about 1 s; a copy of the same files takes a fraction of a second. The copy holds the schema and
 * nothing else (no migration inserts data), so data dirs seeded from one build share no secret and no row.
 */

/** Where the build puts the seed: `pg/` (a closed, checkpointed data dir) and `seed.json` (what it was made from). */
export const seedDir = (): string => path.join(packageRoot(), 'dist', 'embedded-seed');

interface SeedKey {
  /** The PGlite that wrote the files: another version may not read them. */
  pglite: string;
  /** A hash of every migration's name and text: a seed made from other migrations is never used. */
  migrations: string;
  /** The newest migration applied (the data dir's `migrated-to` record). */
  latest: string;
}

/** The installed PGlite's version: files one writes are read only by the same version. */
export function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite'); // <package>/dist/index.cjs
  return (JSON.parse(readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')) as { version: string }).version;
}

/** The key of a seed made now, from the installed PGlite and the shipped migrations. */
export async function currentSeedKey(dir = migrationsDir()): Promise<SeedKey | null> {
  const files = await migrationFiles(dir);
  const latest = files.at(-1);
  if (!latest) return null;
  const hash = createHash('sha256');
  for (const f of files)
    hash
      .update(`${f}\0`)
      .update(await readFile(path.join(dir, f)))
      .update('\0');
  return { pglite: pgliteVersion(), migrations: hash.digest('hex'), latest };
}

/**
 * Builds the seed into `dir`: an empty embedded database on disk, migrated, checkpointed (a copy then starts without
 * replaying the log) and closed. Written beside `dir` and renamed into place, so a reader never finds half of one.
 */
export async function buildEmbeddedSeed(dir = seedDir(), migrations = migrationsDir()): Promise<void> {
  const key = await currentSeedKey(migrations);
  if (!key) throw new Error(`no migrations in ${migrations}`);
  const partial = `${dir}.${process.pid}.${randomBytes(4).toString('hex')}.partial`;
  try {
    await mkdir(partial, { recursive: true });
    // openDatabase also records the embedded shared_buffers setting (0081) for every start of a copy.
    const db = await openDatabase({ dataDir: path.join(partial, 'pg') });
    try {
      await migrate(db, migrations);
      await db.exec('CHECKPOINT');
    } finally {
      await db.close();
    }
    // Closed cleanly, PGlite leaves no pid file; never ship one that would name this process to every copy.
    await rm(path.join(partial, 'pg', 'postmaster.pid'), { force: true });
    await writeFile(path.join(partial, 'seed.json'), `${JSON.stringify(key, null, 2)}\n`);
    await rm(dir, { recursive: true, force: true });
    await rename(partial, dir);
  } finally {
    await rm(partial, { recursive: true, force: true });
  }
}

/**
 * Copies the seed into `pgDir` when it does not exist yet and the seed was made from the installed PGlite and the
 * shipped migrations. Returns the newest migration the copy has applied, or null when nothing was copied (the
 * database then creates itself as before). It holds the data dir's lock (0100) meanwhile, as an opener does, and
 * makes the copy beside `pgDir` before renaming it into place: a start that stops half way leaves no half-made
 * database.
 */
export async function seedEmbeddedDataDir(pgDir: string, seed = seedDir(), migrations = migrationsDir()): Promise<string | null> {
  if (await exists(pgDir)) return null;
  const recorded = await readFile(path.join(seed, 'seed.json'), 'utf8').then(
    (text) => JSON.parse(text) as SeedKey,
    () => null,
  );
  if (!recorded) return null;
  const key = await currentSeedKey(migrations);
  if (!key || key.pglite !== recorded.pglite || key.migrations !== recorded.migrations) return null;
  const unlock = lockDataDir(pgDir);
  const partial = `${pgDir}.${process.pid}.${randomBytes(4).toString('hex')}.seeding`;
  try {
    if (await exists(pgDir)) return null; // created by the holder of the lock before us
    // The synchronous copy is Node's native one: about a fifth of the asynchronous copy's time for these 1,200 files.
    cpSync(path.join(seed, 'pg'), partial, { recursive: true });
    await rename(partial, pgDir);
    return key.latest;
  } finally {
    await rm(partial, { recursive: true, force: true });
    unlock();
  }
}

const exists = (p: string) =>
  readdir(p).then(
    () => true,
    (err: NodeJS.ErrnoException) => err.code !== 'ENOENT',
  );
