import type { Worker } from 'node:worker_threads';
import { siblingModule, startThread } from '../platform/threads.js';
import type { FromWorker, ToWorker } from './js-protocol.js';
import type { JsSandboxOptions, JsSandboxResult } from './js-sandbox.js';

export interface JsSandboxPoolOptions {
  /** Worker threads; each runs one run at a time, so a spinning run holds one thread and nothing else. */
  size: number;
  /** Runs that may wait for a free thread; beyond that a run fails at once with SandboxBusy. */
  maxQueue: number;
  /** How long a run may take to end by itself after its deadline or a stop before its thread is terminated. */
  hardStopGraceMs?: number;
}

/** Four threads: runs mostly await their host calls (Code Mode's actions), and a busy loop ends at its deadline. */
export const DEFAULT_JS_SANDBOX_POOL: Readonly<JsSandboxPoolOptions> = Object.freeze({ size: 4, maxQueue: 100 });

/** V8 heap of one worker thread (inputs, logs, results as JS values); the run's own memory is its capped Wasm Memory. */
const WORKER_HEAP_MB = 256;
const HARD_STOP_GRACE_MS = 1_000;
/** A thread that has not loaded QuickJS by then is replaced (a start normally takes well under a second). */
const STARTUP_TIMEOUT_MS = 30_000;

const entry = siblingModule(import.meta.url, 'js-worker');

interface Job {
  runId: number;
  code: string;
  inputsJson: string;
  opts: JsSandboxOptions;
  started: number;
  slot: Slot | null;
  /** While queued: fails the run once its time limit passes without a free thread. */
  waiting?: NodeJS.Timeout;
  settled: boolean;
  settle(r: JsSandboxResult): void;
}

interface Slot {
  worker: Worker;
  /** The thread has loaded and compiled QuickJS; a job given to it before then starts at that moment. */
  ready: boolean;
  job: Job | null;
  /** Set once the job runs in the thread: the shared stop flag its interrupt handler reads. */
  stop: Int32Array | null;
  hardStop: NodeJS.Timeout | undefined;
  startup: NodeJS.Timeout | undefined;
}

/**
 * The JavaScript sandbox's worker threads (docs/decisions/0110). Every QuickJS run happens off the main event
 * loop, one run per thread; host calls cross back as messages. A run that does not end by itself at its deadline
 * (or promptly after a stop) has its thread terminated and replaced, so nothing a run does can hold the process.
 * A run waits for a free thread at most its own time limit; its deadline starts when a thread takes it.
 */
