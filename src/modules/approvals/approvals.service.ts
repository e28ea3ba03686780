import { randomBytes } from 'node:crypto';
import { assertOrgActive, isOrgSuspended } from '../../platform/org-status.js';
import type { IntegrationRegistry } from '../../integrations/registry.js';
import type { ApprovalSummary, GateContext, GateResult } from '../../engine/types.js';
import type { Executor, Orm } from '../../platform/db/database.js';
import type { DeliveryRecordJson } from '../../platform/delivery/delivery.schemas.js';
import { hashToken, safeEqual } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/access.js';
import { newId, newToken, TOKEN_PREFIX } from '../../platform/ids.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import type { ApprovalPoliciesService } from '../approval-policies/approval-policies.service.js';
import type { MatchContext, PolicyDef } from '../approval-policies/matching.js';
import {
  toApproval,
  toEndUserApproval,
  toReceipt,
  type ApprovalView,
  type EndUserApprovalView,
  type ReceiptView,
} from './approvals.mapper.js';
import * as repo from './approvals.repository.js';
import type { DecisionInput, ListApprovalsInput } from './approvals.schemas.js';
import { redactInput } from './redact.js';
import { mayReview, membershipsOf, waitingFor } from './reviewers.js';

export type DecisionAction = 'approve' | 'reject' | 'cancel';
export const EVENT_OF: Record<DecisionAction, ApprovalEventType> = {
  approve: 'approval.approved',
  reject: 'approval.rejected',
  cancel: 'approval.canceled',
};
const STATUS_OF: Record<DecisionAction, string> = { approve: 'approved', reject: 'rejected', cancel: 'canceled' };

export type ApprovalEventType =
  'approval.requested' | 'approval.approved' | 'approval.rejected' | 'approval.canceled' | 'approval.expired';

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

/** A lifecycle event, handed to the notifier inside the transaction that made it (an outbox). */
export interface ApprovalEvent {
  type: ApprovalEventType;
  approval: ApprovalView;
  receipt: ReceiptView | null;
  /** The policy's approvers as the request recorded them. */
  approvers: Array<Record<string, unknown>>;
}

/** A lifecycle notification's delivery as GET /approvals/:id shows it. */
export type ApprovalDelivery = DeliveryRecordJson & { url: string };

export interface ApprovalNotifier {
  enqueue(tx: Executor, orgId: string, event: ApprovalEvent): Promise<void>;
  /** The most recent deliveries of a request's events, newest last. */
  deliveriesFor(orgId: string, approvalId: string): Promise<ApprovalDelivery[]>;
}

export interface ApprovalsDeps {
  orm: Orm;
  registry: IntegrationRegistry;
  workspaces: WorkspacesService;
  policies: ApprovalPoliciesService;
  publicUrl: string;
  /** Lifecycle notifications (approval webhooks). */
  notifier: ApprovalNotifier;
}

export type RequestBase = Omit<Parameters<typeof repo.insertRequest>[1], 'id' | 'status' | 'expiresAt' | 'idempotencyKey'>;

/** An approved batch request covers a call when its policy group lists the tool and the code is the one analysed. */
function batchCovers(row: repo.RequestRow, tool: string, codeHash: unknown): boolean {
  if (row.status !== 'approved' || row.expiresAt <= new Date()) return false;
  const preview = row.inputPreview as {
    codeHash?: string;
    approvalGroups?: Array<{ approvalPolicyId: string | null; tools: string[] }>;
  };
  if (typeof codeHash === 'string' && preview.codeHash !== codeHash) return false;
  return (preview.approvalGroups ?? []).some((g) => g.approvalPolicyId === row.policyId && g.tools.includes(tool));
}

/** What a request was judged under; kept on the request so deleting or changing the policy keeps history. */
type PolicySnapshot = Pick<
  PolicyDef,
  | 'name'
  | 'decision'
  | 'approvers'
  | 'approvalAccessMode'
  | 'timeoutSeconds'
  | 'defaultOnTimeout'
  | 'reuseWindowSeconds'
  | 'priority'
  | 'riskMode'
>;

export const snapshotOf = (p: PolicyDef): PolicySnapshot => ({
  name: p.name,
  decision: p.decision,
  approvers: p.approvers,
  approvalAccessMode: p.approvalAccessMode,
  timeoutSeconds: p.timeoutSeconds,
  defaultOnTimeout: p.defaultOnTimeout,
  reuseWindowSeconds: p.reuseWindowSeconds,
  priority: p.priority,
  riskMode: p.riskMode,
});

