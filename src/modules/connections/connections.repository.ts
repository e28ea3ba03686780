import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.js';
import { connections } from '../../platform/db/schema.js';

export type ConnectionRow = typeof connections.$inferSelect;

export interface ConnectionFilter {
  includeSuspended: boolean;
  /** null: every connection of the organization; otherwise only those bound to these workspaces. */
  onlyWorkspaceIds: string[] | null;
  integrationName?: string;
  workspaceId?: string;
  externalId?: string;
  health?: string;
}

function where(orgId: string, f: ConnectionFilter): SQL {
  const conds: SQL[] = [eq(connections.orgId, orgId)];
  if (!f.includeSuspended) conds.push(eq(connections.suspended, false));
  if (f.onlyWorkspaceIds)
    conds.push(f.onlyWorkspaceIds.length ? inArray(connections.workspaceId, f.onlyWorkspaceIds) : sql`false`);
  if (f.integrationName) conds.push(eq(connections.integrationName, f.integrationName));
  if (f.workspaceId) conds.push(eq(connections.workspaceId, f.workspaceId));
  if (f.externalId) conds.push(eq(connections.externalId, f.externalId));
  if (f.health) conds.push(eq(connections.health, f.health));
  return and(...conds)!;
}

export async function listConnections(
  db: Executor,
  orgId: string,
  f: ConnectionFilter,
  limit: number,
  offset: number,
): Promise<ConnectionRow[]> {
  return db
    .select()
    .from(connections)
    .where(where(orgId, f))
    .orderBy(desc(connections.createdAt), desc(connections.id))
    .limit(limit)
    .offset(offset);
}

export async function countConnections(db: Executor, orgId: string, f?: ConnectionFilter): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(connections)
    .where(f ? where(orgId, f) : eq(connections.orgId, orgId));
  return r?.n ?? 0;
}

export async function findConnection(db: Executor, orgId: string, id: string): Promise<ConnectionRow | null> {
  const [r] = await db
    .select()
    .from(connections)
    .where(and(eq(connections.orgId, orgId), eq(connections.id, id)))
    .limit(1);
  return r ?? null;
}

export async function insertConnection(db: Executor, row: typeof connections.$inferInsert): Promise<ConnectionRow> {
  const [created] = await db.insert(connections).values(row).returning();
  return created!;
}

export async function deleteConnection(db: Executor, orgId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(connections)
    .where(and(eq(connections.orgId, orgId), eq(connections.id, id)))
    .returning({ id: connections.id });
  return rows.length > 0;
}

export async function updateConnection(
  db: Executor,
  orgId: string,
  id: string,
  patch: Partial<
    Pick<
      ConnectionRow,
      | 'credentials'
      | 'status'
      | 'statusMessage'
      | 'tokenExpiresAt'
      | 'credentialExpiresAt'
      | 'displayName'
      | 'type'
      | 'oauthAppId'
      | 'verification'
    >
  >,
): Promise<ConnectionRow | null> {
  const [r] = await db
    .update(connections)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(connections.orgId, orgId), eq(connections.id, id)))
    .returning();
  return r ?? null;
}

/** Connections of an integration with this externalId (one per auth method). */
export async function findByExternalId(
  db: Executor,
  orgId: string,
  integrationName: string,
  externalId: string,
): Promise<ConnectionRow[]> {
  return db
    .select()
    .from(connections)
    .where(
      and(eq(connections.orgId, orgId), eq(connections.integrationName, integrationName), eq(connections.externalId, externalId)),
    );
}

/**
 * Candidates for an integration as seen from a workspace: the end user's own (USER), the workspace's (WORKSPACE)
 * and the organization's (ORGANIZATION). The caller picks the most specific.
 */
export async function findCandidates(
  db: Executor,
  orgId: string,
  integrationName: string,
  workspaceId: string,
  endUserId: string | null,
): Promise<ConnectionRow[]> {
  const scopes: SQL[] = [
    and(eq(connections.scope, 'ORGANIZATION'), isNull(connections.endUserId))!,
    and(eq(connections.scope, 'WORKSPACE'), eq(connections.workspaceId, workspaceId))!,
  ];
  if (endUserId) scopes.push(and(eq(connections.scope, 'USER'), eq(connections.endUserId, endUserId))!);
  return db
    .select()
    .from(connections)
    .where(
      and(
        eq(connections.orgId, orgId),
        eq(connections.integrationName, integrationName),
        eq(connections.suspended, false),
        or(...scopes),
      ),
    )
    .orderBy(desc(connections.createdAt));
}

/** How many of the organization's connections were made with the OAuth app. */
export async function countUsingOAuthApp(db: Executor, orgId: string, oauthAppId: string): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(connections)
    .where(and(eq(connections.orgId, orgId), eq(connections.oauthAppId, oauthAppId)));
  return r?.n ?? 0;
}

/**
 * The refresh job's scan across organizations: active OAuth2 connections whose token expires before `before`,
 * in (expiry, id) order after the cursor, so a run walks every one once even when some cannot be renewed.
 */
