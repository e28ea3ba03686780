import type { IntegrationRegistry } from '../../integrations/registry.js';
import type { Orm } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/access.js';
import type { MembersService } from '../members/members.service.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import type { ApprovalDelivery, ApprovalNotifier } from './approval-events.js';
import { toApproval, toEndUserApproval, toReceipt, type ApprovalView, type EndUserApprovalView } from './approvals.mapper.js';
import * as repo from './approvals.repository.js';
import type { ListApprovalsInput } from './approvals.schemas.js';
import { waitingFor } from './reviewers.js';

/** Reading requests: the API's list and detail, the end-user portal's and the review pages' views, receipts. */
export class ApprovalReads {
  constructor(
    private readonly deps: {
      orm: Orm;
      registry: IntegrationRegistry;
      workspaces: WorkspacesService;
      members: MembersService;
      publicUrl: string;
      notifier: ApprovalNotifier;
    },
  ) {}

  async list(actor: Actor, q: ListApprovalsInput) {
    let workspaceIds: string[] | null = actor.access.workspaceIds ? [...actor.access.workspaceIds] : null;
    if (q.workspaceId) {
      await this.deps.workspaces.requireUsable(actor, q.workspaceId);
      workspaceIds = [q.workspaceId];
    }
    const filter: repo.RequestFilter = {
      workspaceIds,
      status: q.status,
      source: q.source,
      integrationName: q.integrationName,
      actionName: q.actionName,
      policyId: q.policyId,
    };
    const after = q.cursor ? decodeCursor(q.cursor) : null;
    const [rows, total] = await Promise.all([
      repo.listRequests(this.deps.orm, actor.orgId, filter, q.limit + 1, after),
      repo.countRequests(this.deps.orm, actor.orgId, filter),
    ]);
    const page = rows.slice(0, q.limit);
    const last = page[page.length - 1];
    return {
      approvals: page.map((r) => toApproval(r, this.deps.publicUrl)),
      total,
      nextCursor: rows.length > q.limit && last ? encodeCursor(last) : null,
    };
  }

  /** A request with its recent webhook deliveries: what REST (and any other caller) shows of one request. */
  async get(actor: Actor, id: string): Promise<{ approval: ApprovalView; webhookDeliveries: ApprovalDelivery[] }> {
    const approval = toApproval(await findForActor(this.deps.orm, actor, id), this.deps.publicUrl);
    return { approval, webhookDeliveries: await this.deps.notifier.deliveriesFor(approval.orgId, approval.id) };
  }

  /**
   * What the end-user portal shows an end user: their pending requests whose policy names an end_user approver (the
   * ones decideAsEndUser accepts), soonest to expire first, and the few most recently ended, newest first; each with
   * catalog display names (docs/decisions/0068-end-user-portal-approvals.md).
   */
  async forEndUser(
    orgId: string,
    workspaceId: string,
    endUserId: string,
    recent = 5,
  ): Promise<{ pending: EndUserApprovalView[]; recent: EndUserApprovalView[] }> {
    const [pending, ended] = await Promise.all([
      repo.listForEndUser(this.deps.orm, orgId, workspaceId, endUserId, false, 50),
      repo.listForEndUser(this.deps.orm, orgId, workspaceId, endUserId, true, recent),
    ]);
    const view = (r: repo.RequestRow) => toEndUserApproval(r, this.deps.publicUrl, this.deps.registry);
    return { pending: pending.map(view), recent: ended.map(view) };
  }

  /** The raw row for the review pages, which check the reviewer themselves (userMayReview, rowForLink). */
  async findRowById(id: string) {
    return repo.findRequestById(this.deps.orm, id);
  }

  /** What waits for a signed-in reviewer on the review pages (the list at /approvals). */
  async waitingFor(userId: string) {
    return waitingFor(this.deps, userId);
  }

  async receiptFor(orgId: string, approvalId: string) {
    const r = await repo.findReceipt(this.deps.orm, orgId, approvalId);
    return r ? toReceipt(r) : null;
  }
}

/** A request the actor may see: in their organization and within their workspace scope (else not found or forbidden). */
export async function findForActor(orm: Orm, actor: Actor, id: string) {
  const row = await repo.findRequest(orm, actor.orgId, id);
  if (!row) throw notFound();
  if (row.workspaceId) actor.access.assertWorkspace(row.workspaceId);
  else actor.access.assertOrgWide();
  return row;
}

export const notFound = () => new AppError('NOT_FOUND', 'Approval request not found.');

function encodeCursor(row: repo.RequestRow): string {
  return Buffer.from(JSON.stringify([row.createdAt.toISOString(), row.id])).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  try {
    const [t, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [unknown, unknown];
    const createdAt = new Date(String(t));
    if (typeof id !== 'string' || Number.isNaN(createdAt.getTime())) throw new Error('bad cursor');
    return { createdAt, id };
  } catch {
    throw new AppError('VALIDATION_ERROR', 'cursor is not a cursor this API returned.');
  }
}
