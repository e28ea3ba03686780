// Migrated databases to copy, so that a test's database starts migrated without opening an empty one and migrating
// it every time (0131): a dump of a migrated embedded database, shared by every test process of a run through a file
// in the temp dir, and a migrated template database on a PostgreSQL server. Both are keyed by a hash of the
// migration files, so a changed or added migration gets a new one; the migration runner's own tests still migrate
// from empty.
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../src/platform/db/database.js';
import { migrate, migrationsDir } from '../src/platform/db/migrate.js';

/** A hash of every file in migrations/ (names and contents), in name order. */
async function migrationsHash(): Promise<string> {
  const hash = createHash('sha256');
  for (const name of (await readdir(migrationsDir())).sort()) {
    hash.update(`${name}\0`);
    hash.update(await readFile(path.join(migrationsDir(), name)));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/** The installed PGlite's version: a dump is loaded only by the PGlite that wrote it. */
function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite'); // <package>/dist/index.cjs
  const pkg = JSON.parse(readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

let snapshot: Promise<Uint8Array> | undefined;

/**
 * A dump of an embedded database migrated by the real migration runner, for `openDatabase({ loadDataDir })`: about
 * 0.3 s to open instead of about 2 s to open an empty one and migrate it. Built by the first test process that needs
 * it and kept in the temp dir; two processes that build it at once both write a whole file and rename it into place,
 * so a reader never sees half of one.
 */
export function migratedSnapshot(): Promise<Uint8Array> {
  snapshot ??= loadOrBuildSnapshot();
  return snapshot;
}

async function loadOrBuildSnapshot(): Promise<Uint8Array> {
  const file = path.join(os.tmpdir(), `switchboard-test-db-${await migrationsHash()}-pglite-${pgliteVersion()}-buffers-32mb.tar`);
  try {
    return await readFile(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const blob = await buildSnapshot();
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.partial`;
  try {
    await writeFile(partial, blob);
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
  return blob;
}

async function buildSnapshot(): Promise<Uint8Array> {
  const db = await openDatabase({});
  try {
    await migrate(db);
    // openDatabase set shared_buffers for the next start of this data dir (0081), and a copy keeps it: each test's
    // database runs as the service's does on every start after its first, with 32 MB instead of PostgreSQL's 128 MB,
    // which PGlite spends about half a second clearing on each start (0153).
    // Everything written to the data files: a copy then starts without replaying the log, which would move every
    // sequence up to 32 values ahead of where the migrations left it.
    await db.exec('CHECKPOINT');
    return await db.dumpDataDir!();
  } finally {
    await db.close();
  }
}

/** `serverUrl` naming another database on the same server. */
export function databaseUrl(serverUrl: string, name: string): string {
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

const templates = new Map<string, Promise<string>>();

/**
 * The name of a database on the server of `serverUrl`, migrated by the real migration runner, to create test
 * databases from (`CREATE DATABASE ... TEMPLATE`): a copy costs about as much as an empty database, and saves the
 * migrations. Built under a name of its own and renamed once complete, so a process that finds the name finds it
 * whole; two processes that build it at once each build one, and the first rename wins. Nothing stays connected to
 * it: PostgreSQL copies a database only while no one else is connected to it.
 */
export function migratedTemplate(serverUrl: string): Promise<string> {
  let template = templates.get(serverUrl);
  if (!template) {
    template = findOrBuildTemplate(serverUrl);
    templates.set(serverUrl, template);
  }
  return template;
}

async function findOrBuildTemplate(serverUrl: string): Promise<string> {
  const name = `sb_template_${await migrationsHash()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const exists = async () => ((await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount ?? 0) > 0;
    if (await exists()) return name;
    const building = `${name}_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${building}`);
    try {
      const db = await openDatabase({ url: databaseUrl(serverUrl, building), poolSize: 1 });
      try {
        await migrate(db);
      } finally {
        await db.close();
      }
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    } catch (err) {
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      if ((err as { code?: string }).code === '42P04' && (await exists())) return name; // another process's rename won
      throw err;
    }
    return name;
  } finally {
    await admin.end();
  }
}
