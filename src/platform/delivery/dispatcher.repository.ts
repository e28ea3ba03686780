import { sql, type SQL } from 'drizzle-orm';
import { arrayParam as arr, queryRows, type Executor } from '../db/database.js';
import { webhookDeliveryAttempts } from '../db/schema.js';
import { streamLock, toDate, type DeliveryStatus } from './delivery.repository.js';

// The dispatcher's SQL: claim due deliveries for an attempt, record what came back, recover abandoned attempts.

/** A delivery claimed for one attempt: what the sender needs. */
export interface Claimed {
  id: string;
  orgId: string;
  /** The producing module ('trigger', 'approval', …): a metrics label. */
  producer: string;
  streamKey: string | null;
  streamSeq: number;
  url: string;
  headers: string;
  body: string;
  sign: boolean;
  attempt: number;
  roundAttempts: number;
  maxAttempts: number;
  startedAt: Date;
}

const CLAIMED_COLUMNS = sql.raw(
  'w.id, w.org_id, w.producer, w.stream_key, w.stream_seq, w.url, w.headers, w.body, w.sign, w.attempts, w.round_attempts, w.max_attempts, w.last_attempt_at',
);
const claimSet = (leaseMs: number): SQL =>
  sql`status = 'sending', attempts = w.attempts + 1, round_attempts = w.round_attempts + 1,
      lease_until = now() + ${leaseMs}::double precision * interval '1 millisecond', last_attempt_at = now(), updated_at = now()`;

const toClaimed = (r: Record<string, unknown>): Claimed => ({
  id: String(r.id),
  orgId: String(r.org_id),
  producer: String(r.producer),
  streamKey: typeof r.stream_key === 'string' ? r.stream_key : null,
  streamSeq: Number(r.stream_seq),
  url: String(r.url),
  headers: String(r.headers),
  body: String(r.body),
  sign: Boolean(r.sign),
  attempt: Number(r.attempts),
  roundAttempts: Number(r.round_attempts),
  maxAttempts: Number(r.max_attempts),
  startedAt: toDate(r.last_attempt_at),
});

/** Streams whose first open delivery is pending and due, oldest due first, each locked for this transaction. */
async function lockDueStreams(tx: Executor, limit: number): Promise<Array<{ orgId: string; streamKey: string }>> {
  // A loose index scan over the streams with open deliveries (one probe per stream, however long its backlog),
  // then each stream's head: a stream is due when its head is pending and due (nothing of it is being sent).
  const rows = await queryRows<{ org_id: string; stream_key: string }>(
    tx,
    sql`WITH RECURSIVE streams AS (
          (SELECT org_id, stream_key FROM webhook_deliveries
            WHERE status IN ('pending', 'sending') AND stream_key IS NOT NULL
            ORDER BY org_id, stream_key LIMIT 1)
          UNION ALL
          SELECT n.org_id, n.stream_key FROM streams s CROSS JOIN LATERAL (
            SELECT w.org_id, w.stream_key FROM webhook_deliveries w
             WHERE w.status IN ('pending', 'sending') AND w.stream_key IS NOT NULL AND (w.org_id, w.stream_key) > (s.org_id, s.stream_key)
             ORDER BY w.org_id, w.stream_key LIMIT 1) n),
        heads AS (
          SELECT s.org_id, s.stream_key FROM streams s CROSS JOIN LATERAL (
            SELECT w.status, w.next_attempt_at FROM webhook_deliveries w
             WHERE w.org_id = s.org_id AND w.stream_key = s.stream_key AND w.status IN ('pending', 'sending')
             ORDER BY w.stream_seq LIMIT 1) h
          WHERE h.status = 'pending' AND h.next_attempt_at <= now()
          ORDER BY h.next_attempt_at LIMIT ${limit}::integer)
        SELECT org_id, stream_key FROM heads WHERE pg_try_advisory_xact_lock(${streamLock(sql`org_id::text`, sql`stream_key`)})`,
  );
  return rows.map((r) => ({ orgId: String(r.org_id), streamKey: String(r.stream_key) }));
}

/**
 * Claims due deliveries for one attempt each (any node), as batches: per due stream, up to `batchSize` of its
 * deliveries in stream order (the run of pending, due ones from its head); and deliveries without a stream, one per
 * batch (SKIP LOCKED). A stream is claimed under its advisory lock and only when nothing of it is being sent, so a
 * stream has one batch in flight at a time, anywhere, and its batch is sent in order. At most `maxBatches` batches.
 * Looking everywhere costs a probe per stream with open deliveries; a claim woken by NOTIFY looks only where it says.
 */
export interface ClaimScope {
  /** Look for due streams everywhere (else only in `streams`). */
  everywhere: boolean;
  /** Streams known to have new work (`<orgId>:<streamKey>`), claimed when they are due. */
  streams: string[];
  /** Claim deliveries without a stream (always when `everywhere`). */
  unstreamed: boolean;
  /** Which kind goes first; alternated by the caller so neither keeps the other waiting. */
  streamsFirst: boolean;
}

