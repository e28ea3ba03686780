import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import type { ParserOptions, Results } from '@electric-sql/pglite';
import { siblingModule, startThread } from '../threads.js';
import type { CompiledWasm, EmbeddedError, EmbeddedWorkerData, FromEmbedded, ToEmbedded } from './embedded-protocol.js';

/** What a statement may ask: rows as arrays or objects, and types to keep as text (all drizzle asks). */
export interface EmbeddedQueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: ParserOptions;
}

/** The part of PGlite's interface the service and drizzle use, inside a transaction. */
export interface EmbeddedTransaction {
  query<T>(text: string, params?: unknown[], options?: EmbeddedQueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Array<Results>>;
  readonly closed: boolean;
}

const entry = siblingModule(import.meta.url, 'embedded-worker');

// Node's types for this version lack the WebAssembly global's functions.
const { compile } = (globalThis as unknown as { WebAssembly: { compile: (bytes: Buffer) => Promise<CompiledWasm> } }).WebAssembly;

/** PGlite's code, compiled once per process: every thread shares the compiled code (the file bundle each reads itself). */
let artifacts: Promise<Pick<EmbeddedWorkerData, 'pgliteWasmModule' | 'initdbWasmModule'>> | undefined;
function compiledPglite(): NonNullable<typeof artifacts> {
  artifacts ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all(
      ['pglite.wasm', 'initdb.wasm'].map(async (file) => compile(await readFile(path.join(dist, file)))),
    );
    return { pgliteWasmModule: pgliteWasmModule!, initdbWasmModule: initdbWasmModule! };
  })();
  artifacts.catch(() => (artifacts = undefined));
  return artifacts;
}

/**
 * PGlite on a thread of its own (0149), with PGlite's interface: the service's thread only sends statements and
 * reads their results. One connection, as in-process: statements run in arrival order and a transaction holds the
 * database until it ends.
 */
