import { and, asc, eq, ne, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.js';
import { inputPartials } from '../../platform/db/schema.js';

export type PartialRow = typeof inputPartials.$inferSelect;

export interface PartialFilter {
  integrationName?: string;
  workspaceIntegrationId?: string;
  integrationAlias?: string;
  actionName?: string;
  triggerName?: string;
}

export async function listPartials(db: Executor, orgId: string, workspaceId: string, f: PartialFilter): Promise<PartialRow[]> {
  const conds: SQL[] = [eq(inputPartials.orgId, orgId), eq(inputPartials.workspaceId, workspaceId)];
  if (f.integrationName) conds.push(eq(inputPartials.integrationName, f.integrationName));
  if (f.workspaceIntegrationId) conds.push(eq(inputPartials.workspaceIntegrationId, f.workspaceIntegrationId));
  if (f.integrationAlias) conds.push(eq(inputPartials.integrationAlias, f.integrationAlias));
  if (f.actionName) conds.push(eq(inputPartials.actionName, f.actionName));
  if (f.triggerName) conds.push(eq(inputPartials.triggerName, f.triggerName));
  return db
    .select()
    .from(inputPartials)
    .where(and(...conds))
    .orderBy(asc(inputPartials.createdAt), asc(inputPartials.id));
}

export async function findPartial(db: Executor, orgId: string, id: string): Promise<PartialRow | null> {
  const [r] = await db
    .select()
    .from(inputPartials)
    .where(and(eq(inputPartials.orgId, orgId), eq(inputPartials.id, id)))
    .limit(1);
  return r ?? null;
}

export async function insertPartial(db: Executor, row: typeof inputPartials.$inferInsert): Promise<PartialRow> {
  const [created] = await db.insert(inputPartials).values(row).returning();
  return created!;
}

export async function updatePartial(
  db: Executor,
  orgId: string,
  id: string,
  patch: Partial<typeof inputPartials.$inferInsert>,
): Promise<PartialRow | null> {
  const [r] = await db
    .update(inputPartials)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(inputPartials.orgId, orgId), eq(inputPartials.id, id)))
    .returning();
  return r ?? null;
}

/** Clear the default flag of the other partials of a scope (one default per scope). */
export async function clearOtherDefaults(db: Executor, workspaceId: string, scopeKey: string, keepId: string): Promise<void> {
  await db
    .update(inputPartials)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(
      and(
        eq(inputPartials.workspaceId, workspaceId),
        eq(inputPartials.scopeKey, scopeKey),
        eq(inputPartials.isDefault, true),
        ne(inputPartials.id, keepId),
      ),
    );
}

export async function deletePartial(db: Executor, orgId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(inputPartials)
    .where(and(eq(inputPartials.orgId, orgId), eq(inputPartials.id, id)))
    .returning({ id: inputPartials.id });
  return rows.length > 0;
}
