import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ActionError, ActionInputError, ResolverMissingError } from '../framework.js';
import { nestsDeeperThan, tooDeep } from './ipc.js';
import { inSpan, recordClientSpan, traceHeaders, type Span } from '../../platform/tracing.js';
import type { HostHandlers, ParentMessage, WorkerMessage, WorkerRequest } from './protocol.js';

export interface PieceWorkerPoolOptions {
  /** worker processes (default 2) */
  size?: number;
  /** per-call limit; the worker running a call past it is killed (default 60 s) */
  timeoutMs?: number;
  /** V8 heap limit of each worker (default 512 MB) */
  memoryMb?: number;
  /** SWITCHBOARD_EGRESS_ALLOW for the workers' egress guard */
  egressAllow?: readonly string[];
  /** This service (public URL, listening port and host): the workers may not call it (0092). */
  self?: { publicUrl: string; port: number; host: string } | null;
  log?: { warn(o: object, msg: string): void };
}

interface Pending {
  resolve: (v: unknown) => void;
  reject: (e: Error) => void;
  handlers: HostHandlers;
  timer: NodeJS.Timeout;
  /** The call's span: the HTTP requests the worker reports become its client spans. */
  span: Span;
}

/** The entry file next to this one: worker.ts under tsx (tests, dev), worker.js once built. */
const entry = fileURLToPath(new URL(`./worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url));

class Worker {
  readonly pending = new Map<number, Pending>();
  readonly child: ChildProcess;
  exited = false;
  /** Being killed: it takes no new calls, though its exit event has not come yet. */
  retired = false;
  /** Settles when the process has started and can take calls; call timers start then, not at the fork. */
  readonly ready: Promise<void>;
  private markReady!: () => void;

  constructor(opts: Required<Omit<PieceWorkerPoolOptions, 'log'>>, onExit: (w: Worker, reason: string) => void) {
    const execArgv = [`--max-old-space-size=${opts.memoryMb}`, ...(entry.endsWith('.ts') ? ['--import', 'tsx'] : [])];
    // A clean environment: the workers get no secrets of the API process (database URL, keys, tokens).
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      NODE_ENV: process.env.NODE_ENV,
      SWITCHBOARD_EGRESS_ALLOW: opts.egressAllow.join(','),
      ...(opts.self ? { SWITCHBOARD_SELF: JSON.stringify(opts.self) } : {}),
    };
    this.ready = new Promise((resolve) => (this.markReady = resolve));
    this.child = fork(entry, [], { execArgv, env, serialization: 'advanced', stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
    let stderr = '';
    this.child.stderr?.on('data', (c: Buffer) => {
      stderr = (stderr + c.toString()).slice(-2000);
    });
    this.child.on('message', (m: WorkerMessage) => this.onMessage(m));
    this.child.on('exit', (code, signal) => {
      this.exited = true;
      this.markReady();
      onExit(
        this,
        signal ? `killed by ${signal}` : `exited with code ${code}${stderr ? `: ${stderr.trim().split('\n').pop()}` : ''}`,
      );
    });
    this.child.on('error', () => undefined);
  }

  private onMessage(m: WorkerMessage): void {
    if (m.kind === 'ready') return this.markReady();
    const call = this.pending.get(m.id);
    if (!call) return;
    if (m.kind === 'http') return recordClientSpan(call.span, m);
    if (m.kind === 'host') {
      const handler = call.handlers[m.method];
      // A value the worker could not read (or that cannot be sent) fails that host call, not the worker (0106).
      const reply = (r: Extract<ParentMessage, { kind: 'host-reply' }>) => {
        if (this.exited) return;
        const problem = r.ok && nestsDeeperThan(r.value) ? tooDeep('The value') : this.post(r);
        if (problem && r.ok) this.post({ kind: 'host-reply', hostId: r.hostId, ok: false, message: problem });
      };
      if (!handler) {
        reply({ kind: 'host-reply', hostId: m.hostId, ok: false, message: `${m.method} is not available for this call.` });
        return;
      }
      handler(...m.args).then(
        (value) => reply({ kind: 'host-reply', hostId: m.hostId, ok: true, value: value ?? null }),
        (err: unknown) =>
          reply({ kind: 'host-reply', hostId: m.hostId, ok: false, message: err instanceof Error ? err.message : String(err) }),
      );
      return;
    }
    this.pending.delete(m.id);
    clearTimeout(call.timer);
    if (m.ok) call.resolve(m.value);
    else if (m.error.kind === 'no-resolver') call.reject(new ResolverMissingError(m.error.message));
    else if (m.error.kind === 'input') call.reject(new ActionInputError(m.error.field ?? 'input', m.error.message));
    else call.reject(new ActionError(m.error.message, undefined, m.error.httpStatus));
  }

  /** Sends a message; the reason when it could not go (a value the serialiser cannot take, a closed channel). */
  post(m: ParentMessage): string | null {
    try {
      this.child.send(m);
      return null;
    } catch (err) {
      return err instanceof Error ? err.message : String(err);
    }
  }

  failAll(err: Error): void {
    for (const [id, call] of this.pending) {
      clearTimeout(call.timer);
      call.reject(err);
      this.pending.delete(id);
    }
  }
}

/**
 * A pool of piece worker processes. Calls go to the least busy worker; a call past its time limit kills its
 * worker (the calls sharing it fail too, clearly), and a worker that dies is replaced on the next call. Workers
 * start on first use, so a server that runs no pieces pays nothing for them.
 */
export class PieceWorkerPool {
  private readonly opts: Required<Omit<PieceWorkerPoolOptions, 'log'>>;
  private readonly workers: Worker[] = [];
  private nextId = 1;
  private closed = false;
  /** Since start: workers started, workers that stopped unexpectedly, calls stopped at their time limit. */
  private readonly counts = { started: 0, stopped: 0, timeouts: 0 };

  constructor(private readonly options: PieceWorkerPoolOptions = {}) {
    this.opts = {
      size: options.size ?? 2,
      timeoutMs: options.timeoutMs ?? 60_000,
      memoryMb: options.memoryMb ?? 512,
      egressAllow: options.egressAllow ?? [],
      self: options.self ?? null,
    };
  }

  private pick(): Worker {
    const live = this.workers.filter((w) => !w.exited && !w.retired);
    if (live.length < this.opts.size) {
      this.counts.started++;
      const w = new Worker(this.opts, (dead, reason) => {
        const i = this.workers.indexOf(dead);
        if (i !== -1) this.workers.splice(i, 1);
        if (!this.closed) {
          this.counts.stopped++;
          this.options.log?.warn({ reason }, 'piece worker stopped');
        }
        dead.failAll(new ActionError(`The integration worker stopped (${reason}); the call did not complete.`));
      });
      this.workers.push(w);
      return w;
    }
    return live.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
  }

  request<T = unknown>(
    request: WorkerRequest,
    handlers: HostHandlers = {},
    timeoutMs = this.opts.timeoutMs,
    signal?: AbortSignal,
  ): Promise<T> {
    if (this.closed) return Promise.reject(new ActionError('The server is shutting down.'));
    // Refused here: the worker could not read it, and would die trying (0106).
    if (nestsDeeperThan(request)) return Promise.reject(new ActionError(tooDeep("The call's data")));
    // A span per call in the caller's trace; the worker carries it on to the piece's own HTTP requests (0142).
    const attributes = {
      'switchboard.piece_op': request.op,
      ...('piece' in request ? { 'switchboard.piece': request.piece.package } : {}),
    };
    return inSpan('switchboard.piece_worker', attributes, (span) => this.send<T>(request, handlers, timeoutMs, signal, span));
  }

  private send<T>(
    request: WorkerRequest,
    handlers: HostHandlers,
    timeoutMs: number,
    signal: AbortSignal | undefined,
    span: Span,
  ): Promise<T> {
    const worker = this.pick();
    if (span.isRecording()) span.setAttribute('process.pid', worker.child.pid ?? 0);
    const traceparent = span.isRecording() ? traceHeaders().traceparent : undefined;
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        if (signal?.aborted) return reject(new ActionError('The call was cancelled.'));
        if (worker.exited) return reject(new ActionError('The integration worker stopped before the call started.'));
        const timer = setTimeout(() => {
          if (worker.pending.has(id)) this.counts.timeouts++;
          kill(`The integration did not finish within ${Math.round(timeoutMs / 1000)} s and was stopped.`);
        }, timeoutMs);
        worker.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, handlers, timer, span });
        const unsent = worker.post({ kind: 'request', id, request, ...(traceparent ? { traceparent } : {}) });
        if (unsent && worker.pending.delete(id)) {
          clearTimeout(timer);
          reject(new ActionError(`The call could not be passed to the integration worker (${unsent}).`));
        }
      };
      const kill = (why: string) => {
        if (!worker.pending.delete(id)) return;
        reject(new ActionError(why));
        worker.retired = true;
        worker.child.kill('SIGKILL');
      };
      signal?.addEventListener('abort', () => kill('The call was cancelled.'), { once: true });
      void worker.ready.then(start).catch(reject);
    });
  }

  /** Live workers, and since start: started, stopped unexpectedly, calls stopped at their time limit. */
  stats(): { live: number; started: number; stopped: number; timeouts: number } {
    return { live: this.pids().length, ...this.counts };
  }

  /** Live worker process ids (for tests and metrics). */
  pids(): number[] {
    return this.workers.filter((w) => !w.exited && !w.retired).map((w) => w.child.pid!);
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(
      this.workers.map(
        (w) =>
          new Promise<void>((resolve) => {
            w.failAll(new ActionError('The server is shutting down.'));
            if (w.exited) return resolve();
            w.child.once('exit', () => resolve());
            w.child.kill('SIGTERM');
          }),
      ),
    );
  }
}