export class EmbeddedThread {
  private nextId = 1;
  private nextListener = 1;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(err: Error): void }>();
  private readonly listeners = new Map<number, (payload: string) => void>();
  private stopped: Error | null = null;
  private closing: Promise<void> | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (m: FromEmbedded) => this.onMessage(m));
    worker.on('error', (err) => this.stop(new Error(`The embedded database stopped: ${err.message}`)));
    worker.on('exit', () => this.stop(new Error('The embedded database is closed')));
  }

  /**
   * Starts the thread and PGlite in it: `dataDir` on disk or 'memory://', optionally loaded from a dump. The thread
   * gets a copy of the dump's bytes (moved, not copied again); the caller's stay as they were, for the next open.
   */
  static async open(dataDir: string, loadDataDir?: Uint8Array): Promise<EmbeddedThread> {
    const workerData: EmbeddedWorkerData = {
      dataDir,
      ...(await compiledPglite()),
      ...(loadDataDir ? { loadDataDir: new Uint8Array(loadDataDir).buffer } : {}),
    };
    const worker = startThread(
      entry,
      {
        workerData,
        transferList: workerData.loadDataDir ? [workerData.loadDataDir] : [],
        // Its JavaScript holds only statements and results in transit: a small young generation keeps idle memory low.
        resourceLimits: { maxYoungGenerationSizeMb: 8 },
      },
      { typesOnly: true },
    );
    await new Promise<void>((resolve, reject) => {
      const onStart = (m: FromEmbedded): void => {
        if (!('op' in m) || (m.op !== 'ready' && m.op !== 'failed')) return;
        worker.off('message', onStart).off('error', reject).off('exit', onExit);
        if (m.op === 'ready') resolve();
        else reject(fromEmbeddedError(m.error));
      };
      const onExit = (code: number): void => reject(new Error(`The embedded database did not start (exit ${code})`));
      worker.on('message', onStart).on('error', reject).on('exit', onExit);
    }).catch(async (err: unknown) => {
      await worker.terminate();
      throw err;
    });
    const thread = new EmbeddedThread(worker);
    worker.unref(); // held only while a statement is under way (see call)
    return thread;
  }

  get closed(): boolean {
    return this.stopped !== null;
  }

  query<T>(text: string, params?: unknown[], options?: EmbeddedQueryOptions): Promise<Results<T>> {
    return this.statement(text, params, options, undefined);
  }

  exec(text: string): Promise<Array<Results>> {
    return this.call({ id: 0, op: 'exec', text }) as Promise<Array<Results>>;
  }

  /** Runs `fn` in a transaction: committed when it returns, rolled back when it throws (as PGlite's). */
  async transaction<T>(fn: (tx: EmbeddedTransaction) => Promise<T>): Promise<T> {
    const txId = (await this.call({ id: 0, op: 'begin' })) as number;
    let ended = false;
    const tx: EmbeddedTransaction = {
      query: (text, params, options) => this.statement(text, params, options, txId),
      exec: (text) => this.call({ id: 0, op: 'exec', text, tx: txId }) as Promise<Array<Results>>,
      get closed() {
        return ended;
      },
    };
    let result: T;
    try {
      result = await fn(tx);
    } catch (err) {
      ended = true;
      await this.call({ id: 0, op: 'end', tx: txId, commit: false }).catch(() => undefined);
      throw err;
    }
    ended = true;
    await this.call({ id: 0, op: 'end', tx: txId, commit: true });
    return result;
  }

  async listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>> {
    const listener = this.nextListener++;
    this.listeners.set(listener, onMessage);
    await this.call({ id: 0, op: 'listen', channel, listener });
    return async () => {
      this.listeners.delete(listener);
      if (!this.stopped) await this.call({ id: 0, op: 'unlisten', listener });
    };
  }

  async dumpDataDir(): Promise<Uint8Array> {
    return new Uint8Array((await this.call({ id: 0, op: 'dump' })) as ArrayBuffer);
  }

  /** Every caller waits for the same close: none returns (and lets the data dir be unlocked) before PGlite closed. */
  close(): Promise<void> {
    if (this.stopped && !this.closing) return Promise.resolve();
    this.closing ??= (async () => {
      try {
        await this.call({ id: 0, op: 'close' });
      } finally {
        await this.worker.terminate();
      }
    })();
    return this.closing;
  }

  private statement<T>(
    text: string,
    params: unknown[] | undefined,
    options: EmbeddedQueryOptions | undefined,
    tx: number | undefined,
  ) {
    const raw = options?.parsers ? keptAsText(options.parsers) : undefined;
    const message: ToEmbedded = { id: 0, op: 'query', text };
    if (params) message.params = params;
    if (options?.rowMode) message.rowMode = options.rowMode;
    if (raw) message.raw = raw;
    if (tx !== undefined) message.tx = tx;
    return this.call(message) as Promise<Results<T>>;
  }

  private call(message: ToEmbedded): Promise<unknown> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    message.id = id;
    return new Promise((resolve, reject) => {
      try {
        this.worker.postMessage(message);
      } catch {
        // A parameter that cannot be cloned (a URL, a class instance): sent as PGlite would have written it, its text.
        if (message.op !== 'query' || !message.params) return reject(new Error('The statement cannot be sent'));
        try {
          this.worker.postMessage({ ...message, params: message.params.map(asText) });
        } catch (err) {
          return reject(err instanceof Error ? err : new Error(String(err)));
        }
      }
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve, reject });
    });
  }

  private onMessage(m: FromEmbedded): void {
    if ('id' in m) {
      const call = this.pending.get(m.id);
      if (!call) return;
      this.pending.delete(m.id);
      if (this.pending.size === 0) this.worker.unref();
      if (m.ok) call.resolve(m.value);
      else call.reject(fromEmbeddedError(m.error));
    } else if (m.op === 'notification') {
      this.listeners.get(m.listener)?.(m.payload);
    }
  }

  private stop(reason: Error): void {
    if (this.stopped) return;
    this.stopped = reason;
    for (const call of this.pending.values()) call.reject(reason);
    this.pending.clear();
    this.listeners.clear();
  }
}

/** A value structured clone refuses, as its text (what PGlite does with a value it has no serializer for). */
function asText(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asText);
  if (value === null || typeof value !== 'object' || value instanceof Date || ArrayBuffer.isView(value)) return value;
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto === Object.prototype || proto === null) return value;
  // Only a value with text of its own (a URL): '[object Object]' would be stored as if it were data.
  const text = value as { toString: () => string };
  return text.toString === Object.prototype.toString ? value : text.toString();
}

/** The type ids whose parser keeps the text as sent: the only parsers that can cross to the thread. */
function keptAsText(parsers: ParserOptions): number[] {
  const ids: number[] = [];
  for (const [oid, parse] of Object.entries(parsers)) {
    if (parse('\u0000text', Number(oid)) !== '\u0000text') {
      throw new Error(`The embedded database keeps type ${oid} as text or parses it itself; other parsers cannot cross threads`);
    }
    ids.push(Number(oid));
  }
  return ids;
}

function fromEmbeddedError(e: EmbeddedError): Error {
  const err = Object.assign(new Error(e.message), e.fields);
  if (e.name !== 'Error') Object.defineProperty(err, 'name', { value: e.name, configurable: true, writable: true });
  return err;
}
