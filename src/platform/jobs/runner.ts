import PgBoss from 'pg-boss';
import type { Database, SqlAdapter } from '../db/database.js';

/** A job type: name, handler and policy. Handlers must be idempotent (a job may run more than once). */
export interface JobDefinition<P extends object = Record<string, never>, N extends string = string> {
  name: N;
  handler: (payload: P) => Promise<void>;
  /** cron expression (UTC) for recurring jobs */
  cron?: string;
  retryLimit?: number;
  retryDelaySeconds?: number;
  expireInSeconds?: number;
}

/** The job catalog of a list of job definitions: each job's name → the payload its handler takes. */
export type JobCatalogOf<D extends JobDefinition<any>> = {
  [J in D as J['name']]: J extends JobDefinition<infer P> ? P : never;
};

/**
 * How often each queue's worker looks for due jobs (0160). Every job is a cron job, due at most once a minute, and a
 * job sent through a runner wakes that node's worker at once (`send`), so looking more often only costs statements:
 * at one second, ten queues cost the embedded database ten statements a second, idle or not.
 */
export const JOB_POLL_SECONDS = 10;

/** Serialises queue set-up across nodes (any fixed 31-bit id distinct from the other advisory locks). */
const JOBS_SETUP_LOCK_ID = 0x5b0b05;

interface Logger {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/**
 * Durable jobs on the service's own PostgreSQL (pg-boss): retries with exponential backoff, a dead-letter queue
 * per job type, cron schedules. Any node can run any job; each is claimed once per attempt (SKIP LOCKED).
 *
 * Two pg-boss instances share the database adapter: `client` never starts a timer (it installs pg-boss's schema,
 * creates queues and schedules, sends and reads jobs), and `worker` — started only once set-up succeeded — runs
 * the maintenance, cron and polling timers. A start that fails therefore has nothing running to release, and a
 * stop during a start waits for it and stops what it started (pg-boss cannot stop an instance whose start failed).
 */
export class JobRunner<Catalog extends object = Record<string, object>> {
  private readonly client: PgBoss;
  private worker: PgBoss | null = null;
  private readonly defs = new Map<string, JobDefinition<object>>();
  private starting: Promise<void> | null = null;
  private stopping = false;
  /** pg-boss completes a job without awaiting it: a stop waits until its queries and our handlers are done. */
  private readonly busy = new Busy();
  private readonly sqlAdapter: SqlAdapter;
  /** This node's pg-boss worker of each job type, woken when a job of that type is sent here. */
  private readonly workerIds = new Map<string, string>();

  constructor(
    private readonly db: Database,
    private readonly log: Logger,
    private readonly options: { pollSeconds?: number } = {},
  ) {
    this.sqlAdapter = { executeSql: (text, values) => this.busy.during(() => db.sqlAdapter.executeSql(text, values)) };
    this.client = this.newBoss({ supervise: false, schedule: false, migrate: true });
  }

  register<P extends object>(def: JobDefinition<P>): void {
    this.defs.set(def.name, def as unknown as JobDefinition<object>);
  }

  /** Create queues and schedules; with `work`, also start consuming. Starting twice is starting once. */
  start(work: boolean): Promise<void> {
    this.starting ??= this.startOnce(work);
    return this.starting;
  }

  private async startOnce(work: boolean): Promise<void> {
    try {
      // pg-boss's create_queue takes a lock on its queue table that two concurrent calls can each wait for
      // (deadlock, 40P01), and pg-boss's own start creates a queue: every node sets up under one advisory lock,
      // creating only what is missing (0087, 0112).
      await this.db.withAdvisoryLock(JOBS_SETUP_LOCK_ID, async () => {
        await this.client.start();
        await this.setUpQueues();
        if (this.stopping) return;
        // Nothing it does after its first timer can fail (its errors are events): see the class comment.
        const worker = this.newBoss({ supervise: true, schedule: true, migrate: false });
        this.worker = worker;
        await worker.start();
      });
      if (!work) return;
      for (const def of this.defs.values()) {
        if (this.stopping || !this.worker) return;
        const workerId = await this.worker.work(
          def.name,
          { pollingIntervalSeconds: this.options.pollSeconds ?? JOB_POLL_SECONDS },
          (jobs) =>
            this.busy.during(async () => {
              for (const job of jobs) await def.handler(job.data as object);
            }),
        );
        this.workerIds.set(def.name, workerId);
      }
    } catch (err) {
      await this.release();
      throw err;
    }
  }

