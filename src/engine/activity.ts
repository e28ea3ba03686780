import type { activity } from '../platform/db/schema.js';
import type { Database } from '../platform/db/database.js';
import { isUnstorableValue } from '../platform/errors.js';

export type ActivityRow = typeof activity.$inferInsert;

interface Logger {
  error(obj: object, msg?: string): void;
}

const FLUSH_EVERY_MS = 250;
const FLUSH_AT_ROWS = 500;
/** Beyond this, rows that cannot be written are dropped (and logged) rather than exhaust memory. */
const MAX_BUFFERED = 50_000;

/**
 * The row with every NUL character replaced by U+FFFD. PostgreSQL text cannot hold a NUL, and a row's error message
 * is whatever the action failed with (a script's own error, an upstream's answer): one such row made every batch it
 * was in fail, and the recorder keeps a failed batch to retry, so the whole node's activity stopped being written.
 */
function storable(row: ActivityRow): ActivityRow {
  let clean: ActivityRow | null = null;
  for (const k in row) {
    const v = row[k as keyof ActivityRow];
    if (typeof v === 'string' && v.includes('\u0000')) (clean ??= { ...row })[k as 'id'] = v.replaceAll('\u0000', '\uFFFD');
  }
  return clean ?? row;
}

/**
 * The activity log's writer: rows are buffered and inserted in batches off the request path (every 250 ms or
 * 500 rows), a failed batch is kept for the next attempt, and close() writes what is left before shutdown.
 */
export class ActivityRecorder {
  private buffer: ActivityRow[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly db: Database,
    private readonly log: Logger,
  ) {}

  record(row: ActivityRow): void {
    this.buffer.push(storable(row));
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
    let written = 0;
    this.flushing = (async () => {
      try {
        // Each slice is one atomic statement: a failed one wrote nothing and is retried whole.
        while (written < batch.length) {
          const slice = batch.slice(written, written + FLUSH_AT_ROWS);
          try {
            await this.insertMany(slice);
            written += slice.length;
          } catch (err) {
            // A value the database cannot store fails its statement every time, and a slice kept to retry would stop
            // every later row: write this one row by row and drop only what is refused for its values. Any other
            // failure (the database away) keeps the rest for the next attempt.
            if (!isUnstorableValue(err)) throw err;
            for (const row of slice) {
              try {
                await this.insertMany([row]);
              } catch (rowErr) {
                if (!isUnstorableValue(rowErr)) throw rowErr;
                this.log.error({ activityId: row.id }, 'activity row dropped: a value the database cannot store');
              }
              written++;
            }
          }
        }
      } catch (err) {
        const unwritten = batch.slice(written);
        const kept = unwritten.concat(this.buffer).slice(-MAX_BUFFERED);
        if (kept.length < unwritten.length + this.buffer.length)
          this.log.error({ dropped: unwritten.length + this.buffer.length - kept.length }, 'activity rows dropped');
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

  /** One statement with one array parameter per column (unnest), however many rows: cheap to build and to plan. */
  private async insertMany(rows: ActivityRow[]): Promise<void> {
    const col = (k: keyof ActivityRow) => rows.map((r) => r[k] ?? null);
    const workspaceIds = [...new Set(rows.map((r) => r.workspaceId).filter((w): w is string => !!w))];
    await this.db.query(
      `INSERT INTO activity (id, org_id, workspace_id, api_key_id, end_user_id, end_user_external_id, source, integration_name,
         integration_alias, action_name, connection_id, mcp_server_id, trigger_source_id, approval_id, status, error_code,
         error_message, duration_ms, created_at, trace_id)
       SELECT u.* FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::uuid[], $6::text[], $7::text[], $8::text[], $9::text[],
         $10::text[], $11::uuid[], $12::uuid[], $13::uuid[], $14::text[], $15::text[], $16::text[], $17::text[], $18::int[], $19::timestamptz[],
         $20::text[])
         AS u(id, org_id, workspace_id, api_key_id, end_user_id, end_user_external_id, source, integration_name, integration_alias,
              action_name, connection_id, mcp_server_id, trigger_source_id, approval_id, status, error_code, error_message, duration_ms, created_at,
              trace_id)
       -- no foreign keys (0013): rows of a workspace deleted meanwhile are dropped here
       WHERE u.workspace_id IS NULL OR u.workspace_id IN (SELECT id FROM workspaces WHERE id = ANY($21::uuid[]))`,
      [
        col('id'),
        col('orgId'),
        col('workspaceId'),
        col('apiKeyId'),
        col('endUserId'),
        col('endUserExternalId'),
        col('source'),
        col('integrationName'),
        col('integrationAlias'),
        col('actionName'),
        col('connectionId'),
        col('mcpServerId'),
        col('triggerSourceId'),
        col('approvalId'),
        col('status'),
        col('errorCode'),
        col('errorMessage'),
        col('durationMs'),
        rows.map((r) => (r.createdAt instanceof Date ? r.createdAt.toISOString() : String(r.createdAt))),
        col('traceId'),
        workspaceIds,
      ],
    );
  }

  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
  }
}
