import { activity } from '../platform/db/schema.js';
import type { Orm } from '../platform/db/database.js';

export type ActivityRow = typeof activity.$inferInsert;

interface Logger {
  error(obj: object, msg?: string): void;
}

const FLUSH_EVERY_MS = 250;
const FLUSH_AT_ROWS = 500;
/** Beyond this, rows that cannot be written are dropped (and logged) rather than exhaust memory. */
const MAX_BUFFERED = 50_000;

/**
 * The activity log's writer: rows are buffered and inserted in batches off the request path (every 250 ms or
 * 500 rows), a failed batch is kept for the next attempt, and close() writes what is left before shutdown.
 */
export class ActivityRecorder {
  private buffer: ActivityRow[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;

  constructor(private readonly orm: Orm, private readonly log: Logger) {}

  record(row: ActivityRow): void {
    this.buffer.push(row);
    if (this.buffer.length >= FLUSH_AT_ROWS) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = null;
        void this.flush();
      }, FLUSH_EVERY_MS);
      this.timer.unref();
    }
  }

  /** Write everything buffered now (also what reads call first, so a node reads its own writes). */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.buffer.length === 0) return;
    const batch = this.buffer;
    this.buffer = [];
    this.flushing = (async () => {
      try {
        for (let i = 0; i < batch.length; i += FLUSH_AT_ROWS) await this.orm.insert(activity).values(batch.slice(i, i + FLUSH_AT_ROWS)).onConflictDoNothing();
      } catch (err) {
        const kept = batch.concat(this.buffer).slice(-MAX_BUFFERED);
        if (kept.length < batch.length + this.buffer.length) this.log.error({ dropped: batch.length + this.buffer.length - kept.length }, 'activity rows dropped');
        this.buffer = kept;
        this.log.error({ err: { message: (err as Error).message } }, 'activity flush failed; will retry');
        if (!this.timer) {
          this.timer = setTimeout(() => {
            this.timer = null;
            void this.flush();
          }, 1000);
          this.timer.unref();
        }
      }
    })();
    try {
      await this.flushing;
    } finally {
      this.flushing = null;
    }
  }

  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
  }
}
