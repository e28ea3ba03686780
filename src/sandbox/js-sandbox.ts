import {
  newQuickJSWASMModuleFromVariant,
  newVariant,
  shouldInterruptAfterDeadline,
  type QuickJSContext,
  type QuickJSHandle,
  type QuickJSSyncVariant,
} from 'quickjs-emscripten';
import RELEASE_SYNC from '@jitl/quickjs-wasmfile-release-sync';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

// Node's types for this version lack the WebAssembly global; only Memory and compile are used.
const { Memory, compile } = (
  globalThis as unknown as {
    WebAssembly: { Memory: new (d: { initial: number; maximum: number }) => object; compile: (bytes: Buffer) => Promise<object> };
  }
).WebAssembly;

/**
 * QuickJS compiled once per process: each run instantiates this module with its own memory, which costs a
 * fraction of compiling the bytes again (see docs/performance.md).
 */
let compiled: Promise<object> | undefined;
const compiledQuickJs = () =>
  (compiled ??= readFile(createRequire(import.meta.url).resolve('@jitl/quickjs-wasmfile-release-sync/wasm')).then((bytes) =>
    compile(bytes),
  ));

export interface JsSandboxOptions {
  /** Wall-clock limit for the whole run, including awaited host calls. */
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
}

export interface LogLine {
  level: 'log' | 'info' | 'warn' | 'error' | 'debug';
  message: string;
}

export type JsSandboxResult =
  | { ok: true; value: unknown; logs: LogLine[]; durationMs: number }
  | { ok: false; error: { name: string; message: string }; logs: LogLine[]; durationMs: number };

const PAGE = 65_536;

/**
 * Runs untrusted JavaScript in QuickJS compiled to WebAssembly: one module per run with its own capped
 * `WebAssembly.Memory` (the only cap that really bounds bytes), an interrupt deadline for busy loops, a
 * wall-clock timeout for awaits, and no host objects besides `inputs`, `console` and the given `host` functions.
 * The code is an async function body: top-level await and `return` work. Host functions return sandbox promises
 * settled when the host call settles (so several may run at once); the job queue is pumped after each.
 */
export async function runJs(code: string, inputs: Record<string, unknown>, opts: JsSandboxOptions): Promise<JsSandboxResult> {
  const started = performance.now();
  const logs: LogLine[] = [];
  const maxOut = opts.maxOutputBytes ?? 1_048_576;
  let logBytes = 0;
  const elapsed = () => Math.round((performance.now() - started) * 100) / 100;
  const fail = (name: string, message: string): JsSandboxResult => ({
    ok: false,
    error: { name, message },
    logs,
    durationMs: elapsed(),
  });

  const maximum = Math.max(64, Math.floor(opts.memoryBytes / PAGE));
  const memory = new Memory({ initial: Math.min(256, maximum), maximum });
  const variant = newVariant<QuickJSSyncVariant>(RELEASE_SYNC as unknown as QuickJSSyncVariant, {
    wasmMemory: memory as never,
    wasmModule: compiledQuickJs as never,
  });
  const module = await newQuickJSWASMModuleFromVariant(variant);
  const deadline = Date.now() + opts.timeoutMs;
  const runtime = module.newRuntime();
  runtime.setMemoryLimit(opts.memoryBytes);
  runtime.setMaxStackSize(1_048_576);
  const pastDeadline = shouldInterruptAfterDeadline(deadline);
  runtime.setInterruptHandler((rt) => Boolean(opts.signal?.aborted) || pastDeadline(rt));
  const ctx = runtime.newContext();
  let timer: NodeJS.Timeout | undefined;
  let cleanup = () => {};
  // Host calls still unsettled when a run stops (timeout, abort): freed before the runtime, which insists on it.
  const unsettled = new Set<{ alive: boolean; dispose(): void }>();
  try {
    let disposed = false;
    const pump = () => {
      if (!disposed) runtime.executePendingJobs();
    };
    cleanup = () => {
      disposed = true;
      for (const d of unsettled) if (d.alive) d.dispose();
    };
    installGlobals(ctx, inputs, opts.host ?? {}, pump, unsettled, (level, message) => {
      if (logBytes > maxOut) return;
      const line = message.length > 10_000 ? message.slice(0, 10_000) + '…' : message;
      logBytes += line.length;
      logs.push({ level, message: logBytes > maxOut ? '[further logs dropped: output limit reached]' : line });
    });
    const wrapped = `(async () => {${opts.prelude ? `\n${opts.prelude};` : ''}\n${code}\n})()`;
    const evaluated = ctx.evalCode(wrapped, 'code.js');
    if (evaluated.error) {
      const err = describeError(ctx, evaluated.error);
      evaluated.error.dispose();
      return fail(err.name, err.message);
    }
    const promise = evaluated.value;
    const settled = ctx.resolvePromise(promise);
    promise.dispose();
    runtime.executePendingJobs();
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), Math.max(0, deadline - Date.now()));
    });
    const aborted = new Promise<'aborted'>((resolve) => {
      if (opts.signal?.aborted) resolve('aborted');
      opts.signal?.addEventListener('abort', () => resolve('aborted'), { once: true });
    });
    const outcome = await Promise.race([settled, timeout, aborted]);
    if (outcome === 'timeout') return fail('TimeoutError', `The code did not finish within ${opts.timeoutMs} ms.`);
    if (outcome === 'aborted' || opts.signal?.aborted) return fail('AbortError', 'The run was stopped.');
    if (outcome.error) {
      const err = describeError(ctx, outcome.error);
      outcome.error.dispose();
      return fail(err.name, err.message);
    }
    const value: unknown = ctx.dump(outcome.value);
    outcome.value.dispose();
    const json = JSON.stringify(value ?? null);
    if (json.length > maxOut) return fail('OutputTooLarge', `The result is ${json.length} bytes; the limit is ${maxOut}.`);
    return { ok: true, value: value ?? null, logs, durationMs: elapsed() };
  } catch (err) {
    // Out of memory or an aborted module surface here; the module is discarded either way.
    const message = (err as Error)?.message ?? String(err);
    if (/memory|out of bounds|unreachable/i.test(message))
      return fail('MemoryLimitError', `The code exceeded its memory limit of ${opts.memoryBytes} bytes.`);
    return fail('SandboxError', message);
  } finally {
    clearTimeout(timer);
    cleanup();
    try {
      ctx.dispose();
      runtime.dispose();
    } catch {
      /* a module that ran out of memory cannot always free; it is garbage-collected with its Memory */
    }
  }
}

