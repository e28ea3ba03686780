import { and, asc, count, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.js';
import { connections, workspaceIntegrations } from '../../platform/db/schema.js';

export type WorkspaceIntegrationRow = typeof workspaceIntegrations.$inferSelect;
export type WorkspaceIntegrationWithConnection = WorkspaceIntegrationRow & {
  connection: { status: string; displayName: string; externalId: string } | null;
};

export async function listForWorkspace(
  db: Executor,
  orgId: string,
  workspaceId: string,
): Promise<WorkspaceIntegrationWithConnection[]> {
  const rows = await db
    .select({
      wi: workspaceIntegrations,
      status: connections.status,
      displayName: connections.displayName,
      externalId: connections.externalId,
    })
    .from(workspaceIntegrations)
    .leftJoin(connections, eq(connections.id, workspaceIntegrations.connectionId))
    .where(and(eq(workspaceIntegrations.orgId, orgId), eq(workspaceIntegrations.workspaceId, workspaceId)))
    .orderBy(asc(workspaceIntegrations.sortOrder), asc(workspaceIntegrations.createdAt), asc(workspaceIntegrations.id));
  return rows.map((r) => ({
    ...r.wi,
    connection:
      r.status !== null && r.displayName !== null && r.externalId !== null
        ? { status: r.status, displayName: r.displayName, externalId: r.externalId }
        : null,
  }));
}

export async function findWorkspaceIntegration(
  db: Executor,
  orgId: string,
  workspaceId: string,
  id: string,
): Promise<WorkspaceIntegrationRow | null> {
  const [r] = await db
    .select()
    .from(workspaceIntegrations)
    .where(
      and(
        eq(workspaceIntegrations.orgId, orgId),
        eq(workspaceIntegrations.workspaceId, workspaceId),
        eq(workspaceIntegrations.id, id),
      ),
    )
    .limit(1);
  return r ?? null;
}

export async function insertWorkspaceIntegration(
  db: Executor,
  row: typeof workspaceIntegrations.$inferInsert,
): Promise<WorkspaceIntegrationRow> {
  const [created] = await db.insert(workspaceIntegrations).values(row).returning();
  return created!;
}

export async function updateWorkspaceIntegration(
  db: Executor,
  orgId: string,
  id: string,
  patch: Partial<typeof workspaceIntegrations.$inferInsert>,
): Promise<WorkspaceIntegrationRow | null> {
  const [r] = await db
    .update(workspaceIntegrations)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(workspaceIntegrations.orgId, orgId), eq(workspaceIntegrations.id, id)))
    .returning();
  return r ?? null;
}

export async function deleteWorkspaceIntegration(db: Executor, orgId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(workspaceIntegrations)
    .where(and(eq(workspaceIntegrations.orgId, orgId), eq(workspaceIntegrations.id, id)))
    .returning({ id: workspaceIntegrations.id });
  return rows.length > 0;
}

/** How many of the organization's workspace integrations use the OAuth app. */
export async function countUsingOAuthApp(db: Executor, orgId: string, oauthAppId: string): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(workspaceIntegrations)
    .where(and(eq(workspaceIntegrations.orgId, orgId), eq(workspaceIntegrations.oauthAppId, oauthAppId)));
  return r?.n ?? 0;
}
