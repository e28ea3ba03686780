import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.js';
import { apiKeys, organizations } from '../../platform/db/schema.js';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

const active = (orgId: string) => and(eq(apiKeys.orgId, orgId), isNull(apiKeys.revokedAt));

export async function insertApiKey(db: Executor, row: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
  const [created] = await db.insert(apiKeys).values(row).returning();
  return created!;
}

export async function countActiveApiKeys(db: Executor, orgId: string): Promise<number> {
  const [r] = await db.select({ n: count() }).from(apiKeys).where(active(orgId));
  return r?.n ?? 0;
}

export async function listApiKeys(db: Executor, orgId: string, limit: number, offset: number): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(active(orgId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
    .limit(limit)
    .offset(offset);
}

export async function revokeApiKey(db: Executor, orgId: string, id: string): Promise<ApiKeyRow | null> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(active(orgId), eq(apiKeys.id, id)))
    .returning();
  return row ?? null;
}

export interface KeyWithOrg {
  key: ApiKeyRow;
  plan: string;
  orgSuspended: boolean;
}

/** The live (not revoked) key with this hash, and its organization's state. */
export async function findActiveKeyByHash(db: Executor, keyHash: string): Promise<KeyWithOrg | null> {
  const [row] = await db
    .select({ key: apiKeys, plan: organizations.plan, orgSuspended: organizations.suspended })
    .from(apiKeys)
    .innerJoin(organizations, eq(organizations.id, apiKeys.orgId))
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)))
    .limit(1);
  return row ?? null;
}

/** One statement for a whole batch of last-used times; never moves a time backwards. */
export async function writeLastUsed(db: Executor, entries: Array<[string, Date]>): Promise<void> {
  if (entries.length === 0) return;
  const values = sql.join(
    entries.map(([id, at]) => sql`(${id}::uuid, ${at.toISOString()}::timestamptz)`),
    sql`, `,
  );
  await db.execute(sql`UPDATE api_keys AS k SET last_used_at = GREATEST(k.last_used_at, v.at)
    FROM (VALUES ${values}) AS v(id, at) WHERE k.id = v.id`);
}
