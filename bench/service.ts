/**
 * The service under benchmark (bench/run.ts): the same buildApp as `switchboard serve` with the bench integration
 * registered, on the embedded database or PostgreSQL, in this process or in BENCH_PROCESSES cluster processes.
 */
import { randomBytes } from 'node:crypto';
import cluster, { type Worker } from 'node:cluster';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/platform/db/database.js';
import { scratchDatabase } from '../test/scratch-database.js';

/**
 * The service's modules from the compiled build, as `npm start` serves them (0176): `npm run bench` builds what
 * changed first. The sources' types describe them.
 */
const built = <T>(file: string): Promise<T> => import(pathToFileURL(path.join(import.meta.dirname, '../dist/src', file)).href);
const { buildApp } = await built<typeof import('../src/app.js')>('app.js');
const { bootstrap } = await built<typeof import('../src/bootstrap.js')>('bootstrap.js');
const { loadConfig } = await built<typeof import('../src/config.js')>('config.js');
const { hashEncode } = await built<typeof import('../src/integrations/builtins/hash-encode/hash-encode.js')>(
  'integrations/builtins/hash-encode/hash-encode.js',
);
const { defineIntegration } = await built<typeof import('../src/integrations/framework.js')>('integrations/framework.js');
const { openConfiguredDatabase, prepareConfig } = await built<typeof import('../src/database-setup.js')>('database-setup.js');
const { migrate } = await built<typeof import('../src/platform/db/migrate.js')>('platform/db/migrate.js');

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

export interface Service {
  app: FastifyInstance;
  db: Database;
  url: string;
  key: string;
  dataDir: string;
  close(): Promise<void>;
}

/** BENCH_PROCESSES (PostgreSQL only): serve from this many processes sharing the port, as SWITCHBOARD_PROCESSES does. */
const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 1);

/** Whether the service serves from this process (so this process's CPU time is the service's). */
export const SERVES_IN_THIS_PROCESS = PROCESSES === 1;

/** The environment the service is configured from (also handed to cluster processes through BENCH_SERVICE_ENV). */
function serviceEnv(dataDir: string, databaseUrl: string | null): NodeJS.ProcessEnv {
  return {
    ...process.env,
    LOG_LEVEL: 'silent',
    SWITCHBOARD_DATA_DIR: dataDir,
    PORT: '0',
    SWITCHBOARD_EGRESS_ALLOW: '127.0.0.1',
    // The attack scenario's Code Mode spin must outlast two measurements (about 30 s), not the default 5 minutes.
    SWITCHBOARD_CODE_MODE_TIMEOUT_MS: process.env.SWITCHBOARD_CODE_MODE_TIMEOUT_MS ?? '45000',
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
export async function serveInCluster(): Promise<void> {
  const { app } = await buildService(JSON.parse(process.env.BENCH_SERVICE_ENV!) as NodeJS.ProcessEnv);
  await app.listen({ port: 0, host: '127.0.0.1' });
}

/**
 * The service, listening on a free port: in this process, or (BENCH_PROCESSES > 1) in that many cluster processes
 * once this one has migrated and bootstrapped, like `switchboard serve` with SWITCHBOARD_PROCESSES.
 */
export async function startService(): Promise<Service> {
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

export async function api(s: Service, method: string, url: string, body?: unknown): Promise<any> {
  const res = await fetch(`${s.url}${url}`, {
    method,
    headers: { authorization: `Bearer ${s.key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = await res.json();
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}
