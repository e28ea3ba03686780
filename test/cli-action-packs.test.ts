import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { scratchDatabase } from './harness.js';
import { CLI } from './cli-command.js';
import { ROOT } from './service-process.js';

/** `switchboard org add-actions | action-packs | usage | remove-actions`, as the real process (0122). */
describe('the CLI for action packs', () => {
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  let drop = async () => {};

  before(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sb-cli-packs-'));
    env = { PATH: process.env.PATH, HOME: process.env.HOME, SWITCHBOARD_DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
    if (process.env.DATABASE_URL) {
      const scratch = await scratchDatabase(process.env.DATABASE_URL, 'sb_cli_packs');
      drop = scratch.drop;
      Object.assign(env, { DATABASE_URL: scratch.url, SWITCHBOARD_ENCRYPTION_KEY: randomBytes(32).toString('base64') });
    }
  });
  after(async () => {
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const cli = (...args: string[]) => {
    const r = spawnSync(process.execPath, [...CLI, ...args], { env, encoding: 'utf8', cwd: ROOT, timeout: 60_000 });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  };

  // Each command opens the database and builds the app: few commands, the rest is covered over HTTP.
  it('adds, lists, reports and deletes action packs; refuses bad input naming it', () => {
    const created = cli('org', 'create', '--name', 'Packs', '--plan', 'pro');
    assert.equal(created.code, 0, created.stderr);
    const orgId = JSON.parse(created.stdout).organization.id as string;

    const added = cli('org', 'add-actions', orgId, '2', '--recurring');
    assert.equal(added.code, 0, added.stderr);
    const pack = JSON.parse(added.stdout).actionPack;
    assert.deepEqual([pack.packs, pack.actions, pack.recurring], [2, 20_000, true]);
    const exact = cli('org', 'add-actions', orgId, '500', '--actions');
    assert.equal(exact.code, 0, exact.stderr);
    assert.deepEqual([JSON.parse(exact.stdout).actionPack.actions, JSON.parse(exact.stdout).actionPack.recurring], [500, false]);

    const usage = cli('org', 'usage', orgId);
    assert.equal(usage.code, 0, usage.stderr);
    assert.deepEqual(JSON.parse(usage.stdout).usage.actions, {
      used: 0,
      planLimit: 25_000,
      actionPacks: 20_500,
      limit: 45_500,
      remaining: 45_500,
    });

    const removed = cli('org', 'remove-actions', orgId, pack.id);
    assert.equal(removed.code, 0, removed.stderr);
    const listed = cli('org', 'action-packs', orgId);
    assert.equal(JSON.parse(listed.stdout).total, 1);

    for (const [args, message] of [
      [['org', 'add-actions', orgId, '0'], /number of packs/],
      [['org', 'add-actions', orgId, 'lots'], /number of packs/],
      [['org', 'add-actions', 'not-an-id', '1'], /organization id/],
    ] as const) {
      const r = cli(...args);
      assert.equal(r.code, 1, args.join(' '));
      assert.match(r.stderr, message);
    }
  });
});
