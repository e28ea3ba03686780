#!/usr/bin/env node
// Runs every *.test.ts under src/, test/ and sdk/ with node's test runner (through tsx), each file in its own process,
// two at a time (TEST_CONCURRENCY). Arguments narrow the run: a path to a file runs that file, any other word runs
// the files whose path contains it.
//
// The slowest files start first (0131), so that the run does not end with one long file running alone: the order is
// by the seconds each file took in an earlier run, recorded in test/durations.json (a file not in it counts as the
// average of those that are), then by name. SWITCHBOARD_TEST_DURATIONS=write records the seconds of the files this
// run ran into that file, and drops files that no longer exist; a whole run on the embedded database (`npm test`,
// which runs every file) is the one to record from. SWITCHBOARD_TEST_DURATIONS_FILE names another file (the runner's
// own test uses it).
//
// No file can hang the run: one still going after SWITCHBOARD_TEST_FILE_TIMEOUT_S seconds (default 900) is stopped,
// with its whole process group, and counts as failed. Tests that need a system binary that is missing (Chromium,
// bubblewrap) skip with one line saying what to install; under CI (CI=true, set by .ci/run, which installs them)
// such a skip fails the run, so CI always runs everything.
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

const MISSING_BINARY_MARKER = 'switchboard-test: missing system binary:'; // test/system-binaries.ts prints it

function find(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (name === 'node_modules' || name === 'dist') continue;
    if (statSync(p).isDirectory()) find(p, out);
    else if (name.endsWith('.test.ts')) out.push(p);
  }
  return out;
}

const args = process.argv.slice(2);
const explicit = args.filter((a) => existsSync(a) && statSync(a).isFile());
const filters = args.filter((a) => !explicit.includes(a));
const discovered =
  filters.length === 0 && explicit.length > 0 ? [] : ['src', 'test', 'sdk'].filter(existsSync).flatMap((d) => find(d));
const files = [...explicit, ...discovered.filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))].sort();
if (files.length === 0) {
  console.error('no test files matched');
  process.exit(1);
}
// A file whose proof does not depend on the database says so near its top (DATABASE_INDEPENDENT): it uses none, or
// only the one it builds itself; a run on PostgreSQL (DATABASE_URL) leaves it to the embedded-database run (0130).
const DATABASE_INDEPENDENT = 'switchboard-test: database-independent';
const onServer = Boolean(process.env.DATABASE_URL) && explicit.length === 0;
const databaseFree = onServer ? files.filter((f) => readFileSync(f, 'utf8').slice(0, 1000).includes(DATABASE_INDEPENDENT)) : [];
if (databaseFree.length > 0) {
  console.log(`${databaseFree.length} files do not depend on the database; they run in the embedded-database run only:`);
  for (const f of databaseFree) console.log(`  ${f}`);
  files.splice(0, files.length, ...files.filter((f) => !databaseFree.includes(f)));
}
// Files that start the real `switchboard` command run the build (test/cli-command.ts). It is brought up to date here,
// once, before any file starts, so that files running side by side never build at the same time.
if (files.some((f) => readFileSync(f, 'utf8').includes('cli-command.js'))) {
  const built = spawnSync(
    process.execPath,
    [path.join(import.meta.dirname, 'build.mjs'), '--if-changed', 'service', 'embedded-seed'],
    {
      stdio: 'inherit',
    },
  );
  if (built.status !== 0) {
    console.error('✖ the service or its embedded seed did not build: the files that run its CLI cannot run');
    process.exit(1);
  }
}

const durationsFile = process.env.SWITCHBOARD_TEST_DURATIONS_FILE ?? 'test/durations.json';
const durations = existsSync(durationsFile) ? JSON.parse(readFileSync(durationsFile, 'utf8')) : {};
const recorded = Object.values(durations);
const average = recorded.length > 0 ? recorded.reduce((a, b) => a + b, 0) / recorded.length : 0;
const expectedSeconds = (file) => durations[path.normalize(file)] ?? average;
files.sort((a, b) => expectedSeconds(b) - expectedSeconds(a) || a.localeCompare(b));

const concurrency = Math.max(1, Number(process.env.TEST_CONCURRENCY ?? '2'));
const timeoutS = Number(process.env.SWITCHBOARD_TEST_FILE_TIMEOUT_S ?? '900');
const ci = process.env.CI === 'true' || process.env.CI === '1';