/** Sources whose answers go to an AI agent (MCP tools, Code Mode), never to a trusted back end. */
const AGENT_SOURCES: ReadonlySet<string> = new Set(['mcp_tools', 'mcp_code']);

const newApprovalId = () => TOKEN_PREFIX.approval + randomBytes(16).toString('base64url');
const newIdempotencyKey = () => 'idem_' + randomBytes(18).toString('base64url');

/**
 * Approval requests and receipts: the gate's decisions, reviewers' decisions (API, pages, hosted links), timeouts.
 * A receipt binds an approval to (idempotency key, input hash): exactly that retry may run, once.
 */
export class ApprovalsService {
  private readonly notifier: ApprovalNotifier;

  constructor(private readonly deps: ApprovalsDeps) {
    this.notifier = deps.notifier;
  }

  // ---- the gate -------------------------------------------------------------------------------------------

  async check(ctx: GateContext): Promise<GateResult> {
    const secretProps = Object.entries(ctx.action.props ?? {})
      .filter(([, p]) => p.type === 'SECRET_TEXT')
      .map(([k]) => k);
    // Redacted only when needed (a model asks, or a request is recorded): most calls match no policy.
    let redacted: ReturnType<typeof redactInput> | null = null;
    const redact = () => (redacted ??= redactInput(ctx.input, { enforcedKeys: ctx.enforcedKeys, secretProps }));

    // An approved retry (same key, same input) runs, whatever the policies say now: it was approved as it is.
    if (ctx.idempotencyKey) {
      const receipt = await repo.findValidReceipt(this.deps.orm, ctx.orgId, ctx.idempotencyKey, ctx.inputHash);
      if (receipt) return this.proceedWith(ctx.orgId, receipt.approvalId);
    }

    const definition = ctx.action as { displayName?: string };
    const match: MatchContext = {
      workspaceId: ctx.workspaceId,
      source: ctx.source,
      mcpServerId: ctx.mcpServerId,
      workspaceIntegrationId: ctx.workspaceIntegrationId,
      integrationName: ctx.integrationName,
      integrationAlias: ctx.integrationAlias,
      integrationCategories: this.deps.registry.get(ctx.integrationName)?.categories ?? [],
      actionName: ctx.actionName,
      actionDisplayName: definition.displayName,
      connectionStrategy: ctx.connectionStrategy,
      endUserId: ctx.endUserId,
      input: ctx.input,
      preview: () => redact().preview,
    };
    const selected = await this.deps.policies.select(ctx.orgId, match);
    if (!selected) return { kind: 'proceed' };
    const { policy, reasons } = selected;

    if (policy.decision === 'block') {
      return {
        kind: 'block',
        error: new AppError(
          'APPROVAL_POLICY_BLOCKED',
          `Approval policy "${policy.name}" blocks this action: ${reasons.join('; ')}`,
          { policyId: policy.id, reasons },
        ),
      };
    }

    const base: RequestBase = {
      orgId: ctx.orgId,
      workspaceId: ctx.workspaceId,
      policyId: policy.id,
      policySnapshot: snapshotOf(policy),
      decision: policy.decision,
      source: ctx.source,
      endUserId: ctx.endUserId,
      endUserExternalId: ctx.endUserExternalId,
      apiKeyId: ctx.apiKeyId,
      mcpServerId: ctx.mcpServerId,
      triggerSourceId: ctx.triggerSourceId,
      integrationName: ctx.integrationName,
      integrationAlias: ctx.integrationAlias,
      workspaceIntegrationId: ctx.workspaceIntegrationId,
      actionName: ctx.actionName,
      connectionId: ctx.connectionId,
      inputHash: ctx.inputHash,
      inputPreview: redact().preview,
      redactedPaths: redact().redactedPaths,
      riskReasons: reasons,
      approvalAccessMode: policy.approvalAccessMode,
      codeRunId: typeof ctx.extra.codeRunId === 'string' ? ctx.extra.codeRunId : null,
      createdAt: new Date(), // millisecond precision, like the list cursor
    };

    if (policy.decision === 'auto_approve' || policy.decision === 'notify_only') {
      const id = await this.recordApproved(
        base,
        ctx.idempotencyKey,
        policy,
        { type: 'policy', decision: policy.decision },
        policy.decision === 'notify_only',
        null,
      );
      return this.proceedWith(ctx.orgId, id);
    }

    // A Code Mode run whose batch approval for this policy covers this tool (and this code) runs.
    const codeRunId = typeof ctx.extra.codeRunId === 'string' ? ctx.extra.codeRunId : null;
    if (codeRunId && policy.id) {
      const batch = await repo.findCodeRunRequest(this.deps.orm, ctx.orgId, codeRunId, policy.id);
      if (batch && batchCovers(batch, `${ctx.integrationAlias}.${ctx.actionName}`, ctx.extra.codeHash))
        return { kind: 'proceed', approvalId: batch.id };
    }

    // require_approval. A retry while the request is still pending gets the same request back.
    if (ctx.idempotencyKey) {
      const pending = await repo.findPendingByKey(this.deps.orm, ctx.orgId, ctx.idempotencyKey, ctx.inputHash);
      if (pending) return { kind: 'pause', approval: this.summary(pending, null) };
    }
    if (policy.reuseWindowSeconds && policy.id) {
      const since = new Date(Date.now() - policy.reuseWindowSeconds * 1000);
      const earlier = await repo.findReusable(this.deps.orm, ctx.orgId, policy.id, ctx.endUserId, ctx.inputHash, since);
      if (earlier) {
        const id = await this.recordApproved(
          base,
          ctx.idempotencyKey,
          policy,
          { type: 'reuse', approvalId: earlier.id },
          false,
          earlier.id,
        );
        return this.proceedWith(ctx.orgId, id);
      }
    }
    const created = await this.createPending(base, policy, ctx.idempotencyKey ?? newIdempotencyKey());
    return { kind: 'pause', approval: this.summary(created.row, created.token) };
  }

