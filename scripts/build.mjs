#!/usr/bin/env node
// Builds the service (tsc → dist/src), the embedded database's seed (dist/embedded-seed, 0171) and the dashboard
// (vite → dist/web).
//   node scripts/build.mjs               both, always (npm run build)
//   node scripts/build.mjs --if-changed  each only when its inputs changed since its last build (npm start)
//   node scripts/build.mjs [--if-changed] service   only the targets named (the test runner builds the CLI it runs)
// "Changed" is by content: a hash of every input file, kept in dist/.build-inputs.json once a build succeeds, so an
// unchanged checkout starts without compiling, and a checkout, pull or edit rebuilds what it touched (decision 0145).
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const SKIP = new Set(['node_modules', 'dist', '.git']);

/** Every file under the given paths (files or directories) of `root`, relative to it, sorted. */
function filesOf(root, paths) {
  const out = [];
  const walk = (rel) => {
    for (const e of readdirSync(path.join(root, rel), { withFileTypes: true })) {
      if (SKIP.has(e.name)) continue;
      const child = path.join(rel, e.name);
      if (e.isDirectory()) walk(child);
      else if (e.isFile()) out.push(child);
    }
  };
  for (const p of paths) {
    const abs = path.join(root, p);
    if (!existsSync(abs)) continue;
    if (statSync(abs).isDirectory()) walk(p);
    else out.push(p);
  }
  return out.sort();
}

/** A hash of the inputs' names and contents. */
export function fingerprint(root, paths) {
  const hash = createHash('sha256');
  for (const f of filesOf(root, paths)) {
    hash.update(f.split(path.sep).join('/'));
    hash.update('\0');
    hash.update(readFileSync(path.join(root, f)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/**
 * Builds each target (`{name, inputs, output, command: [cmd, args]}`); with `ifChanged`, only those whose inputs
 * changed since their last successful build or whose output is missing. Returns what it did per target.
 */
export function build(root, targets, { ifChanged = false, log = console.log } = {}) {
  const stampFile = path.join(root, 'dist', '.build-inputs.json');
  let stamp = {};
  try {
    stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
  } catch {
    // no earlier build
  }
  const done = {};
  for (const t of targets) {
    const inputs = fingerprint(root, t.inputs);
    if (ifChanged && stamp[t.name] === inputs && existsSync(path.join(root, t.output))) {
      log(`${t.name}: up to date`);
      done[t.name] = 'up to date';
      continue;
    }
    const started = Date.now();
    const [cmd, args] = t.command;
    const run = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
    if (run.status !== 0) throw new Error(`${t.name}: the build failed (${cmd} ${args.join(' ')})`);
    stamp[t.name] = inputs;
    mkdirSync(path.dirname(stampFile), { recursive: true });
    writeFileSync(stampFile, `${JSON.stringify(stamp, null, 2)}\n`);
    log(`${t.name}: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    done[t.name] = 'built';
  }
  return done;
}

/** The service (tsc → dist/src), the embedded seed made with it (0171) and the dashboard (vite → dist/web). */
export const TARGETS = [
  {
    name: 'service',
    inputs: ['src', 'tsconfig.json', 'tsconfig.build.json', 'package-lock.json'],
    output: 'dist/src/cli/index.js',
    command: ['tsc', ['-p', 'tsconfig.build.json']],
  },
  {
    name: 'embedded-seed',
    inputs: ['migrations', 'src/platform/db', 'scripts/embedded-seed.mjs', 'package-lock.json'],
    output: 'dist/embedded-seed/seed.json',
    command: [process.execPath, ['scripts/embedded-seed.mjs']],
  },
  {
    name: 'dashboard',
    inputs: ['web', 'sdk/typescript/dist', 'package-lock.json'],
    output: 'dist/web/index.html',
    command: ['vite', ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn']],
  },
];

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const named = process.argv.slice(2).filter((a) => !a.startsWith('--'));
    const unknown = named.filter((n) => !TARGETS.some((t) => t.name === n));
    if (unknown.length > 0)
      throw new Error(`unknown target ${unknown.join(', ')}; one of ${TARGETS.map((t) => t.name).join(', ')}`);
    const targets = named.length > 0 ? TARGETS.filter((t) => named.includes(t.name)) : TARGETS;
    build(path.resolve(import.meta.dirname, '..'), targets, { ifChanged: process.argv.includes('--if-changed') });
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}
