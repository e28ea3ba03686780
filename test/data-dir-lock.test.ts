// switchboard-test: database-independent (the PostgreSQL run leaves this file to the embedded-database run: 0130)
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CLI } from './cli-command.js';
import { freePort, ROOT, waitReady } from './service-process.js';
import { openDatabase } from '../src/platform/db/database.js';
import { DataDirLockedError } from '../src/platform/db/data-dir-lock.js';

/**
 * The embedded data directory belongs to one process (0100): a CLI command while the server runs is refused
 * instead of writing to a copy that vanishes; a lock or postmaster.pid left by a dead process does not block.
 * Always on the embedded database (DATABASE_URL is not passed on).
 */
describe('the embedded data directory lock', () => {
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  before(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sb-lock-'));
    env = { PATH: process.env.PATH, HOME: process.env.HOME, SWITCHBOARD_DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  });
  after(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  const cli = (...args: string[]) => {
    const r = spawnSync(process.execPath, [...CLI, ...args], { env, encoding: 'utf8', cwd: ROOT, timeout: 120_000 });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  };
  const lockFile = () => path.join(dataDir, 'pg.lock');

  it('refuses a CLI write while the server runs, naming the server and the operator API; works once it stopped', async () => {
    const port = await freePort();
    const server = spawn(process.execPath, [...CLI, 'serve'], {
      env: { ...env, PORT: String(port) },
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const exited = new Promise<number | null>((r) => server.once('exit', (code) => r(code)));
    try {
      await waitReady(port, server);
      const refused = cli('org', 'create', '--name', 'Lost Org');
      assert.equal(refused.code, 1, refused.stdout);
      assert.equal(refused.stdout, '', 'no key is printed');
      assert.match(refused.stderr, new RegExp(`in use by process ${server.pid} \\(switchboard serve, started `));
      assert.match(refused.stderr, /Stop that process first/);
      assert.match(
        refused.stderr,
        /operator API \(\/operator\/v1\/\.\.\. with Authorization: Bearer \$SWITCHBOARD_OPERATOR_TOKEN\)/,
      );
      // The server still owns it and still answers.
      assert.equal(JSON.parse(await readFile(lockFile(), 'utf8')).pid, server.pid);
      const boot = JSON.parse(await readFile(path.join(dataDir, 'bootstrap.json'), 'utf8'));
      const orgs = await fetch(`http://127.0.0.1:${port}/operator/v1/organizations`, {
        headers: { authorization: `Bearer ${boot.operatorToken}` },
      });
      assert.equal(orgs.status, 200);
      assert.ok(!JSON.stringify(await orgs.json()).includes('Lost Org'));
    } finally {
      server.kill('SIGTERM');
    }
    assert.equal(await exited, 0);
    assert.ok(!existsSync(lockFile()), 'a clean shutdown releases the lock');

    const created = cli('org', 'create', '--name', 'Kept Org');
    assert.equal(created.code, 0, created.stderr);
    assert.match(JSON.parse(created.stdout).plainKey, /^svc_/);
    const listed = cli('org', 'list');
    assert.equal(listed.code, 0, listed.stderr);
    assert.ok(listed.stdout.includes('Kept Org'), 'the write is there for the next process');
    assert.ok(!existsSync(lockFile()));
  });

  it('takes over a lock left by a dead process, and starts despite a torn postmaster.pid', async () => {
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const deadPid = Number(dead.stdout);
    await writeFile(
      lockFile(),
      JSON.stringify({
        pid: deadPid,
        host: os.hostname(),
        bootId: (await readFile('/proc/sys/kernel/random/boot_id', 'utf8').catch(() => '')).trim() || null,
        startTicks: null,
        command: 'switchboard serve',
        startedAt: new Date().toISOString(),
        nonce: 'dead',
      }),
    );
    // A process killed while PostgreSQL wrote its pid file leaves it empty; PGlite then fails to start.
    await mkdir(path.join(dataDir, 'pg'), { recursive: true });
    await writeFile(path.join(dataDir, 'pg', 'postmaster.pid'), '');
    const listed = cli('org', 'list');
    assert.equal(listed.code, 0, listed.stderr);
    assert.ok(listed.stdout.includes('Kept Org'));
    assert.ok(!existsSync(lockFile()), 'released on exit');
  });

  it('refuses a second open of the same directory in one process, and allows it after close', async () => {
    const dir = path.join(dataDir, 'pg');
    const db = await openDatabase({ dataDir: dir });
    try {
      await assert.rejects(openDatabase({ dataDir: dir }), (err: unknown) => {
        assert.ok(err instanceof DataDirLockedError);
        assert.equal(err.holder?.pid, process.pid);
        return true;
      });
    } finally {
      await db.close();
    }
    const again = await openDatabase({ dataDir: dir });
    await again.close();
    assert.ok(!existsSync(lockFile()));
  });
});
