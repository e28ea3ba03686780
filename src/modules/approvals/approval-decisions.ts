import { assertOrgActive, isOrgSuspended } from '../../platform/org-status.js';
import type { Executor, Orm } from '../../platform/db/database.js';
import { hashToken, safeEqual } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/access.js';
import { newId } from '../../platform/ids.js';
import type { MembersService } from '../members/members.service.js';
import { emit, type ApprovalEventType, type ApprovalNotifier } from './approval-events.js';
import { findForActor, notFound } from './approval-reads.js';
import { toApproval, toReceipt, type ApprovalView, type ReceiptView } from './approvals.mapper.js';
import * as repo from './approvals.repository.js';
import type { DecisionInput } from './approvals.schemas.js';
import { mayReview } from './reviewers.js';

export type DecisionAction = 'approve' | 'reject' | 'cancel';
export const EVENT_OF: Record<DecisionAction, ApprovalEventType> = {
  approve: 'approval.approved',
  reject: 'approval.rejected',
  cancel: 'approval.canceled',
};
const STATUS_OF: Record<DecisionAction, string> = { approve: 'approved', reject: 'rejected', cancel: 'canceled' };

/** Who decided: recorded on the request as decidedBy. */
export type DecidedBy =
  | { type: 'api_key'; apiKeyId: string | null }
  | { type: 'user'; userId: string; email: string }
  | { type: 'hosted_link' }
  | { type: 'end_user'; endUserId: string }
  | { type: 'policy'; decision: string }
  | { type: 'reuse'; approvalId: string }
  | { type: 'code_run'; approvalId: string }
  | { type: 'timeout' };

/**
 * Deciding pending requests: reviewers (API keys, review pages, hosted links, end users) and timeouts. A decision
 * locks the request and records its status, receipt and event in one transaction.
 */
export class ApprovalDecisions {
  constructor(private readonly deps: { orm: Orm; members: MembersService; publicUrl: string; notifier: ApprovalNotifier }) {}

  /** approve / reject / cancel with an API key: approvals.decide within the request's scope. */
  async decideWithKey(actor: Actor, apiKeyId: string | null, id: string, action: DecisionAction, input: DecisionInput = {}) {
    await findForActor(this.deps.orm, actor, id);
    if (!actor.access.canDecideApprovals) {
      throw new AppError('FORBIDDEN', 'This API key may not decide approvals: it needs the permission approvals.decide.');
    }
    return this.decide(actor.orgId, id, action, input, { type: 'api_key', apiKeyId });
  }

  /** The same, by a signed-in member allowed by the policy's approvers (the review page). */
  async decideAsUser(user: { userId: string; email: string }, id: string, action: DecisionAction, input: DecisionInput) {
    const row = await repo.findRequestById(this.deps.orm, id);
    if (!row || !(await this.userMayReview(row, user.userId))) throw notFound();
    if (row.approvalAccessMode === 'hosted_link_only') throw notFound();
    return this.decide(row.orgId, id, action, input, { type: 'user', userId: user.userId, email: user.email });
  }

  /**
   * The same, by a signed-in member calling the API in their organization (0132): the request must be within their
   * reach (another organization's is not found, another workspace's is SCOPE_DENIED for the role member), and there
   * the policy's approvers decide, as on the review page.
   */
  async decideAsMember(
    member: Actor & { userId: string; email: string },
    id: string,
    action: DecisionAction,
    input: DecisionInput,
  ) {
    await findForActor(this.deps.orm, member, id);
    return this.decideAsUser(member, id, action, input);
  }

  /** The same, by the holder of the hosted link (a bearer link, valid while the request is pending). */
  async decideWithLink(id: string, token: string, action: Exclude<DecisionAction, 'cancel'>, input: DecisionInput) {
    const row = await this.rowForLink(id, token);
    if (!row) throw new AppError('INVALID_TOKEN', 'This approval link is invalid or no longer active.');
    return this.decide(row.orgId, id, action, input, { type: 'hosted_link' });
  }

  /** End-user approvers decide their own requests (the end-user portal calls this). */
  async decideAsEndUser(
    orgId: string,
    endUserId: string,
    id: string,
    action: Exclude<DecisionAction, 'cancel'>,
    input: DecisionInput,
  ) {
    const row = await repo.findRequest(this.deps.orm, orgId, id);
    const approvers = (row?.policySnapshot as { approvers?: Array<{ type?: string }> } | undefined)?.approvers ?? [];
    if (!row || row.endUserId !== endUserId || !approvers.some((a) => a.type === 'end_user')) throw notFound();
    return this.decide(orgId, id, action, input, { type: 'end_user', endUserId });
  }

  /** The row a hosted link opens, or null when the token is wrong, the mode has no link, or the request ended. */
  async rowForLink(id: string, token: string): Promise<repo.RequestRow | null> {
    const row = await repo.findRequestById(this.deps.orm, id);
    if (!row?.linkTokenHash || row.approvalAccessMode === 'dashboard_only') return null;
    if (!safeEqual(row.linkTokenHash, hashToken(token))) return null;
    return row;
  }

