import { randomBytes } from 'node:crypto';
import type { IntegrationRegistry } from '../../integrations/registry.js';
import type { ApprovalSummary, GateContext, GateResult } from '../../engine/types.js';
import type { Executor, Orm } from '../../platform/db/database.js';
import { hashToken } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import { newId, newToken, TOKEN_PREFIX } from '../../platform/ids.js';
import type { ApprovalPoliciesService } from '../approval-policies/approval-policies.service.js';
import type { MatchContext, PolicyDef } from '../approval-policies/matching.js';
import type { DecidedBy } from './approval-decisions.js';
import { emit, type ApprovalNotifier } from './approval-events.js';
import { toApproval } from './approvals.mapper.js';
import * as repo from './approvals.repository.js';
import { redactInput } from './redact.js';

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
 * The gate's side of approvals: which policy governs a call, and the request it makes (born approved, or pending
 * with a hosted link). A receipt binds an approval to (idempotency key, input hash): exactly that retry may run, once.
 */
export class ApprovalRequests {
  constructor(
    private readonly deps: {
      orm: Orm;
      registry: IntegrationRegistry;
      policies: ApprovalPoliciesService;
      publicUrl: string;
      notifier: ApprovalNotifier;
    },
  ) {}

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
      integrationCategories: this.deps.registry.get(ctx.integrationName, ctx.orgId)?.categories ?? [],
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
      if (created) await emit(this.deps, tx, 'approval.requested', row, null, null);
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
      if (notify) await emit(this.deps, tx, 'approval.approved', row, receipt, null);
      return row.id;
    });
  }
}
