import {
  newQuickJSWASMModuleFromVariant,
  newVariant,
  type QuickJSContext,
  type QuickJSHandle,
  type QuickJSSyncVariant,
} from 'quickjs-emscripten';
import RELEASE_SYNC from '@jitl/quickjs-wasmfile-release-sync';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { JsSandboxResult, LogLine } from './js-sandbox.js';

// Node's types for this version lack the WebAssembly global; only Memory and compile are used.
const { Memory, compile } = (
  globalThis as unknown as {
    WebAssembly: { Memory: new (d: { initial: number; maximum: number }) => object; compile: (bytes: Buffer) => Promise<object> };
  }
).WebAssembly;

/**
 * QuickJS compiled once per worker thread: each run instantiates this module with its own memory, which costs a
 * fraction of compiling the bytes again (see docs/performance.md).
 */
let compiled: Promise<object> | undefined;
export const compiledQuickJs = () =>
  (compiled ??= readFile(createRequire(import.meta.url).resolve('@jitl/quickjs-wasmfile-release-sync/wasm')).then((bytes) =>
    compile(bytes),
  ));

/** One run as the pool sends it to a worker thread: plain data only. */
export interface QuickJsRun {
  code: string;
  /** `inputs` as JSON text (serialised by the caller's thread, so its toJSON rules apply). */
  inputsJson: string;
  /** Epoch milliseconds at which the run stops (the pool counts time spent queued against it). */
  deadline: number;
  /** The run's time limit as configured, for messages. */
  timeoutMs: number;
  memoryBytes: number;
  maxOutputBytes: number;
  prelude?: string;
  /** Names of the `host.<name>` functions; calls cross to the caller's thread. */
  hostNames: string[];
}

/** How a run reaches the thread that started it. */
export interface QuickJsBridge {
  /** A host call: resolves with its result as JSON text, rejects with `{name, message}`. */
  call(name: string, args: unknown[]): Promise<string>;
  /** Read by the interrupt handler, so a stop from outside lands even while the code spins. */
  stopped(): boolean;
  /** Settles when the run is stopped from outside (for a run that is awaiting, not spinning). */
  onStop: Promise<void>;
}

const PAGE = 65_536;

/**
 * Runs untrusted JavaScript in QuickJS compiled to WebAssembly: one module per run with its own capped
 * `WebAssembly.Memory` (the only cap that really bounds bytes), an interrupt deadline for busy loops, a
 * wall-clock timeout for awaits, and no host objects besides `inputs`, `console` and the bridged `host` functions.
 * The code is an async function body: top-level await and `return` work. Host functions return sandbox promises
 * settled when the host call settles (so several may run at once); the job queue is pumped after each.
 * Runs inside a worker thread (js-worker.ts); the pool on the main thread owns deadlines beyond this one.
 */
