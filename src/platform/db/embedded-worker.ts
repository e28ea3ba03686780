/**
 * The embedded database's own thread (0149): PGlite runs every statement here, so its work no longer holds the
 * thread that serves requests. Statements come from embedded-thread.ts over the worker's port; PGlite itself queues
 * them, and a statement outside an open transaction waits for it to end.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types, type ParserOptions, type Transaction } from '@electric-sql/pglite';
import type { EmbeddedError, EmbeddedWorkerData, FromEmbedded, ToEmbedded } from './embedded-protocol.js';

const data = workerData as EmbeddedWorkerData;
const port = parentPort!;

interface OpenTransaction {
  tx: Transaction;
  end(commit: boolean): void;
  done: Promise<void>;
}

function toEmbeddedError(err: unknown): EmbeddedError {
  if (!(err instanceof Error)) return { message: String(err), name: 'Error', fields: {} };
  const fields: EmbeddedError['fields'] = {};
  for (const [key, value] of Object.entries(err)) {
    if (key === 'name' || key === 'message' || key === 'stack') continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = value;
  }
  return { message: err.message, name: err.name, fields };
}

const transactions = new Map<number, OpenTransaction>();
const listeners = new Map<number, () => Promise<void>>();
let nextTransaction = 1;

const send = (m: FromEmbedded, transfer?: ArrayBuffer[]): void => port.postMessage(m, transfer);
const reply = (id: number, value?: unknown): void => send({ id, ok: true, value });
const fail = (id: number, err: unknown): void => send({ id, ok: false, error: toEmbeddedError(err) });

/** Parsers that keep the type's text as sent, for the type ids drizzle asked so (identical objects are reused). */
const keepText = (value: string): string => value;
const rawParsers = new Map<string, ParserOptions>();
function parsersFor(raw: number[]): ParserOptions {
  const key = raw.join(',');
  let parsers = rawParsers.get(key);
  if (!parsers) rawParsers.set(key, (parsers = Object.fromEntries(raw.map((oid) => [oid, keepText]))));
  return parsers;
}

/**
 * PGlite parses a value with the statement's own parsers merged over the instance's map, which it copies whole for
 * every statement that brings parsers: drizzle's every statement does, and the map holds about 320 types (every
 * array type among them), so that copy cost about 0.1 ms a statement. Where neither map has the type, PGlite falls
 * back to its module's default parsers. So the array parsers join those defaults (each parsing its elements with the
 * default parser of their type, as PGlite's own do with the instance's copy of the same defaults) and the instance's
 * map is emptied: every statement parses to what it did, and the copy is of nothing (0164).
 */
async function parseFromDefaults(db: PGlite): Promise<void> {
  const { rows } = await db.query<{ oid: number; typarray: number }>(
    `SELECT b.oid, b.typarray FROM pg_catalog.pg_type a JOIN pg_catalog.pg_type b ON b.oid = a.typelem
      WHERE a.typcategory = 'A' GROUP BY b.oid, b.typarray`,
  );
  const defaults = types.parsers as Record<number, types.Parser | undefined>;
  for (const { oid, typarray } of rows) {
    // An element type without a parser keeps its elements' text (arrayParser takes none, as PGlite's own calls do).
    defaults[typarray] = (value: string) => types.arrayParser(value, defaults[oid] as types.Parser, typarray);
  }
  (db as unknown as { parsers: ParserOptions }).parsers = {};
}

function target(db: PGlite, tx: number | undefined): PGlite | Transaction {
  if (tx === undefined) return db;
  const open = transactions.get(tx);
  if (!open) throw new Error('Transaction is closed');
  return open.tx;
}

function begin(db: PGlite, id: number): void {
  const txId = nextTransaction++;
  let begun = false;
  const open = { end: () => undefined } as unknown as OpenTransaction;
  open.done = db.transaction(async (tx) => {
    begun = true;
    const commit = await new Promise<boolean>((resolve) => {
      open.tx = tx;
      open.end = resolve;
      transactions.set(txId, open);
      reply(id, txId);
    });
    if (!commit && !tx.closed) await tx.rollback();
  });
  open.done.catch((err: unknown) => {
    if (!begun) fail(id, err);
  });
}

async function handle(db: PGlite, m: ToEmbedded): Promise<void> {
  switch (m.op) {
    case 'query':
      return reply(
        m.id,
        await target(db, m.tx).query(m.text, m.params, {
          ...(m.rowMode ? { rowMode: m.rowMode } : {}),
          ...(m.raw ? { parsers: parsersFor(m.raw) } : {}),
        }),
      );
    case 'exec':
      return reply(m.id, await target(db, m.tx).exec(m.text));
    case 'begin':
      return begin(db, m.id);
    case 'end': {
      const open = transactions.get(m.tx);
      if (!open) throw new Error('Transaction is closed');
      transactions.delete(m.tx);
      open.end(m.commit);
      await open.done;
      return reply(m.id);
    }
    case 'listen':
      listeners.set(
        m.listener,
        await db.listen(m.channel, (payload) => send({ op: 'notification', listener: m.listener, payload })),
      );
      return reply(m.id);
    case 'unlisten': {
      const stop = listeners.get(m.listener);
      listeners.delete(m.listener);
      await stop?.();
      return reply(m.id);
    }
    case 'dump': {
      const dump = await (await db.dumpDataDir('none')).arrayBuffer();
      return send({ id: m.id, ok: true, value: dump }, [dump]);
    }
    case 'close':
      if (!db.closed) await db.close();
      reply(m.id);
      port.close();
      return;
  }
}

/**
 * The dump as the Blob PGlite takes, which it reads whole with arrayBuffer() (and whose type tells it whether to
 * unzip). A real Blob would copy the 40 MB of a test's dump in, then read it out again in chunks: about 0.5 s of
 * every test database's start, for bytes this thread already owns.
 */
function dumpAsBlob(dump: ArrayBuffer): Blob {
  return { size: dump.byteLength, type: 'application/x-tar', arrayBuffer: async () => dump } as unknown as Blob;
}

async function main(): Promise<void> {
  let db: PGlite;
  try {
    db = new PGlite(data.dataDir, {
      pgliteWasmModule: data.pgliteWasmModule,
      initdbWasmModule: data.initdbWasmModule,
      ...(data.loadDataDir ? { loadDataDir: dumpAsBlob(data.loadDataDir) } : {}),
    });
    await db.waitReady;
    await parseFromDefaults(db);
  } catch (err) {
    send({ op: 'failed', error: toEmbeddedError(err) });
    return;
  }
  port.on('message', (m: ToEmbedded) => {
    handle(db, m).catch((err: unknown) => fail(m.id, err));
  });
  send({ op: 'ready' });
}

void main();
