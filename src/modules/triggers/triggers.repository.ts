import { and, asc, count, desc, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import { arrayParam, queryRows, type Executor } from '../../platform/db/database.js';
import { triggerAppListeners, triggerEvents, triggerSources, webhookDeliveries } from '../../platform/db/schema.js';

export type SourceRow = typeof triggerSources.$inferSelect;
export type EventRow = typeof triggerEvents.$inferSelect;

export async function insertSource(db: Executor, row: typeof triggerSources.$inferInsert): Promise<SourceRow> {
  const [r] = await db.insert(triggerSources).values(row).returning();
  return r!;
}

export async function findSource(db: Executor, orgId: string, id: string): Promise<SourceRow | null> {
  const [r] = await db
    .select()
    .from(triggerSources)
    .where(and(eq(triggerSources.orgId, orgId), eq(triggerSources.id, id)));
  return r ?? null;
}

/** Inbound webhooks know only the source id (the URL is the capability); the organization comes from the row. */
export async function findSourceById(db: Executor, id: string): Promise<SourceRow | null> {
  const [r] = await db.select().from(triggerSources).where(eq(triggerSources.id, id));
  return r ?? null;
}

/** Locks the source for the rest of the transaction (event recording and disabling serialise on it). */
export async function lockSource(tx: Executor, orgId: string, id: string): Promise<SourceRow | null> {
  const [r] = await tx
    .select()
    .from(triggerSources)
    .where(and(eq(triggerSources.orgId, orgId), eq(triggerSources.id, id)))
    .for('update');
  return r ?? null;
}

/**
 * Locks several sources for the rest of the transaction, in id order (so two transactions locking overlapping sets
 * never wait for each other in a cycle); those of another organization than the one named are left out.
 */
export async function lockSources(tx: Executor, keys: Array<{ orgId: string; id: string }>): Promise<SourceRow[]> {
  const rows = await tx
    .select()
    .from(triggerSources)
    .where(
      inArray(
        triggerSources.id,
        keys.map((k) => k.id),
      ),
    )
    .orderBy(asc(triggerSources.id))
    .for('update');
  return rows.filter((r) => keys.some((k) => k.id === r.id && k.orgId === r.orgId));
}

/** Several sources took events: their counters move to `eventCount`, and their last event is `at` (one statement). */
export async function sourcesTookEvents(tx: Executor, rows: Array<{ id: string; eventCount: number }>, at: Date): Promise<void> {
  await tx.execute(sql`
    UPDATE trigger_sources s SET event_count = v.event_count, last_event_at = ${at.toISOString()}::timestamptz, updated_at = ${at.toISOString()}::timestamptz
      FROM unnest(${arrayParam(rows.map((r) => r.id))}::uuid[], ${arrayParam(rows.map((r) => r.eventCount))}::bigint[]) AS v(id, event_count)
     WHERE s.id = v.id`);
}

export async function updateSource(
  db: Executor,
  orgId: string,
  id: string,
  patch: Partial<typeof triggerSources.$inferInsert>,
): Promise<void> {
  await db
    .update(triggerSources)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(triggerSources.orgId, orgId), eq(triggerSources.id, id)));
}

export async function deleteSource(db: Executor, orgId: string, id: string): Promise<void> {
  await db.delete(triggerSources).where(and(eq(triggerSources.orgId, orgId), eq(triggerSources.id, id)));
}

export interface SourceFilter {
  workspaceId?: string;
  /** null: every workspace of the organization. */
  onlyWorkspaces: string[] | null;
  includeDisabled: boolean;
  /** Also sources still being enabled (PENDING); never shown by the API. */
  includePending?: boolean;
  integrationName?: string;
}

function where(orgId: string, f: SourceFilter): SQL {
  const parts: SQL[] = [eq(triggerSources.orgId, orgId)];
  parts.push(
    inArray(triggerSources.status, [
      'ACTIVE',
      ...(f.includeDisabled ? ['DISABLED'] : []),
      ...(f.includePending ? ['PENDING'] : []),
    ]),
  );
  if (f.workspaceId) parts.push(eq(triggerSources.workspaceId, f.workspaceId));
  if (f.onlyWorkspaces) parts.push(f.onlyWorkspaces.length ? inArray(triggerSources.workspaceId, f.onlyWorkspaces) : sql`false`);
  if (f.integrationName) parts.push(eq(triggerSources.integrationName, f.integrationName));
  return and(...parts)!;
}

