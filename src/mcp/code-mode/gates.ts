import type { ApprovalSummary } from '../../engine/types.js';
import type { McpCallContext } from '../invoke.js';
import type { Surface } from '../surface.js';

/**
 * What Human Gates decides before a run starts (docs/decisions/0067): `blocked` stops it; `approvals` (one batch
 * approval per policy group) pause it before any action runs. Whatever gateContext it returns reaches the gate of
 * every action call of the run, continuations included, so calls an approved batch covers run.
 */
export interface CodeRunDecision {
  gateContext?: Record<string, unknown>;
  blocked?: { code: string; message: string };
  approvals?: BatchApproval[];
}

/** One batch approval of a paused run: the policy group it stands for and the tools it covers. */
export interface BatchApproval extends ApprovalSummary {
  approvalPolicyName: string;
  tools: string[];
}

/** Where a batch-paused run stands: approved (run it), still pending (ask for `next`), or how it ended. */
export interface BatchState {
  status: 'pending' | 'approved' | 'rejected' | 'canceled' | 'expired' | 'consumed';
  approvals: Array<{ id: string; status: string }>;
  next: ApprovalSummary | null;
}

/** The Human Gates hooks of a run: analysis before it, the batch approvals' state on continuation, consumption after. */
export interface CodeRunGates {
  analyze(input: {
    runId: string;
    code: string;
    codeHash: string;
    surface: Surface;
    ctx: McpCallContext;
  }): Promise<CodeRunDecision | void>;
  /** The state of the run's batch approvals, waiting up to `waitSeconds` while one is pending. */
  batchState(orgId: string, approvalId: string, waitSeconds: number): Promise<BatchState>;
  /** The run ended: its approved batch approvals are consumed. */
  finish(orgId: string, runId: string, status: 'success' | 'failed'): Promise<void>;
}
