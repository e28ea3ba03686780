import { and, asc, count, eq, isNull, or } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.js';
import { connections, customIntegrations, workspaceIntegrations } from '../../platform/db/schema.js';

export type CustomIntegrationRow = typeof customIntegrations.$inferSelect;

/** An organization's own custom integrations (orgId) or the published ones (null). */
export async function listOwned(db: Executor, orgId: string | null): Promise<CustomIntegrationRow[]> {
  return db
    .select()
    .from(customIntegrations)
    .where(orgId ? eq(customIntegrations.orgId, orgId) : isNull(customIntegrations.orgId))
    .orderBy(asc(customIntegrations.name));
}

/** Every custom integration an organization can use: its own and the published ones. */
export async function listVisible(db: Executor, orgId: string): Promise<CustomIntegrationRow[]> {
  return db
    .select()
    .from(customIntegrations)
    .where(or(eq(customIntegrations.orgId, orgId), isNull(customIntegrations.orgId)))
    .orderBy(asc(customIntegrations.name));
}

export async function listAll(db: Executor): Promise<CustomIntegrationRow[]> {
  return db.select().from(customIntegrations).orderBy(asc(customIntegrations.name));
}

export async function findOwned(db: Executor, orgId: string | null, name: string): Promise<CustomIntegrationRow | null> {
  const [row] = await db
    .select()
    .from(customIntegrations)
    .where(and(eq(customIntegrations.name, name), orgId ? eq(customIntegrations.orgId, orgId) : isNull(customIntegrations.orgId)))
    .limit(1);
  return row ?? null;
}

export async function insert(db: Executor, row: typeof customIntegrations.$inferInsert): Promise<CustomIntegrationRow> {
  const [created] = await db.insert(customIntegrations).values(row).returning();
  return created!;
}

export async function update(
  db: Executor,
  id: string,
  values: Partial<typeof customIntegrations.$inferInsert>,
): Promise<CustomIntegrationRow> {
  const [updated] = await db.update(customIntegrations).set(values).where(eq(customIntegrations.id, id)).returning();
  return updated!;
}

export async function remove(db: Executor, id: string): Promise<void> {
  await db.delete(customIntegrations).where(eq(customIntegrations.id, id));
}

/** Connections and workspace integrations of one organization (or of any, for a published one) that use the name. */
export async function countUses(db: Executor, orgId: string | null, name: string): Promise<number> {
  const [c] = await db
    .select({ n: count() })
    .from(connections)
    .where(and(eq(connections.integrationName, name), ...(orgId ? [eq(connections.orgId, orgId)] : [])));
  const [w] = await db
    .select({ n: count() })
    .from(workspaceIntegrations)
    .where(and(eq(workspaceIntegrations.integrationName, name), ...(orgId ? [eq(workspaceIntegrations.orgId, orgId)] : [])));
  return Number(c?.n ?? 0) + Number(w?.n ?? 0);
}
