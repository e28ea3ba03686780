import { and, asc, count, eq, isNull, or, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.js';
import { approvalPolicies } from '../../platform/db/schema.js';

export type PolicyRow = typeof approvalPolicies.$inferSelect;

/** null: every workspace; otherwise only policies of these workspaces (and, with orgWide, organization-wide ones). */
export interface PolicyFilter {
  workspaceIds: string[] | null;
  includeOrgWide: boolean;
}

function where(orgId: string, f: PolicyFilter): SQL {
  const conds: SQL[] = [eq(approvalPolicies.orgId, orgId)];
  if (f.workspaceIds !== null) {
    const inWs = f.workspaceIds.length ? inArray(approvalPolicies.workspaceId, f.workspaceIds) : undefined;
    const scope = f.includeOrgWide
      ? inWs
        ? or(inWs, isNull(approvalPolicies.workspaceId))
        : isNull(approvalPolicies.workspaceId)
      : inWs;
    conds.push(scope ?? eq(approvalPolicies.id, '00000000-0000-0000-0000-000000000000'));
  }
  return and(...conds)!;
}

export async function listPolicies(
  db: Executor,
  orgId: string,
  f: PolicyFilter,
  limit: number,
  offset: number,
): Promise<PolicyRow[]> {
  return db
    .select()
    .from(approvalPolicies)
    .where(where(orgId, f))
    .orderBy(asc(approvalPolicies.priority), asc(approvalPolicies.createdAt), asc(approvalPolicies.id))
    .limit(limit)
    .offset(offset);
}

export async function countPolicies(db: Executor, orgId: string, f: PolicyFilter): Promise<number> {
  const [r] = await db.select({ n: count() }).from(approvalPolicies).where(where(orgId, f));
  return r?.n ?? 0;
}

/** Enabled policies that can apply in a workspace: its own and the organization-wide ones. */
export async function listApplicable(db: Executor, orgId: string, workspaceId: string): Promise<PolicyRow[]> {
  return db
    .select()
    .from(approvalPolicies)
    .where(
      and(
        eq(approvalPolicies.orgId, orgId),
        eq(approvalPolicies.enabled, true),
        or(eq(approvalPolicies.workspaceId, workspaceId), isNull(approvalPolicies.workspaceId)),
      ),
    );
}

export async function findPolicy(db: Executor, orgId: string, id: string): Promise<PolicyRow | null> {
  const [r] = await db
    .select()
    .from(approvalPolicies)
    .where(and(eq(approvalPolicies.orgId, orgId), eq(approvalPolicies.id, id)))
    .limit(1);
  return r ?? null;
}

export async function insertPolicy(db: Executor, row: typeof approvalPolicies.$inferInsert): Promise<PolicyRow> {
  const [r] = await db.insert(approvalPolicies).values(row).returning();
  return r!;
}

export async function updatePolicy(
  db: Executor,
  orgId: string,
  id: string,
  patch: Partial<typeof approvalPolicies.$inferInsert>,
): Promise<PolicyRow | null> {
  const [r] = await db
    .update(approvalPolicies)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(approvalPolicies.orgId, orgId), eq(approvalPolicies.id, id)))
    .returning();
  return r ?? null;
}

export async function deletePolicy(db: Executor, orgId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(approvalPolicies)
    .where(and(eq(approvalPolicies.orgId, orgId), eq(approvalPolicies.id, id)))
    .returning({ id: approvalPolicies.id });
  return rows.length > 0;
}
