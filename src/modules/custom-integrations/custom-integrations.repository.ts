import { and, asc, count, eq, inArray, isNotNull, isNull, notInArray, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../platform/db/database.js';
import {
  connections,
  customIntegrations,
  inputPartials,
  mcpServers,
  mcpTools,
  triggerSources,
  workspaceIntegrations,
} from '../../platform/db/schema.js';

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

/** Connections, workspace integrations and trigger sources of one organization (or of any, for a published one) that use the name. */
export async function countUses(db: Executor, orgId: string | null, name: string): Promise<number> {
  const [c] = await db
    .select({ n: count() })
    .from(connections)
    .where(and(eq(connections.integrationName, name), ...(orgId ? [eq(connections.orgId, orgId)] : [])));
  const [w] = await db
    .select({ n: count() })
    .from(workspaceIntegrations)
    .where(and(eq(workspaceIntegrations.integrationName, name), ...(orgId ? [eq(workspaceIntegrations.orgId, orgId)] : [])));
  const [s] = await db
    .select({ n: count() })
    .from(triggerSources)
    .where(and(eq(triggerSources.integrationName, name), ...(orgId ? [eq(triggerSources.orgId, orgId)] : [])));
  return Number(c?.n ?? 0) + Number(w?.n ?? 0) + Number(s?.n ?? 0);
}

/**
 * Deletes the partials and MCP tools that name actions a re-import removed (a tool's links to partials go with
 * either, by cascade). Of one organization (orgId), or of every organization that sees the published one (null):
 * not one that has its own integration of that name.
 */
export async function removeActionUses(
  db: Executor,
  orgId: string | null,
  name: string,
  actions: string[],
): Promise<{ partials: Array<{ id: string; workspaceId: string }>; tools: Array<{ id: string; workspaceId: string | null }> }> {
  if (actions.length === 0) return { partials: [], tools: [] };
  const users = (column: PgColumn): SQL =>
    orgId
      ? eq(column, orgId)
      : notInArray(
          column,
          db
            .select({ orgId: customIntegrations.orgId })
            .from(customIntegrations)
            .where(and(eq(customIntegrations.name, name), isNotNull(customIntegrations.orgId))),
        );
  const partials = await db
    .delete(inputPartials)
    .where(and(eq(inputPartials.integrationName, name), inArray(inputPartials.actionName, actions), users(inputPartials.orgId)))
    .returning({ id: inputPartials.id, workspaceId: inputPartials.workspaceId });
  const removed = await db
    .delete(mcpTools)
    .where(and(eq(mcpTools.integrationName, name), inArray(mcpTools.actionName, actions), users(mcpTools.orgId)))
    .returning({ id: mcpTools.id, serverId: mcpTools.mcpServerId });
  const servers = removed.length
    ? await db
        .select({ id: mcpServers.id, workspaceId: mcpServers.workspaceId })
        .from(mcpServers)
        .where(inArray(mcpServers.id, [...new Set(removed.map((t) => t.serverId))]))
    : [];
  const workspaceOf = new Map(servers.map((s) => [s.id, s.workspaceId]));
  return { partials, tools: removed.map((t) => ({ id: t.id, workspaceId: workspaceOf.get(t.serverId) ?? null })) };
}
