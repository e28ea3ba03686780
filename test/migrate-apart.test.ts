import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../src/config.js';
import { migrateApart } from '../src/main.js';
import { latestMigration } from '../src/platform/db/migrate.js';

/**
 * An embedded start with migrations pending runs `switchboard migrate` in a child process first (decision 0146); a
 * restart whose data dir records the newest migration does not. The real first start is in test/process.test.ts.
 */
describe('migrations in a child process', () => {
  it('runs the CLI’s migrate when the data dir has not recorded the newest migration, and only then', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sb-migrate-apart-'));
    try {
      const calls = path.join(dir, 'calls.txt');
      const cli = path.join(dir, 'cli.mjs');
      await writeFile(
        cli,
        `import { appendFileSync } from 'node:fs'; appendFileSync(${JSON.stringify(calls)}, process.argv.slice(2).join(' ') + '\\n');\n`,
      );
      const config = { databaseUrl: null, dataDir: dir } as unknown as Config;
      const runs = async () => (await readFile(calls, 'utf8').catch(() => '')).trim().split('\n').filter(Boolean);

      await migrateApart(config, cli);
      assert.deepEqual(await runs(), ['migrate'], 'a new data dir');
      await writeFile(path.join(dir, 'migrated-to'), '0001_older.sql');
      await migrateApart(config, cli);
      assert.equal((await runs()).length, 2, 'an upgrade');
      await writeFile(path.join(dir, 'migrated-to'), (await latestMigration())!);
      await migrateApart(config, cli);
      assert.equal((await runs()).length, 2, 'up to date: no child');
      await rm(path.join(dir, 'migrated-to'));
      await migrateApart({ ...config, databaseUrl: 'postgres://x' }, cli);
      await migrateApart(config, undefined);
      assert.equal((await runs()).length, 2, 'PostgreSQL, or not started by the CLI: no child');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
