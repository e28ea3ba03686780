// switchboard-test: database-independent (the PostgreSQL run leaves this file to the embedded-database run: 0130)
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.js';
import { openDatabase } from './database.js';
import { buildEmbeddedSeed, seedEmbeddedDataDir } from './embedded-seed.js';
import { latestMigration, migrate, migrationFiles, migrationsDir } from './migrate.js';

// A new embedded data dir starts as a copy of the build's migrated seed (0171): the same database the migrations
// make, made once by the build instead of by initdb and the migrations on every first start.
describe('the embedded seed', () => {
  let tmp: string;
  let seed: string;
  before(async () => {
    tmp = await mkdtemp(path.join(os.tmpdir(), 'sb-seed-'));
    seed = path.join(tmp, 'seed');
    await buildEmbeddedSeed(seed);
  });
  after(() => rm(tmp, { recursive: true, force: true }));

  it('is a migrated database with its key, and nothing half-written is left beside it', async () => {
    const key = JSON.parse(await readFile(path.join(seed, 'seed.json'), 'utf8')) as Record<string, string>;
    assert.equal(key.latest, await latestMigration());
    assert.match(key.migrations!, /^[0-9a-f]{64}$/);
    assert.match(key.pglite!, /^\d+\.\d+\.\d+/);
    assert.deepEqual((await readdir(seed)).sort(), ['pg', 'seed.json']);
    assert.deepEqual(await readdir(tmp), ['seed']);
  });

  it('gives a new data dir a copy with every migration applied, independent of the seed and of other copies', async () => {
    const one = path.join(tmp, 'one', 'pg');
    const two = path.join(tmp, 'two', 'pg');
    await mkdir(path.dirname(one));
    await mkdir(path.dirname(two));
    assert.equal(await seedEmbeddedDataDir(one, seed), await latestMigration());
    assert.equal(await seedEmbeddedDataDir(two, seed), await latestMigration());
    assert.deepEqual(await readdir(path.dirname(one)), ['pg'], 'no copy in progress is left behind');

    const db = await openDatabase({ dataDir: one });
    try {
      assert.deepEqual(await migrate(db), [], 'nothing left to apply');
      const shipped = await migrationFiles(migrationsDir());
      const applied = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
      assert.deepEqual(
        applied.map((r) => r.name),
        shipped,
      );
      // The embedded shared_buffers setting (0081) comes with the copy.
      const [buffers] = await db.query<{ v: string }>("SELECT current_setting('shared_buffers') AS v");
      assert.equal(buffers!.v, '32MB');
      await db.exec(`CREATE TABLE only_in_one (x int)`);
    } finally {
      await db.close();
    }
    for (const dir of [two, path.join(seed, 'pg')]) {
      const other = await openDatabase({ dataDir: dir });
      try {
        const rows = await other.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'only_in_one'`);
        assert.equal(rows[0]!.n, 0, `${dir} does not see the first copy's table`);
      } finally {
        await other.close();
      }
    }
  });

  it('leaves a data dir that has a database alone', async () => {
    const pg = path.join(tmp, 'existing', 'pg');
    await mkdir(pg, { recursive: true });
    await writeFile(path.join(pg, 'marker'), 'mine');
    assert.equal(await seedEmbeddedDataDir(pg, seed), null);
    assert.deepEqual(await readdir(pg), ['marker']);
  });

  it('is not used when it was made from other migrations, by another PGlite, or is missing', async () => {
    const migrations = path.join(tmp, 'migrations-plus-one');
    await cp(migrationsDir(), migrations, { recursive: true });
    await writeFile(path.join(migrations, '9999_later.sql'), 'CREATE TABLE later (x int);');
    const edited = path.join(tmp, 'migrations-edited');
    await cp(migrationsDir(), edited, { recursive: true });
    const first = (await readdir(edited)).sort()[0]!;
    await writeFile(path.join(edited, first), `${await readFile(path.join(edited, first), 'utf8')}\n-- edited\n`);
    const otherPglite = path.join(tmp, 'seed-other-pglite');
    await cp(seed, otherPglite, { recursive: true });
    const key = JSON.parse(await readFile(path.join(otherPglite, 'seed.json'), 'utf8')) as Record<string, string>;
    await writeFile(path.join(otherPglite, 'seed.json'), JSON.stringify({ ...key, pglite: '0.0.1' }));

    const cases: Array<[string, string, string]> = [
      ['a migration added since', seed, migrations],
      ['a migration edited since', seed, edited],
      ['another PGlite', otherPglite, migrationsDir()],
      ['no seed built', path.join(tmp, 'no-seed'), migrationsDir()],
    ];
    for (const [what, from, shipped] of cases) {
      const parent = await mkdtemp(path.join(tmp, 'unused-'));
      assert.equal(await seedEmbeddedDataDir(path.join(parent, 'pg'), from, shipped), null, what);
      assert.deepEqual(await readdir(parent), [], `${what}: nothing is created`);
    }
  });

  it('holds the data dir lock while it copies: a data dir another opener holds is refused, and nothing is copied', async () => {
    const parent = await mkdtemp(path.join(tmp, 'locked-'));
    const pg = path.join(parent, 'pg');
    const unlock = lockDataDir(pg);
    try {
      await assert.rejects(seedEmbeddedDataDir(pg, seed), DataDirLockedError);
      assert.deepEqual(await readdir(parent), ['pg.lock']);
    } finally {
      unlock();
    }
  });
});
