/**
 * Driving load for the benchmark suite (bench/run.ts): the load generator (bench/load.mjs, or another load script) in
 * its own process, warm-up then measurement, and the helper processes (baseline, receiver) that print their port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const DURATION = Number(process.env.BENCH_DURATION ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);

export interface LoadResult {
  rps: number;
  total: number;
  p50: number;
  p99: number;
  non2xx: number;
}

export function spawnWithPort(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /PORT (\d+)/.exec(out);
      if (m) resolve({ child, port: Number(m[1]) });
    });
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)));
  });
}

export interface LoadOptions {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  duration?: number;
  connections?: number;
  overallRate?: number;
  /** With overallRate: evenly spaced requests, each timed from its sending (bench/steady.mjs, 0174). */
  steady?: boolean;
  stamp?: boolean;
}

/** autocannon (or, with `script`, another load script) in its own process. */
export function load(opts: LoadOptions | Record<string, unknown>, script = 'bench/load.mjs'): Promise<LoadResult> {
  const child = spawn(
    process.execPath,
    [path.join(ROOT, script), JSON.stringify({ connections: CONNECTIONS, duration: DURATION, ...opts })],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').pop()!) as LoadResult)
        : reject(new Error(`load generator exited with ${code}`)),
    );
  });
}

/** A measurement, with the server's CPU time per answered request (µs) where it was read. */
export type Measured = LoadResult & { cpuPerRequest?: number };

/**
 * Warm up (JIT, caches, leases), then measure. With `cpuTime` (the serving process's CPU time so far, in µs), the
 * result also gives the server's CPU time per answered request over the measurement (not the warm-up): work per
 * request, which moves far less with a busy or slow machine than req/s does.
 */
export async function measure(opts: LoadOptions, cpuTime?: () => Promise<number>): Promise<Measured> {
  await load({ ...opts, duration: 2 });
  const before = await cpuTime?.();
  const r = await load(opts);
  if (r.non2xx > 0) throw new Error(`${opts.method ?? 'GET'} ${opts.url}: ${r.non2xx} responses were not 2xx`);
  if (!cpuTime || before === undefined) return r;
  return { ...r, cpuPerRequest: ((await cpuTime()) - before) / r.total };
}

/** A process's CPU time in µs, from a `process.cpuUsage()` reading. */
export const cpuMicros = (u: NodeJS.CpuUsage) => u.user + u.system;

export const pctOf = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
export const until = async (check: () => Promise<boolean>, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
};
