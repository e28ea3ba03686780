import { DEFAULT_JS_SANDBOX_POOL, JsSandboxPool } from './js-pool.js';

export { JsSandboxPool, DEFAULT_JS_SANDBOX_POOL, type JsSandboxPoolOptions } from './js-pool.js';

export interface JsSandboxOptions {
  /** Wall-clock limit for the whole run, including awaited host calls and time spent waiting for a free thread. */
  timeoutMs: number;
  /** Hard cap of the sandbox's WebAssembly memory. */
  memoryBytes: number;
  /** Async functions the code may call as `host.<name>(...args)`; arguments and results cross as JSON. */
  host?: Record<string, (...args: unknown[]) => Promise<unknown>>;
  /** Largest accepted result and total log size, in bytes of JSON. */
  maxOutputBytes?: number;
  /** Stops the run (at the next interrupt check, or at once while it awaits a host call). */
  signal?: AbortSignal;
  /** Code evaluated before the user's code, in the same function scope (e.g. helpers built on `host`). */
  prelude?: string;
  /** The worker threads to run on; absent: this process's default pool (DEFAULT_JS_SANDBOX_POOL). */
  pool?: JsSandboxPool;
}

export interface LogLine {
  level: 'log' | 'info' | 'warn' | 'error' | 'debug';
  message: string;
}

export type JsSandboxResult =
  | { ok: true; value: unknown; logs: LogLine[]; durationMs: number }
  | { ok: false; error: { name: string; message: string }; logs: LogLine[]; durationMs: number };

let fallbackPool: JsSandboxPool | undefined;

/** The pool of runs that name none (scripts, unit tests); the app builds its own from the configuration. */
export function defaultJsSandboxPool(): JsSandboxPool {
  return (fallbackPool ??= new JsSandboxPool(DEFAULT_JS_SANDBOX_POOL));
}

/**
 * Runs untrusted JavaScript in QuickJS compiled to WebAssembly, on a worker thread of the pool (js-pool.ts): one
 * module per run with its own capped `WebAssembly.Memory`, an interrupt deadline for busy loops, a wall-clock
 * timeout for awaits, a terminated thread for anything that outlasts both, and no host objects besides `inputs`,
 * `console` and the given `host` functions (js-run.ts). The code is an async function body: top-level await and
 * `return` work. Never throws: every failure is a result with an error name (TimeoutError, MemoryLimitError,
 * AbortError, OutputTooLarge, SandboxBusy, SandboxError or the code's own).
 */
export function runJs(code: string, inputs: Record<string, unknown>, opts: JsSandboxOptions): Promise<JsSandboxResult> {
  return (opts.pool ?? defaultJsSandboxPool()).run(code, inputs, opts);
}
