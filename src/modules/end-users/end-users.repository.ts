import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.js';
import { connections, endUsers } from '../../platform/db/schema.js';

export type EndUserRow = typeof endUsers.$inferSelect;
export type EndUserWithCount = EndUserRow & { connectionCount: number };

// Written out: drizzle renders a single-table column unqualified, which the subquery would bind to c.id.
const connectionCount = sql<number>`(SELECT count(*)::int FROM connections c WHERE c.end_user_id = end_users.id)`.as(
  'connection_count',
);

function withCount() {
  return { row: endUsers, connectionCount };
}

const flatten = (r: { row: EndUserRow; connectionCount: number }): EndUserWithCount => ({
  ...r.row,
  connectionCount: Number(r.connectionCount),
});

export async function findEndUser(db: Executor, orgId: string, id: string): Promise<EndUserWithCount | null> {
  const [r] = await db
    .select(withCount())
    .from(endUsers)
    .where(and(eq(endUsers.orgId, orgId), eq(endUsers.id, id)))
    .limit(1);
  return r ? flatten(r) : null;
}

export async function findEndUserByExternalId(
  db: Executor,
  orgId: string,
  workspaceId: string,
  externalId: string,
): Promise<EndUserRow | null> {
  const [r] = await db
    .select()
    .from(endUsers)
    .where(and(eq(endUsers.orgId, orgId), eq(endUsers.workspaceId, workspaceId), eq(endUsers.externalId, externalId)))
    .limit(1);
  return r ?? null;
}

/** externalIds of end users by internal id. */
export async function externalIdsOf(db: Executor, orgId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: endUsers.id, externalId: endUsers.externalId })
    .from(endUsers)
    .where(and(eq(endUsers.orgId, orgId), inArray(endUsers.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, r.externalId]));
}

export async function listEndUsers(
  db: Executor,
  orgId: string,
  workspaceId: string,
  limit: number,
  offset: number,
): Promise<EndUserWithCount[]> {
  const rows = await db
    .select(withCount())
    .from(endUsers)
    .where(and(eq(endUsers.orgId, orgId), eq(endUsers.workspaceId, workspaceId)))
    .orderBy(desc(endUsers.createdAt), desc(endUsers.id))
    .limit(limit)
    .offset(offset);
  return rows.map(flatten);
}

export async function countEndUsers(db: Executor, orgId: string, workspaceId: string): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(endUsers)
    .where(and(eq(endUsers.orgId, orgId), eq(endUsers.workspaceId, workspaceId)));
  return r?.n ?? 0;
}

export async function insertEndUser(db: Executor, row: typeof endUsers.$inferInsert): Promise<EndUserRow> {
  const [created] = await db.insert(endUsers).values(row).returning();
  return created!;
}

/** Insert, or return the existing row on a concurrent insert of the same externalId. */
export async function insertEndUserIfAbsent(db: Executor, row: typeof endUsers.$inferInsert): Promise<EndUserRow> {
  const [created] = await db
    .insert(endUsers)
    .values(row)
    .onConflictDoNothing({ target: [endUsers.workspaceId, endUsers.externalId] })
    .returning();
  if (created) return created;
  return (await findEndUserByExternalId(db, row.orgId, row.workspaceId, row.externalId))!;
}

export async function updateEndUser(
  db: Executor,
  orgId: string,
  id: string,
  patch: Partial<Pick<EndUserRow, 'displayName' | 'email' | 'metadata'>>,
): Promise<void> {
  await db
    .update(endUsers)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(endUsers.orgId, orgId), eq(endUsers.id, id)));
}

export async function listEndUserConnections(db: Executor, orgId: string, endUserId: string) {
  return db
    .select({
      id: connections.id,
      externalId: connections.externalId,
      displayName: connections.displayName,
      integrationName: connections.integrationName,
      type: connections.type,
      status: connections.status,
      createdAt: connections.createdAt,
      updatedAt: connections.updatedAt,
    })
    .from(connections)
    .where(and(eq(connections.orgId, orgId), eq(connections.endUserId, endUserId)))
    .orderBy(desc(connections.createdAt));
}

/** Deletes the end user's connections, then the end user; returns how many connections went. */
export async function deleteEndUser(db: Executor, orgId: string, id: string): Promise<number | null> {
  const gone = await db
    .delete(connections)
    .where(and(eq(connections.orgId, orgId), eq(connections.endUserId, id)))
    .returning({ id: connections.id });
  const rows = await db
    .delete(endUsers)
    .where(and(eq(endUsers.orgId, orgId), eq(endUsers.id, id)))
    .returning({ id: endUsers.id });
  return rows.length ? gone.length : null;
}

export async function findEndUsersByEmail(
  db: Executor,
  orgId: string,
  workspaceId: string,
  email: string,
): Promise<EndUserRow[]> {
  return db
    .select()
    .from(endUsers)
    .where(and(eq(endUsers.orgId, orgId), eq(endUsers.workspaceId, workspaceId), sql`lower(${endUsers.email}) = lower(${email})`))
    .orderBy(asc(endUsers.createdAt), asc(endUsers.id));
}
