/** The startup scenario of the benchmark suite (bench/run.ts): the built CLI in its own process, no load. */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { scratchDatabase } from '../test/harness.js';
import { ROOT } from './load-driver.js';
import type { Row } from './report.js';

/** Time from process start to /readyz on an existing data dir, and the idle RSS after it settles. */
export async function startup(): Promise<Row[]> {
  if (!existsSync(path.join(ROOT, 'dist/src/cli/index.js'))) spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sb-bench-start-'));
  // On PostgreSQL: a database of its own, which the first start migrates and bootstraps like the data dir.
  const scratch = process.env.DATABASE_URL ? await scratchDatabase(process.env.DATABASE_URL, 'sb_bench_start') : null;
  const env = {
    ...process.env,
    SWITCHBOARD_DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    PORT: '0',
    ...(scratch ? { DATABASE_URL: scratch.url, SWITCHBOARD_ENCRYPTION_KEY: randomBytes(32).toString('base64') } : {}),
  };
  const cli = [path.join(ROOT, 'dist/src/cli/index.js'), 'serve'];
  const rows: Row[] = [];
  const startOnce = async () => {
    const port = 20000 + Math.floor(Math.random() * 20000);
    const started = performance.now();
    const child = spawn(process.execPath, cli, { cwd: ROOT, env: { ...env, PORT: String(port) }, stdio: 'ignore' });
    for (;;) {
      if (child.exitCode !== null) throw new Error(`serve exited with ${child.exitCode}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200) break;
      } catch {
        /* not yet */
      }
      await new Promise((r) => setTimeout(r, 10));
    }
    const readyMs = performance.now() - started;
    await new Promise((r) => setTimeout(r, 5000));
    const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
    const rssMb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    child.kill('SIGTERM');
    await new Promise((r) => child.on('exit', r));
    return { readyMs, rssMb };
  };
  await startOnce(); // first start: creates the data dir, schema and bootstrap
  const again = await startOnce();
  rows.push({
    scenario: `start to /readyz (existing ${scratch ? 'database' : 'data dir'}, built)`,
    note: `${(again.readyMs / 1000).toFixed(2)} s`,
    target: '<= 3 s',
  });
  rows.push({ scenario: 'idle RSS', note: `${again.rssMb.toFixed(0)} MB`, target: scratch ? '' : '<= 350 MB (embedded)' });
  await rm(dataDir, { recursive: true, force: true });
  await scratch?.drop();
  return rows;
}
