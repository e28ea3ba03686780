/**
 * The benchmark suite (`npm run bench [-- <scenario>...]`), run on demand, never in CI. It starts the service (the
 * embedded database in a fresh data dir, or PostgreSQL when DATABASE_URL is set), drives load from a separate
 * process with autocannon (bench/load.mjs), and prints one table: throughput, p50, p99 and the ratio to a baseline
 * measured in the same run (a bare Fastify route in its own process, bench/baseline.mjs), plus the machine.
 *
 * Scenarios: baseline, auth, execute, execute-user, mcp, code, sandbox, triggers, startup. BENCH_DURATION (seconds, default
 * 10) and BENCH_CONNECTIONS (default 32) tune the load; BENCH_PROCESSES (PostgreSQL only) serves from that many
 * processes sharing the port.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import cluster, { type Worker } from 'node:cluster';
import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { bootstrap } from '../src/bootstrap.js';
import { loadConfig } from '../src/config.js';
import { hashEncode } from '../src/integrations/builtins/hash-encode/hash-encode.js';
import { defineIntegration } from '../src/integrations/framework.js';
import { openConfiguredDatabase, prepareConfig } from '../src/main.js';
import type { Database } from '../src/platform/db/database.js';
import { migrate } from '../src/platform/db/migrate.js';
import { scratchDatabase } from '../test/harness.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const SCENARIOS = ['baseline', 'auth', 'execute', 'execute-user', 'mcp', 'code', 'sandbox', 'triggers', 'startup'] as const;
type Scenario = (typeof SCENARIOS)[number];

interface LoadResult {
  rps: number;
  total: number;
  p50: number;
  p99: number;
  non2xx: number;
}
interface Row {
  scenario: string;
  rps?: number | undefined;
  p50?: number | undefined;
  p99?: number | undefined;
  ratio?: string | undefined;
  target?: string | undefined;
  note?: string | undefined;
}

/** The same action as hash-encode.hash, behind a SECRET_TEXT connection: the per-user scenario's integration. */
const benchSecret = defineIntegration({
  name: 'bench-secret',
  displayName: 'Bench (connection required)',
  description: 'hash-encode.hash behind a SECRET_TEXT connection, for the per-user benchmark only',
  logoUrl: '/static/integrations/bench-secret.svg',
  categories: ['bench'],
  runtime: 'builtin',
  version: '1.0.0',
  auth: [{ key: 'secret_text', type: 'SECRET_TEXT', displayName: 'Key' }],
  actions: [{ ...hashEncode.actions.hash!, requireAuth: true }],
});

function spawnWithPort(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ child: ChildProcess; port: number }> {
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

interface LoadOptions {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  duration?: number;
  connections?: number;
  overallRate?: number;
  stamp?: boolean;
}

/** autocannon (or, with `script`, another load script) in its own process. */
function load(opts: LoadOptions | Record<string, unknown>, script = 'bench/load.mjs'): Promise<LoadResult> {
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

/** Warm up (JIT, caches, leases), then measure. */
async function measure(opts: LoadOptions): Promise<LoadResult> {
  await load({ ...opts, duration: 2 });
  const r = await load(opts);
  if (r.non2xx > 0) throw new Error(`${opts.method ?? 'GET'} ${opts.url}: ${r.non2xx} responses were not 2xx`);
  return r;
}

const pctOf = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const until = async (check: () => Promise<boolean>, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
};

interface Service {
  app: FastifyInstance;
  db: Database;
  url: string;
  key: string;
  dataDir: string;
  close(): Promise<void>;
}

/** BENCH_PROCESSES (PostgreSQL only): serve from this many processes sharing the port, as SWITCHBOARD_PROCESSES does. */
const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 1);

/** The environment the service is configured from (also handed to cluster processes through BENCH_SERVICE_ENV). */
function serviceEnv(dataDir: string, databaseUrl: string | null): NodeJS.ProcessEnv {
  return {
    ...process.env,
    LOG_LEVEL: 'silent',
    SWITCHBOARD_DATA_DIR: dataDir,
    PORT: '0',
    SWITCHBOARD_EGRESS_ALLOW: '127.0.0.1',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, SWITCHBOARD_ENCRYPTION_KEY: randomBytes(32).toString('base64') } : {}),
  };
}

/** The same buildApp as `switchboard serve`, with the bench integration registered. */
async function buildService(
  env: NodeJS.ProcessEnv,
): Promise<{ app: FastifyInstance; db: Database; config: Awaited<ReturnType<typeof prepareConfig>> }> {
  const config = await prepareConfig(loadConfig(env));
  const db = await openConfiguredDatabase(config);
  await migrate(db);
  const app = await buildApp({ config, db });
  app.services.registry.register(benchSecret);
  return { app, db, config };
}

