import { and, count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.js';
import { workspaceMembers } from '../../platform/db/schema.js';

export type WorkspaceMemberRow = typeof workspaceMembers.$inferSelect;

export async function insertWorkspaceMember(
  db: Executor,
  row: typeof workspaceMembers.$inferInsert,
): Promise<WorkspaceMemberRow> {
  const [created] = await db.insert(workspaceMembers).values(row).returning();
  return created!;
}

export async function findWorkspaceMember(db: Executor, orgId: string, id: string): Promise<WorkspaceMemberRow | null> {
  const [r] = await db
    .select()
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.orgId, orgId), eq(workspaceMembers.id, id)))
    .limit(1);
  return r ?? null;
}

export async function listWorkspaceMembers(db: Executor, orgId: string, workspaceId: string, limit: number, offset: number) {
  return db
    .select()
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.orgId, orgId), eq(workspaceMembers.workspaceId, workspaceId)))
    .orderBy(desc(workspaceMembers.createdAt), desc(workspaceMembers.id))
    .limit(limit)
    .offset(offset);
}

export async function countWorkspaceMembers(db: Executor, orgId: string, workspaceId: string): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.orgId, orgId), eq(workspaceMembers.workspaceId, workspaceId)));
  return r?.n ?? 0;
}

export async function deleteWorkspaceMember(db: Executor, orgId: string, id: string): Promise<boolean> {
  return (
    (
      await db
        .delete(workspaceMembers)
        .where(and(eq(workspaceMembers.orgId, orgId), eq(workspaceMembers.id, id)))
        .returning({ id: workspaceMembers.id })
    ).length > 0
  );
}

/** The workspaces a member of the organization belongs to. */
export async function workspaceIdsOfMember(db: Executor, orgId: string, memberId: string): Promise<string[]> {
  const rows = await db
    .select({ workspaceId: workspaceMembers.workspaceId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.orgId, orgId), eq(workspaceMembers.memberId, memberId)));
  return rows.map((r) => r.workspaceId);
}
