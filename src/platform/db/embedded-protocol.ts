/**
 * Messages between the embedded database's thread (embedded-worker.ts) and the service (embedded-thread.ts). Types
 * only: the thread's entry loads no TypeScript module at run time (see startThread).
 */

/** A compiled WebAssembly.Module (the build's Node types lack the WebAssembly namespace). */
export type CompiledWasm = object;

export interface EmbeddedWorkerData {
  dataDir: string;
  /** A dumped data dir to start an in-memory database from (tests). */
  loadDataDir?: ArrayBuffer;
  /** Compiled once per process and shared with every thread (the code is not copied). */
  pgliteWasmModule: CompiledWasm;
  initdbWasmModule: CompiledWasm;
}

/** Drizzle asks for some types as the text PostgreSQL sent: those type ids are sent instead of its parser functions. */
export type ToEmbedded =
  | { id: number; op: 'query'; text: string; params?: unknown[]; rowMode?: 'array' | 'object'; raw?: number[]; tx?: number }
  | { id: number; op: 'exec'; text: string; tx?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'listen'; channel: string; listener: number }
  | { id: number; op: 'unlisten'; listener: number }
  | { id: number; op: 'dump' }
  | { id: number; op: 'close' };

/** A database error's fields (SQLSTATE `code`, `constraint`, `detail`...), which a thread boundary would drop. */
export interface EmbeddedError {
  message: string;
  name: string;
  fields: Record<string, string | number | boolean>;
}

export type FromEmbedded =
  | { op: 'ready' }
  | { op: 'failed'; error: EmbeddedError }
  | { id: number; ok: true; value?: unknown }
  | { id: number; ok: false; error: EmbeddedError }
  | { op: 'notification'; listener: number; payload: string };