/** Locks those of the given streams no other claimer holds now. */
async function lockStreams(tx: Executor, keys: string[], limit: number): Promise<Array<{ orgId: string; streamKey: string }>> {
  const parsed = keys.slice(0, limit).map((k) => {
    const at = k.indexOf(':');
    return { orgId: k.slice(0, at), streamKey: k.slice(at + 1) };
  });
  if (parsed.length === 0) return [];
  const rows = await queryRows<{ org_id: string; stream_key: string }>(
    tx,
    sql`SELECT org_id, stream_key FROM (VALUES ${sql.join(
      parsed.map((s) => sql`(${s.orgId}::text, ${s.streamKey}::text)`),
      sql`, `,
    )}) AS s(org_id, stream_key)
         WHERE pg_try_advisory_xact_lock(${streamLock(sql`org_id`, sql`stream_key`)})`,
  );
  return rows.map((r) => ({ orgId: String(r.org_id), streamKey: String(r.stream_key) }));
}

export async function claimDue(
  db: Executor,
  maxBatches: number,
  batchSize: number,
  leaseMs: number,
  scope: ClaimScope,
): Promise<Claimed[][]> {
  return db.transaction(async (tx) => {
    const batches: Claimed[][] = [];
    const claimStreams = async (limit: number) => {
      if (limit <= 0) return;
      const streams = scope.everywhere ? await lockDueStreams(tx, limit) : await lockStreams(tx, scope.streams, limit);
      if (streams.length === 0) return;
      // A new statement (a snapshot taken after the locks): what another claimer committed before is visible.
      const rows = await queryRows<Record<string, unknown>>(
        tx,
        sql`WITH s(org_id, stream_key) AS (VALUES ${sql.join(
          streams.map((s) => sql`(${s.orgId}::uuid, ${s.streamKey}::text)`),
          sql`, `,
        )}),
            h AS (
              SELECT d.id, bool_and(d.status = 'pending' AND d.next_attempt_at <= now())
                       OVER (PARTITION BY s.org_id, s.stream_key ORDER BY d.stream_seq) AS ok
                FROM s CROSS JOIN LATERAL (
                  SELECT w.id, w.status, w.next_attempt_at, w.stream_seq FROM webhook_deliveries w
                   WHERE w.org_id = s.org_id AND w.stream_key = s.stream_key AND w.status IN ('pending', 'sending')
                   ORDER BY w.stream_seq LIMIT ${batchSize}::integer) d)
            UPDATE webhook_deliveries w SET ${claimSet(leaseMs)}
              FROM h WHERE w.id = h.id AND h.ok AND w.status = 'pending'
            RETURNING ${CLAIMED_COLUMNS}`,
      );
      const byStream = new Map<string, Claimed[]>();
      for (const c of rows.map(toClaimed)) {
        const key = `${c.orgId}:${c.streamKey}`;
        byStream.set(key, [...(byStream.get(key) ?? []), c]);
      }
      for (const list of byStream.values()) batches.push(list.sort((a, b) => a.streamSeq - b.streamSeq));
    };
    const claimSingles = async (limit: number) => {
      if (limit <= 0 || !(scope.everywhere || scope.unstreamed)) return;
      const rows = await queryRows<Record<string, unknown>>(
        tx,
        sql`WITH due AS (
              SELECT id FROM webhook_deliveries
               WHERE status = 'pending' AND stream_key IS NULL AND next_attempt_at <= now()
               ORDER BY next_attempt_at LIMIT ${limit}::integer
               FOR UPDATE SKIP LOCKED)
            UPDATE webhook_deliveries w SET ${claimSet(leaseMs)}
              FROM due WHERE w.id = due.id
            RETURNING ${CLAIMED_COLUMNS}`,
      );
      for (const c of rows.map(toClaimed)) batches.push([c]);
    };
    if (scope.streamsFirst) {
      await claimStreams(maxBatches);
      await claimSingles(maxBatches - batches.length);
    } else {
      await claimSingles(maxBatches);
      await claimStreams(maxBatches - batches.length);
    }
    const claimed = batches.flat();
    if (claimed.length > 0) {
      await tx
        .insert(webhookDeliveryAttempts)
        .values(
          claimed.map((c) => ({ deliveryId: c.id, attempt: c.attempt, orgId: c.orgId, url: c.url, startedAt: c.startedAt })),
        );
    }
    return batches;
  });
}

export interface AttemptOutcome {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  responseExcerpt?: string | null;
}

/** A claimed delivery that was sent: what came back, and what happens to it next. */
export interface Finished {
  c: Claimed;
  outcome: AttemptOutcome;
  startedAt: Date;
  finishedAt: Date;
  next: { status: DeliveryStatus; retryInMs: number };
}

/**
 * Records the outcome of a batch, in one transaction. A delivery moves on only if it is still this attempt's (status
 * sending, same attempt number): a delivery canceled meanwhile stays canceled, one whose lease was taken over is left
 * alone. `unsent` are claimed deliveries the batch stopped before (an earlier one failed, or the batch ran out of
 * time): their claim is undone (no attempt happened), and they are due again behind the failed one.
 */
