import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../platform/db/database.js';
import { workspaces } from '../../platform/db/schema.js';

export type WorkspaceRow = typeof workspaces.$inferSelect;

export interface WorkspaceFilter {
  includeSuspended: boolean;
  /** null = all workspaces of the organization */
  onlyIds: string[] | null;
}

function where(orgId: string, f: WorkspaceFilter): SQL | undefined {
  return and(
    eq(workspaces.orgId, orgId),
    f.includeSuspended ? undefined : eq(workspaces.suspended, false),
    f.onlyIds ? inArray(workspaces.id, f.onlyIds.length ? f.onlyIds : ['00000000-0000-0000-0000-000000000000']) : undefined,
  );
}

export async function listWorkspaces(db: Executor, orgId: string, f: WorkspaceFilter, limit: number, offset: number) {
  return db
    .select()
    .from(workspaces)
    .where(where(orgId, f))
    .orderBy(desc(workspaces.createdAt), desc(workspaces.id))
    .limit(limit)
    .offset(offset);
}

export async function countWorkspaces(db: Executor, orgId: string, f?: WorkspaceFilter): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(workspaces)
    .where(f ? where(orgId, f) : eq(workspaces.orgId, orgId));
  return r?.n ?? 0;
}

export async function findWorkspace(db: Executor, orgId: string, id: string): Promise<WorkspaceRow | null> {
  const [row] = await db
    .select()
    .from(workspaces)
    .where(and(eq(workspaces.orgId, orgId), eq(workspaces.id, id)))
    .limit(1);
  return row ?? null;
}

export async function insertWorkspace(db: Executor, row: typeof workspaces.$inferInsert): Promise<WorkspaceRow> {
  const [created] = await db.insert(workspaces).values(row).returning();
  return created!;
}

export async function updateWorkspace(
  db: Executor,
  orgId: string,
  id: string,
  patch: Partial<Pick<WorkspaceRow, 'name' | 'slug'>>,
): Promise<WorkspaceRow | null> {
  const [row] = await db
    .update(workspaces)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(workspaces.orgId, orgId), eq(workspaces.id, id)))
    .returning();
  return row ?? null;
}

/** Locks the workspace for the rest of the transaction (rows referring to it cannot be added until it ends). */
export async function lockWorkspace(tx: Executor, orgId: string, id: string): Promise<boolean> {
  const [r] = await tx
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(and(eq(workspaces.orgId, orgId), eq(workspaces.id, id)))
    .for('update');
  return r !== undefined;
}

/**
 * Whether the workspace still exists; it then stays until the transaction ends (a key-share lock: its deletion, which
 * locks it first, waits, and finds what this transaction did).
 */
export async function holdWorkspace(tx: Executor, orgId: string, id: string): Promise<boolean> {
  const [r] = await tx
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(and(eq(workspaces.orgId, orgId), eq(workspaces.id, id)))
    .for('key share');
  return r !== undefined;
}

/** Which of these ids are workspaces of the organization. */
export async function existingWorkspaceIds(db: Executor, orgId: string, ids: string[]): Promise<string[]> {
  const rows = await db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(and(eq(workspaces.orgId, orgId), inArray(workspaces.id, ids)));
  return rows.map((r) => r.id);
}

/**
 * Everything inside the workspace goes with it, in this one statement: ON DELETE CASCADE, and the activity log
 * (which has no foreign key, for write speed) explicitly.
 */
export async function deleteWorkspace(db: Executor, orgId: string, id: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`WITH gone AS (DELETE FROM activity WHERE org_id = ${orgId} AND workspace_id = ${id})
        DELETE FROM workspaces WHERE org_id = ${orgId} AND id = ${id} RETURNING id`,
  );
  return rows.length > 0;
}