  /**
   * A new pending request (and its approval.requested event, in the same transaction). An identical pending request
   * (same idempotency key and input hash) is returned instead of a second one; then no link token is issued.
   */
  async createPending(
    base: RequestBase,
    policy: PolicyDef,
    idempotencyKey: string | null,
  ): Promise<{ row: repo.RequestRow; token: string | null }> {
    // No bearer link for a call an agent made: it would reach the agent, who could approve its own call (0092).
    const bearer = policy.approvalAccessMode !== 'dashboard_only' && !AGENT_SOURCES.has(base.source);
    const linkToken = bearer ? newToken(TOKEN_PREFIX.approvalLink) : null;
    return this.deps.orm.transaction(async (t) => {
      const tx = t as unknown as Executor;
      const { row, created } = await repo.insertRequest(tx, {
        ...base,
        id: newApprovalId(),
        status: 'pending',
        idempotencyKey,
        linkTokenHash: linkToken ? hashToken(linkToken) : null,
        expiresAt: new Date(Date.now() + policy.timeoutSeconds * 1000),
      });
      // The bearer link is not put in webhook bodies: outbox rows are kept in clear, the token only as a hash.
      if (created) await this.emit(tx, 'approval.requested', row, null, null);
      return { row, token: created ? linkToken : null };
    });
  }

  summary(row: repo.RequestRow, linkToken: string | null): ApprovalSummary {
    const a = toApproval(row, this.deps.publicUrl, linkToken);
    const approvers = (row.policySnapshot as { approvers?: unknown }).approvers;
    return {
      id: a.id,
      status: a.status,
      approvalUrl: a.approvalUrl,
      hostedApprovalUrl: a.hostedApprovalUrl,
      expiresAt: a.expiresAt,
      retry: { idempotencyKey: row.idempotencyKey ?? '' },
      endUserPortal:
        row.endUserId !== null &&
        Array.isArray(approvers) &&
        approvers.some((x) => (x as { type?: unknown } | null)?.type === 'end_user'),
    };
  }

  private proceedWith(orgId: string, approvalId: string): GateResult {
    return {
      kind: 'proceed',
      approvalId,
      after: async (result) => {
        await this.deps.orm.transaction(async (t) => repo.consume(t as unknown as Executor, orgId, approvalId, result.status));
      },
    };
  }

