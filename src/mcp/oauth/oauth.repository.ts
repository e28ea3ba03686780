import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.js';
import { mcpEndUserLinks, mcpOauthClients, mcpOauthCodes, mcpOauthGrants } from '../../platform/db/schema.js';

export type OAuthClientRow = typeof mcpOauthClients.$inferSelect;
export type OAuthCodeRow = typeof mcpOauthCodes.$inferSelect;

export async function findClient(db: Executor, clientId: string): Promise<OAuthClientRow | null> {
  const [row] = await db.select().from(mcpOauthClients).where(eq(mcpOauthClients.clientId, clientId)).limit(1);
  return row ?? null;
}

export async function insertClient(db: Executor, row: typeof mcpOauthClients.$inferInsert): Promise<OAuthClientRow> {
  const [created] = await db.insert(mcpOauthClients).values(row).returning();
  return created!;
}

/** Stores (or refreshes) a client described by a client ID metadata document. */
export async function upsertMetadataClient(
  db: Executor,
  clientId: string,
  metadata: Record<string, unknown>,
): Promise<OAuthClientRow> {
  const [row] = await db
    .insert(mcpOauthClients)
    .values({ clientId, source: 'metadata_document', metadata, fetchedAt: new Date() })
    .onConflictDoUpdate({ target: mcpOauthClients.clientId, set: { metadata, fetchedAt: new Date() } })
    .returning();
  return row!;
}

export async function insertCode(db: Executor, row: typeof mcpOauthCodes.$inferInsert): Promise<void> {
  await db.insert(mcpOauthCodes).values(row);
}

/** Marks a code used and returns it; null when it does not exist. `alreadyUsed` tells a replay. */
export async function consumeCode(db: Executor, codeHash: string): Promise<{ row: OAuthCodeRow; alreadyUsed: boolean } | null> {
  const [used] = await db
    .update(mcpOauthCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(mcpOauthCodes.codeHash, codeHash), isNull(mcpOauthCodes.usedAt)))
    .returning();
  if (used) return { row: used, alreadyUsed: false };
  const [row] = await db.select().from(mcpOauthCodes).where(eq(mcpOauthCodes.codeHash, codeHash)).limit(1);
  return row ? { row, alreadyUsed: true } : null;
}

export async function setCodeGrant(db: Executor, codeHash: string, grantId: string): Promise<void> {
  await db.update(mcpOauthCodes).set({ grantId }).where(eq(mcpOauthCodes.codeHash, codeHash));
}

export async function purgeExpiredCodes(db: Executor): Promise<number> {
  const rows = await db
    .delete(mcpOauthCodes)
    .where(sql`${mcpOauthCodes.expiresAt} < now() - interval '1 day'`)
    .returning({ h: mcpOauthCodes.codeHash });
  return rows.length;
}

export async function findLink(db: Executor, workspaceId: string, userId: string) {
  const [row] = await db
    .select()
    .from(mcpEndUserLinks)
    .where(and(eq(mcpEndUserLinks.workspaceId, workspaceId), eq(mcpEndUserLinks.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function upsertLink(db: Executor, row: typeof mcpEndUserLinks.$inferInsert): Promise<void> {
  await db
    .insert(mcpEndUserLinks)
    .values(row)
    .onConflictDoUpdate({ target: [mcpEndUserLinks.workspaceId, mcpEndUserLinks.userId], set: { endUserId: row.endUserId } });
}

export async function grantsOfClient(db: Executor, grantId: string, clientId: string) {
  const [row] = await db
    .select()
    .from(mcpOauthGrants)
    .where(and(eq(mcpOauthGrants.id, grantId), eq(mcpOauthGrants.clientId, clientId)))
    .limit(1);
  return row ?? null;
}
