import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.js';
import {
  endUsers,
  mcpOauthCodes,
  mcpOauthGrants,
  mcpServers,
  mcpTokens,
  organizations,
  workspaces,
} from '../../platform/db/schema.js';

export type McpTokenRow = typeof mcpTokens.$inferSelect;

export async function insertToken(db: Executor, row: typeof mcpTokens.$inferInsert): Promise<McpTokenRow> {
  const [created] = await db.insert(mcpTokens).values(row).returning();
  return created!;
}

export async function deleteStaticToken(db: Executor, orgId: string, serverId: string): Promise<void> {
  await db
    .delete(mcpTokens)
    .where(and(eq(mcpTokens.orgId, orgId), eq(mcpTokens.mcpServerId, serverId), eq(mcpTokens.kind, 'static')));
}

export async function hasStaticToken(db: Executor, orgId: string, serverId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: mcpTokens.id })
    .from(mcpTokens)
    .where(and(eq(mcpTokens.orgId, orgId), eq(mcpTokens.mcpServerId, serverId), eq(mcpTokens.kind, 'static')))
    .limit(1);
  return Boolean(row);
}

/** A token with everything a request needs to decide: its server, organization, workspace and grant. */
export type FoundToken = NonNullable<Awaited<ReturnType<typeof findTokenForRequest>>>;

export async function findTokenForRequest(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({
      token: mcpTokens,
      server: mcpServers,
      plan: organizations.plan,
      orgSuspended: organizations.suspended,
      workspaceSuspended: workspaces.suspended,
      grantRevokedAt: mcpOauthGrants.revokedAt,
      endUserExternalId: endUsers.externalId,
    })
    .from(mcpTokens)
    .innerJoin(mcpServers, eq(mcpServers.id, mcpTokens.mcpServerId))
    .innerJoin(organizations, eq(organizations.id, mcpTokens.orgId))
    .leftJoin(workspaces, eq(workspaces.id, mcpServers.workspaceId))
    .leftJoin(mcpOauthGrants, eq(mcpOauthGrants.id, mcpTokens.grantId))
    .leftJoin(endUsers, eq(endUsers.id, mcpTokens.endUserId))
    .where(eq(mcpTokens.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

export async function findTokenByHash(db: Executor, tokenHash: string): Promise<McpTokenRow | null> {
  const [row] = await db.select().from(mcpTokens).where(eq(mcpTokens.tokenHash, tokenHash)).limit(1);
  return row ?? null;
}

/** Marks one token revoked; returns false when it already was. */
export async function revokeToken(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .update(mcpTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(mcpTokens.id, id), isNull(mcpTokens.revokedAt)))
    .returning({ id: mcpTokens.id });
  return rows.length > 0;
}

export async function revokeGrant(db: Executor, grantId: string): Promise<void> {
  await db
    .update(mcpOauthGrants)
    .set({ revokedAt: new Date() })
    .where(and(eq(mcpOauthGrants.id, grantId), isNull(mcpOauthGrants.revokedAt)));
  await db
    .update(mcpTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(mcpTokens.grantId, grantId), isNull(mcpTokens.revokedAt)));
}

/** Revokes the person's live grants and their tokens, and deletes their unused authorization codes; the ids of the grants revoked. */
export async function revokeGrantsOfUser(db: Executor, userId: string): Promise<string[]> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Executor;
    await tx.delete(mcpOauthCodes).where(and(eq(mcpOauthCodes.userId, userId), isNull(mcpOauthCodes.usedAt)));
    const grants = await tx
      .update(mcpOauthGrants)
      .set({ revokedAt: new Date() })
      .where(and(eq(mcpOauthGrants.userId, userId), isNull(mcpOauthGrants.revokedAt)))
      .returning({ id: mcpOauthGrants.id });
    const ids = grants.map((g) => g.id);
    if (ids.length > 0) {
      await tx
        .update(mcpTokens)
        .set({ revokedAt: new Date() })
        .where(and(inArray(mcpTokens.grantId, ids), isNull(mcpTokens.revokedAt)));
    }
    return ids;
  });
}

export async function insertGrant(db: Executor, row: typeof mcpOauthGrants.$inferInsert) {
  const [created] = await db.insert(mcpOauthGrants).values(row).returning();
  return created!;
}

export async function findGrant(db: Executor, id: string) {
  const [row] = await db.select().from(mcpOauthGrants).where(eq(mcpOauthGrants.id, id)).limit(1);
  return row ?? null;
}

/** Deletes tokens that expired more than a day ago (kept a little for reuse detection and diagnostics). */
export async function purgeExpiredTokens(db: Executor): Promise<number> {
  const rows = await db
    .delete(mcpTokens)
    .where(sql`${mcpTokens.expiresAt} < now() - interval '1 day'`)
    .returning({ id: mcpTokens.id });
  return rows.length;
}
