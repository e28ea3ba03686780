import type { Orm } from '../../platform/db/database.js';
import type { SecretBox } from '../../platform/secrets.js';
import type { McpCallContext } from '../invoke.js';
import type { CodeRunGates } from './gates.js';
import { batchPausedText, completedText, failedText, pausedText, type CodeResult, type PendingApproval } from './result.js';
import { callName, round, sealState, sha256, type RunOutcome, type RunState } from './run-state.js';
import * as runs from './runs.repository.js';

const RUN_RETENTION_MS = 24 * 3600_000;

/**
 * The end of one invocation of a run: its answer (completed, failed, or paused with the approvals to ask for), and
 * its stored row (inserted on the first pause, updated after); a run that ended consumes its batch approvals.
 */
export async function finishRun(
  deps: { orm: Orm; secrets: SecretBox; gates: CodeRunGates },
  ctx: McpCallContext,
  runId: string,
  code: string,
  state: RunState,
  outcome: RunOutcome,
  started: number,
  row: runs.CodeRunRow | null,
): Promise<CodeResult> {
  const steps = Object.values(state.steps);
  const totalExecuteMs = round(outcome.timings.filter((t) => !t.replayed).reduce((s, t) => s + t.durationMs, 0));
  const browserActionMs = round(
    outcome.timings
      .filter((t) => !t.replayed && steps.some((s) => s.browser && s.alias === t.alias && s.action === t.action))
      .reduce((s, t) => s + t.durationMs, 0),
  );
  const durationMs = round(performance.now() - started);
  const base = {
    logs: outcome.logs,
    actionsExecuted: steps.length,
    durationMs,
    timings: {
      totalExecuteMs,
      sandboxMs: round(Math.max(0, outcome.sandboxMs - totalExecuteMs)),
      browserActionMs,
      steps: outcome.timings,
    },
  };
  let result: CodeResult;
  if (outcome.kind === 'paused' || outcome.kind === 'batch') {
    let approvals: PendingApproval[];
    let text: string;
    let group: CodeResult['structuredContent']['approvalGroup'];
    if (outcome.kind === 'batch') {
      approvals = outcome.pending.map((a) => ({ ...a, call: a.tools.map((t) => `switchboard.${t}`).join(', ') }));
      const open = new Set(approvals.map((a) => a.id));
      group = {
        total: state.batch!.length,
        pending: approvals.length,
        groups: state.batch!.map((a) => ({
          approvalId: a.id,
          approvalPolicyName: a.approvalPolicyName,
          tools: a.tools,
          status: open.has(a.id) ? 'pending' : 'approved',
        })),
      };
      text = batchPausedText(approvals, state.batch!.length);
    } else {
      state.pending = outcome.pending;
      approvals = outcome.pending.map((p) => ({ ...p.approval, call: callName(p.alias, p.action) }));
      text = pausedText(approvals);
    }
    const first = approvals[0]!;
    result = {
      content: [{ type: 'text', text }],
      structuredContent: {
        status: 'approval_pending',
        output: null,
        ...base,
        codeRunId: runId,
        approval: first,
        ...(approvals.length > 1 ? { approvals } : {}),
        ...(group ? { approvalGroup: group } : {}),
        continuation: { tool: 'switchboard_execute', arguments: { approvalId: first.id } },
      },
      isError: false,
    };
    const asked = [...(state.batch ?? []), ...approvals];
    const ids = [...new Set([...(row?.approvalIds ?? []), ...asked.map((a) => a.id)])];
    const latest = Math.max(...approvals.map((a) => Date.parse(a.expiresAt) || Date.now()));
    const expiresAt = new Date(Math.max(latest, Date.now()) + RUN_RETENTION_MS);
    const stored = sealState(deps.secrets, runId, state);
    const pendingApproval = { id: first.id, status: first.status };
    if (row)
      await runs.updateRun(deps.orm, ctx.server.orgId, runId, {
        status: 'approval_pending',
        steps: stored,
        approvalIds: ids,
        pendingApproval,
        expiresAt,
      });
    else {
      await runs.insertRun(deps.orm, {
        id: runId,
        orgId: ctx.server.orgId,
        mcpServerId: ctx.server.id,
        endUserId: ctx.endUserId,
        apiKeyId: ctx.caller.apiKeyId ?? null,
        code,
        codeHash: sha256(code),
        status: 'approval_pending',
        steps: stored,
        approvalIds: ids,
        pendingApproval,
        expiresAt,
      });
    }
    return result;
  }
  if (outcome.kind === 'completed') {
    result = {
      content: [{ type: 'text', text: completedText(outcome.value) }],
      structuredContent: { status: 'completed', output: outcome.value, ...base },
      isError: false,
    };
  } else {
    result = {
      content: [{ type: 'text', text: failedText(outcome.error, outcome.logs) }],
      structuredContent: { status: 'failed', output: null, ...base, error: outcome.error },
      isError: true,
    };
  }
  // The run ended: its batch approvals are used up, whatever happened (a failed run asks anew).
  if (state.batch) await deps.gates.finish(ctx.server.orgId, runId, outcome.kind === 'completed' ? 'success' : 'failed');
  if (row) result.structuredContent.codeRunId = runId;
  state.pending = [];
  state.final = result;
  const ended = {
    status: result.structuredContent.status,
    steps: sealState(deps.secrets, runId, state),
    pendingApproval: null,
    result: { status: result.structuredContent.status, actionsExecuted: steps.length },
  };
  if (row) await runs.updateRun(deps.orm, ctx.server.orgId, runId, ended);
  else {
    // A run that ended without pausing is kept too, for the server's recent runs (decision 0135); purged like the rest.
    await runs.insertRun(deps.orm, {
      ...ended,
      id: runId,
      orgId: ctx.server.orgId,
      mcpServerId: ctx.server.id,
      endUserId: ctx.endUserId,
      apiKeyId: ctx.caller.apiKeyId ?? null,
      code,
      codeHash: sha256(code),
      approvalIds: [],
      expiresAt: new Date(Date.now() + RUN_RETENTION_MS),
    });
  }
  return result;
}
