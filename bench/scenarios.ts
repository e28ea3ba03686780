/** The benchmark scenarios (bench/run.ts) that set up their own servers or processes: mcp, code, sandbox, triggers. */
import path from 'node:path';
import { CONNECTIONS, type LoadResult, ROOT, load, measure, pctOf, spawnWithPort, until } from './load-driver.js';
import type { Row } from './report.js';
import { type Service, SERVES_IN_THIS_PROCESS, api } from './service.js';

/** A TOOLS-mode server with hash-encode configured; tools/call by raw JSON-RPC (autocannon) and the official client. */
export async function mcpScenario(s: Service, ws: string, plain: LoadResult | null): Promise<Row[]> {
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
    { scenario: 'mcp: tools/call, official SDK client', ...sdk, ratio: vs(sdk), target: '>= 35 % of execute' },
  ];
}

/**
 * tools/list of a TOOLS-mode server with at least 200 tools (built-in integrations configured under several aliases),
 * one request at a time: the time an agent waits for the list.
 */
export async function toolsListScenario(s: Service): Promise<Row[]> {
  const ws = (await api(s, 'POST', '/api/v1/workspaces', { name: 'Bench 200 tools', slug: 'bench-200-tools' })).workspace
    .id as string;
  const names = ['data-transformer', 'datetime', 'hash-encode', 'kv-store', 'storage', 'http'];
  let tools = 0;
  for (let copy = 1; tools < 200; copy++)
    for (const integrationName of names) {
      if (tools >= 200) break;
      await api(s, 'POST', `/api/v1/workspaces/${ws}/integrations`, {
        integrationName,
        alias: `${integrationName.replace('-', '_')}_${copy}`,
      });
      tools += Object.keys(s.app.services.registry.get(integrationName)!.actions).length;
    }
  const created = await api(s, 'POST', '/api/v1/mcp/servers', { name: 'Bench 200 tools', workspaceId: ws, authMode: 'bearer' });
  const url = `${s.url}/mcp/srv_${created.server.id as string}`;
  const headers = {
    authorization: `Bearer ${created.bearerToken as string}`,
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2025-06-18',
  };
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
  const times: number[] = [];
  let listed = 0;
  for (let i = 0; i < 350; i++) {
    const started = performance.now();
    const res = await fetch(url, { method: 'POST', headers, body });
    const json = (await res.json()) as { result?: { tools: unknown[] } };
    const ms = performance.now() - started;
    listed = json.result?.tools.length ?? 0;
    if (listed < 200) throw new Error(`tools/list answered ${listed} tools: ${JSON.stringify(json).slice(0, 300)}`);
    if (i >= 50) times.push(ms); // warm-up
  }
  times.sort((a, b) => a - b);
  return [
    {
      scenario: `mcp: tools/list of a server with ${listed} tools, one request at a time`,
      p50: Math.round(pctOf(times, 50) * 10) / 10,
      p99: Math.round(pctOf(times, 99) * 10) / 10,
      target: '< 20 ms',
    },
  ];
}

/** A CODE server running a script that calls 10 actions: the time beyond the actions' own. */
export async function codeScenario(s: Service, ws: string): Promise<Row[]> {
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
export async function sandboxScenario(s: Service, ws: string): Promise<Row[]> {
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
    const load = { url, method: 'POST', headers, body, connections: 10, overallRate: 50, steady: true };
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

/** Enables a webhook trigger source delivering to `callbackUrl`; the path of its address. */
export async function webhookSource(s: Service, ws: string, callbackUrl: string): Promise<string> {
  const source = (
    await api(s, 'POST', '/api/v1/triggers/enable', {
      integrationName: 'webhook',
      triggerName: 'catch_webhook',
      workspaceId: ws,
      callbackUrl,
    })
  ).triggerSource;
  return new URL(source.webhookUrl as string).pathname;
}

/** A webhook trigger: events posted to its URL, delivered to a receiver process; sustained rate and latency. */
export async function triggersScenario(s: Service, ws: string): Promise<Row[]> {
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
    const url = `${s.url}${await webhookSource(s, ws, `http://127.0.0.1:${rx.port}/hook`)}`;
    const post = { url, method: 'POST', headers: { 'content-type': 'application/json' }, stamp: true };
    await reset('warm');
    const warm = await load({ ...post, duration: 2, run: 'warm' });
    await until(async () => (await stats()).unique >= warm.total - warm.non2xx, 120_000);
    // Sustained: as fast as the ingest path takes them, then until every accepted event reached the receiver.
    await reset('burst');
    const started = Date.now();
    const cpuBefore = process.cpuUsage();
    const burst = await load({ ...post, run: 'burst' });
    const accepted = burst.total - burst.non2xx;
    await until(async () => (await stats()).unique >= accepted, 300_000);
    const delivered = (await stats()).unique;
    const seconds = (Date.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    // The service's CPU time per event, every thread of it (the embedded database's included, PostgreSQL's server
    // not): work per event, which moves far less with a busy or slow machine than events/s does.
    const cpuNote = (used: NodeJS.CpuUsage, events: number) =>
      SERVES_IN_THIS_PROCESS
        ? `; ${((used.user + used.system) / 1000 / events).toFixed(2)} ms of the service's CPU per event`
        : '';
    // Latency at a fixed 300 events/s.
    await reset('steady');
    const steady = await load({ ...post, overallRate: 300, connections: 16, run: 'steady' });
    await until(async () => (await stats()).unique >= steady.total - steady.non2xx, 120_000);
    const lat = await stats();
    // Many sources at once: 100 sources, 10 events/s each.
    const many = await Promise.all(Array.from({ length: 100 }, () => webhookSource(s, ws, `http://127.0.0.1:${rx.port}/hook`)));
    await reset('many');
    const manyCpuBefore = process.cpuUsage();
    const spread = await load({ ...post, paths: many, overallRate: 1000, connections: CONNECTIONS, run: 'many' });
    const spreadAccepted = spread.total - spread.non2xx;
    await until(async () => (await stats()).unique >= spreadAccepted, 120_000);
    const manyLat = await stats();
    const manyCpu = process.cpuUsage(manyCpuBefore);
    return [
      {
        scenario: 'triggers: sustained webhook events, ingest to delivered',
        rps: accepted / seconds,
        p50: burst.p50,
        p99: burst.p99,
        // Requests still in flight when the load stops are cut off at the client yet committed: delivered, never lost.
        note: `${accepted} acknowledged, ${delivered} delivered, ${Math.max(0, accepted - delivered)} lost${delivered > accepted ? `; +${delivered - accepted} cut off in flight at the end, delivered too` : ''}${cpuNote(cpu, delivered)}`,
        target: process.env.DATABASE_URL ? '>= 1,000 events/s, none lost' : '>= 500 events/s, none lost',
      },
      {
        scenario: 'triggers: ingest-to-callback latency at 300 events/s',
        p50: lat.p50 ?? undefined,
        p99: lat.p99 ?? undefined,
        note: `${lat.unique} delivered`,
        target: 'p99 <= 250 ms',
      },
      {
        scenario: 'triggers: 100 sources at 10 events/s each, ingest-to-callback latency',
        rps: spread.rps,
        p50: manyLat.p50 ?? undefined,
        p99: manyLat.p99 ?? undefined,
        note: `${spreadAccepted} acknowledged, ${manyLat.unique} delivered, ${spread.non2xx} refused${cpuNote(manyCpu, manyLat.unique)}`,
        target: 'p99 <= 250 ms, none lost',
      },
    ];
  } finally {
    rx.child.kill();
  }
}