  private async setUpQueues(): Promise<void> {
    for (const def of this.defs.values()) {
      const dead = `${def.name}__dead`;
      if (!(await this.client.getQueue(dead))) await this.client.createQueue(dead);
      if (!(await this.client.getQueue(def.name))) {
        await this.client.createQueue(def.name, {
          name: def.name,
          retryLimit: def.retryLimit ?? 5,
          retryDelay: def.retryDelaySeconds ?? 5,
          retryBackoff: true,
          expireInSeconds: def.expireInSeconds ?? 300,
          deadLetter: dead,
        });
      }
      if (def.cron) await this.client.schedule(def.name, def.cron, {}, { tz: 'UTC' });
    }
  }

  private newBoss(options: { supervise: boolean; schedule: boolean; migrate: boolean }): PgBoss {
    const boss = new PgBoss({ db: this.sqlAdapter, schema: 'pgboss', ...options });
    boss.on('error', (err) => this.log.error({ err: { message: err.message } }, 'job runner error'));
    return boss;
  }

  /** Enqueues a job; the app's runner is typed by its catalog (src/modules.ts), so a name and its payload match. */
  async send<N extends keyof Catalog & string>(
    name: N,
    payload: Catalog[N],
    options: { id?: string; singletonKey?: string } = {},
  ): Promise<string | null> {
    if (!this.defs.has(name)) throw new Error(`Unknown job ${name}`);
    const id = await this.client.send(name, payload as object, options);
    // Started at once on this node, not at its worker's next look (other nodes see it at theirs).
    const workerId = this.workerIds.get(name);
    if (workerId) this.worker?.notifyWorker(workerId);
    return id;
  }

  /** Wait for one job to finish (tests and the CLI); returns its final state. */
  async waitFor(name: keyof Catalog & string, id: string, timeoutMs = 30_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const job = await this.client.getJobById(name, id);
      if (job && ['completed', 'failed', 'cancelled'].includes(job.state)) return job.state;
      if (Date.now() > deadline) throw new Error(`job ${name}/${id} did not finish in ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Stop consuming and every timer; waits for a start in progress. The runner cannot be started again. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.starting?.catch(() => undefined);
    await this.release();
  }

  private async release(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.workerIds.clear();
    // pg-boss stops a worker caught running a job or looking for one by checking, on a timer of its own, once a
    // second until it has finished: that timer would outlive the stop. Stopped once nothing of ours is in flight,
    // every worker is between looks and stops at once (nothing but promises run between the two lines). Until then
    // a worker whose look falls due may still start a job; the wait ends at the first moment none is running.
    await this.busy.idle();
    await worker?.stop({ graceful: true, wait: true, close: false });
    await this.client.stop({ graceful: true, wait: true, close: false });
    await this.busy.idle();
  }
}

/** Counts work in flight; `idle` resolves once none is, and none started in the turn after. */
class Busy {
  private count = 0;
  private wake: (() => void) | null = null;

  async during<T>(fn: () => Promise<T>): Promise<T> {
    this.count++;
    try {
      return await fn();
    } finally {
      if (--this.count === 0) this.wake?.();
    }
  }

  async idle(): Promise<void> {
    for (;;) {
      if (this.count > 0) await new Promise<void>((r) => (this.wake = r));
      this.wake = null;
      // A fetch that just returned jobs hands them to a handler in the same turn: look again after it.
      await new Promise((r) => setImmediate(r));
      if (this.count === 0) return;
    }
  }
}