export async function listSources(
  db: Executor,
  orgId: string,
  f: SourceFilter,
  limit: number,
  offset: number,
): Promise<SourceRow[]> {
  return db
    .select()
    .from(triggerSources)
    .where(where(orgId, f))
    .orderBy(desc(triggerSources.createdAt), desc(triggerSources.id))
    .limit(limit)
    .offset(offset);
}

export async function countSources(db: Executor, orgId: string, f: SourceFilter): Promise<number> {
  const [r] = await db.select({ n: count() }).from(triggerSources).where(where(orgId, f));
  return r?.n ?? 0;
}

export async function replaceListeners(
  tx: Executor,
  sourceId: string,
  integrationName: string,
  listeners: Array<{ events: string[]; identifierValue: string }>,
): Promise<void> {
  await tx.delete(triggerAppListeners).where(eq(triggerAppListeners.sourceId, sourceId));
  const rows = new Map<string, typeof triggerAppListeners.$inferInsert>();
  for (const l of listeners)
    for (const event of l.events)
      rows.set(`${event}\u0000${l.identifierValue}`, { sourceId, integrationName, event, identifierValue: l.identifierValue });
  if (rows.size > 0) await tx.insert(triggerAppListeners).values([...rows.values()]);
}

export async function deleteListeners(tx: Executor, sourceId: string): Promise<void> {
  await tx.delete(triggerAppListeners).where(eq(triggerAppListeners.sourceId, sourceId));
}

/** Active sources listening for an app event (APP_WEBHOOK routing), oldest first. */
export async function listenersFor(
  db: Executor,
  integrationName: string,
  event: string,
  identifierValue: string,
): Promise<SourceRow[]> {
  const rows = await db
    .select({ source: triggerSources })
    .from(triggerAppListeners)
    .innerJoin(triggerSources, eq(triggerSources.id, triggerAppListeners.sourceId))
    .where(
      and(
        eq(triggerAppListeners.integrationName, integrationName),
        eq(triggerAppListeners.event, event),
        eq(triggerAppListeners.identifierValue, identifierValue),
        inArray(triggerSources.status, ['ACTIVE', 'PENDING']),
      ),
    )
    .orderBy(triggerSources.createdAt);
  return rows.map((r) => r.source);
}

/** A recorded event (its delivery is inserted beside it). */
export interface NewEvent {
  id: string;
  orgId: string;
  sourceId: string;
  seq: number;
  origin: string;
  createdAt: Date;
}

/** Inserts events in one statement, with one array parameter per column. */
export async function insertEvents(tx: Executor, rows: NewEvent[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`
    INSERT INTO trigger_events (id, org_id, source_id, seq, origin, created_at)
    SELECT * FROM unnest(${arrayParam(rows.map((r) => r.id))}::uuid[], ${arrayParam(rows.map((r) => r.orgId))}::uuid[],
                         ${arrayParam(rows.map((r) => r.sourceId))}::uuid[], ${arrayParam(rows.map((r) => r.seq))}::bigint[],
                         ${arrayParam(rows.map((r) => r.origin))}::text[], ${arrayParam(rows.map((r) => r.createdAt.toISOString()))}::timestamptz[])`);
}

export async function findEvent(db: Executor, orgId: string, sourceId: string, id: string): Promise<EventRow | null> {
  const [r] = await db
    .select()
    .from(triggerEvents)
    .where(and(eq(triggerEvents.orgId, orgId), eq(triggerEvents.sourceId, sourceId), eq(triggerEvents.id, id)));
  return r ?? null;
}

/** Which of a source's events: by their delivery's status, and created within [from, to]. */
export interface EventFilter {
  status?: string;
  from?: Date;
  to?: Date;
}

function eventWhere(orgId: string, sourceId: string, f: EventFilter): SQL {
  const parts: SQL[] = [eq(triggerEvents.orgId, orgId), eq(triggerEvents.sourceId, sourceId)];
  if (f.status) parts.push(eq(webhookDeliveries.status, f.status));
  if (f.from) parts.push(gte(triggerEvents.createdAt, f.from));
  if (f.to) parts.push(lte(triggerEvents.createdAt, f.to));
  return and(...parts)!;
}