export async function expiringOAuthConnections(
  db: Executor,
  before: Date,
  cursor: { at: Date; id: string } | null,
  limit: number,
): Promise<Array<{ orgId: string; id: string; at: Date }>> {
  const rows = await db
    .select({ orgId: connections.orgId, id: connections.id, at: connections.tokenExpiresAt })
    .from(connections)
    .where(
      and(
        isNotNull(connections.tokenExpiresAt),
        lt(connections.tokenExpiresAt, before),
        eq(connections.status, 'ACTIVE'),
        eq(connections.suspended, false),
        inArray(connections.type, ['OAUTH2', 'PLATFORM_OAUTH2']),
        cursor
          ? or(
              gt(connections.tokenExpiresAt, cursor.at),
              and(eq(connections.tokenExpiresAt, cursor.at), gt(connections.id, cursor.id)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(connections.tokenExpiresAt), asc(connections.id))
    .limit(limit);
  return rows.map((r) => ({ orgId: r.orgId, id: r.id, at: r.at! }));
}

/** A connection locked for the health update that follows (null when the connection is gone). */
export async function lockConnection(db: Executor, orgId: string, id: string): Promise<ConnectionRow | null> {
  const [r] = await db
    .select()
    .from(connections)
    .where(and(eq(connections.orgId, orgId), eq(connections.id, id)))
    .for('update');
  return r ?? null;
}

export async function setHealth(
  db: Executor,
  orgId: string,
  id: string,
  patch: Pick<ConnectionRow, 'health' | 'lastErrorCode' | 'lastErrorMessage'> & { lastCheckedAt?: Date },
): Promise<void> {
  await db
    .update(connections)
    .set(patch)
    .where(and(eq(connections.orgId, orgId), eq(connections.id, id)));
}

/** The connection was used now (not part of updatedAt: nothing about the connection changed). */
export async function touchUsed(db: Executor, orgId: string, id: string, at: Date): Promise<void> {
  await db
    .update(connections)
    .set({ lastUsedAt: at })
    .where(and(eq(connections.orgId, orgId), eq(connections.id, id)));
}

/**
 * Active connections whose credentials expire between `from` and `until` and whose expiry was not announced yet
 * (0144), the soonest first.
 */
export async function expiringUnannounced(
  db: Executor,
  from: Date,
  until: Date,
  limit: number,
): Promise<Array<{ orgId: string; id: string; endUserId: string | null }>> {
  return db
    .select({ orgId: connections.orgId, id: connections.id, endUserId: connections.endUserId })
    .from(connections)
    .where(
      and(
        eq(connections.status, 'ACTIVE'),
        sql`${connections.credentialExpiresAt} > ${from.toISOString()}::timestamptz`,
        sql`${connections.credentialExpiresAt} <= ${until.toISOString()}::timestamptz`,
        sql`${connections.expiryNoticeFor} IS DISTINCT FROM ${connections.credentialExpiresAt}`,
      ),
    )
    .orderBy(connections.credentialExpiresAt, connections.id)
    .limit(limit);
}

/** Marks the connection's current expiry as announced; the row when this call did it (null: already, or changed). */
export async function announceExpiry(db: Executor, orgId: string, id: string, until: Date): Promise<ConnectionRow | null> {
  const [r] = await db
    .update(connections)
    .set({ expiryNoticeFor: sql`${connections.credentialExpiresAt}` })
    .where(
      and(
        eq(connections.orgId, orgId),
        eq(connections.id, id),
        eq(connections.status, 'ACTIVE'),
        sql`${connections.credentialExpiresAt} <= ${until.toISOString()}::timestamptz`,
        sql`${connections.expiryNoticeFor} IS DISTINCT FROM ${connections.credentialExpiresAt}`,
      ),
    )
    .returning();
  return r ?? null;
}

/**
 * Connections due for a scheduled check (0140): active, not suspended, of the given integrations, not OAuth2 (its
 * refresh is its check), last checked (or created) before `olderThan`; the longest-unchecked first, at most
 * `perIntegration` of each integration, so one provider is never sent a burst.
 */
export async function dueForCheck(
  db: Executor,
  integrationNames: string[],
  olderThan: Date,
  perIntegration: number,
): Promise<Array<{ orgId: string; id: string }>> {
  if (integrationNames.length === 0) return [];
  const since = sql`coalesce(${connections.lastCheckedAt}, ${connections.createdAt})`;
  const ranked = db
    .select({
      orgId: connections.orgId,
      id: connections.id,
      n: sql<number>`row_number() over (partition by ${connections.integrationName} order by ${since}, ${connections.id})`.as(
        'n',
      ),
    })
    .from(connections)
    .where(
      and(
        eq(connections.status, 'ACTIVE'),
        eq(connections.suspended, false),
        inArray(connections.integrationName, integrationNames),
        sql`${connections.type} NOT IN ('OAUTH2', 'PLATFORM_OAUTH2')`,
        sql`${since} < ${olderThan.toISOString()}::timestamptz`,
      ),
    )
    .as('ranked');
  return db
    .select({ orgId: ranked.orgId, id: ranked.id })
    .from(ranked)
    .where(sql`${ranked.n} <= ${perIntegration}`);
}

/** Connections by health across all organizations (the metrics' gauge). */
export async function countByHealth(db: Executor): Promise<Array<{ health: string; n: number }>> {
  return db.select({ health: connections.health, n: count() }).from(connections).groupBy(connections.health);
}
