/**
 * The attack scenario (issue 23, target 5): a tenant's executes at a steady rate, measured quiet and then while one
 * other organization spins a Code Mode script (`while (true) {}` through execute-code, until the Code Mode deadline)
 * and a third floods its webhook trigger's address as fast as the load generator can. The tenant's p99 should stay
 * within 2× its quiet value; every event the flood got acknowledged must still be delivered.
 */
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { CONNECTIONS, DURATION, ROOT, load, measure, spawnWithPort, until } from './load-driver.js';
import type { Row } from './report.js';
import { webhookSource } from './scenarios.js';
import { type Service, api } from './service.js';

/**
 * The victim's rate: steady (bench/steady.mjs, 0174), so the numbers are the latency a tenant sees rather than a
 * saturating load's queueing or a burst's.
 */
const VICTIM_RATE = 100;

export async function attackScenario(s: Service, victimWs: string): Promise<Row[]> {
  const tenant = async (name: string, slug: string) => {
    const org = await s.app.services.organizations.create({ name, plan: 'enterprise' });
    const as = { ...s, key: org.plainKey };
    const ws = (await api(as, 'POST', '/api/v1/workspaces', { name, slug })).workspace.id as string;
    return { as, ws };
  };
  const spinner = await tenant('Bench attack: spinner', 'spinner');
  const flooder = await tenant('Bench attack: flooder', 'flooder');

  const codeServer = (
    await api(spinner.as, 'POST', '/api/v1/mcp/servers', {
      name: 'Spinner',
      workspaceId: spinner.ws,
      mode: 'CODE',
      authMode: 'bearer',
    })
  ).server.id as string;

  const rx = await spawnWithPort([path.join(ROOT, 'bench/receiver.mjs')]);
  const received = async () => ((await (await fetch(`http://127.0.0.1:${rx.port}/stats`)).json()) as { unique: number }).unique;
  try {
    const hookUrl = `${s.url}${await webhookSource(flooder.as, flooder.ws, `http://127.0.0.1:${rx.port}/hook`)}`;

    const victim = {
      url: `${s.url}/api/v1/actions/execute`,
      method: 'POST',
      headers: { authorization: `Bearer ${s.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        integrationName: 'hash-encode',
        actionName: 'hash',
        workspaceId: victimWs,
        input: { text: 'benchmark' },
      }),
      connections: 10,
      overallRate: VICTIM_RATE,
      steady: true, // evenly spaced, each timed from its sending (0174)
    };
    const quiet = await measure(victim);

    /** Floods the webhook address while `during` runs; every event it got acknowledged must then be delivered. */
    let floods = 0;
    const flooding = async <T>(during: () => Promise<T>) => {
      const run = `flood${floods++}`;
      await fetch(`http://127.0.0.1:${rx.port}/reset?run=${run}`, { method: 'POST' }); // counts this run's events
      const flood = load({
        url: hookUrl,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        stamp: true,
        run,
        connections: CONNECTIONS,
        duration: DURATION + 4, // past the victim's warm-up and measurement
      });
      await new Promise((r) => setTimeout(r, 1000)); // let the flood reach its pace
      const result = await during();
      const flooded = await flood;
      const acknowledged = flooded.total - flooded.non2xx;
      if (!(await until(async () => (await received()) >= acknowledged, 300_000)))
        throw new Error(`the flood's events were not all delivered: ${await received()} of ${acknowledged}`);
      return { result, flooded, acknowledged };
    };

    // The spin holds a sandbox thread until the Code Mode deadline: the victim is measured with it alone, then with
    // the flood too; once it ended, with the flood alone.
    let spinEnded = false;
    const spin = fetch(`${s.url}/api/v1/mcp/servers/${codeServer}/execute-code`, {
      method: 'POST',
      headers: { authorization: `Bearer ${spinner.as.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ code: 'while (true) {}' }),
    })
      .then((r) => r.json() as Promise<{ structuredContent?: { status?: string } }>)
      .finally(() => (spinEnded = true));
    if (!(await until(async () => s.app.services.jsSandbox.stats().running > 0, 30_000)))
      throw new Error('the Code Mode spin did not start');
    const spinning = await measure(victim);
    const both = await flooding(() => measure(victim));
    if (spinEnded) throw new Error('the spin ended before the measurement did: raise SWITCHBOARD_CODE_MODE_TIMEOUT_MS');
    const stopped = await spin;
    if (stopped.structuredContent?.status === 'completed') throw new Error('the spinning Code Mode run completed');
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    const flooded = await flooding(() => measure(victim));
    loop.disable();

    const vsQuiet = (r: { p99: number }) => `p99 ${(r.p99 / Math.max(quiet.p99, 1)).toFixed(1)}× quiet`;
    const floodNote = (f: typeof both) =>
      `${f.acknowledged} acknowledged at ${Math.round(f.flooded.rps)}/s (p99 ${f.flooded.p99} ms), ${f.flooded.non2xx} refused, all acknowledged delivered`;
    return [
      { scenario: `attack: a tenant's execute at ${VICTIM_RATE}/s, quiet`, ...quiet },
      { scenario: 'attack: the same, while another org spins Code Mode', ...spinning, ratio: vsQuiet(spinning) },
      {
        scenario: 'attack: the same, while a third org floods its webhook address',
        ...flooded.result,
        ratio: vsQuiet(flooded.result),
        note: `flood: ${floodNote(flooded)}; the service's event loop delay p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms`,
      },
      {
        scenario: 'attack: the same, under both at once',
        ...both.result,
        ratio: vsQuiet(both.result),
        target: 'p99 <= 2× quiet',
        note: `flood: ${floodNote(both)}`,
      },
    ];
  } finally {
    rx.child.kill();
  }
}
