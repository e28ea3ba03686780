import { forAgent } from '../../mcp/approval-notice.js';
import type { CodeRunGates } from '../../mcp/code-mode/gates.js';
import type { Surface } from '../../mcp/surface.js';
import type { EndUsersService } from '../end-users/end-users.service.js';
import { analyzeCode, type ToolSurfaceEntry } from './code-analysis.js';
import type { CodeRunApprovals } from './code-runs.service.js';

/** The tools a Code Mode server exposes, as the analysis sees them: one entry per alias. */
export function toolSurfaceOf(surface: Surface): ToolSurfaceEntry[] {
  const entries: ToolSurfaceEntry[] = [];
  for (const [alias, actions] of surface.byAlias) {
    const first = [...actions.values()][0];
    if (first) entries.push({ alias, integrationName: first.integrationName, actions: [...actions.keys()] });
  }
  return entries;
}

/**
 * Human Gates around a Code Mode run (docs/decisions/0067): the runner's hooks, answered by CodeRunApprovals.
 * Before the run the code is analysed against the server's tools; a block stops it, require_approval groups pause it
 * with one batch approval each (sharing the run's id as codeRunId). The gate context {codeRunId, codeHash} lets
 * calls an approved group covers through; any other call still meets the gate on its own.
 */
export function codeRunGates(deps: { codeRuns: CodeRunApprovals; endUsers: EndUsersService }): CodeRunGates {
  return {
    async analyze({ runId, code, codeHash, surface, ctx }) {
      const gateContext = { codeRunId: runId, codeHash };
      const workspaceId = ctx.server.workspaceId;
      if (!workspaceId) return { gateContext };
      const analysis = analyzeCode(code, toolSurfaceOf(surface));
      const endUser = ctx.endUserId ? await deps.endUsers.findInWorkspace(ctx.server.orgId, workspaceId, ctx.endUserId) : null;
      const workspaceIntegrationIds: Record<string, string> = {};
      for (const a of surface.actions)
        if (a.workspaceIntegrationId) workspaceIntegrationIds[a.alias] ??= a.workspaceIntegrationId;
      const plan = await deps.codeRuns.pause(
        ctx.server.orgId,
        {
          workspaceId,
          mcpServerId: ctx.server.id,
          endUserId: ctx.endUserId,
          endUserExternalId: endUser?.externalId ?? null,
          apiKeyId: ctx.caller.apiKeyId ?? null,
          workspaceIntegrationIds,
        },
        analysis,
        { codeRunId: runId },
      );
      if (plan.status === 'blocked') {
        const g = plan.blockedBy;
        return {
          gateContext,
          blocked: {
            code: 'APPROVAL_POLICY_BLOCKED',
            message: `Approval policy "${g.approvalPolicyName}" blocks ${g.tools.map((t) => `switchboard.${t}`).join(', ')}: ${g.reasons.join('; ')}.`,
          },
        };
      }
      // The run's answer goes to an agent: no decision-capable link (0092).
      if (plan.status === 'approval_required') return { gateContext, approvals: plan.approvals.map(forAgent) };
      return { gateContext };
    },
    async batchState(orgId, approvalId, waitSeconds) {
      const s = await deps.codeRuns.continueWith(orgId, approvalId, waitSeconds);
      const next = s.next
        ? {
            id: s.next.id,
            status: s.next.status,
            approvalUrl: s.next.approvalUrl,
            hostedApprovalUrl: null,
            expiresAt: s.next.expiresAt,
            retry: { idempotencyKey: s.next.idempotencyKey ?? '' },
          }
        : null;
      return { status: s.status, approvals: s.approvals.map((a) => ({ id: a.id, status: a.status })), next };
    },
    async finish(orgId, runId, status) {
      await deps.codeRuns.finish(orgId, runId, status);
    },
  };
}
