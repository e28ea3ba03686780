import { createHash, randomBytes } from 'node:crypto';
import type { IntegrationRegistry } from '../../integrations/registry.js';
import type { Orm } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors.js';
import type { ApprovalPoliciesService } from '../approval-policies/approval-policies.service.js';
import type { PolicyDef } from '../approval-policies/matching.js';
import { toApproval, type ApprovalView } from './approvals.mapper.js';
import * as repo from './approvals.repository.js';
import { snapshotOf } from './approval-requests.js';
import type { ApprovalsService } from './approvals.service.js';
import { batchPreview, groupByPolicy, type ApprovalGroup, type CodeAnalysis } from './code-analysis.js';
import { redactInput } from './redact.js';

/** Who runs the code: the Code Mode server's workspace, server, end user and key. */
export interface CodeRunContext {
  workspaceId: string;
  mcpServerId: string | null;
  endUserId: string | null;
  endUserExternalId: string | null;
  apiKeyId: string | null;
  /** alias → workspace integration id, for policies filtering on workspaceIntegrationIds */
  workspaceIntegrationIds?: Record<string, string>;
}

export type CodeRunPlan =
  | { status: 'clear'; codeRunId: string; groups: ApprovalGroup[] }
  | { status: 'blocked'; codeRunId: string; groups: ApprovalGroup[]; blockedBy: ApprovalGroup }
  | { status: 'approval_required'; codeRunId: string; groups: ApprovalGroup[]; approvals: BatchApprovalSummary[] };

/** A batch approval as first answered (hosted link included), with the policy group it stands for. */
export type BatchApprovalSummary = ReturnType<ApprovalsService['summary']> & {
  approvalPolicyId: string | null;
  approvalPolicyName: string;
  tools: string[];
};

export interface CodeRunState {
  codeRunId: string;
  /** approved: every batch approval granted; pending: at least one still open; otherwise how the first one ended. */
  status: 'pending' | 'approved' | 'rejected' | 'canceled' | 'expired' | 'consumed';
  approvals: ApprovalView[];
  /** The next pending approval to ask for, or null. */
  next: ApprovalView | null;
}

const ENDED = ['rejected', 'canceled', 'expired'] as const;

/**
 * Code Mode batch approvals (docs/decisions/0065): before a run, one approval per governing policy group sharing a
 * codeRunId; continuations read the run's state or wait for it; during the run the gate lets each call through
 * that an approved group covers (ApprovalsService.check); afterwards the run is marked consumed.
 */
export class CodeRunApprovals {
  constructor(
    private readonly deps: {
      orm: Orm;
      approvals: ApprovalsService;
      policies: ApprovalPoliciesService;
      registry: IntegrationRegistry;
      publicUrl: string;
    },
  ) {}

  /** Which policy governs each predicted call, grouped (the gate's own selection, source mcp_code). */
  async plan(orgId: string, run: CodeRunContext, analysis: CodeAnalysis) {
    const policies = new Map<string, PolicyDef>();
    const grouped = await groupByPolicy(analysis, async (call) => {
      const integrationName = call.integrationName ?? call.alias;
      const definition = this.deps.registry.get(integrationName, orgId);
      const selected = await this.deps.policies.select(orgId, {
        workspaceId: run.workspaceId,
        source: 'mcp_code',
        mcpServerId: run.mcpServerId,
        workspaceIntegrationId: run.workspaceIntegrationIds?.[call.alias] ?? null,
        integrationName,
        integrationAlias: call.alias,
        integrationCategories: definition?.categories ?? [],
        actionName: call.action,
        actionDisplayName: definition?.actions[call.action]?.displayName,
        connectionStrategy: null,
        endUserId: run.endUserId,
        input: call.staticInput,
        preview: () => redactInput(call.staticInput).preview,
      });
      if (selected?.policy.id) policies.set(selected.policy.id, selected.policy);
      return selected;
    });
    return { ...grouped, policies };
  }

