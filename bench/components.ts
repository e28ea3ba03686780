/**
 * Component micro-benchmarks, run on demand (`npm run bench:components [-- <section>...]`), never in CI: the
 * runtimes under the engine, measured in-process. Each section prints one line per measurement.
 *
 * Sections: api, code, storage, pieces.
 */
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { startApp } from '../test/harness.js';
import { runAction } from '../src/integrations/run.js';
import { code } from '../src/integrations/builtins/code/code.js';
import { storage } from '../src/integrations/builtins/storage/storage.js';
import { PieceWorkerPool } from '../src/integrations/pieces/pool.js';
import { pieceIntegration } from '../src/integrations/pieces/piece-integration.js';
import type { PieceMeta } from '../src/integrations/pieces/protocol.js';

type Section = () => Promise<void>;

/** Runs `fn` `total` times with `concurrency` in flight; prints ops/s and latency percentiles. */
async function measure(label: string, total: number, concurrency: number, fn: (i: number) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < Math.min(20, total); i++) await fn(i); // warm-up
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const t0 = performance.now();
        await fn(i);
        times.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!.toFixed(2);
  console.log(
    `${label.padEnd(48)} n=${total} c=${concurrency}  ${(total / elapsed).toFixed(0).padStart(6)} ops/s  p50 ${pct(50)} ms  p99 ${pct(99)} ms`,
  );
}

const api: Section = async () => {
  const t = await startApp();
  const { key } = await t.tenant();
  await t.workspace(key);
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const get = (url: string, auth?: string) =>
    new Promise<void>((resolve, reject) => {
      const req = http.get(`${address}${url}`, { agent, headers: auth ? { authorization: `Bearer ${auth}` } : {} }, (res) => {
        res.resume();
        res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`${url}: ${res.statusCode}`))));
      });
      req.on('error', reject);
    });
  await measure('GET /healthz', 5000, 32, () => get('/healthz'));
  await measure('GET /api/v1/workspaces (key verified, cached)', 5000, 32, () => get('/api/v1/workspaces', key));
  await measure('GET /api/v1/integrations?summary=true', 1000, 16, () => get('/api/v1/integrations?summary=true'));
  agent.destroy();
  await t.close();
};

const codeSection: Section = async () => {
  const run = code.actions.run_code!;
  await measure('code run_code (return inputs.a + 1)', 500, 1, () =>
    runAction(run, { code: 'return inputs.a + 1', inputs: { a: 1 } }),
  );
  await measure('code run_code, 4 in flight', 500, 4, () => runAction(run, { code: 'return inputs.a + 1', inputs: { a: 1 } }));
};

const storageSection: Section = async () => {
  const t = await startApp();
  const { orgId, key } = await t.tenant();
  const ws = await t.workspace(key);
  const files = t.app.services.files.scoped({ kind: 'workspace', orgId, workspaceId: ws.id, id: '' });
  const content = 'x'.repeat(4096);
  await measure('storage write_file 4 KiB (new path)', 500, 4, () =>
    runAction(storage.actions.write_file!, { path: `b/${randomUUID()}.txt`, content }, { files }),
  );
  await runAction(storage.actions.write_file!, { path: 'hot.txt', content }, { files });
  await measure('storage read_file 4 KiB', 1000, 4, () => runAction(storage.actions.read_file!, { path: 'hot.txt' }, { files }));
  await t.close();
};

const pieces: Section = async () => {
  const pkg = path.resolve('test/fixtures/pieces/piece-probe');
  const pool = new PieceWorkerPool({ size: 2, timeoutMs: 10_000, egressAllow: ['127.0.0.1'] });
  const t0 = performance.now();
  const meta = await pool.request<PieceMeta>({ op: 'metadata', piece: { package: pkg } });
  console.log(`${'piece worker start + metadata (cold)'.padEnd(48)} ${(performance.now() - t0).toFixed(0)} ms`);
  const probe = pieceIntegration(meta, pool, { package: pkg });
  const auth = { type: 'CUSTOM_AUTH', value: { token: 'good-token-123456' } };
  const echo = probe.actions.echo!;
  await measure('piece action round trip (echo), 1 in flight', 1000, 1, () => runAction(echo, { message: 'hi' }, { auth }));
  await measure('piece action round trip (echo), 8 in flight', 2000, 8, () => runAction(echo, { message: 'hi' }, { auth }));
  await pool.close();
};

const sections: Record<string, Section> = { api, code: codeSection, storage: storageSection, pieces };

const wanted = process.argv.slice(2).filter((a) => a !== '--');
const defaults = ['api', 'code', 'storage', 'pieces'];
for (const name of wanted.length ? wanted : defaults) {
  const section = sections[name];
  if (!section) {
    console.error(`unknown section ${name}; one of ${Object.keys(sections).join(', ')}`);
    process.exit(2);
  }
  console.log(`== ${name}`);
  await section();
}
process.exit(0);
