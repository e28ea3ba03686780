import type { QuickJsRun } from './js-run.js';
import type { JsSandboxResult } from './js-sandbox.js';

/** Messages between the pool (main thread) and a sandbox worker thread. One run at a time per worker. */
export type ToWorker =
  /** `stop` is one Int32 on shared memory: set to 1, the run's interrupt handler sees it even while the code spins. */
  | { type: 'run'; runId: number; run: QuickJsRun; stop: Int32Array }
  | { type: 'host-result'; runId: number; callId: number; ok: true; json: string }
  | { type: 'host-result'; runId: number; callId: number; ok: false; error: { name: string; message: string } }
  | { type: 'stop'; runId: number };

export type FromWorker =
  /** Loaded and QuickJS compiled: runs start now, so a thread's start-up never eats into a run's time. */
  | { type: 'ready' }
  | { type: 'host-call'; runId: number; callId: number; name: string; args: unknown[] }
  | { type: 'done'; runId: number; result: JsSandboxResult };
