import { and, asc, eq, gt, inArray, ne } from 'drizzle-orm';
import type { IntegrationRegistry } from '../../integrations/registry.js';
import type { Executor } from '../../platform/db/database.js';
import { approvalRequests } from '../../platform/db/schema.js';
import type { MembersService } from '../members/members.service.js';
import { toEndUserApproval, type EndUserApprovalView } from './approvals.mapper.js';
import type { RequestRow } from './approvals.repository.js';

/**
 * Whether a member may decide a request from the review page: the policy's org_role and dashboard_user approvers (as
 * the request recorded them), or owners and admins when it names none of those.
 */
export function mayReview(row: Pick<RequestRow, 'policySnapshot'>, userId: string, role: string): boolean {
  const recorded = (row.policySnapshot as { approvers?: unknown }).approvers;
  const approvers = (Array.isArray(recorded) ? (recorded as Array<Record<string, unknown> | null>) : []).filter(
    (a): a is Record<string, unknown> => a?.type === 'org_role' || a?.type === 'dashboard_user',
  );
  if (approvers.length === 0) return role === 'owner' || role === 'admin';
  return approvers.some((a) =>
    a.type === 'org_role'
      ? Array.isArray(a.roles) && a.roles.includes(role)
      : Array.isArray(a.userIds) && a.userIds.includes(userId),
  );
}

const SCAN = 500;

/**
 * What waits for a signed-in reviewer across their organizations: pending, unexpired requests with a review page (not
 * hosted_link_only) that they may decide, soonest to expire first. `more`: there may be others beyond `limit`.
 */
export async function waitingFor(
  deps: {
    orm: Executor;
    members: Pick<MembersService, 'membershipsOf'>;
    registry: Pick<IntegrationRegistry, 'get'>;
    publicUrl: string;
  },
  userId: string,
  limit = 100,
): Promise<{ items: Array<EndUserApprovalView & { organization: string }>; more: boolean }> {
  const memberships = await deps.members.membershipsOf(userId);
  if (memberships.length === 0) return { items: [], more: false };
  const byOrg = new Map(memberships.map((m) => [m.orgId, m]));
  const rows = await deps.orm
    .select()
    .from(approvalRequests)
    .where(
      and(
        inArray(approvalRequests.orgId, [...byOrg.keys()]),
        eq(approvalRequests.status, 'pending'),
        gt(approvalRequests.expiresAt, new Date()),
        ne(approvalRequests.approvalAccessMode, 'hosted_link_only'),
      ),
    )
    .orderBy(asc(approvalRequests.expiresAt), asc(approvalRequests.id))
    .limit(SCAN);
  const mine = rows.filter((r) => mayReview(r, userId, byOrg.get(r.orgId)!.role));
  return {
    items: mine.slice(0, limit).map((r) => ({
      ...toEndUserApproval(r, deps.publicUrl, deps.registry),
      organization: byOrg.get(r.orgId)!.organization,
    })),
    more: mine.length > limit || rows.length === SCAN,
  };
}
