#!/usr/bin/env node
// Runs every *.test.ts under src/ and test/ with node's test runner (through tsx), two files at a time.
import { readdirSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

function find(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) find(p, out);
    else if (name.endsWith('.test.ts')) out.push(p);
  }
  return out;
}

const filters = process.argv.slice(2);
const files = ['src', 'test']
  .flatMap((d) => find(d))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();
if (files.length === 0) {
  console.error('no test files matched');
  process.exit(1);
}
const concurrency = process.env.TEST_CONCURRENCY ?? '2';
const res = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, '--test-reporter=spec', ...files],
  { stdio: 'inherit', env: { ...process.env, NODE_OPTIONS: '--max-old-space-size=4096' } },
);
process.exit(res.status ?? 1);
