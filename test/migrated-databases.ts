// Databases to copy, so that a test's database starts where it must without opening an empty one and migrating it
// every time (0131), and without installing the job runner on every app start (0154): a dump of an embedded database,
// shared by every test process of a run through a file in the temp dir, and a template database on a PostgreSQL
// server. Each is keyed by a hash of what makes it (migrations, src/, package-lock.json), so a changed source gets a
// new one; the migration runner's and the job runner's own tests still start from empty.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { fingerprint } from '../scripts/build.mjs';
import { buildApp } from '../src/app.js';
import { openDatabase, type Database } from '../src/platform/db/database.js';
import { pgliteVersion } from '../src/platform/db/embedded-seed.js';
import { migrate } from '../src/platform/db/migrate.js';
import { databaseUrl } from './scratch-database.js';
import { testConfig } from './test-config.js';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Dumps and templates made from other sources are removed once this old: no run that uses one lasts this long. */
const STALE_AFTER_MS = 6 * 3600_000;

let key: string | undefined;

/**
 * A hash of everything that decides what a copy holds: the migrations, the service's job definitions (src/) and the
 * installed job runner (package-lock.json). About 15 ms, once per test process.
 */
function sourceKey(): string {
  key ??= fingerprint(ROOT, ['migrations', 'src', 'package-lock.json']).slice(0, 16);
  return key;
}

/**
 * Brings a migrated database to where the service's first start leaves it (0154): pg-boss's schema, the queues and
 * the schedules installed. The jobs that start queued and the times its timers last ran are then removed, so that an
 * app started on a copy runs maintenance, cron and the monitor as a first start does, and finds no job of another app.
 */
export async function startOnce(db: Database): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sb-started-once-'));
  try {
    const app = await buildApp({ config: testConfig({}, dataDir), db });
    try {
      await app.ready();
    } finally {
      await app.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  await db.exec(`DELETE FROM pgboss.job;
                 DELETE FROM pgboss.archive;
                 UPDATE pgboss.version SET maintained_on = NULL, cron_on = NULL, monitored_on = NULL;`);
}

type Stage = 'migrated' | 'started';
const snapshots = new Map<Stage, Promise<Uint8Array>>();

/**
 * A dump of an embedded database migrated by the real migration runner, for `openDatabase({ loadDataDir })`: about
 * 0.3 s to open instead of about 2 s to open an empty one and migrate it. Built by the first test process that needs
 * it and kept in the temp dir; two processes that build it at once both write a whole file and rename it into place,
 * so a reader never sees half of one.
 */
export function migratedSnapshot(): Promise<Uint8Array> {
  return snapshot('migrated');
}

/** A dump of an embedded database migrated and then started on once by the service (see startOnce). */
export function startedSnapshot(): Promise<Uint8Array> {
  return snapshot('started');
}

function snapshot(stage: Stage): Promise<Uint8Array> {
  let dump = snapshots.get(stage);
  if (!dump) {
    dump = loadOrBuildSnapshot(stage);
    snapshots.set(stage, dump);
  }
  return dump;
}

const SNAPSHOT_PREFIX = 'switchboard-test-db-';

async function loadOrBuildSnapshot(stage: Stage): Promise<Uint8Array> {
  const file = path.join(os.tmpdir(), `${SNAPSHOT_PREFIX}${sourceKey()}-${stage}-pglite-${pgliteVersion()}.tar`);
  try {
    return await readFile(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await removeStaleSnapshots();
  const dump = await buildSnapshot(stage);
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.partial`;
  try {
    await writeFile(partial, dump);
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
  return dump;
}

async function buildSnapshot(stage: Stage): Promise<Uint8Array> {
  const db = await openDatabase(stage === 'started' ? { loadDataDir: await migratedSnapshot() } : {});
  try {
    if (stage === 'migrated') await migrate(db);
    else await startOnce(db);
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

/** Dumps in `dir` of other sources (an earlier checkout, another PGlite) not written to for STALE_AFTER_MS. */
export async function removeStaleSnapshots(dir = os.tmpdir()): Promise<void> {
  for (const name of await readdir(dir)) {
    if (!name.startsWith(SNAPSHOT_PREFIX) || name.includes(sourceKey())) continue;
    const file = path.join(dir, name);
    const modified = await stat(file).then(
      (s) => s.mtimeMs,
      () => Date.now(),
    );
    if (Date.now() - modified > STALE_AFTER_MS) await rm(file, { force: true });
  }
}

const templates = new Map<string, Promise<string>>();

/**
 * The name of a database on the server of `serverUrl`, migrated by the real migration runner and started on once
 * (see startOnce), to create test databases from (`CREATE DATABASE ... TEMPLATE`): a copy costs about as much as an
 * empty database, and saves the migrations and the job runner's set-up. Built under a name of its own and renamed once
 * complete, so a process that finds the name finds it whole; two processes that build it at once each build one, and
 * the first rename wins. Nothing stays connected to it: PostgreSQL copies a database only while no one else is
 * connected to it. Its comment records when it was built, for removing it once stale.
 */
export function startedTemplate(serverUrl: string): Promise<string> {
  let template = templates.get(serverUrl);
  if (!template) {
    template = findOrBuildTemplate(serverUrl);
    templates.set(serverUrl, template);
  }
  return template;
}

const TEMPLATE_NAME = /^sb_template_[0-9a-f]{16}$/;

async function findOrBuildTemplate(serverUrl: string): Promise<string> {
  const name = `sb_template_${sourceKey()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const exists = async () => ((await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount ?? 0) > 0;
    if (await exists()) return name;
    await dropStaleTemplates(admin, name);
    const building = `${name}_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${building}`);
    try {
      // Five connections: pg-boss's set-up holds one under the job runner's advisory lock and needs another.
      const db = await openDatabase({ url: databaseUrl(serverUrl, building), poolSize: 5 });
      try {
        await migrate(db);
        await startOnce(db);
      } finally {
        await db.close();
      }
      await admin.query(`COMMENT ON DATABASE ${building} IS '${new Date().toISOString()}'`);
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    } catch (err) {
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      // Another process's rename won: PostgreSQL says so as duplicate_database (42P04), or, when both renames run at
      // once, as a unique violation on its catalog (23505).
      const code = (err as { code?: string }).code;
      if ((code === '42P04' || code === '23505') && (await exists())) return name;
      throw err;
    }
    return name;
  } finally {
    await admin.end();
  }
}

/** Templates of other sources built more than STALE_AFTER_MS ago, or before templates recorded when (no comment). */
export async function dropStaleTemplates(admin: pg.Client, current: string): Promise<void> {
  const { rows } = await admin.query<{ name: string; built: string | null }>(
    `SELECT datname AS name, shobj_description(oid, 'pg_database') AS built FROM pg_database`,
  );
  for (const { name, built } of rows) {
    if (!TEMPLATE_NAME.test(name) || name === current) continue;
    const builtAt = built ? Date.parse(built) : NaN;
    if (Number.isFinite(builtAt) && Date.now() - builtAt <= STALE_AFTER_MS) continue;
    // A run still copying it keeps it (PostgreSQL refuses to drop a database in use): it goes at a later build.
    await admin.query(`DROP DATABASE IF EXISTS ${name}`).catch(() => undefined);
  }
}