/** A source's events, newest first (optionally only those whose delivery has a status, or within a time range). */
export async function listEvents(
  db: Executor,
  orgId: string,
  sourceId: string,
  f: EventFilter,
  limit: number,
  offset: number,
): Promise<EventRow[]> {
  const rows = await db
    .select({ event: triggerEvents })
    .from(triggerEvents)
    .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, triggerEvents.id))
    .where(eventWhere(orgId, sourceId, f))
    .orderBy(desc(triggerEvents.seq))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => r.event);
}

/** The ids of a source's events matching `f`, oldest first (source order), at most `limit`. */
export async function eventIdsInOrder(db: Executor, orgId: string, sourceId: string, f: EventFilter, limit: number) {
  const rows = await db
    .select({ id: triggerEvents.id })
    .from(triggerEvents)
    .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, triggerEvents.id))
    .where(eventWhere(orgId, sourceId, f))
    .orderBy(asc(triggerEvents.seq))
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function countEvents(db: Executor, orgId: string, sourceId: string, f: EventFilter): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(triggerEvents)
    .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, triggerEvents.id))
    .where(eventWhere(orgId, sourceId, f));
  return r?.n ?? 0;
}

/**
 * Claims up to `limit` polling sources that are due and not being polled (any node; SKIP LOCKED): each gets a lease
 * and a fresh poll token, and its next due time moves one interval on, so a source is polled once per interval.
 */
export async function claimDuePolls(
  db: Executor,
  limit: number,
  leaseMs: number,
  minuteMs: number,
): Promise<Array<{ id: string; orgId: string; token: string }>> {
  const rows = await queryRows<{ id: string; org_id: string; poll_token: string }>(
    db,
    sql`WITH due AS (
          SELECT id FROM trigger_sources
           WHERE status = 'ACTIVE' AND trigger_type = 'POLLING' AND NOT simulate AND next_poll_at <= now()
             AND (poll_lease_until IS NULL OR poll_lease_until < now())
           ORDER BY next_poll_at
           LIMIT ${limit}::integer
           FOR UPDATE SKIP LOCKED)
        UPDATE trigger_sources s
           SET poll_token = gen_random_uuid(),
               poll_lease_until = now() + ${leaseMs}::double precision * interval '1 millisecond',
               next_poll_at = now() + (s.polling_interval_minutes * ${minuteMs}::double precision) * interval '1 millisecond'
          FROM due WHERE s.id = due.id
        RETURNING s.id, s.org_id, s.poll_token`,
  );
  return rows.map((r) => ({ id: r.id, orgId: r.org_id, token: r.poll_token }));
}

/**
 * Ends a poll that failed: the lease goes, the error is kept and counted; only the poll holding the token may.
 * Returns the polls failed in a row now (null when the lease was no longer this poll's).
 */
export async function failPoll(db: Executor, orgId: string, id: string, token: string, error: string): Promise<number | null> {
  const [r] = await db
    .update(triggerSources)
    .set({
      pollLeaseUntil: null,
      pollToken: null,
      lastPolledAt: new Date(),
      lastError: error,
      lastErrorAt: new Date(),
      consecutiveFailures: sql`${triggerSources.consecutiveFailures} + 1`,
    })
    .where(and(eq(triggerSources.orgId, orgId), eq(triggerSources.id, id), eq(triggerSources.pollToken, token)))
    .returning({ failures: triggerSources.consecutiveFailures });
  return r?.failures ?? null;
}

/**
 * Sources left PENDING by an enable that never finished (its node died during onEnable): removed, with anything they
 * accepted meanwhile. The caller never got their id. Returns the removed rows (to unregister them at the provider).
 */
export async function removeStalePending(
  db: Executor,
  olderThanMs: number,
  removable: (row: SourceRow) => boolean,
  limit = 20,
): Promise<SourceRow[]> {
  return db.transaction(async (tx) => {
    const found = await tx
      .select()
      .from(triggerSources)
      .where(and(eq(triggerSources.status, 'PENDING'), lt(triggerSources.createdAt, new Date(Date.now() - olderThanMs))))
      .limit(limit)
      .for('update', { skipLocked: true });
    const rows = found.filter(removable);
    if (rows.length > 0)
      await tx.delete(triggerSources).where(
        inArray(
          triggerSources.id,
          rows.map((r) => r.id),
        ),
      );
    return rows;
  });
}
