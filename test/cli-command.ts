import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './service-process.js';

/**
 * The real `switchboard` command as `npm start` runs it: the build in dist/ (with the embedded seed a new data dir is
 * copied from, 0171), brought up to date on first use when the service's sources changed (the same content check as `npm start`, about 0.1 s when nothing did). The test runner
 * does it once before starting files that use it, so files running side by side never build at the same time. The
 * build starts a process in about half the time the sources through tsx take, and test files start many.
 */
const built = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs'), '--if-changed', 'service', 'embedded-seed'], {
  cwd: ROOT,
  encoding: 'utf8',
});
if (built.status !== 0) throw new Error(`the service could not be built for the CLI tests:\n${built.stdout}${built.stderr}`);

/**
 * With one V8 flag npm start does not pass: WebAssembly compiled by the baseline compiler only, as in every test
 * process (0173). The embedded database computes the same; a CLI command that opens it costs about a third less CPU.
 */
export const CLI = ['--liftoff-only', path.join(ROOT, 'dist/src/cli/index.js')];