export class JsSandboxPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private readonly grace: number;
  private nextRunId = 1;
  private closed = false;
  /** Runs finished since start, by how they ended: ok, or the error's name (TimeoutError, SandboxBusy, …). */
  private readonly outcomes = new Map<string, number>();

  constructor(private readonly opts: JsSandboxPoolOptions) {
    this.grace = opts.hardStopGraceMs ?? HARD_STOP_GRACE_MS;
  }

  /** Threads started, runs executing on one, and runs waiting (for a free thread, or for theirs to start). */
  stats(): { size: number; threads: number; running: number; queued: number } {
    const running = this.slots.filter((s) => s.stop).length;
    const starting = this.slots.filter((s) => s.job && !s.stop).length;
    return { size: this.opts.size, threads: this.slots.length, running, queued: this.queue.length + starting };
  }

  /** Runs finished since the pool started, by outcome (ok, TimeoutError, SandboxBusy, …), for the metrics. */
  runOutcomes(): ReadonlyMap<string, number> {
    return this.outcomes;
  }

  run(code: string, inputs: Record<string, unknown>, opts: JsSandboxOptions): Promise<JsSandboxResult> {
    const started = performance.now();
    if (this.closed) return Promise.resolve(failure(started, 'SandboxError', 'The JavaScript sandbox is shut down.'));
    if (opts.signal?.aborted) return Promise.resolve(failure(started, 'AbortError', 'The run was stopped.'));
    let inputsJson: string;
    try {
      inputsJson = JSON.stringify(inputs ?? {});
    } catch (err) {
      return Promise.resolve(failure(started, 'SandboxError', (err as Error).message));
    }
    return new Promise((resolve) => {
      const onAbort = () => {
        if (job.slot) return this.stop(job.slot);
        this.dequeue(job);
        job.settle(failure(started, 'AbortError', 'The run was stopped.'));
      };
      const job: Job = {
        runId: this.nextRunId++,
        code,
        inputsJson,
        opts,
        started,
        slot: null,
        settled: false,
        settle: (r) => {
          if (job.settled) return;
          job.settled = true;
          clearTimeout(job.waiting);
          opts.signal?.removeEventListener('abort', onAbort);
          const outcome = r.ok ? 'ok' : r.error.name;
          this.outcomes.set(outcome, (this.outcomes.get(outcome) ?? 0) + 1);
          resolve(r);
        },
      };
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      const slot = this.freeSlot();
      if (slot) return this.assign(slot, job);
      if (this.queue.length >= this.opts.maxQueue) {
        const { size, maxQueue } = this.opts;
        const message = `All ${size} JavaScript sandboxes are busy and ${maxQueue} runs are waiting; try again shortly.`;
        return job.settle(failure(started, 'SandboxBusy', message));
      }
      this.queue.push(job);
      job.waiting = setTimeout(() => {
        this.dequeue(job);
        const message = `No JavaScript sandbox became free within the run's time limit of ${opts.timeoutMs} ms (all ${this.opts.size} were busy); try again shortly.`;
        job.settle(failure(started, 'SandboxBusy', message));
      }, opts.timeoutMs);
    });
  }

  /** Ends every run (SandboxError) and terminates the threads. */
  async close(): Promise<void> {
    this.closed = true;
    const gone = (job: Job) => job.settle(failure(job.started, 'SandboxError', 'The JavaScript sandbox is shut down.'));
    for (const job of this.queue.splice(0)) gone(job);
    const slots = this.slots.splice(0);
    for (const s of slots) {
      const job = s.job;
      this.release(s);
      clearTimeout(s.startup);
      if (job) gone(job);
    }
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  private freeSlot(): Slot | null {
    const idle = this.slots.find((s) => !s.job);
    if (idle) return idle;
    return this.slots.length < this.opts.size ? this.spawn() : null;
  }

  private spawn(): Slot {
    const worker = startThread(entry, { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    const slot: Slot = { worker, ready: false, job: null, stop: null, hardStop: undefined, startup: undefined };
    worker.on('message', (m: FromWorker) => this.onMessage(slot, m));
    worker.on('error', (err: Error & { code?: string }) =>
      this.lose(slot, err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'MemoryLimitError' : 'SandboxError', err.code),
    );
    worker.on('exit', () => this.lose(slot, 'SandboxError'));
    // Idle threads never keep the process alive, busy ones do (see assign); after `on`, which re-refs.
    worker.unref();
    slot.startup = setTimeout(() => this.lose(slot, 'SandboxError', 'start-up timed out'), STARTUP_TIMEOUT_MS);
    slot.startup.unref();
    this.slots.push(slot);
    return slot;
  }

  /** Gives a job to a thread: it starts now, or as soon as the thread is ready. */
  private assign(slot: Slot, job: Job): void {
    clearTimeout(job.waiting);
    slot.job = job;
    job.slot = slot;
    slot.worker.ref();
    if (slot.ready) this.begin(slot, job);
  }

  private begin(slot: Slot, job: Job): void {
    const { opts } = job;
    slot.stop = new Int32Array(new SharedArrayBuffer(4));
    const message: ToWorker = {
      type: 'run',
      runId: job.runId,
      stop: slot.stop,
      run: {
        code: job.code,
        inputsJson: job.inputsJson,
        deadline: Date.now() + opts.timeoutMs,
        timeoutMs: opts.timeoutMs,
        memoryBytes: opts.memoryBytes,
        maxOutputBytes: opts.maxOutputBytes ?? 1_048_576,
        ...(opts.prelude ? { prelude: opts.prelude } : {}),
        hostNames: Object.keys(opts.host ?? {}),
      },
    };
    slot.worker.postMessage(message);
    // The run's own interrupt handler stops it at the deadline; this is for code that never reaches a check.
    slot.hardStop = setTimeout(
      () => this.kill(slot, 'TimeoutError', `The code did not finish within ${opts.timeoutMs} ms; its sandbox was stopped.`),
      opts.timeoutMs + this.grace,
    );
  }

  private onMessage(slot: Slot, m: FromWorker): void {
    if (m.type === 'ready') {
      slot.ready = true;
      clearTimeout(slot.startup);
      if (slot.job) this.begin(slot, slot.job);
      return;
    }
    const job = slot.job;
    if (!job || m.runId !== job.runId) return; // a late message of a run that was already stopped
    if (m.type === 'done') {
      this.release(slot);
      job.settle(m.result);
      return this.next();
    }
    const impl = job.opts.host?.[m.name];
    void Promise.resolve()
      .then(() => {
        if (!impl) throw new TypeError(`host.${m.name} is not a function`);
        return impl(...m.args);
      })
      .then((result) => JSON.stringify(result ?? null))
      .then(
        (json): ToWorker => ({ type: 'host-result', runId: m.runId, callId: m.callId, ok: true, json }),
        (err: unknown): ToWorker => ({
          type: 'host-result',
          runId: m.runId,
          callId: m.callId,
          ok: false,
          error: { name: (err as Error)?.name ?? 'Error', message: (err as Error)?.message ?? String(err) },
        }),
      )
      .then((reply) => {
        if (slot.job === job) slot.worker.postMessage(reply);
      });
  }

  /** Asks the run to stop (seen at its next interrupt check, or at once while it awaits); terminated if it does not. */
  private stop(slot: Slot): void {
    const job = slot.job;
    if (!job) return;
    if (!slot.stop) {
      // Not started yet (the thread is still starting): nothing to interrupt.
      this.release(slot);
      job.settle(failure(job.started, 'AbortError', 'The run was stopped.'));
      return this.next();
    }
    Atomics.store(slot.stop, 0, 1);
    slot.worker.postMessage({ type: 'stop', runId: job.runId } satisfies ToWorker);
    clearTimeout(slot.hardStop);
    slot.hardStop = setTimeout(() => this.kill(slot, 'AbortError', 'The run was stopped.'), this.grace);
  }

  /** The hard stop: the thread is terminated (with the run's memory) and a fresh one takes the next run. */
  private kill(slot: Slot, name: string, message: string): void {
    const job = slot.job;
    this.remove(slot);
    void slot.worker.terminate();
    job?.settle(failure(job.started, name, message));
    this.next();
  }

  /** The thread died by itself (its heap limit, a crash, no start): its run fails and it is replaced. */
  private lose(slot: Slot, name: string, code?: string): void {
    if (!this.slots.includes(slot)) return;
    const job = slot.job;
    this.remove(slot);
    void slot.worker.terminate();
    const message =
      name === 'MemoryLimitError'
        ? 'The code exceeded the memory limit of its sandbox thread.'
        : `The JavaScript sandbox stopped unexpectedly${code ? ` (${code})` : ''}.`;
    job?.settle(failure(job.started, name, message));
    this.next();
  }

  private release(slot: Slot): void {
    clearTimeout(slot.hardStop);
    slot.hardStop = undefined;
    slot.stop = null;
    if (slot.job) slot.job.slot = null;
    slot.job = null;
    slot.worker.unref();
  }

  private remove(slot: Slot): void {
    this.release(slot);
    clearTimeout(slot.startup);
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
  }

  private dequeue(job: Job): void {
    const i = this.queue.indexOf(job);
    if (i >= 0) this.queue.splice(i, 1);
  }

  private next(): void {
    while (!this.closed && this.queue.length > 0) {
      const slot = this.freeSlot();
      if (!slot) return;
      this.assign(slot, this.queue.shift()!);
    }
  }
}

function failure(started: number, name: string, message: string): JsSandboxResult {
  return { ok: false, error: { name, message }, logs: [], durationMs: Math.round((performance.now() - started) * 100) / 100 };
}
