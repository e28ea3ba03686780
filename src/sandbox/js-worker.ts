import { parentPort } from 'node:worker_threads';
import type { FromWorker, ToWorker } from './js-protocol.js';
import { compiledQuickJs, runQuickJs } from './js-run.js';
import { lowerThisThreadsPriority } from '../platform/thread-priority.js';

/**
 * A sandbox worker thread: runs one QuickJS run at a time for the pool (js-pool.ts). Host calls become messages
 * to the main thread and wait for its answer, so this thread's event loop, not the main one, waits and spins.
 */
const port = parentPort;
if (!port) throw new Error('js-worker.ts runs only as a worker thread of the JavaScript sandbox pool.');

// Tenants' scripts run here: under contention the threads serving requests come first, so one organization's script
// spinning to its deadline cannot take a core from everyone else's requests (0172).
lowerThisThreadsPriority();

type Pending = { resolve: (json: string) => void; reject: (e: Error) => void };
const calls = new Map<number, Pending>();
const stops = new Map<number, () => void>();
let nextCall = 0;

const send = (m: FromWorker) => port.postMessage(m);

port.on('message', (m: ToWorker) => {
  if (m.type === 'run') void start(m);
  else if (m.type === 'stop') stops.get(m.runId)?.();
  else {
    const pending = calls.get(m.callId);
    if (!pending) return; // the run ended before the main thread answered
    calls.delete(m.callId);
    if (m.ok) pending.resolve(m.json);
    else pending.reject(Object.assign(new Error(m.error.message), { name: m.error.name }));
  }
});

// Compiled before the first run is taken (a failure here surfaces with that run).
void compiledQuickJs().then(
  () => send({ type: 'ready' }),
  () => send({ type: 'ready' }),
);

async function start(m: Extract<ToWorker, { type: 'run' }>): Promise<void> {
  let onStop = () => {};
  const stopped = new Promise<void>((resolve) => (onStop = resolve));
  stops.set(m.runId, onStop);
  const own = new Set<number>();
  try {
    const result = await runQuickJs(m.run, {
      call: (name, args) =>
        new Promise<string>((resolve, reject) => {
          const callId = nextCall++;
          own.add(callId);
          calls.set(callId, { resolve, reject });
          send({ type: 'host-call', runId: m.runId, callId, name, args });
        }),
      stopped: () => Atomics.load(m.stop, 0) !== 0,
      onStop: stopped,
    });
    send({ type: 'done', runId: m.runId, result });
  } catch (err) {
    // The module could not even be set up (its memory, its compilation): the run fails, the thread stays usable.
    const message = (err as Error)?.message ?? String(err);
    send({
      type: 'done',
      runId: m.runId,
      result: { ok: false, error: { name: 'SandboxError', message }, logs: [], durationMs: 0 },
    });
  } finally {
    stops.delete(m.runId);
    for (const id of own) calls.delete(id);
  }
}