  /**
   * Before running: a block stops the run; require_approval groups each get a pending request (type
   * mcp_code_batch_run) sharing one codeRunId; otherwise the run is clear (each call still meets the gate).
   */
  async pause(
    orgId: string,
    run: CodeRunContext,
    analysis: CodeAnalysis,
    opts: { intentSummary?: string | null; codeRunId?: string } = {},
  ): Promise<CodeRunPlan> {
    const codeRunId = opts.codeRunId ?? `run_${randomBytes(12).toString('base64url')}`;
    const { groups, approvalRequiredTools, policies } = await this.plan(orgId, run, analysis);
    const blockedBy = groups.find((g) => g.decision === 'block');
    if (blockedBy) return { status: 'blocked', codeRunId, groups, blockedBy };
    const needed = groups.filter((g) => g.decision === 'require_approval' && g.approvalPolicyId);
    if (needed.length === 0) return { status: 'clear', codeRunId, groups };
    const preview = batchPreview(analysis, codeRunId, groups, approvalRequiredTools, opts.intentSummary ?? null);
    const approvals = [];
    for (const g of needed) {
      const policy = policies.get(g.approvalPolicyId!)!;
      const { row, token } = await this.deps.approvals.createPending(
        {
          orgId,
          workspaceId: run.workspaceId,
          policyId: policy.id,
          policySnapshot: snapshotOf(policy),
          decision: policy.decision,
          source: 'mcp_code',
          endUserId: run.endUserId,
          endUserExternalId: run.endUserExternalId,
          apiKeyId: run.apiKeyId,
          mcpServerId: run.mcpServerId,
          triggerSourceId: null,
          integrationName: 'mcp',
          integrationAlias: null,
          workspaceIntegrationId: null,
          actionName: 'execute_code',
          connectionId: null,
          inputHash: createHash('sha256').update(`${analysis.codeHash}:${analysis.toolSurfaceHash}:${policy.id}`).digest('hex'),
          inputPreview: preview,
          redactedPaths: [],
          riskReasons: g.reasons,
          approvalAccessMode: policy.approvalAccessMode,
          codeRunId,
          createdAt: new Date(),
        },
        policy,
        null,
      );
      approvals.push({
        ...this.deps.approvals.summary(row, token),
        approvalPolicyId: policy.id,
        approvalPolicyName: g.approvalPolicyName,
        tools: g.tools,
      });
    }
    return { status: 'approval_required', codeRunId, groups, approvals };
  }

  /** The run's state: approved when every batch approval is, pending while one is open, else how it ended. */
  async state(orgId: string, codeRunId: string): Promise<CodeRunState> {
    const rows = await repo.listCodeRunRequests(this.deps.orm, orgId, codeRunId);
    if (rows.length === 0) throw new AppError('NOT_FOUND', 'No approvals belong to this code run.');
    const approvals = rows.map((r) => toApproval(r, this.deps.publicUrl));
    const ended = approvals.find((a) => (ENDED as readonly string[]).includes(a.status));
    const pending = approvals.filter((a) => a.status === 'pending');
    const status: CodeRunState['status'] = ended
      ? (ended.status as CodeRunState['status'])
      : pending.length
        ? 'pending'
        : approvals.every((a) => a.status === 'consumed')
          ? 'consumed'
          : 'approved';
    return { codeRunId, status, approvals, next: ended ? null : (pending[0] ?? null) };
  }

  /** The `{approvalId}` continuation: the run that approval belongs to, waiting up to `waitSeconds` (0–60) while pending. */
  async continueWith(orgId: string, approvalId: string, waitSeconds: number, pollMs = 250): Promise<CodeRunState> {
    const row = await repo.findRequest(this.deps.orm, orgId, approvalId);
    if (!row?.codeRunId) throw new AppError('NOT_FOUND', 'Approval request not found, or it is not a Code Mode approval.');
    const deadline = Date.now() + Math.max(0, Math.min(60, waitSeconds)) * 1000;
    for (;;) {
      const s = await this.state(orgId, row.codeRunId);
      if (s.status !== 'pending' || Date.now() >= deadline) return s;
      await new Promise((r) => setTimeout(r, Math.min(pollMs, Math.max(1, deadline - Date.now()))));
    }
  }

  /** After the run: its approved batch requests become consumed, with how the run ended. */
  async finish(orgId: string, codeRunId: string, runStatus: 'success' | 'failed'): Promise<number> {
    return repo.consumeCodeRun(this.deps.orm, orgId, codeRunId, runStatus);
  }
}
