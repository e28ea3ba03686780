import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { packageRoot } from '../../src/platform/paths.js';

/** Every file the build reads: the app, the SDK it bundles, and the lock file (Vite's and React's versions). */
function inputs(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = path.join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.push(p);
    }
  };
  walk(path.join(root, 'web'));
  walk(path.join(root, 'sdk', 'typescript', 'dist'));
  out.push(path.join(root, 'package-lock.json'));
  return out.sort();
}

/**
 * The dashboard built once per test run, for every test file that serves it: the build goes to a folder under the
 * system's temp dir named by a hash of its inputs, written under another name and renamed into place, so that test
 * processes building at the same time never read half a build and a later run reuses it.
 */
export async function builtDashboard(): Promise<string> {
  const root = packageRoot();
  const hash = createHash('sha256');
  for (const f of inputs(root)) hash.update(path.relative(root, f)).update('\0').update(readFileSync(f));
  const dir = path.join(os.tmpdir(), `switchboard-dashboard-${hash.digest('hex').slice(0, 16)}`);
  if (existsSync(path.join(dir, 'index.html'))) return dir;
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'switchboard-dashboard-build-'));
  const { build } = await import('vite');
  await build({
    configFile: path.join(root, 'web', 'vite.config.ts'),
    logLevel: 'error',
    build: { outDir: tmp, emptyOutDir: true },
  });
  try {
    await rename(tmp, dir);
  } catch (err) {
    // Another process renamed its identical build into place first.
    if (!existsSync(path.join(dir, 'index.html'))) throw err;
    await rm(tmp, { recursive: true, force: true });
  }
  return dir;
}
