import PgBoss from 'pg-boss';
import type { Database } from '../db/database.js';

/** A job type: name, handler and policy. Handlers must be idempotent (a job may run more than once). */
export interface JobDefinition<P extends object = Record<string, never>> {
  name: string;
  handler: (payload: P) => Promise<void>;
  /** cron expression (UTC) for recurring jobs */
  cron?: string;
  retryLimit?: number;
  retryDelaySeconds?: number;
  expireInSeconds?: number;
}

/** Serialises queue set-up across nodes (any fixed 31-bit id distinct from the other advisory locks). */
const JOBS_SETUP_LOCK_ID = 0x5b0b05;

interface Logger {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/**
 * Durable jobs on the service's own PostgreSQL (pg-boss): retries with exponential backoff, a dead-letter queue
 * per job type, cron schedules. Any node can run any job; each is claimed once per attempt (SKIP LOCKED).
 */
export class JobRunner {
  private readonly boss: PgBoss;
  private readonly defs = new Map<string, JobDefinition<object>>();
  private started = false;

  constructor(
    private readonly db: Database,
    private readonly log: Logger,
  ) {
    this.boss = new PgBoss({ db: db.sqlAdapter, schema: 'pgboss', supervise: true, schedule: true });
    this.boss.on('error', (err) => this.log.error({ err: { message: err.message } }, 'job runner error'));
  }

  register<P extends object>(def: JobDefinition<P>): void {
    this.defs.set(def.name, def as unknown as JobDefinition<object>);
  }

  /** Create queues and schedules; with `work`, also start consuming. */
  async start(work: boolean): Promise<void> {
    await this.boss.start();
    this.started = true;
    // Nodes starting together on a new database would deadlock in pg-boss's create_queue (each creates tables and
    // partitions): queues and schedules are set up by one node at a time, and only where missing (0087).
    await this.db.withAdvisoryLock(JOBS_SETUP_LOCK_ID, async () => {
      for (const def of this.defs.values()) {
        const dead = `${def.name}__dead`;
        if (!(await this.boss.getQueue(dead))) await this.boss.createQueue(dead);
        if (!(await this.boss.getQueue(def.name))) {
          await this.boss.createQueue(def.name, {
            name: def.name,
            retryLimit: def.retryLimit ?? 5,
            retryDelay: def.retryDelaySeconds ?? 5,
            retryBackoff: true,
            expireInSeconds: def.expireInSeconds ?? 300,
            deadLetter: dead,
          });
        }
        if (def.cron) await this.boss.schedule(def.name, def.cron, {}, { tz: 'UTC' });
      }
    });
    if (!work) return;
    for (const def of this.defs.values()) {
      await this.boss.work(def.name, { pollingIntervalSeconds: 1 }, async (jobs) => {
        for (const job of jobs) await def.handler(job.data as object);
      });
    }
  }

  async send<P extends object>(
    name: string,
    payload: P,
    options: { id?: string; singletonKey?: string } = {},
  ): Promise<string | null> {
    if (!this.defs.has(name)) throw new Error(`Unknown job ${name}`);
    return this.boss.send(name, payload, options);
  }

  /** Wait for one job to finish (tests and the CLI); returns its final state. */
  async waitFor(name: string, id: string, timeoutMs = 30_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const job = await this.boss.getJobById(name, id);
      if (job && ['completed', 'failed', 'cancelled'].includes(job.state)) return job.state;
      if (Date.now() > deadline) throw new Error(`job ${name}/${id} did not finish in ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, wait: true, close: false });
  }
}