export async function runQuickJs(run: QuickJsRun, bridge: QuickJsBridge): Promise<JsSandboxResult> {
  const started = performance.now();
  const logs: LogLine[] = [];
  const maxOut = run.maxOutputBytes;
  let logBytes = 0;
  const elapsed = () => Math.round((performance.now() - started) * 100) / 100;
  const fail = (name: string, message: string): JsSandboxResult => ({
    ok: false,
    error: { name, message },
    logs,
    durationMs: elapsed(),
  });

  const maximum = Math.max(64, Math.floor(run.memoryBytes / PAGE));
  const memory = new Memory({ initial: Math.min(256, maximum), maximum });
  const variant = newVariant<QuickJSSyncVariant>(RELEASE_SYNC as unknown as QuickJSSyncVariant, {
    wasmMemory: memory as never,
    wasmModule: compiledQuickJs,
  });
  const module = await newQuickJSWASMModuleFromVariant(variant);
  const runtime = module.newRuntime();
  runtime.setMemoryLimit(run.memoryBytes);
  runtime.setMaxStackSize(1_048_576);
  runtime.setInterruptHandler(() => bridge.stopped() || Date.now() > run.deadline);
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
    installGlobals(ctx, run, bridge, pump, unsettled, (level, message) => {
      if (logBytes > maxOut) return;
      const line = message.length > 10_000 ? message.slice(0, 10_000) + '…' : message;
      logBytes += line.length;
      logs.push({ level, message: logBytes > maxOut ? '[further logs dropped: output limit reached]' : line });
    });
    const wrapped = `(async () => {${run.prelude ? `\n${run.prelude};` : ''}\n${run.code}\n})()`;
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
      timer = setTimeout(() => resolve('timeout'), Math.max(0, run.deadline - Date.now()));
    });
    const stopped = bridge.onStop.then(() => 'aborted' as const);
    const outcome = await Promise.race([settled, timeout, stopped]);
    if (outcome === 'timeout' || outcome === 'aborted') {
      // The code's own promise may have settled in the same turn (a stop interrupts it): its handle is freed first,
      // or freeing the runtime aborts the module.
      const late = await Promise.race([settled, Promise.resolve(null)]);
      if (late) (late.error ?? late.value).dispose();
    }
    if (outcome === 'timeout') return fail('TimeoutError', `The code did not finish within ${run.timeoutMs} ms.`);
    if (outcome === 'aborted' || bridge.stopped()) {
      if (outcome !== 'aborted') (outcome.error ?? outcome.value).dispose();
      return fail('AbortError', 'The run was stopped.');
    }
    if (outcome.error) {
      const err = describeError(ctx, outcome.error);
      outcome.error.dispose();
      return fail(err.name, err.message);
    }
    const value: unknown = dumpWhole(ctx, outcome.value);
    outcome.value.dispose();
    const json = JSON.stringify(value ?? null);
    if (json.length > maxOut) return fail('OutputTooLarge', `The result is ${json.length} bytes; the limit is ${maxOut}.`);
    return { ok: true, value: value ?? null, logs, durationMs: elapsed() };
  } catch (err) {
    // Out of memory or an aborted module surface here; the module is discarded either way.
    const message = (err as Error)?.message ?? String(err);
    if (/memory|out of bounds|unreachable/i.test(message))
      return fail('MemoryLimitError', `The code exceeded its memory limit of ${run.memoryBytes} bytes.`);
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
  const dumped: unknown = dumpWhole(ctx, handle);
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
  run: QuickJsRun,
  bridge: QuickJsBridge,
  pump: () => void,
  unsettled: Set<{ alive: boolean; dispose(): void }>,
  log: (level: LogLine['level'], message: string) => void,
): void {
  const json = ctx.newString(run.inputsJson);
  ctx.setProp(ctx.global, '__inputs', json);
  json.dispose();
  const parsed = ctx.evalCode('globalThis.inputs = JSON.parse(globalThis.__inputs); delete globalThis.__inputs;');
  if (parsed.error) parsed.error.dispose();
  else parsed.value.dispose();

  const consoleObj = ctx.newObject();
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    const fn = ctx.newFunction(level, (...args) => {
      log(level, args.map((a) => stringify(dumpWhole(ctx, a))).join(' '));
    });
    ctx.setProp(consoleObj, level, fn);
    fn.dispose();
  }
  ctx.setProp(ctx.global, 'console', consoleObj);
  consoleObj.dispose();

  const hostObj = ctx.newObject();
  for (const name of run.hostNames) {
    const fn = ctx.newFunction(name, (...args) => {
      const plain = args.map((a) => dumpWhole(ctx, a));
      const deferred = ctx.newPromise();
      unsettled.add(deferred);
      bridge
        .call(name, plain)
        .then(
          (resultJson) => {
            unsettled.delete(deferred);
            if (!deferred.alive) return;
            const handle = parseJson(ctx, resultJson);
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

/**
 * `ctx.dump`, but a string comes out whole. quickjs-emscripten reads a string as a C string, which ends at its first
 * NUL: a script returning "a\0b" answered "a". In an array it crosses as JSON text, where the NUL is escaped.
 */
function dumpWhole(ctx: QuickJSContext, handle: QuickJSHandle): unknown {
  if (ctx.typeof(handle) !== 'string') return ctx.dump(handle);
  const box = ctx.newArray();
  try {
    ctx.setProp(box, 0, handle);
    return (ctx.dump(box) as [string])[0];
  } finally {
    box.dispose();
  }
}

function parseJson(ctx: QuickJSContext, text: string): QuickJSHandle {
  const s = ctx.newString(text);
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
