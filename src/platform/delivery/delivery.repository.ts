import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/database.js';
import { webhookDeliveries, webhookDeliveryAttempts } from '../db/schema.js';

export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookDeliveryAttempts.$inferSelect;
export type DeliveryStatus = 'pending' | 'sending' | 'delivered' | 'dead' | 'canceled';

export const NOTIFY_CHANNEL = 'switchboard_delivery';
/** Key-rotation purpose of the encrypted producer headers (see ENCRYPTED_COLUMNS). */
export const DELIVERY_HEADERS_PURPOSE = 'delivery_headers';

/** A delivery claimed for one attempt: what the sender needs. */
export interface Claimed {
  id: string;
  orgId: string;
  url: string;
  headers: string;
  body: string;
  sign: boolean;
  attempt: number;
  roundAttempts: number;
  maxAttempts: number;
  startedAt: Date;
}

const toDate = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));

/**
 * Inserts a delivery in the caller's transaction. A stream's sequence number is taken under a transaction-scoped
 * advisory lock on the stream, so within a stream sequence order is commit order. The NOTIFY is sent on commit.
 */
export async function insertDelivery(tx: Executor, row: Omit<typeof webhookDeliveries.$inferInsert, 'streamSeq'>): Promise<void> {
  if (row.streamKey) {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`${row.orgId}:${row.streamKey}`}, 7))`);
  }
  const [seq] = await queryRows<{ seq: string | number }>(tx, sql`SELECT nextval('webhook_delivery_seq') AS seq`);
  await tx.insert(webhookDeliveries).values({ ...row, streamSeq: Number(seq!.seq) });
  await tx.execute(sql`SELECT pg_notify(${NOTIFY_CHANNEL}, '')`);
}

/**
 * Claims up to `limit` due deliveries for one attempt each (any node; SKIP LOCKED). A delivery in a stream is due only
 * when no earlier delivery of its stream is still pending or being sent, so a stream goes out one at a time, in order.
 */
export async function claimDue(db: Executor, limit: number, leaseMs: number): Promise<Claimed[]> {
  return db.transaction(async (tx) => {
    const rows = await queryRows<Record<string, unknown>>(
      tx,
      sql`WITH due AS (
            SELECT d.id FROM webhook_deliveries d
            WHERE d.status = 'pending' AND d.next_attempt_at <= now()
              AND (d.stream_key IS NULL OR NOT EXISTS (
                SELECT 1 FROM webhook_deliveries p
                WHERE p.org_id = d.org_id AND p.stream_key = d.stream_key AND p.stream_seq < d.stream_seq
                  AND p.status IN ('pending', 'sending')))
            ORDER BY d.next_attempt_at, d.stream_seq
            LIMIT ${limit}::integer
            FOR UPDATE SKIP LOCKED)
          UPDATE webhook_deliveries w
             SET status = 'sending', attempts = w.attempts + 1, round_attempts = w.round_attempts + 1,
                 lease_until = now() + ${leaseMs}::double precision * interval '1 millisecond', last_attempt_at = now(), updated_at = now()
            FROM due WHERE w.id = due.id
          RETURNING w.id, w.org_id, w.url, w.headers, w.body, w.sign, w.attempts, w.round_attempts, w.max_attempts, w.last_attempt_at`,
    );
    const claimed = rows.map((r) => ({
      id: String(r.id),
      orgId: String(r.org_id),
      url: String(r.url),
      headers: String(r.headers),
      body: String(r.body),
      sign: Boolean(r.sign),
      attempt: Number(r.attempts),
      roundAttempts: Number(r.round_attempts),
      maxAttempts: Number(r.max_attempts),
      startedAt: toDate(r.last_attempt_at),
    }));
    if (claimed.length > 0) {
      await tx.insert(webhookDeliveryAttempts).values(
        claimed.map((c) => ({ deliveryId: c.id, attempt: c.attempt, orgId: c.orgId, url: c.url, startedAt: c.startedAt })),
      );
    }
    return claimed;
  });
}

export interface AttemptOutcome {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/**
 * Records an attempt's outcome. The delivery moves on only if it is still this attempt's (status sending, same
 * attempt number): a delivery canceled meanwhile stays canceled, one whose lease was taken over is left alone.
 */
export async function finishAttempt(db: Executor, c: Claimed, outcome: AttemptOutcome, next: { status: DeliveryStatus; retryInMs: number }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(webhookDeliveryAttempts)
      .set({ finishedAt: new Date(), statusCode: outcome.statusCode, error: outcome.error, durationMs: outcome.durationMs })
      .where(and(eq(webhookDeliveryAttempts.deliveryId, c.id), eq(webhookDeliveryAttempts.attempt, c.attempt)));
    await tx.execute(sql`
      UPDATE webhook_deliveries
         SET last_status_code = ${outcome.statusCode}, last_error = ${outcome.error}, updated_at = now(),
             status = CASE WHEN status = 'sending' THEN ${next.status}::text ELSE status END,
             lease_until = CASE WHEN status = 'sending' THEN NULL ELSE lease_until END,
             next_attempt_at = CASE WHEN status = 'sending' THEN now() + ${next.retryInMs}::double precision * interval '1 millisecond' ELSE next_attempt_at END,
             delivered_at = CASE WHEN status = 'sending' AND ${next.status}::text = 'delivered' THEN now() ELSE delivered_at END,
             dead_at = CASE WHEN status = 'sending' AND ${next.status}::text = 'dead' THEN now() ELSE dead_at END
       WHERE id = ${c.id} AND attempts = ${c.attempt}`);
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

/** Cancels what is still to be sent in a stream (in the caller's transaction); returns how many. */
export async function cancelStream(tx: Executor, orgId: string, streamKey: string): Promise<number> {
  const rows = await tx
    .update(webhookDeliveries)
    .set({ status: 'canceled', leaseUntil: null, updatedAt: new Date() })
    .where(and(eq(webhookDeliveries.orgId, orgId), eq(webhookDeliveries.streamKey, streamKey), inArray(webhookDeliveries.status, ['pending', 'sending'])))
    .returning({ id: webhookDeliveries.id });
  return rows.length;
}

/** Attempts of a stream still waiting for an answer (started within `withinMs`). */
export async function openAttemptsInStream(db: Executor, orgId: string, streamKey: string, withinMs: number): Promise<number> {
  const [r] = await queryRows<{ n: string | number }>(
    db,
    sql`SELECT count(*) AS n FROM webhook_delivery_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id
         WHERE d.org_id = ${orgId} AND d.stream_key = ${streamKey} AND a.finished_at IS NULL
           AND a.started_at > now() - ${withinMs}::double precision * interval '1 millisecond'`,
  );
  return Number(r?.n ?? 0);
}

export async function findDelivery(db: Executor, orgId: string, id: string): Promise<DeliveryRow | null> {
  const [r] = await db.select().from(webhookDeliveries).where(and(eq(webhookDeliveries.orgId, orgId), eq(webhookDeliveries.id, id)));
  return r ?? null;
}

export async function deliveriesByIds(db: Executor, orgId: string, ids: string[]): Promise<DeliveryRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(webhookDeliveries).where(and(eq(webhookDeliveries.orgId, orgId), inArray(webhookDeliveries.id, ids)));
}

export async function deliveriesBySubject(db: Executor, orgId: string, producer: string, subjectIds: string[]): Promise<DeliveryRow[]> {
  if (subjectIds.length === 0) return [];
  return db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.orgId, orgId), eq(webhookDeliveries.producer, producer), inArray(webhookDeliveries.subjectId, subjectIds)))
    .orderBy(asc(webhookDeliveries.streamSeq));
}

export async function attemptsOf(db: Executor, orgId: string, deliveryIds: string[]): Promise<AttemptRow[]> {
  if (deliveryIds.length === 0) return [];
  return db
    .select()
    .from(webhookDeliveryAttempts)
    .where(and(eq(webhookDeliveryAttempts.orgId, orgId), inArray(webhookDeliveryAttempts.deliveryId, deliveryIds)))
    .orderBy(asc(webhookDeliveryAttempts.deliveryId), asc(webhookDeliveryAttempts.attempt));
}

/**
 * Arms a delivery again for a fresh round of attempts (a replay). A delivery still waiting for a retry is made due
 * now; one being sent is left as it is. Returns false when the delivery does not exist.
 */
export async function rearm(db: Executor, orgId: string, id: string, maxAttempts: number): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`UPDATE webhook_deliveries
           SET status = CASE WHEN status = 'sending' THEN status ELSE 'pending' END,
               round_attempts = CASE WHEN status IN ('sending', 'pending') THEN round_attempts ELSE 0 END,
               max_attempts = CASE WHEN status IN ('sending', 'pending') THEN max_attempts ELSE ${maxAttempts}::integer END,
               next_attempt_at = CASE WHEN status = 'sending' THEN next_attempt_at ELSE now() END,
               dead_at = NULL, updated_at = now()
         WHERE org_id = ${orgId} AND id = ${id}
         RETURNING id`,
  );
  if (rows.length > 0) await db.execute(sql`SELECT pg_notify(${NOTIFY_CHANNEL}, '')`);
  return rows.length > 0;
}

/** When a stream last had a delivery acknowledged. */
export async function lastDeliveredInStreams(db: Executor, orgId: string, streamKeys: string[]): Promise<Map<string, Date>> {
  if (streamKeys.length === 0) return new Map();
  const rows = await queryRows<{ stream_key: string; at: unknown }>(
    db,
    sql`SELECT stream_key, max(delivered_at) AS at FROM webhook_deliveries
         WHERE org_id = ${orgId} AND stream_key IN (${sql.join(streamKeys.map((k) => sql`${k}`), sql`, `)}) AND delivered_at IS NOT NULL
         GROUP BY stream_key`,
  );
  return new Map(rows.filter((r) => r.at !== null).map((r) => [r.stream_key, toDate(r.at)]));
}

/** Removes finished deliveries (delivered, dead, canceled) last touched before `before`; returns how many. */
export async function purgeFinished(db: Executor, before: Date): Promise<number> {
  const rows = await db
    .delete(webhookDeliveries)
    .where(and(inArray(webhookDeliveries.status, ['delivered', 'dead', 'canceled']), lt(webhookDeliveries.updatedAt, before)))
    .returning({ id: webhookDeliveries.id });
  return rows.length;
}
