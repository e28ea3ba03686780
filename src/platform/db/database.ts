import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.js';
import { lockDataDir } from './data-dir-lock.js';
import { EmbeddedThread } from './embedded-thread.js';

export type Orm = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A query executor: the database or an open transaction (drizzle gives both the same API). */
export type Executor = Orm;

export interface SqlAdapter {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[]; rowCount: number }>;
}

/**
 * One database, embedded (PGlite in the data dir) or a PostgreSQL server. Same SQL, same migrations;
 * this is the only place that knows which.
 */
export interface Database {
  readonly kind: 'embedded' | 'postgres';
  readonly orm: Orm;
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Multi-statement SQL without parameters (migrations). */
  exec(text: string): Promise<void>;
  /** Run `fn` holding a session-level advisory lock (serialises migrations across nodes). */
  withAdvisoryLock<T>(
    lockId: number,
    fn: (exec: (text: string) => Promise<void>, query: Database['query']) => Promise<T>,
  ): Promise<T>;
  listen(channel: string, onMessage: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /** Adapter for pg-boss's `db` option. */
  readonly sqlAdapter: SqlAdapter;
  /** Embedded only: the data dir as an uncompressed tarball, to open copies from with `loadDataDir` (tests). */
  dumpDataDir?(): Promise<Uint8Array>;
  /** Ends every connection (embedded: the database's thread); a second call does nothing more. */
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL server URL; when absent the embedded database is used. */
  url?: string | null;
  /** Embedded data directory; absent or 'memory://' keeps the embedded database in memory. */
  dataDir?: string;
  /** A dumped data dir (tarball) to start an in-memory embedded database from (tests); it is copied, never changed. */
  loadDataDir?: Uint8Array;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url ? openServer(options.url, options.poolSize ?? 10) : openEmbedded(options);
}

const EMBEDDED_SHARED_BUFFERS = '32MB';

async function openEmbedded(options: DatabaseOptions): Promise<Database> {
  const dataDir = options.dataDir ?? 'memory://';
  // A data dir on disk belongs to one process: a second one would lose its writes silently (0100).
  const unlock = dataDir.startsWith('memory://') ? () => undefined : lockDataDir(dataDir);
  let pglite: EmbeddedThread;
  try {
    // On a thread of its own, so that its work never holds the thread serving requests (0149).
    pglite = await EmbeddedThread.open(dataDir, options.loadDataDir);
  } catch (err) {
    unlock();
    throw err;
  }
  // One in-process connection sharing the OS page cache: 32 MB of shared buffers instead of PostgreSQL's 128 MB keeps
  // the process near 300 MB (docs/decisions/0081). Takes effect from the next start of the data dir.
  const [buffers] = (await pglite.query<{ v: string }>("SELECT current_setting('shared_buffers') AS v")).rows;
  if (buffers?.v !== EMBEDDED_SHARED_BUFFERS) await pglite.exec(`ALTER SYSTEM SET shared_buffers = '${EMBEDDED_SHARED_BUFFERS}'`);
  const orm = drizzlePglite({ client: pglite as unknown as PGlite, schema }) as unknown as Orm;
  const query = async <T>(text: string, params?: unknown[]): Promise<T[]> => (await pglite.query<T>(text, params)).rows;
  const exec = async (text: string): Promise<void> => {
    await pglite.exec(text);
  };
  const lockChains = new Map<number, Promise<void>>();
  return {
    kind: 'embedded',
    orm,
    query,
    exec,
    // One connection: a session advisory lock is re-entrant within it, so callers in this process are
    // serialised by a promise chain per lock id instead (only one process can open the data dir anyway).
    withAdvisoryLock: async (lockId, fn) => {
      const previous = lockChains.get(lockId) ?? Promise.resolve();
      let release!: () => void;
      const current = new Promise<void>((r) => (release = r));
      const chain = previous.then(() => current);
      lockChains.set(lockId, chain);
      await previous;
      try {
        return await fn(exec, query);
      } finally {
        release();
        if (lockChains.get(lockId) === chain) lockChains.delete(lockId);
      }
    },
    listen: async (channel, onMessage) => pglite.listen(channel, onMessage),
    notify: async (channel, payload) => {
      await pglite.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    sqlAdapter: {
      async executeSql(text, values) {
        if (!values || values.length === 0) {
          const results = await pglite.exec(text);
          const last = results[results.length - 1];
          return { rows: last?.rows ?? [], rowCount: last?.affectedRows ?? last?.rows.length ?? 0 };
        }
        const r = await pglite.query(text, values);
        return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
      },
    },
    dumpDataDir: async () => pglite.dumpDataDir(),
    close: async () => {
      try {
        await pglite.close();
      } finally {
        unlock();
      }
    },
  };
}

async function openServer(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client's error (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  await pool.query('SELECT 1');
  const orm = drizzlePg({ client: pool, schema }) as unknown as Orm;
  const query = async <T>(text: string, params?: unknown[]): Promise<T[]> =>
    (await pool.query(text, params as unknown[])).rows as T[];
  const listeners: Array<() => Promise<void>> = [];
  let closed: Promise<void> | undefined;
  return {
    kind: 'postgres',
    orm,
    query,
    exec: async (text) => {
      await pool.query(text);
    },
    withAdvisoryLock: async (lockId, fn) => {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [lockId]);
        try {
          return await fn(
            async (text) => {
              await client.query(text);
            },
            async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
          );
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [lockId]);
        }
      } finally {
        client.release();
      }
    },
    listen: async (channel, onMessage, onReconnect) => {
      const stop = await listenWithReconnect(url, channel, onMessage, onReconnect);
      listeners.push(stop);
      return stop;
    },
    notify: async (channel, payload) => {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    sqlAdapter: {
      async executeSql(text, values) {
        const r = await pool.query(text, values as unknown[]);
        return { rows: r.rows, rowCount: r.rowCount ?? 0 };
      },
    },
    // Closing twice is harmless, as on the embedded database (pg's pool refuses a second end).
    close: () =>
      (closed ??= (async () => {
        await Promise.all(listeners.map((stop) => stop()));
        await pool.end();
      })()),
  };
}

/** A dedicated LISTEN connection that reconnects; `onReconnect` lets callers drop state they may have missed. */
async function listenWithReconnect(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | null = null;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (msg) => {
      if (msg.channel === channel) onMessage(msg.payload ?? '');
    });
    c.on('error', () => {
      if (stopped) return;
      onReconnect?.();
      client = null;
      void c.end().catch(() => undefined);
      timer = setTimeout(() => void connect().catch(() => undefined), 1000);
    });
    await c.connect();
    await c.query(`LISTEN "${channel.replace(/"/g, '')}"`);
    client = c;
  };
  await connect();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await client?.end().catch(() => undefined);
  };
}

/** Rows of a raw SQL statement; both drivers return `{rows}` though drizzle's type does not say so. */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/**
 * A whole array as one parameter, for `unnest($1::uuid[], …)`: one parameter per column however many rows, so a
 * statement is as cheap to build, send and plan for a hundred rows as for one. (A bare array in drizzle's `sql` is a
 * list of parameters.)
 */
export const arrayParam = (values: readonly unknown[]): SQL => sql`${sql.param(values)}`;
