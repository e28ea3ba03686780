import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import type { Config } from '../src/config.js';
import { openDatabase, type Database } from '../src/platform/db/database.js';
import { startedSnapshot, startedTemplate } from './migrated-databases.js';
import { scratchDatabase } from './scratch-database.js';
import { OPERATOR_TOKEN, testConfig } from './test-config.js';

export { OPERATOR_TOKEN, testConfig, scratchDatabase };

/**
 * A test database, migrated by the real migration runner and started on once by the service: a copy of one (0131,
 * 0154), on the PostgreSQL server named by DATABASE_URL (dropped afterwards) or in memory on the embedded database.
 */
export async function testDatabase(): Promise<{ db: Database; url: string | null; drop: () => Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const db = await openDatabase({ loadDataDir: await startedSnapshot() });
    return { db, url: null, drop: async () => db.close() };
  }
  const scratch = await scratchDatabase(serverUrl, 'sb_test', await startedTemplate(serverUrl));
  const db = await openDatabase({ url: scratch.url, poolSize: 5 });
  return {
    db,
    url: scratch.url,
    drop: async () => {
      await db.close();
      await scratch.drop();
    },
  };
}

export interface Reply<T = any> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

export interface RequestOptions {
  key?: string | null | undefined;
  body?: unknown;
  headers?: Record<string, string> | undefined;
  /** Send this exact payload (string) instead of JSON-encoding body. */
  raw?: string;
}

export class TestApp {
  constructor(
    public app: FastifyInstance,
    readonly db: Database,
    readonly config: Readonly<Config>,
    private readonly cleanup: () => Promise<void>,
    /** Log lines written by the app (only with startApp(..., { captureLogs: true })). */
    readonly logs: string[] = [],
    private readonly logStream?: Writable,
  ) {}

  /**
   * A service restart: the app stops (gracefully) and a fresh one starts on the same database and configuration.
   * `beforeStart` runs on the new app before its jobs and pollers start (what a real start loads from disk first, such
   * as a fixture piece standing in for an installed one).
   */
  async restart(beforeStart?: (app: FastifyInstance) => Promise<void>): Promise<void> {
    await this.app.close();
    this.app = await buildApp({ config: this.config, db: this.db, ...(this.logStream ? { logStream: this.logStream } : {}) });
    await beforeStart?.(this.app);
    await this.app.ready();
  }

  /** Every row of every table (public and job schemas) as text: for proving a secret is not stored in clear. */
  async dumpDatabase(): Promise<string> {
    const tables = await this.db.query<{ schema: string; name: string }>(
      `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
       WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
    );
    const parts: string[] = [];
    for (const { schema, name } of tables) {
      const rows = await this.db.query<{ r: string }>(`SELECT row_to_json(t)::text AS r FROM "${schema}"."${name}" t`);
      parts.push(`-- ${schema}.${name}`, ...rows.map((x) => x.r));
    }
    return parts.join('\n');
  }

  async request<T = any>(method: string, url: string, opts: RequestOptions = {}): Promise<Reply<T>> {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.key) headers.authorization = `Bearer ${opts.key}`;
    let payload: string | undefined;
    if (opts.raw !== undefined) payload = opts.raw;
    else if (opts.body !== undefined) {
      payload = JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await this.app.inject({ method: method as 'GET', url, headers, ...(payload !== undefined ? { payload } : {}) });
    let body: any = undefined;
    try {
      body = res.body ? JSON.parse(res.body) : undefined;
    } catch {
      body = undefined;
    }
    return { status: res.statusCode, body, headers: res.headers as Reply['headers'], text: res.body };
  }

  get = <T = any>(url: string, key?: string | null, headers?: Record<string, string>) =>
    this.request<T>('GET', url, { key, headers });
  post = <T = any>(url: string, key: string | null, body?: unknown) => this.request<T>('POST', url, { key, body });
  patch = <T = any>(url: string, key: string | null, body?: unknown) => this.request<T>('PATCH', url, { key, body });
  delete = <T = any>(url: string, key: string | null) => this.request<T>('DELETE', url, { key });
  operator = <T = any>(method: string, url: string, body?: unknown) =>
    this.request<T>(method, url, { key: OPERATOR_TOKEN, body });

  /** A new organization through the operator API; returns its id and an org-scope key. */
  async tenant(plan = 'enterprise'): Promise<{ orgId: string; key: string }> {
    const res = await this.operator('POST', '/operator/v1/organizations', {
      name: `Org ${randomBytes(3).toString('hex')}`,
      plan,
    });
    if (res.status !== 201) throw new Error(`tenant: ${res.status} ${res.text}`);
    return { orgId: res.body.organization.id, key: res.body.plainKey };
  }

  async workspace(key: string, slug = `ws-${randomBytes(4).toString('hex')}`): Promise<{ id: string; slug: string }> {
    const res = await this.post('/api/v1/workspaces', key, { name: `Workspace ${slug}`, slug });
    if (res.status !== 201) throw new Error(`workspace: ${res.status} ${res.text}`);
    return res.body.workspace;
  }

  /** A key limited to the given workspaces. */
  async scopedKey(key: string, workspaceIds: string[], extra: Record<string, unknown> = {}): Promise<string> {
    const res = await this.post('/api/v1/api-keys', key, {
      name: 'scoped',
      permissions: { scope: 'workspace', workspaceIds, ...extra },
    });
    if (res.status !== 201) throw new Error(`scopedKey: ${res.status} ${res.text}`);
    return res.body.plainKey;
  }

  /**
   * Marks a person's email verified the way the operator does (`switchboard users verify-email`), for tests about
   * something else; tests of verification itself go through the emailed code (see test/mail.ts).
   */
  async verifyEmail(email: string): Promise<void> {
    await this.app.services.emailVerification.markVerifiedByEmail(email);
  }

  /**
   * Another node of the same cluster on this database: its own app and caches, the same encryption key, its own data
   * dir, no job workers unless `env` says so. The caller closes it.
   */
  async secondNode(env: Record<string, string> = {}): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sb-node-b-'));
    const config = { ...testConfig({ SWITCHBOARD_WORKERS: 'false', ...env }, dir), encryptionKey: this.config.encryptionKey };
    const app = await buildApp({ config: Object.freeze(config), db: this.db });
    await app.ready();
    return {
      app,
      close: async () => {
        await app.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  }

  async close(): Promise<void> {
    await this.app.close();
    await this.cleanup();
  }
}

/** The real app on a real database. One per test file; each test makes its own tenant. */
export async function startApp(
  env: Record<string, string> = {},
  opts: { captureLogs?: boolean; now?: () => number } = {},
): Promise<TestApp> {
  const { db, drop } = await testDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sb-test-'));
  const config = testConfig(opts.captureLogs ? { LOG_LEVEL: 'debug', ...env } : env, dataDir);
  const lines: string[] = [];
  const logStream = opts.captureLogs
    ? new Writable({ write: (chunk: Buffer, _enc, cb) => (lines.push(chunk.toString()), cb()) })
    : undefined;
  const app = await buildApp({ config, db, ...(logStream ? { logStream } : {}), ...(opts.now ? { now: opts.now } : {}) });
  await app.ready();
  return new TestApp(
    app,
    db,
    config,
    async () => {
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
    lines,
    logStream,
  );
}
