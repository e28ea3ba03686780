import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.js';
import { mcpCodeRuns } from '../../platform/db/schema.js';

export type CodeRunRow = typeof mcpCodeRuns.$inferSelect;

export async function insertRun(db: Executor, row: typeof mcpCodeRuns.$inferInsert): Promise<void> {
  await db.insert(mcpCodeRuns).values(row);
}

export async function updateRun(
  db: Executor,
  orgId: string,
  id: string,
  patch: Partial<typeof mcpCodeRuns.$inferInsert>,
): Promise<void> {
  await db
    .update(mcpCodeRuns)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(mcpCodeRuns.orgId, orgId), eq(mcpCodeRuns.id, id)));
}

/** The run of this server that paused (now or earlier) for this approval. */
export async function findRunByApproval(
  db: Executor,
  orgId: string,
  serverId: string,
  approvalId: string,
): Promise<CodeRunRow | null> {
  const [row] = await db
    .select()
    .from(mcpCodeRuns)
    .where(
      and(
        eq(mcpCodeRuns.orgId, orgId),
        eq(mcpCodeRuns.mcpServerId, serverId),
        sql`${approvalId} = ANY(${mcpCodeRuns.approvalIds})`,
        sql`${mcpCodeRuns.expiresAt} > now()`,
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function purgeExpiredRuns(db: Executor): Promise<number> {
  const rows = await db
    .delete(mcpCodeRuns)
    .where(sql`${mcpCodeRuns.expiresAt} < now()`)
    .returning({ id: mcpCodeRuns.id });
  return rows.length;
}

/** A server's runs, newest first (the dashboard's recent runs), and how many it has. */
export async function listRuns(
  db: Executor,
  orgId: string,
  serverId: string,
  limit: number,
  offset: number,
): Promise<{ rows: CodeRunRow[]; total: number }> {
  const where = and(eq(mcpCodeRuns.orgId, orgId), eq(mcpCodeRuns.mcpServerId, serverId));
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(mcpCodeRuns)
      .where(where)
      .orderBy(desc(mcpCodeRuns.createdAt), desc(mcpCodeRuns.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(mcpCodeRuns).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}
