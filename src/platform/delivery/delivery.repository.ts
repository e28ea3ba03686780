import { and, asc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { arrayParam, queryRows, type Executor } from '../db/database.js';
import { webhookDeliveries, webhookDeliveryAttempts } from '../db/schema.js';

// The outbox's SQL as producers and the API use it: enqueue, cancel, replay, read with history, purge. What the
// dispatcher runs (claim, record the outcome, recover) is in dispatcher.repository.ts.

export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookDeliveryAttempts.$inferSelect;
export type DeliveryStatus = 'pending' | 'sending' | 'delivered' | 'dead' | 'canceled';

export const NOTIFY_CHANNEL = 'switchboard_delivery';
/** NOTIFY payload prefix of a canceled stream (then `<orgId>:<streamKey>`). */
export const CANCEL_PREFIX = 'cancel:';
/** NOTIFY payload prefix of a stream with new work (then `<orgId>:<streamKey>`). */
export const STREAM_PREFIX = 'stream:';
/** NOTIFY payload: new deliveries without a stream. Any other payload (empty): look for due work everywhere. */
export const UNSTREAMED = 'unstreamed';
/** Key-rotation purpose of the encrypted producer headers (see ENCRYPTED_COLUMNS). */
export const DELIVERY_HEADERS_PURPOSE = 'delivery_headers';

/** A timestamp from a raw query: a Date, or its text. */
export const toDate = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));

/** The advisory lock key of a stream: enqueues (blocking) and claims (try) of one stream serialise on it. */
export const streamLock = (orgId: SQL | string, streamKey: SQL | string): SQL =>
  sql`hashtextextended(${orgId} || ':' || ${streamKey}, 7)`;

/** A delivery as a producer enqueues it (the rest of its row starts at the column defaults). */
export interface NewDelivery {
  id: string;
  orgId: string;
  producer: string;
  subjectId: string | null;
  streamKey: string | null;
  url: string;
  /** Sealed (DELIVERY_HEADERS_PURPOSE). */
  headers: string;
  body: string;
  sign: boolean;
  maxAttempts: number;
}

/**
 * Inserts deliveries in the caller's transaction, in one statement. A stream's sequence numbers are taken under a
 * transaction-scoped advisory lock on the stream (taken in a fixed order), so within a stream sequence order is
 * commit order, and rows of one call keep their order. The NOTIFY is sent on commit.
 */
export async function insertDeliveries(tx: Executor, rows: NewDelivery[]): Promise<void> {
  if (rows.length === 0) return;
  const streams = [...new Set(rows.filter((r) => r.streamKey).map((r) => `${r.orgId}:${r.streamKey}`))].sort();
  // One statement before the insert: the stream locks, in order, then the NOTIFY (sent on commit), by which every
  // dispatcher learns which streams have new work (and whether deliveries without a stream do).
  const payloads = [...streams.map((k) => `${STREAM_PREFIX}${k}`), ...(rows.some((r) => !r.streamKey) ? [UNSTREAMED] : [])];
  const locks = streams.map((k) => sql`pg_advisory_xact_lock(hashtextextended(${k}, 7))`);
  const notifies = payloads.map((p) => sql`pg_notify(${NOTIFY_CHANNEL}, ${p})`);
  await tx.execute(sql`SELECT ${sql.join([...locks, ...notifies], sql`, `)}`);
  // One array parameter per column; nextval is taken row by row in the arrays' order (after the sort, as volatile
  // expressions are), so rows of one call keep their order in their stream.
  const col = (k: keyof NewDelivery) => arrayParam(rows.map((r) => r[k]));
  await tx.execute(sql`
    INSERT INTO webhook_deliveries (id, org_id, producer, subject_id, stream_key, stream_seq, url, headers, body, sign, max_attempts)
    SELECT u.id, u.org_id, u.producer, u.subject_id, u.stream_key, nextval('webhook_delivery_seq'), u.url, u.headers, u.body, u.sign,
           u.max_attempts
      FROM unnest(${col('id')}::uuid[], ${col('orgId')}::uuid[], ${col('producer')}::text[], ${col('subjectId')}::text[],
                  ${col('streamKey')}::text[], ${col('url')}::text[], ${col('headers')}::text[], ${col('body')}::text[],
                  ${col('sign')}::boolean[], ${col('maxAttempts')}::integer[])
           WITH ORDINALITY AS u(id, org_id, producer, subject_id, stream_key, url, headers, body, sign, max_attempts, n)
     ORDER BY u.n`);
}

/** Cancels what is still to be sent in a stream (in the caller's transaction); returns how many. */
export async function cancelStream(tx: Executor, orgId: string, streamKey: string): Promise<number> {
  const rows = await tx
    .update(webhookDeliveries)
    .set({ status: 'canceled', leaseUntil: null, updatedAt: new Date() })
    .where(
      and(
        eq(webhookDeliveries.orgId, orgId),
        eq(webhookDeliveries.streamKey, streamKey),
        inArray(webhookDeliveries.status, ['pending', 'sending']),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  // On commit, every node's dispatcher stops a batch of this stream it is sending (see DeliveryDispatcher).
  if (rows.length > 0) await tx.execute(sql`SELECT pg_notify(${NOTIFY_CHANNEL}, ${`${CANCEL_PREFIX}${orgId}:${streamKey}`})`);
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
  const [r] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.orgId, orgId), eq(webhookDeliveries.id, id)));
  return r ?? null;
}

export async function deliveriesByIds(db: Executor, orgId: string, ids: string[]): Promise<DeliveryRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.orgId, orgId), inArray(webhookDeliveries.id, ids)));
}

export async function deliveriesBySubject(
  db: Executor,
  orgId: string,
  producer: string,
  subjectIds: string[],
): Promise<DeliveryRow[]> {
  if (subjectIds.length === 0) return [];
  return db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.orgId, orgId),
        eq(webhookDeliveries.producer, producer),
        inArray(webhookDeliveries.subjectId, subjectIds),
      ),
    )
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
         WHERE org_id = ${orgId} AND stream_key IN (${sql.join(
           streamKeys.map((k) => sql`${k}`),
           sql`, `,
         )}) AND delivered_at IS NOT NULL
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