export async function finishBatch(db: Executor, sent: Finished[], unsent: Claimed[]): Promise<void> {
  if (sent.length === 0 && unsent.length === 0) return;
  await db.transaction(async (tx) => {
    if (sent.length > 0) {
      const values = sql`unnest(
          ${arr(sent.map((f) => f.c.id))}::uuid[], ${arr(sent.map((f) => f.c.attempt))}::integer[],
          ${arr(sent.map((f) => f.startedAt.toISOString()))}::timestamptz[], ${arr(sent.map((f) => f.finishedAt.toISOString()))}::timestamptz[],
          ${arr(sent.map((f) => f.outcome.statusCode))}::integer[], ${arr(sent.map((f) => f.outcome.error))}::text[],
          ${arr(sent.map((f) => f.outcome.durationMs))}::integer[], ${arr(sent.map((f) => f.next.status))}::text[],
          ${arr(sent.map((f) => f.next.retryInMs))}::double precision[], ${arr(sent.map((f) => f.outcome.responseExcerpt ?? null))}::text[])
        AS v(id, attempt, started_at, finished_at, status_code, error, duration_ms, next_status, retry_ms, response_excerpt)`;
      await tx.execute(sql`
        UPDATE webhook_delivery_attempts a
           SET started_at = v.started_at, finished_at = v.finished_at, status_code = v.status_code, error = v.error, duration_ms = v.duration_ms,
               response_excerpt = v.response_excerpt
          FROM ${values}
         WHERE a.delivery_id = v.id AND a.attempt = v.attempt`);
      await tx.execute(sql`
        UPDATE webhook_deliveries w
           SET last_status_code = v.status_code, last_error = v.error, updated_at = now(),
               status = CASE WHEN w.status = 'sending' THEN v.next_status ELSE w.status END,
               lease_until = CASE WHEN w.status = 'sending' THEN NULL ELSE w.lease_until END,
               next_attempt_at = CASE WHEN w.status = 'sending' THEN now() + v.retry_ms * interval '1 millisecond' ELSE w.next_attempt_at END,
               delivered_at = CASE WHEN w.status = 'sending' AND v.next_status = 'delivered' THEN v.finished_at ELSE w.delivered_at END,
               -- Both ends are when the last attempt finished, so a stream's next event never "starts before" it.
               dead_at = CASE WHEN w.status = 'sending' AND v.next_status = 'dead' THEN v.finished_at ELSE w.dead_at END
          FROM ${values}
         WHERE w.id = v.id AND w.attempts = v.attempt`);
    }
    if (unsent.length > 0) {
      const values = sql`unnest(${arr(unsent.map((c) => c.id))}::uuid[], ${arr(unsent.map((c) => c.attempt))}::integer[]) AS v(id, attempt)`;
      await tx.execute(sql`
        DELETE FROM webhook_delivery_attempts a USING ${values}
         WHERE a.delivery_id = v.id AND a.attempt = v.attempt`);
      await tx.execute(sql`
        UPDATE webhook_deliveries w
           SET attempts = w.attempts - 1, round_attempts = greatest(w.round_attempts - 1, 0),
               status = CASE WHEN w.status = 'sending' THEN 'pending' ELSE w.status END,
               lease_until = CASE WHEN w.status = 'sending' THEN NULL ELSE w.lease_until END,
               last_attempt_at = (SELECT max(a.started_at) FROM webhook_delivery_attempts a WHERE a.delivery_id = w.id),
               updated_at = now()
          FROM ${values}
         WHERE w.id = v.id AND w.attempts = v.attempt`);
    }
  });
}

/**
 * Deliveries whose node died mid-attempt (lease expired): the attempt is recorded as interrupted and the delivery
 * is due again at once (or dead when it has used its attempts). Attempts left open by a dead node are closed too.
 */
export async function recoverExpired(db: Executor, staleAttemptMs: number): Promise<number> {
  const reason = 'interrupted: the node sending it stopped before an answer was recorded';
  return db.transaction(async (tx) => {
    const rows = await queryRows<{ id: string }>(
      tx,
      sql`WITH expired AS (
            SELECT id FROM webhook_deliveries WHERE status = 'sending' AND lease_until < now() FOR UPDATE SKIP LOCKED)
          UPDATE webhook_deliveries d
             SET status = CASE WHEN d.round_attempts >= d.max_attempts THEN 'dead' ELSE 'pending' END,
                 dead_at = CASE WHEN d.round_attempts >= d.max_attempts THEN now() ELSE NULL END,
                 next_attempt_at = now(), lease_until = NULL, last_status_code = NULL, last_error = ${reason}, updated_at = now()
            FROM expired WHERE d.id = expired.id
          RETURNING d.id`,
    );
    await tx.execute(sql`
      UPDATE webhook_delivery_attempts SET finished_at = now(), error = ${reason}
       WHERE finished_at IS NULL AND started_at < now() - ${staleAttemptMs}::double precision * interval '1 millisecond'`);
    return rows.length;
  });
}
