import type { McpCallContext, McpInvoker } from '../invoke.js';
import type { ApprovalStatusLookup } from '../ports.js';
import type { Surface } from '../surface.js';
import type { CodeRunGates } from './gates.js';
import type { StepTiming } from './result.js';
import { executeAction } from './run-code.js';
import {
  callName,
  hashCall,
  isBrowser,
  round,
  stepKey,
  toStep,
  type PendingStep,
  type RunOutcome,
  type RunState,
} from './run-state.js';

/**
 * A run paused before it started: the batch approvals' state (waiting while pending). Null once every one is
 * approved (the code runs now); else the run pauses again with the pending ones, or fails with the one that ended.
 */
export async function settleBatch(
  gates: CodeRunGates,
  ctx: McpCallContext,
  state: RunState,
  waitSeconds: number,
): Promise<RunOutcome | null> {
  const batch = state.batch!;
  const s = await gates.batchState(ctx.server.orgId, batch[0]!.id, waitSeconds);
  const none = { logs: [], sandboxMs: 0, timings: [] };
  if (s.status === 'approved') {
    state.batchApproved = true;
    return null;
  }
  if (s.status === 'pending') {
    const open = new Set(s.approvals.filter((a) => a.status === 'pending').map((a) => a.id));
    const pending = batch.filter((a) => open.has(a.id)).map((a) => ({ ...a, status: 'pending' }));
    // The next one first (the service's order), then the rest as first asked.
    if (s.next) pending.sort((x, y) => (x.id === s.next!.id ? -1 : y.id === s.next!.id ? 1 : 0));
    return { ...none, kind: 'batch', pending };
  }
  const ended = s.approvals.find((a) => a.status === s.status);
  const group = batch.find((a) => a.id === ended?.id);
  const message =
    s.status === 'consumed'
      ? 'The approvals of this run were already used; run the code again to ask anew.'
      : `The approval ${ended?.id ?? ''}${group ? ` (policy "${group.approvalPolicyName}": ${group.tools.join(', ')})` : ''} was ${s.status}; the code did not run.`;
  return { ...none, kind: 'failed', error: { name: `APPROVAL_${s.status.toUpperCase()}`, message } };
}

/** Calls still waiting for approval; decided ones are run (or marked failed) and stored as steps. */
export async function settlePending(
  deps: { invoker: McpInvoker; approvalStatus: ApprovalStatusLookup },
  ctx: McpCallContext,
  surface: Surface,
  runId: string,
  state: RunState,
  timings: StepTiming[],
): Promise<PendingStep[]> {
  const still: PendingStep[] = [];
  for (const p of state.pending) {
    const status = await deps.approvalStatus(ctx.server.orgId, p.approval.id);
    if (status === 'pending') {
      still.push(p);
      continue;
    }
    if (status === 'rejected' || status === 'expired' || status === 'canceled') {
      state.steps[p.index] = {
        alias: p.alias,
        action: p.action,
        inputHash: hashCall(p.alias, p.action, p.input),
        status: 'failed',
        error: `The approval ${p.approval.id} was ${status}; ${callName(p.alias, p.action)} did not run.`,
        durationMs: 0,
        browser: false,
      };
      continue;
    }
    const a = surface.byAlias.get(p.alias)?.get(p.action);
    if (!a) {
      state.steps[p.index] = {
        alias: p.alias,
        action: p.action,
        inputHash: hashCall(p.alias, p.action, p.input),
        status: 'failed',
        error: `${callName(p.alias, p.action)} is no longer available on this server.`,
        durationMs: 0,
        browser: false,
      };
      continue;
    }
    // Approved (or no way to ask): the engine's gate decides; an approved call runs now, exactly once.
    const t0 = performance.now();
    const outcome = await executeAction(
      deps.invoker,
      ctx,
      a,
      p.input,
      p.approval.retry.idempotencyKey || stepKey(runId, p.index),
      state.gateContext,
    );
    const durationMs = round(performance.now() - t0);
    if (outcome.status === 'approval_required') {
      still.push({ ...p, approval: outcome.approval });
      continue;
    }
    state.steps[p.index] = toStep(p.alias, p.action, p.input, outcome, durationMs, isBrowser(a));
    timings.push({ index: p.index, alias: p.alias, action: p.action, status: outcome.status, durationMs, replayed: false });
  }
  return still;
}
