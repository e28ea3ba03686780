/** The startup scenario of the benchmark suite (bench/run.ts): the built CLI in its own process, no load. */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { scratchDatabase } from '../test/scratch-database.js';
import { ROOT } from './load-driver.js';
import type { Row } from './report.js';

/**
 * Time from process start to /readyz and the idle RSS after it settles: the first start on an empty data dir (or
 * database), a restart, and `npm start` on an unchanged checkout (its build step finds nothing to do: 0145).
 */
export async function startup(): Promise<Row[]> {
  spawnSync('node', ['scripts/build.mjs', '--if-changed'], { cwd: ROOT, stdio: 'inherit' });
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
  // As `npm start` runs it, with its young-generation bound (0148, 0177), two malloc arenas (0155) and fixed malloc thresholds (0157).
  const serve = [process.execPath, ['--max-semi-space-size=8', path.join(ROOT, 'dist/src/cli/index.js'), 'serve']] as const;
  const npmStart = ['npm', ['start', '--silent']] as const;
  const startOnce = async ([cmd, args]: readonly [string, readonly string[]]) => {
    const port = 20000 + Math.floor(Math.random() * 20000);
    const started = performance.now();
    const child = spawn(cmd, [...args], {
      cwd: ROOT,
      env: {
        ...env,
        MALLOC_ARENA_MAX: '2',
        MALLOC_MMAP_THRESHOLD_: '131072',
        MALLOC_TRIM_THRESHOLD_: '131072',
        PORT: String(port),
      },
      stdio: 'ignore',
      detached: true,
    });
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${cmd} exited with ${child.exitCode}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200) break;
      } catch {
        /* not yet */
      }
      await new Promise((r) => setTimeout(r, 10));
    }
    const readyMs = performance.now() - started;
    await new Promise((r) => setTimeout(r, 5000));
    const server = await servingPid(child.pid!);
    const rssMb = Number(/VmRSS:\s+(\d+)/.exec(await readFile(`/proc/${server}/status`, 'utf8'))?.[1] ?? 0) / 1024;
    process.kill(-child.pid!, 'SIGTERM');
    await new Promise((r) => child.on('exit', r));
    // npm may exit before the server it started has closed its database: wait for the server itself.
    while (existsSync(`/proc/${server}`)) await new Promise((r) => setTimeout(r, 50));
    return { readyMs, rssMb };
  };
  const where = scratch ? 'database' : 'data dir';
  const first = await startOnce(serve); // creates the data dir, schema and bootstrap
  const again = await startOnce(serve);
  const viaNpm = await startOnce(npmStart);
  const rows: Row[] = [
    {
      scenario: `first start to /readyz (empty ${where}, built)`,
      note: `${(first.readyMs / 1000).toFixed(2)} s`,
      target: '<= 10 s',
    },
    { scenario: `idle RSS after a first start`, note: `${first.rssMb.toFixed(0)} MB`, target: scratch ? '' : '<= 350 MB' },
    { scenario: `start to /readyz (existing ${where}, built)`, note: `${(again.readyMs / 1000).toFixed(2)} s`, target: '<= 3 s' },
    { scenario: 'idle RSS after a restart', note: `${again.rssMb.toFixed(0)} MB`, target: scratch ? '' : '<= 350 MB' },
    {
      scenario: '`npm start`, unchanged checkout, to /readyz',
      note: `${(viaNpm.readyMs / 1000).toFixed(2)} s`,
      target: '<= 5 s',
    },
  ];
  // The last server's database may still be finishing a file as the directory goes (ENOTEMPTY): rm tries again.
  await rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  await scratch?.drop();
  return rows;
}

/** The process that serves: `pid` itself, or the node process under npm and sh. */
async function servingPid(pid: number): Promise<number> {
  const children = async (p: number): Promise<number[]> => {
    const text = await readFile(`/proc/${p}/task/${p}/children`, 'utf8').catch(() => '');
    return text.trim().split(/\s+/).filter(Boolean).map(Number);
  };
  // The server is the first process down the chain that runs the CLI (npm → sh → node); its children are workers.
  let current = pid;
  for (let depth = 0; depth < 4; depth++) {
    const cmdline = await readFile(`/proc/${current}/cmdline`, 'utf8').catch(() => '');
    if (cmdline.includes('dist/src/cli/index.js')) break;
    const next = (await children(current))[0];
    if (next === undefined) break;
    current = next;
  }
  return current;
}