// A run started from inside a test (test/test-runner.test.ts) is a run of its own, not part of that test's, and does
// not record its fixtures' seconds over this run's.
const { NODE_TEST_CONTEXT: _inherited, SWITCHBOARD_TEST_DURATIONS: _record, ...parentEnv } = process.env;
// Loading the service is most of a small file's time, paid once per file (0150): each file runs in the test runner's
// own process (no second process per file), with the loading shortcuts of test-module-loading.mjs and Node's on-disk
// compile cache, shared by the files and the processes they start (a file whose content changed is compiled anew).
const childEnv = {
  ...parentEnv,
  NODE_OPTIONS: '--max-old-space-size=4096',
  NODE_COMPILE_CACHE: parentEnv.NODE_COMPILE_CACHE ?? path.join(os.tmpdir(), 'switchboard-test-compile-cache'),
};
const loading = path.join(import.meta.dirname, 'test-module-loading.mjs');
// WebAssembly is compiled by V8's baseline compiler only (0173). By default V8 recompiles a module's busy functions
// with its optimizing compiler on background threads: the embedded database's (PGlite) in every file that opens one,
// about 3 s of CPU and a third of a file's page faults, which a test file never runs long enough to earn back. The
// code computes the same either way; only how fast it runs differs. The CLI the tests start takes the flag too
// (test/cli-command.ts). Node's NODE_OPTIONS does not accept it, so it is an argument here.
const LIFTOFF_ONLY = '--liftoff-only';

// Each file runs in a process group of its own, out of reach of the terminal's Ctrl-C: a stopped run stops them.
const running = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of running) {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
    }
    process.exit(signal === 'SIGINT' ? 130 : 143);
  });
}

/** Run one file; its output is printed in one piece when it ends, so that two files' lines never interleave. */
function runFile(file) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [LIFTOFF_ONLY, '--import', 'tsx', '--import', loading, '--test', '--test-isolation=none', '--test-reporter=spec', file],
      {
        env: childEnv,
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true, // its own process group: a timeout stops whatever it started too
      },
    );
    running.add(child);
    const chunks = [];
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    let timedOut = false;
    const kill = (signal) => {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      kill('SIGTERM');
      setTimeout(() => kill('SIGKILL'), 5000).unref();
    }, timeoutS * 1000);
    child.on('close', (code, signal) => {
      running.delete(child);
      clearTimeout(timer);
      kill('SIGKILL'); // anything it left running in its group
      const output = Buffer.concat(chunks).toString('utf8');
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const missing = [...output.matchAll(new RegExp(`^${MISSING_BINARY_MARKER} (.*)$`, 'gm'))].map((m) => m[1]);
      const counts = Object.fromEntries(
        ['tests', 'pass', 'fail', 'cancelled', 'skipped'].map((k) => [
          k,
          Number(output.match(new RegExp(`^ℹ ${k} (\\d+)$`, 'm'))?.[1] ?? 0),
        ]),
      );
      const ok = code === 0 && !timedOut;
      process.stdout.write(`\n━━ ${file} (${seconds} s)\n${output}`);
      if (timedOut)
        process.stdout.write(`✖ ${file} did not finish in ${timeoutS} s: stopped (SWITCHBOARD_TEST_FILE_TIMEOUT_S)\n`);
      else if (!ok) process.stdout.write(`✖ ${file} exited with ${signal ?? `code ${code}`}\n`);
      resolve({ file, ok, timedOut, seconds, missing, counts, failures: ok ? '' : failuresOf(output) });
    });
  });
}

/**
 * The reporter's own account of what failed (from its "failing tests" section, or the output's last lines), bounded:
 * repeated under the summary, where a log cut to its end still shows why.
 */
function failuresOf(output) {
  const at = output.lastIndexOf('✖ failing tests:');
  const lines = (at >= 0 ? output.slice(at) : output).trimEnd().split('\n');
  return (at >= 0 ? lines.slice(0, 80) : lines.slice(-40)).join('\n');
}

const runStarted = Date.now();
const queue = [...files];
const results = [];
await Promise.all(
  Array.from({ length: Math.min(concurrency, files.length) }, async () => {
    for (let file = queue.shift(); file; file = queue.shift()) results.push(await runFile(file));
  }),
);

if (process.env.SWITCHBOARD_TEST_DURATIONS === 'write') {
  const merged = { ...durations };
  for (const r of results) merged[path.normalize(r.file)] = Number(r.seconds);
  const kept = Object.keys(merged)
    .filter((f) => existsSync(f))
    .sort();
  writeFileSync(durationsFile, `${JSON.stringify(Object.fromEntries(kept.map((f) => [f, merged[f]])), null, 2)}\n`);
  console.log(`\n━━ recorded the seconds of ${results.length} files in ${durationsFile}`);
}

const sum = (k) => results.reduce((n, r) => n + r.counts[k], 0);
const failed = results.filter((r) => !r.ok);
const missing = [...new Set(results.flatMap((r) => r.missing))];
console.log(
  `\n━━ ${files.length} files: ${sum('tests')} tests, ${sum('pass')} passed, ${sum('fail')} failed, ${sum('cancelled')} cancelled, ${sum('skipped')} skipped, in ${Math.round((Date.now() - runStarted) / 1000)} s`,
);
for (const m of missing) console.log(`⚠ SKIPPED tests that need ${m}`);
for (const r of failed) console.log(`\n✖ ${r.file}${r.timedOut ? ` (stopped after ${timeoutS} s)` : ''}\n${r.failures}`);
if (ci && missing.length > 0) console.log('✖ under CI every test must run: install the missing binaries (.ci/run does)');
process.exit(failed.length > 0 || (ci && missing.length > 0) ? 1 : 0);
