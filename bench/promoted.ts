/**
 * What the service promotes to the old generation while one organization floods its webhook address beside another's
 * steady executes (the attack scenario's flood, bench/attack.ts), run on demand (`npm run bench:promoted`), never in
 * CI. The other tenant's slowest answers under the flood are the old generation's collections (docs/performance.md,
 * thirteenth session), and how often they come is set by how much is promoted.
 *
 * It samples allocations with V8's sampling heap profiler, through the inspector, in the service's own process: objects a
 * major collection frees are kept in the profile and those a scavenge frees are dropped, so what is left was promoted
 * (or is still alive). It prints the promoted bytes by what allocated them (an npm package, a folder of the service,
 * or a Node module), and writes the whole profile as a `.heapprofile` Chrome's DevTools can open.
 *
 * BENCH_PROMOTED_SECONDS (default 8) is the sampling window; DATABASE_URL picks PostgreSQL as for `npm run bench`.
 */
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { ROOT, load, spawnWithPort } from './load-driver.js';
import { webhookSource } from './scenarios.js';
import { api, startService } from './service.js';

interface ProfileNode {
  callFrame: { functionName: string; url: string };
  selfSize: number;
  children?: ProfileNode[];
}

const SECONDS = Number(process.env.BENCH_PROMOTED_SECONDS ?? 8);

/** What allocated a sample: the innermost frame of a package, of the service, or of Node. */
function allocatedBy(stack: ReadonlyArray<ProfileNode['callFrame']>): string {
  for (let i = stack.length - 1; i >= 0; i--) {
    const url = stack[i]!.url;
    const pkg = url.split('node_modules/').at(-1)!;
    if (url.includes('node_modules/')) return `npm ${pkg.split('/', pkg.startsWith('@') ? 2 : 1).join('/')}`;
    const src = url.split('/dist/src/')[1] ?? url.split('/src/')[1];
    if (src !== undefined && url.startsWith('file:')) return `service ${src.split('/').slice(0, -1).join('/') || src}`;
    if (url.startsWith('node:')) return url;
  }
  return '(native)';
}

/** Bytes sampled per allocator, largest first. */
function byAllocator(head: ProfileNode): { total: number; rows: Array<[string, number]> } {
  const sums = new Map<string, number>();
  let total = 0;
  const walk = (n: ProfileNode, stack: Array<ProfileNode['callFrame']>) => {
    stack.push(n.callFrame);
    if (n.selfSize > 0) {
      const key = allocatedBy(stack);
      sums.set(key, (sums.get(key) ?? 0) + n.selfSize);
      total += n.selfSize;
    }
    for (const c of n.children ?? []) walk(c, stack);
    stack.pop();
  };
  walk(head, []);
  return { total, rows: [...sums].sort((a, b) => b[1] - a[1]) };
}

async function main(): Promise<void> {
  const s = await startService();
  const rx = await spawnWithPort([path.join(ROOT, 'bench/receiver.mjs')]);
  try {
    const ws = (await api(s, 'POST', '/api/v1/workspaces', { name: 'Bench', slug: 'bench' })).workspace.id as string;
    const org = await s.app.services.organizations.create({ name: 'Bench flooder', plan: 'enterprise' });
    const flooder = { ...s, key: org.plainKey };
    const floodWs = (await api(flooder, 'POST', '/api/v1/workspaces', { name: 'Flooder', slug: 'flooder' })).workspace
      .id as string;
    const hookUrl = `${s.url}${await webhookSource(flooder, floodWs, `http://127.0.0.1:${rx.port}/hook`)}`;
    const duration = SECONDS + 8; // 4 s to reach the pace, the window, and a margin
    const victim = load({
      url: `${s.url}/api/v1/actions/execute`,
      method: 'POST',
      headers: { authorization: `Bearer ${s.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ integrationName: 'hash-encode', actionName: 'hash', workspaceId: ws, input: { text: 'x' } }),
      connections: 10,
      overallRate: 100,
      steady: true,
      duration,
    });
    const flood = load({
      url: hookUrl,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      stamp: true,
      run: 'promoted',
      duration,
    });
    await new Promise((r) => setTimeout(r, 4000));
    const session = new Session();
    session.connect();
    await session.post('HeapProfiler.startSampling', {
      samplingInterval: 1024,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: false,
    });
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    const { profile } = await session.post('HeapProfiler.stopSampling');
    session.disconnect();
    const [flooded] = await Promise.all([flood, victim]);
    const file = path.join(ROOT, 'bench', 'promoted.heapprofile');
    await writeFile(file, JSON.stringify(profile));
    const { total, rows } = byAllocator(profile.head);
    // Acknowledged, not attempted: the flood's refused requests (503 beyond the queue bound) are not events.
    const perSecond = (flooded.total - flooded.non2xx) / duration;
    console.log(`\nPromoted while flooding (${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded database'}), ${SECONDS} s`);
    console.log(
      `flood ${Math.round(perSecond)} events/s acknowledged (${flooded.non2xx} refused); ${(total / 1e6).toFixed(1)} MB sampled as promoted, ` +
        `about ${(total / SECONDS / Math.max(perSecond, 1) / 1e3).toFixed(1)} KB per flood event; profile: ${path.relative(ROOT, file)}\n`,
    );
    console.log('| allocated by | MB | share |');
    console.log('|---|---|---|');
    for (const [key, bytes] of rows.slice(0, 20))
      console.log(`| ${key} | ${(bytes / 1e6).toFixed(2)} | ${((bytes / total) * 100).toFixed(1)} % |`);
  } finally {
    rx.child.kill();
    await s.close();
  }
}

await main();
process.exit(0);