/** A cluster process of a BENCH_PROCESSES run: serves on the shared port until the runner exits. */
async function serveInCluster(): Promise<void> {
  const { app } = await buildService(JSON.parse(process.env.BENCH_SERVICE_ENV!) as NodeJS.ProcessEnv);
  await app.listen({ port: 0, host: '127.0.0.1' });
}

/**
 * The service, listening on a free port: in this process, or (BENCH_PROCESSES > 1) in that many cluster processes
 * once this one has migrated and bootstrapped, like `switchboard serve` with SWITCHBOARD_PROCESSES.
 */
async function startService(): Promise<Service> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sb-bench-'));
  let databaseUrl: string | null = null;
  let dropDb = async () => {};
  if (process.env.DATABASE_URL) {
    const scratch = await scratchDatabase(process.env.DATABASE_URL, 'sb_bench');
    databaseUrl = scratch.url;
    dropDb = scratch.drop;
  }
  if (PROCESSES > 1 && !databaseUrl) throw new Error('BENCH_PROCESSES > 1 needs DATABASE_URL');
  const env = serviceEnv(dataDir, databaseUrl);
  const { app, db, config } = await buildService(PROCESSES > 1 ? { ...env, SWITCHBOARD_WORKERS: 'false' } : env);
  const first = await bootstrap(config, db, app.services);
  if (!first) throw new Error('bootstrap did not run on a fresh data dir');
  let url: string;
  const workers: Worker[] = [];
  if (PROCESSES > 1) {
    const ports = Array.from({ length: PROCESSES }, () => {
      const w = cluster.fork({ BENCH_SERVICE_ENV: JSON.stringify(env) });
      workers.push(w);
      return new Promise<number>((resolve, reject) => {
        w.once('listening', (a) => resolve(a.port));
        w.once('exit', (code) => reject(new Error(`a service process exited with ${code}`)));
      });
    });
    url = `http://127.0.0.1:${(await Promise.all(ports))[0]}`;
  } else {
    url = await app.listen({ port: 0, host: '127.0.0.1' });
  }
  return {
    app,
    db,
    url,
    key: first.apiKey,
    dataDir,
    close: async () => {
      await Promise.all(workers.map((w) => new Promise((r) => (w.once('exit', r), w.process.kill('SIGKILL')))));
      await app.close();
      await db.close();
      await dropDb();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function api(s: Service, method: string, url: string, body?: unknown): Promise<any> {
  const res = await fetch(`${s.url}${url}`, {
    method,
    headers: { authorization: `Bearer ${s.key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = await res.json();
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** Time from process start to /readyz on an existing data dir, and the idle RSS after it settles. */
async function startup(): Promise<Row[]> {
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

/** A TOOLS-mode server with hash-encode configured; tools/call by raw JSON-RPC (autocannon) and the official client. */
async function mcpScenario(s: Service, ws: string, plain: LoadResult | null): Promise<Row[]> {
  await api(s, 'POST', `/api/v1/workspaces/${ws}/integrations`, { integrationName: 'hash-encode' }).catch(() => undefined);
  const created = await api(s, 'POST', '/api/v1/mcp/servers', { name: 'Bench tools', workspaceId: ws, authMode: 'bearer' });
  const url = `${s.url}/mcp/srv_${created.server.id as string}`;
  const token = created.bearerToken as string;
  const tool = 'hash_encode__hash';
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: tool, arguments: { text: 'benchmark' } },
  });
  const headers = {
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2025-06-18',
  };
  const check = await fetch(url, { method: 'POST', headers, body });
  const text = await check.text();
  if (check.status !== 200 || !text.includes('"hash"') || text.includes('"isError":true'))
    throw new Error(`MCP tools/call failed: ${check.status} ${text.slice(0, 300)}`);
  const raw = await measure({ url, method: 'POST', headers, body });
  const sdk = await load({ url, token, tool, arguments: { text: 'benchmark' }, clients: CONNECTIONS }, 'bench/mcp-client.mjs');
  const vs = (r: LoadResult) => (plain ? `${((r.rps / plain.rps) * 100).toFixed(0)} % of execute` : undefined);
  return [
    { scenario: 'mcp: tools/call, raw JSON-RPC', ...raw, ratio: vs(raw), target: '>= 50 % of execute' },
    { scenario: 'mcp: tools/call, official SDK client', ...sdk, ratio: vs(sdk), target: '>= 50 % of execute' },
  ];
}

/** A CODE server running a script that calls 10 actions: the time beyond the actions' own. */
async function codeScenario(s: Service, ws: string): Promise<Row[]> {
  await api(s, 'POST', `/api/v1/workspaces/${ws}/integrations`, { integrationName: 'hash-encode' }).catch(() => undefined);
  const server = (
    await api(s, 'POST', '/api/v1/mcp/servers', { name: 'Bench code', workspaceId: ws, mode: 'CODE', authMode: 'bearer' })
  ).server;
  const code =
    "let last; for (let i = 0; i < 10; i++) last = await switchboard['hash-encode'].hash({ text: 'benchmark ' + i }); return last;";
  const overhead: number[] = [];
  const perAction: number[] = [];
  for (let i = 0; i < 230; i++) {
    const r = await api(s, 'POST', `/api/v1/mcp/servers/${server.id as string}/execute-code`, { code });
    const sc = r.structuredContent;
    if (sc.status !== 'completed' || sc.actionsExecuted !== 10)
      throw new Error(`Code Mode run failed: ${JSON.stringify(r).slice(0, 300)}`);
    if (i < 30) continue; // warm-up
    overhead.push(sc.durationMs - sc.timings.totalExecuteMs);
    perAction.push(sc.timings.totalExecuteMs / 10);
  }
  overhead.sort((a, b) => a - b);
  perAction.sort((a, b) => a - b);
  return [
    {
      scenario: 'code mode: 10 actions per run, time beyond the actions',
      p50: Math.round(pctOf(overhead, 50) * 100) / 100,
      p99: Math.round(pctOf(overhead, 99) * 100) / 100,
      note: `actions ${pctOf(perAction, 50).toFixed(2)} ms each (p50)`,
      target: '<= 15 ms overhead',
    },
  ];
}

/**
 * Another organization's executes while one `code` run spins (`while (true) {}`) until its deadline
 * (SWITCHBOARD_CODE_TIMEOUT_MS, 30 s by default, longer than warm-up and measurement): their latency must not care.
 */
async function sandboxScenario(s: Service, ws: string): Promise<Row[]> {
  const spinner = await s.app.services.organizations.create({ name: 'Bench spinner', plan: 'enterprise' });
  const spinnerWs = (await api({ ...s, key: spinner.plainKey }, 'POST', '/api/v1/workspaces', { name: 'Spin', slug: 'spin' }))
    .workspace as { id: string };
  const headers = { authorization: `Bearer ${s.key}`, 'content-type': 'application/json' };
  const url = `${s.url}/api/v1/actions/execute`;
  const exec = (integrationName: string, actionName: string, input: unknown) =>
    JSON.stringify({ integrationName, actionName, workspaceId: ws, input });
  const spin = async () => {
    let ended = false;
    const res = fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${spinner.plainKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        integrationName: 'code',
        actionName: 'run_code',
        workspaceId: spinnerWs.id,
        input: { code: 'while (true) {}' },
      }),
    }).finally(() => (ended = true));
    await until(async () => s.app.services.jsSandbox.stats().running > 0, 30_000);
    return { stillSpinning: () => !ended, done: res.then((r) => r.json()) };
  };
  const rows: Row[] = [];
  for (const [label, body] of [
    ['execute hash-encode.hash', exec('hash-encode', 'hash', { text: 'benchmark' })],
    ['execute code.run_code (return 1)', exec('code', 'run_code', { code: 'return 1' })],
  ] as const) {
    // A fixed, moderate rate: the latency a tenant sees, not the queueing of a saturating load.
    const load = { url, method: 'POST', headers, body, connections: 10, overallRate: 50 };
    const quiet = await measure(load);
    const spinning = await spin();
    const loaded = await measure(load);
    if (!spinning.stillSpinning())
      throw new Error('the spinning run ended before the measurement did: raise SWITCHBOARD_CODE_TIMEOUT_MS');
    const stopped = (await spinning.done) as { success: boolean; output: { error?: string } };
    if (stopped.success || !/TimeoutError/.test(stopped.output.error ?? ''))
      throw new Error(`the spin ended oddly: ${JSON.stringify(stopped)}`);
    rows.push({ scenario: `sandbox: ${label} at 50/s, nothing else running`, ...quiet });
    rows.push({ scenario: `sandbox: ${label} at 50/s, another org's run spinning`, ...loaded, target: 'p99 < 100 ms' });
  }
  return rows;
}

/** A webhook trigger: events posted to its URL, delivered to a receiver process; sustained rate and latency. */
async function triggersScenario(s: Service, ws: string): Promise<Row[]> {
  const rx = await spawnWithPort([path.join(ROOT, 'bench/receiver.mjs')]);
  const stats = async () =>
    (await (await fetch(`http://127.0.0.1:${rx.port}/stats`)).json()) as {
      count: number;
      unique: number;
      p50: number | null;
      p99: number | null;
    };
  const reset = (name: string) => fetch(`http://127.0.0.1:${rx.port}/reset?run=${name}`, { method: 'POST' });
  try {
    const source = (
      await api(s, 'POST', '/api/v1/triggers/enable', {
        integrationName: 'webhook',
        triggerName: 'catch_webhook',
        workspaceId: ws,
        callbackUrl: `http://127.0.0.1:${rx.port}/hook`,
      })
    ).triggerSource;
    const url = `${s.url}${new URL(source.webhookUrl as string).pathname}`;
    const post = { url, method: 'POST', headers: { 'content-type': 'application/json' }, stamp: true };
    await reset('warm');
    const warm = await load({ ...post, duration: 2, run: 'warm' });
    await until(async () => (await stats()).unique >= warm.total - warm.non2xx, 120_000);
    // Sustained: as fast as the ingest path takes them, then until every accepted event reached the receiver.
    await reset('burst');
    const started = Date.now();
    const burst = await load({ ...post, run: 'burst' });
    const accepted = burst.total - burst.non2xx;
    await until(async () => (await stats()).unique >= accepted, 300_000);
    const delivered = (await stats()).unique;
    const seconds = (Date.now() - started) / 1000;
    // Latency at a fixed 300 events/s.
    await reset('steady');
    const steady = await load({ ...post, overallRate: 300, connections: 16, run: 'steady' });
    await until(async () => (await stats()).unique >= steady.total - steady.non2xx, 120_000);
    const lat = await stats();
    return [
      {
        scenario: 'triggers: sustained webhook events, ingest to delivered',
        rps: accepted / seconds,
        p50: burst.p50,
        p99: burst.p99,
        // Requests still in flight when the load stops are cut off at the client yet committed: delivered, never lost.
        note: `${accepted} acknowledged, ${delivered} delivered, ${Math.max(0, accepted - delivered)} lost${delivered > accepted ? `; +${delivered - accepted} cut off in flight at the end, delivered too` : ''}`,
        target: '>= 1,000 events/s, none lost',
      },
      {
        scenario: 'triggers: ingest-to-callback latency at 300 events/s',
        p50: lat.p50 ?? undefined,
        p99: lat.p99 ?? undefined,
        note: `${lat.unique} delivered`,
        target: 'p99 <= 250 ms',
      },
    ];
  } finally {
    rx.child.kill();
  }
}

async function main(): Promise<void> {
  const wanted = (process.argv.slice(2).filter((a) => a !== '--') as Scenario[]).filter(Boolean);
  for (const w of wanted) if (!SCENARIOS.includes(w)) throw new Error(`unknown scenario ${w}; one of ${SCENARIOS.join(', ')}`);
  const run = new Set<Scenario>(wanted.length ? wanted : SCENARIOS);
  const dbKind = process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded (PGlite)';
  const rows: Row[] = [];
  const s = await startService();
  let baseline: ChildProcess | null = null;
  try {
    const ws = (await api(s, 'POST', '/api/v1/workspaces', { name: 'Bench', slug: 'bench' })).workspace.id as string;
    const execBody = JSON.stringify({
      integrationName: 'hash-encode',
      actionName: 'hash',
      workspaceId: ws,
      input: { text: 'benchmark' },
    });
    const headers = { authorization: `Bearer ${s.key}`, 'content-type': 'application/json' };
    const sample = await api(s, 'POST', '/api/v1/actions/execute', JSON.parse(execBody));
    let base: LoadResult | null = null;
    if (run.has('baseline') || run.has('auth') || run.has('execute')) {
      const b = await spawnWithPort([path.join(ROOT, 'bench/baseline.mjs'), String(JSON.stringify(sample).length)]);
      baseline = b.child;
      base = await measure({
        url: `http://127.0.0.1:${b.port}/baseline`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: execBody,
      });
      rows.push({ scenario: 'baseline: bare Fastify route, same body size', ...base, ratio: '100 %' });
    }
    const ratio = (r: LoadResult) => (base ? `${((r.rps / base.rps) * 100).toFixed(0)} % of baseline` : undefined);
    if (run.has('auth')) {
      const r = await measure({ url: `${s.url}/api/v1/workspaces/${ws}`, headers: { authorization: `Bearer ${s.key}` } });
      rows.push({ scenario: 'auth: GET /api/v1/workspaces/:id with an API key', ...r, ratio: ratio(r) });
    }
    let plain: LoadResult | null = null;
    if (run.has('execute') || run.has('execute-user')) {
      plain = await measure({ url: `${s.url}/api/v1/actions/execute`, method: 'POST', headers, body: execBody });
      rows.push({
        scenario: 'execute: hash-encode.hash, no connection',
        ...plain,
        ratio: ratio(plain),
        target: '>= 50 % of baseline; p99 <= 10 ms',
      });
    }
    if (run.has('execute-user')) {
      await api(s, 'POST', '/api/v1/connections', {
        type: 'SECRET_TEXT',
        integrationName: 'bench-secret',
        externalId: 'bench-user-key',
        displayName: 'Bench user',
        secretText: 'bench-secret-value',
        workspaceId: ws,
        endUserId: 'bench-user',
      });
      await api(s, 'POST', `/api/v1/workspaces/${ws}/integrations`, {
        integrationName: 'bench-secret',
        connectionStrategy: 'per_user',
      });
      await api(s, 'POST', '/api/v1/partials', {
        workspaceId: ws,
        integrationName: 'bench-secret',
        name: 'encoding',
        values: { encoding: 'base64' },
        isDefault: true,
      });
      await api(s, 'POST', '/api/v1/partials', {
        workspaceId: ws,
        integrationName: 'bench-secret',
        actionName: 'hash',
        name: 'algorithm',
        values: { algorithm: 'sha512' },
        isDefault: true,
      });
      const body = JSON.stringify({
        integrationName: 'bench-secret',
        actionName: 'hash',
        workspaceId: ws,
        endUserId: 'bench-user',
        input: { text: 'benchmark' },
      });
      const check = await api(s, 'POST', '/api/v1/actions/execute', JSON.parse(body));
      if (check.output?.algorithm !== 'sha512' || check.output?.encoding !== 'base64')
        throw new Error(`partials were not merged: ${JSON.stringify(check)}`);
      const r = await measure({ url: `${s.url}/api/v1/actions/execute`, method: 'POST', headers, body });
      rows.push({
        scenario: 'execute: per-user connection + 2 partials',
        ...r,
        ratio: plain ? `${((r.rps / plain.rps) * 100).toFixed(0)} % of execute` : undefined,
        target: '>= 80 % of execute',
      });
    }
    // A workspace without per-user integrations, so a server can have a shared static bearer token.
    const toolsWs =
      run.has('mcp') || run.has('code')
        ? ((await api(s, 'POST', '/api/v1/workspaces', { name: 'Bench tools', slug: 'bench-tools' })).workspace.id as string)
        : ws;
    if (run.has('mcp')) rows.push(...(await mcpScenario(s, toolsWs, plain)));
    if (run.has('code')) rows.push(...(await codeScenario(s, toolsWs)));
    if (run.has('sandbox')) rows.push(...(await sandboxScenario(s, ws)));
    if (run.has('triggers')) rows.push(...(await triggersScenario(s, ws)));
  } finally {
    baseline?.kill();
    await s.close();
  }
  if (run.has('startup')) rows.push(...(await startup()));

  const cpu = os.cpus();
  console.log(`\nSwitchboard benchmark — ${new Date().toISOString().slice(0, 10)}`);
  console.log(
    `machine: ${cpu.length} × ${cpu[0]?.model.trim()}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.platform()} ${os.release()}, Node ${process.version}`,
  );
  console.log(
    `database: ${dbKind}; load: autocannon, ${CONNECTIONS} connections, ${DURATION} s, from a separate process on the same machine\n`,
  );
  console.log('| scenario | req/s | p50 ms | p99 ms | ratio | target |');
  console.log('|---|---|---|---|---|---|');
  for (const r of rows) {
    const first = r.rps !== undefined ? `${Math.round(r.rps)}${r.note ? ` (${r.note})` : ''}` : (r.note ?? '');
    console.log(`| ${r.scenario} | ${first} | ${r.p50 ?? ''} | ${r.p99 ?? ''} | ${r.ratio ?? ''} | ${r.target ?? ''} |`);
  }
}

if (cluster.isWorker) await serveInCluster();
else {
  await main();
  process.exit(0);
}
