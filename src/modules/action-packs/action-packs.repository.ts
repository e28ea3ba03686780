import { and, desc, eq, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.js';
import { actionPacks } from '../../platform/db/schema.js';

export type ActionPackRow = typeof actionPacks.$inferSelect;

/** Packs that count in a month: one-month packs of that month, recurring packs added in it or before. */
const appliesIn = (month: number) =>
  or(eq(actionPacks.firstMonth, month), and(eq(actionPacks.recurring, true), lte(actionPacks.firstMonth, month)));

export async function insertPack(db: Executor, row: typeof actionPacks.$inferInsert): Promise<ActionPackRow> {
  const [created] = await db.insert(actionPacks).values(row).returning();
  return created!;
}

export async function listPacks(db: Executor, orgId: string): Promise<ActionPackRow[]> {
  return db
    .select()
    .from(actionPacks)
    .where(eq(actionPacks.orgId, orgId))
    .orderBy(desc(actionPacks.createdAt), desc(actionPacks.id));
}

export async function deletePack(db: Executor, orgId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(actionPacks)
    .where(and(eq(actionPacks.orgId, orgId), eq(actionPacks.id, id)))
    .returning({ id: actionPacks.id });
  return rows.length > 0;
}

export async function actionsIn(db: Executor, orgId: string, month: number): Promise<number> {
  const [r] = await db
    .select({ n: sql<string>`coalesce(sum(${actionPacks.actions}), 0)` })
    .from(actionPacks)
    .where(and(eq(actionPacks.orgId, orgId), appliesIn(month)));
  return Number(r?.n ?? 0);
}