function describeError(ctx: QuickJSContext, handle: QuickJSHandle): { name: string; message: string } {
  const dumped: unknown = ctx.dump(handle);
  if (dumped && typeof dumped === 'object') {
    const e = dumped as { name?: unknown; message?: unknown };
    const name = typeof e.name === 'string' ? e.name : 'Error';
    const message = typeof e.message === 'string' ? e.message : JSON.stringify(dumped);
    if (/interrupted/i.test(message)) return { name: 'TimeoutError', message: 'The code was stopped at its time limit.' };
    if (/out of memory/i.test(message)) return { name: 'MemoryLimitError', message: 'The code exceeded its memory limit.' };
    return { name, message };
  }
  return { name: 'Error', message: String(dumped) };
}

function installGlobals(
  ctx: QuickJSContext,
  inputs: Record<string, unknown>,
  host: Record<string, (...args: unknown[]) => Promise<unknown>>,
  pump: () => void,
  unsettled: Set<{ alive: boolean; dispose(): void }>,
  log: (level: LogLine['level'], message: string) => void,
): void {
  const json = ctx.newString(JSON.stringify(inputs ?? {}));
  ctx.setProp(ctx.global, '__inputs', json);
  json.dispose();
  const parsed = ctx.evalCode('globalThis.inputs = JSON.parse(globalThis.__inputs); delete globalThis.__inputs;');
  if (parsed.error) parsed.error.dispose();
  else parsed.value.dispose();

  const consoleObj = ctx.newObject();
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    const fn = ctx.newFunction(level, (...args) => {
      log(level, args.map((a) => stringify(ctx.dump(a))).join(' '));
    });
    ctx.setProp(consoleObj, level, fn);
    fn.dispose();
  }
  ctx.setProp(ctx.global, 'console', consoleObj);
  consoleObj.dispose();

  const hostObj = ctx.newObject();
  for (const [name, impl] of Object.entries(host)) {
    const fn = ctx.newFunction(name, (...args) => {
      const plain = args.map((a) => ctx.dump(a) as unknown);
      const deferred = ctx.newPromise();
      unsettled.add(deferred);
      Promise.resolve()
        .then(() => impl(...plain))
        .then(
          (result) => {
            unsettled.delete(deferred);
            if (!deferred.alive) return;
            const handle = newJson(ctx, result);
            deferred.resolve(handle);
            handle.dispose();
          },
          (err: unknown) => {
            unsettled.delete(deferred);
            if (!deferred.alive) return;
            const e = ctx.newError({ name: (err as Error)?.name ?? 'Error', message: (err as Error)?.message ?? String(err) });
            deferred.reject(e);
            e.dispose();
          },
        )
        .then(pump, () => undefined);
      return deferred.handle;
    });
    ctx.setProp(hostObj, name, fn);
    fn.dispose();
  }
  ctx.setProp(ctx.global, 'host', hostObj);
  hostObj.dispose();
}

function newJson(ctx: QuickJSContext, value: unknown): QuickJSHandle {
  const s = ctx.newString(JSON.stringify(value ?? null));
  const jsonObj = ctx.getProp(ctx.global, 'JSON');
  const parse = ctx.getProp(jsonObj, 'parse');
  const out = ctx.unwrapResult(ctx.callFunction(parse, ctx.undefined, s));
  s.dispose();
  parse.dispose();
  jsonObj.dispose();
  return out;
}

function stringify(v: unknown): string {
  if (typeof v === 'string') return v;
  try {
    return JSON.stringify(v);
  } catch {
    return String(v);
  }
}