  /** auto_approve, notify_only and reuse: a request born approved, with its receipt, consumed when the run ends. */
  private async recordApproved(
    base: RequestBase,
    idempotencyKey: string | null,
    policy: PolicyDef,
    by: DecidedBy,
    notify: boolean,
    reusedFrom: string | null,
  ): Promise<string> {
    const now = new Date();
    const expiresAt = new Date(now.getTime() + policy.timeoutSeconds * 1000);
    return this.deps.orm.transaction(async (t) => {
      const tx = t as unknown as Executor;
      const { row } = await repo.insertRequest(tx, {
        ...base,
        id: newApprovalId(),
        status: 'approved',
        idempotencyKey,
        expiresAt,
        decidedAt: now,
        decidedBy: by,
        decisionReason:
          by.type === 'reuse' ? `approved ${by.approvalId} within the reuse window` : `policy decision ${policy.decision}`,
        reusedFrom,
      });
      const receipt = await repo.insertReceipt(tx, {
        id: newId(),
        orgId: row.orgId,
        approvalId: row.id,
        inputHash: row.inputHash,
        idempotencyKey,
        expiresAt,
      });
      if (notify) await this.emit(tx, 'approval.approved', row, receipt, null);
      return row.id;
    });
  }

  // ---- reading --------------------------------------------------------------------------------------------

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
    const approval = toApproval(await this.find(actor, id), this.deps.publicUrl);
    return { approval, webhookDeliveries: await this.notifier.deliveriesFor(approval.orgId, approval.id) };
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

  private async find(actor: Actor, id: string) {
    const row = await repo.findRequest(this.deps.orm, actor.orgId, id);
    if (!row) throw notFound();
    if (row.workspaceId) actor.access.assertWorkspace(row.workspaceId);
    else actor.access.assertOrgWide();
    return row;
  }

  // ---- deciding -------------------------------------------------------------------------------------------

  /** approve / reject / cancel with an API key: approvals.decide within the request's scope. */
  async decideWithKey(actor: Actor, apiKeyId: string | null, id: string, action: DecisionAction, input: DecisionInput = {}) {
    await this.find(actor, id);
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

  /** Members allowed by the policy's org_role and dashboard_user approvers (owners and admins when it names none). */
  /** Whether the request's organization is suspended (the review pages then show only that). */
  async orgSuspended(row: repo.RequestRow): Promise<boolean> {
    return isOrgSuspended(this.deps.orm, row.orgId);
  }

  async userMayReview(row: repo.RequestRow, userId: string): Promise<boolean> {
    const [member] = await membershipsOf(this.deps.orm, userId, row.orgId);
    return member !== undefined && mayReview(row, userId, member.role);
  }

  /** What waits for a signed-in reviewer on the review pages (the list at /approvals). */
  async waitingFor(userId: string) {
    return waitingFor(this.deps, userId);
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
      await this.emit(tx, EVENT_OF[action], updated, receipt, null);
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
    await this.emit(tx, expire ? 'approval.expired' : 'approval.rejected', updated, null, null);
    await this.endCodeRun(tx, updated, now);
    return updated;
  }

  /** A refused, canceled or timed-out batch approval ends its Code Mode run: the run's other pending ones are canceled. */
  private async endCodeRun(tx: Executor, row: repo.RequestRow, now: Date): Promise<void> {
    if (!row.codeRunId || (row.inputPreview as { type?: string } | null)?.type !== 'mcp_code_batch_run') return;
    for (const sibling of await repo.cancelPendingCodeRunSiblings(tx, row.orgId, row.codeRunId, row.id, now)) {
      await this.emit(tx, 'approval.canceled', sibling, null, null);
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
          await this.emit(tx, row.status === 'expired' ? 'approval.expired' : 'approval.rejected', row, null, null);
          await this.endCodeRun(tx, row, now);
        }
        return rows.length;
      });
      total += ended;
      if (ended < 200) return total;
    }
  }

  async receiptFor(orgId: string, approvalId: string) {
    const r = await repo.findReceipt(this.deps.orm, orgId, approvalId);
    return r ? toReceipt(r) : null;
  }

  private async emit(
    tx: Executor,
    type: ApprovalEventType,
    row: repo.RequestRow,
    receipt: repo.ReceiptRow | null,
    linkToken: string | null,
  ): Promise<void> {
    const approvers = (row.policySnapshot as { approvers?: Array<Record<string, unknown>> }).approvers ?? [];
    await this.notifier.enqueue(tx, row.orgId, {
      type,
      approval: toApproval(row, this.deps.publicUrl, linkToken),
      receipt: receipt ? toReceipt(receipt) : null,
      approvers,
    });
  }
}

const notFound = () => new AppError('NOT_FOUND', 'Approval request not found.');

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
