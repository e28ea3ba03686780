// switchboard-test: database-independent (the PostgreSQL run leaves this file to the embedded-database run: 0130)
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Run scripts/run-tests.mjs on fixture files; resolves with its exit code and output. */
function runTests(files: string | string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/run-tests.mjs', ...[files].flat()], {
      env: { ...process.env, CI: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    child.on('close', (code) => resolve({ code, out }));
  });
}

describe('the test runner (npm test)', () => {
  it('stopped itself (Ctrl-C, SIGTERM), stops the test files it runs', async () => {
    const child = spawn(process.execPath, ['scripts/run-tests.mjs', 'test/fixtures/runner/hangs.ts'], {
      env: { ...process.env, CI: '', NODE_TEST_CONTEXT: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // The processes `node --test` runs the fixture in (the runner's own command line names the file too).
    const fixturePids = (): number[] =>
      readdirSync('/proc')
        .filter((d) => /^\d+$/.test(d))
        .filter((d) => {
          try {
            const argv = readFileSync(`/proc/${d}/cmdline`, 'utf8').split('\0');
            return argv.includes('--test') && argv.includes('test/fixtures/runner/hangs.ts');
          } catch {
            return false;
          }
        })
        .map(Number);
    for (let i = 0; i < 300 && fixturePids().length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    assert.ok(fixturePids().length > 0, 'the fixture runs');
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    child.kill('SIGTERM');
    assert.equal(await exited, 143);
    for (let i = 0; i < 100 && fixturePids().length > 0; i++) await new Promise((r) => setTimeout(r, 50));
    assert.deepEqual(fixturePids(), [], 'no test process outlives the runner');
  });

  it('stops a test file that does not finish in its time and fails the run', async () => {
    const r = await runTests('test/fixtures/runner/hangs.ts', { SWITCHBOARD_TEST_FILE_TIMEOUT_S: '5' });
    assert.equal(r.code, 1, r.out);
    assert.match(r.out, /hangs\.ts did not finish in 5 s: stopped/);
    assert.match(r.out, /✖ test\/fixtures\/runner\/hangs\.ts \(stopped after 5 s\)/);
  });

  it('skips tests that need a missing system binary with one line saying what to install', async () => {
    const r = await runTests('test/fixtures/runner/needs-chromium.ts', { CHROMIUM_PATH: '/nonexistent/chromium' });
    assert.equal(r.code, 0, r.out);
    assert.match(r.out, /⚠ SKIPPED tests that need chromium — install it with `apt-get install -y chromium`/);
    assert.match(r.out, /2 tests, 1 passed, 0 failed, 0 cancelled, 1 skipped/);
  });

  it('under CI, a test skipped for a missing binary fails the run', async () => {
    const r = await runTests('test/fixtures/runner/needs-chromium.ts', {
      CHROMIUM_PATH: '/nonexistent/chromium',
      CI: 'true',
    });
    assert.equal(r.code, 1, r.out);
    assert.match(r.out, /under CI every test must run/);
  });

  it("starts each file with WebAssembly compiled by the baseline compiler only (0173), and prints the run's seconds", async () => {
    const r = await runTests('test/fixtures/runner/engine-flags.ts', {});
    assert.equal(r.code, 0, r.out);
    assert.match(r.out, /━━ 1 files: 1 tests, 1 passed, 0 failed, 0 cancelled, 0 skipped, in \d+ s/);
  });

  it('starts the files that took longest first, and records the seconds each took when asked', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sb-durations-'));
    try {
      const file = path.join(dir, 'durations.json');
      const quick = 'test/fixtures/runner/quick.ts';
      const needs = 'test/fixtures/runner/needs-chromium.ts';
      // By name needs-chromium.ts would come first; the recorded seconds say quick.ts is the long one.
      writeFileSync(file, JSON.stringify({ [quick]: 500, [needs]: 1, 'test/fixtures/runner/gone.ts': 9 }));
      const env = { SWITCHBOARD_TEST_DURATIONS_FILE: file, TEST_CONCURRENCY: '1', CHROMIUM_PATH: '/nonexistent/chromium' };
      const r = await runTests([needs, quick], { ...env, SWITCHBOARD_TEST_DURATIONS: 'write' });
      assert.equal(r.code, 0, r.out);
      const order = [...r.out.matchAll(/^━━ (test\/fixtures\/runner\/\S+)/gm)].map((m) => m[1]);
      assert.deepEqual(order, [quick, needs]);
      const written = JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>;
      assert.deepEqual(Object.keys(written), [needs, quick], 'the files run, and no file that is gone');
      assert.ok(written[quick]! < 500, 'the seconds of this run');

      const again = await runTests([needs, quick], env); // quick.ts is now known to be quicker than 500 s
      assert.equal(again.code, 0, again.out);
      assert.deepEqual(JSON.parse(readFileSync(file, 'utf8')), written, 'recorded only when asked');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