  /** Whether the request's organization is suspended (the review pages then show only that). */
  async orgSuspended(row: repo.RequestRow): Promise<boolean> {
    return isOrgSuspended(this.deps.orm, row.orgId);
  }

  /** Members allowed by the policy's org_role and dashboard_user approvers (owners and admins when it names none). */
  async userMayReview(row: repo.RequestRow, userId: string): Promise<boolean> {
    const member = await this.deps.members.membershipIn(row.orgId, userId);
    return member !== null && mayReview(row, userId, member.role);
  }

  private async decide(
    orgId: string,
    id: string,
    action: DecisionAction,
    input: DecisionInput,
    by: DecidedBy,
  ): Promise<{ approval: ApprovalView; receipt: ReceiptView | null }> {
    const now = new Date();
    const outcome = await this.deps.orm.transaction(async (t) => {
      const tx = t as unknown as Executor;
      const row = await repo.lockRequest(tx, orgId, id);
      if (!row) throw notFound();
      // A suspended organization's reviewers cannot approve: nothing it held may run (every decision path ends here).
      await assertOrgActive(tx, orgId);
      if (row.status !== 'pending') return { kind: 'ended' as const, row };
      if (row.expiresAt <= now) return { kind: 'ended' as const, row: await this.timeOut(tx, row, now) };
      const updated = await repo.updateRequest(tx, orgId, id, {
        status: STATUS_OF[action],
        decidedAt: now,
        decidedBy: by,
        decisionReason: input.reason ?? null,
        decisionMetadata: input.metadata ?? null,
        linkTokenHash: null,
      });
      let receipt: repo.ReceiptRow | null = null;
      if (action === 'approve') {
        const timeout = Number((row.policySnapshot as { timeoutSeconds?: number }).timeoutSeconds ?? 3600);
        receipt = await repo.insertReceipt(tx, {
          id: newId(),
          orgId,
          approvalId: id,
          inputHash: row.inputHash,
          idempotencyKey: row.idempotencyKey,
          expiresAt: new Date(now.getTime() + timeout * 1000),
        });
      }
      await emit(this.deps, tx, EVENT_OF[action], updated, receipt, null);
      if (action !== 'approve') await this.endCodeRun(tx, updated, now);
      return { kind: 'decided' as const, row: updated, receipt };
    });
    if (outcome.kind === 'ended') {
      throw new AppError('APPROVAL_NOT_PENDING', `The approval request is ${outcome.row.status}; it cannot be decided again.`, {
        status: outcome.row.status,
      });
    }
    return {
      approval: toApproval(outcome.row, this.deps.publicUrl),
      receipt: outcome.receipt ? toReceipt(outcome.receipt) : null,
    };
  }

  // ---- timeouts -------------------------------------------------------------------------------------------

  private async timeOut(tx: Executor, row: repo.RequestRow, now: Date): Promise<repo.RequestRow> {
    const expire = (row.policySnapshot as { defaultOnTimeout?: string }).defaultOnTimeout === 'expire';
    const updated = await repo.updateRequest(tx, row.orgId, row.id, {
      status: expire ? 'expired' : 'rejected',
      decidedAt: now,
      decidedBy: { type: 'timeout' },
      decisionReason: 'timeout',
      linkTokenHash: null,
    });
    await emit(this.deps, tx, expire ? 'approval.expired' : 'approval.rejected', updated, null, null);
    await this.endCodeRun(tx, updated, now);
    return updated;
  }

  /** A refused, canceled or timed-out batch approval ends its Code Mode run: the run's other pending ones are canceled. */
  private async endCodeRun(tx: Executor, row: repo.RequestRow, now: Date): Promise<void> {
    if (!row.codeRunId || (row.inputPreview as { type?: string } | null)?.type !== 'mcp_code_batch_run') return;
    for (const sibling of await repo.cancelPendingCodeRunSiblings(tx, row.orgId, row.codeRunId, row.id, now)) {
      await emit(this.deps, tx, 'approval.canceled', sibling, null, null);
    }
  }

  /** Ends every pending request whose time is up (the approvals-expire job). Returns how many ended. */
  async expireDue(now = new Date()): Promise<number> {
    let total = 0;
    for (;;) {
      const ended = await this.deps.orm.transaction(async (t) => {
        const tx = t as unknown as Executor;
        const rows = await repo.expireDue(tx, now, 200);
        for (const row of rows) {
          await emit(this.deps, tx, row.status === 'expired' ? 'approval.expired' : 'approval.rejected', row, null, null);
          await this.endCodeRun(tx, row, now);
        }
        return rows.length;
      });
      total += ended;
      if (ended < 200) return total;
    }
  }
}
