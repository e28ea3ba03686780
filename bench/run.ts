/**
 * The benchmark suite (`npm run bench [-- <scenario>...]`), run on demand, never in CI. It starts the service (the
 * embedded database in a fresh data dir, or PostgreSQL when DATABASE_URL is set) from the compiled build, with
 * `npm start`'s runtime flags (0176), drives load from a separate
 * process with autocannon (bench/load.mjs), and prints one table: throughput, p50, p99 and the ratio to a baseline
 * measured in the same run (a bare Fastify route in its own process, bench/baseline.mjs), plus the machine.
 *
 * Scenarios: baseline, budget, auth, execute, execute-user, mcp, code, sandbox, triggers, attack, startup. BENCH_DURATION (seconds, default
 * 10) and BENCH_CONNECTIONS (default 32) tune the load; BENCH_PROCESSES (PostgreSQL only) serves from that many
 * processes sharing the port.
 *
 * This file holds the entry and the scenarios run inline; the service is bench/service.ts, the load and helper
 * processes bench/load-driver.ts, the other scenarios bench/scenarios.ts, bench/attack.ts and bench/startup.ts, the table bench/report.ts.
 */
import cluster from 'node:cluster';
import path from 'node:path';
import { type LoadResult, type Measured, ROOT, cpuMicros, measure, spawnWithPort } from './load-driver.js';
import { type Row, printReport } from './report.js';
import { attackScenario } from './attack.js';
import { codeScenario, mcpScenario, sandboxScenario, toolsListScenario, triggersScenario } from './scenarios.js';
import { SERVES_IN_THIS_PROCESS, api, serveInCluster, startService } from './service.js';
import { startup } from './startup.js';

const SCENARIOS = [
  'baseline',
  'budget',
  'auth',
  'execute',
  'execute-user',
  'mcp',
  'code',
  'sandbox',
  'triggers',
  'attack',
  'startup',
] as const;
type Scenario = (typeof SCENARIOS)[number];

async function main(): Promise<void> {
  const wanted = (process.argv.slice(2).filter((a) => a !== '--') as Scenario[]).filter(Boolean);
  for (const w of wanted) if (!SCENARIOS.includes(w)) throw new Error(`unknown scenario ${w}; one of ${SCENARIOS.join(', ')}`);
  const run = new Set<Scenario>(wanted.length ? wanted : SCENARIOS);
  const dbKind = process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded (PGlite)';
  const rows: Row[] = [];
  const s = await startService();
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
    let base: Measured | null = null;
    /** A bare route (bench/baseline.mjs) spending `burnMicros` more CPU per request, measured with its CPU per request. */
    const bareRoute = async (burnMicros: number) => {
      const b = await spawnWithPort([
        path.join(ROOT, 'bench/baseline.mjs'),
        String(JSON.stringify(sample).length),
        String(burnMicros),
      ]);
      const cpu = async () => cpuMicros((await (await fetch(`http://127.0.0.1:${b.port}/cpu`)).json()) as NodeJS.CpuUsage);
      try {
        const options = { method: 'POST', headers: { 'content-type': 'application/json' }, body: execBody };
        return await measure({ url: `http://127.0.0.1:${b.port}/baseline`, ...options }, cpu);
      } finally {
        b.child.kill();
      }
    };
    // The service's CPU time, every thread of it (the embedded database's included, PostgreSQL's server not), when it
    // serves from this process; the bench's own driving is idle while autocannon runs in its own process.
    const serviceCpu = SERVES_IN_THIS_PROCESS ? async () => cpuMicros(process.cpuUsage()) : undefined;
    const cpuNote = (r: Measured) =>
      r.cpuPerRequest === undefined ? undefined : `${r.cpuPerRequest.toFixed(0)} µs CPU per request`;
    if (run.has('baseline') || run.has('auth') || run.has('execute') || run.has('budget')) {
      base = await bareRoute(0);
      rows.push({ scenario: 'baseline: bare Fastify route, same body size', ...base, ratio: '100 %', note: cpuNote(base) });
    }
    const ratio = (r: LoadResult) => (base ? `${((r.rps / base.rps) * 100).toFixed(0)} % of baseline` : undefined);
    if (run.has('budget')) {
      // What a ratio target leaves to a real route: the bare route again, each request spending this much more CPU.
      for (const burn of [25, 50, 100]) {
        const r = await bareRoute(burn);
        rows.push({
          scenario: `budget: the bare route + ${burn} µs of CPU per request`,
          ...r,
          ratio: ratio(r),
          note: cpuNote(r),
        });
      }
    }
    if (run.has('auth')) {
      const r = await measure(
        { url: `${s.url}/api/v1/workspaces/${ws}`, headers: { authorization: `Bearer ${s.key}` } },
        serviceCpu,
      );
      rows.push({ scenario: 'auth: GET /api/v1/workspaces/:id with an API key', ...r, ratio: ratio(r), note: cpuNote(r) });
    }
    let plain: Measured | null = null;
    if (run.has('execute') || run.has('execute-user')) {
      plain = await measure({ url: `${s.url}/api/v1/actions/execute`, method: 'POST', headers, body: execBody }, serviceCpu);
      rows.push({
        scenario: 'execute: hash-encode.hash, no connection',
        ...plain,
        note: cpuNote(plain),
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
      const r = await measure({ url: `${s.url}/api/v1/actions/execute`, method: 'POST', headers, body }, serviceCpu);
      rows.push({
        scenario: 'execute: per-user connection + 2 partials',
        ...r,
        note: cpuNote(r),
        ratio: plain ? `${((r.rps / plain.rps) * 100).toFixed(0)} % of execute` : undefined,
        target: '>= 80 % of execute',
      });
    }
    // A workspace without per-user integrations, so a server can have a shared static bearer token.
    const toolsWs =
      run.has('mcp') || run.has('code')
        ? ((await api(s, 'POST', '/api/v1/workspaces', { name: 'Bench tools', slug: 'bench-tools' })).workspace.id as string)
        : ws;
    if (run.has('mcp')) rows.push(...(await mcpScenario(s, toolsWs, plain)), ...(await toolsListScenario(s)));
    if (run.has('code')) rows.push(...(await codeScenario(s, toolsWs)));
    if (run.has('sandbox')) rows.push(...(await sandboxScenario(s, ws)));
    if (run.has('triggers')) rows.push(...(await triggersScenario(s, ws)));
    if (run.has('attack')) rows.push(...(await attackScenario(s, ws)));
  } finally {
    await s.close();
  }
  if (run.has('startup')) rows.push(...(await startup()));

  printReport(rows, dbKind);
}

if (cluster.isWorker) await serveInCluster();
else {
  await main();
  process.exit(0);
}
