import type { Orm } from '../../platform/db/database.js';
import type { SecretBox } from '../../platform/secrets.js';
import { AppError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { JsSandboxPool } from '../../sandbox/js-sandbox.js';
import type { McpCallContext, McpInvoker } from '../invoke.js';
import type { ApprovalStatusLookup } from '../ports.js';
import type { Surface } from '../surface.js';
import { settleBatch, settlePending } from './continuation.js';
import { finishRun } from './finish.js';
import type { CodeRunGates } from './gates.js';
import type { CodeResult, StepTiming } from './result.js';
import { recentRuns } from './recent-runs.js';
import { runCode } from './run-code.js';
import { openState, sha256, type RunOutcome, type RunState } from './run-state.js';
import * as runs from './runs.repository.js';

export type { CodeResult, CodeRunStatus } from './result.js';

export interface CodeModeLimits {
  /** Wall-clock limit of one run of the code (5 minutes in production). */
  timeoutMs: number;
  /** Cap of the sandbox's WebAssembly memory. */
  memoryBytes: number;
  /** How often a continuation that waits for an approval looks again. */
  pollIntervalMs: number;
}

/**
 * Code Mode: runs JavaScript in the QuickJS sandbox with `switchboard.<alias>.<action>(input)` host calls, each
 * through the execution engine (source mcp_code). A call that needs approval stops the run: calls already made keep
 * their results (stored, encrypted), and a continuation with the approval id re-runs the code, replaying stored
 * results instead of running those actions again, until the next approval or the end.
 * One pass of the code is run-code.ts; settling approvals on continuation, continuation.ts; the answer and the
 * stored run, finish.ts.
 */
export class CodeModeRunner {
  private readonly gates: CodeRunGates;

  constructor(
    private readonly deps: {
      orm: Orm;
      invoker: McpInvoker;
      secrets: SecretBox;
      limits: CodeModeLimits;
      /** Worker threads the code runs on (absent: the process's default pool). */
      sandbox?: JsSandboxPool;
      /** Human Gates: analysis and batch approvals around a run (see CodeRunGates). Required: no open default. */
      gates: CodeRunGates;
      /** Human Gates: how continuations learn that an approval was rejected, expired or canceled. */
      approvalStatus: ApprovalStatusLookup;
    },
  ) {
    this.gates = deps.gates;
  }

  async start(ctx: McpCallContext, surface: Surface, code: string): Promise<CodeResult> {
    const started = performance.now();
    const runId = newId();
    const state: RunState = { steps: {}, pending: [] };
    // The pre-run analysis: it sees the code and the action surface before anything runs.
    const decision = await this.gates.analyze({ runId, code, codeHash: sha256(code), surface, ctx });
    if (decision?.gateContext) state.gateContext = decision.gateContext;
    const finish = (outcome: Parameters<typeof finishRun>[5]) =>
      finishRun(this.deps, ctx, runId, code, state, outcome, started, null);
    if (decision?.blocked) {
      const error = { name: decision.blocked.code, message: `${decision.blocked.message} The code did not run.` };
      return finish({ kind: 'failed', error, logs: [], sandboxMs: 0, timings: [] });
    }
    if (decision?.approvals?.length) {
      state.batch = decision.approvals;
      return finish({ kind: 'batch', pending: decision.approvals, logs: [], sandboxMs: 0, timings: [] });
    }
    return finish(await runCode(this.deps, ctx, surface, runId, code, state));
  }

  /** The server's recent runs, decrypted here (their steps are sealed at rest): see recent-runs.ts. */
  recentRuns(orgId: string, serverId: string, page: { limit: number; offset: number }) {
    return recentRuns(this.deps, orgId, serverId, page);
  }

  async continue(ctx: McpCallContext, surface: Surface, approvalId: string, waitSeconds: number): Promise<CodeResult> {
    const started = performance.now();
    const row = await runs.findRunByApproval(this.deps.orm, ctx.server.orgId, ctx.server.id, approvalId);
    if (!row || (row.endUserId ?? null) !== (ctx.endUserId ?? null)) {
      throw new AppError('NOT_FOUND', 'No Code Mode run of this MCP server is waiting for this approval.');
    }
    const state = openState(this.deps.secrets, row);
    if (row.status !== 'approval_pending' && state.final) return state.final;

    const deadline = Date.now() + waitSeconds * 1000;
    if (state.batch && !state.batchApproved) {
      const outcome = await settleBatch(this.gates, ctx, state, waitSeconds);
      if (outcome) return finishRun(this.deps, ctx, row.id, row.code, state, outcome, started, row);
    }
    const timings: StepTiming[] = [];
    for (;;) {
      state.pending = await settlePending(this.deps, ctx, surface, row.id, state, timings);
      if (state.pending.length === 0) break;
      if (Date.now() >= deadline) {
        const outcome: RunOutcome = { kind: 'paused', pending: state.pending, logs: [], sandboxMs: 0, timings };
        return finishRun(this.deps, ctx, row.id, row.code, state, outcome, started, row);
      }
      await new Promise((r) => setTimeout(r, Math.max(1, Math.min(this.deps.limits.pollIntervalMs, deadline - Date.now()))));
    }
    const outcome = await runCode(this.deps, ctx, surface, row.id, row.code, state);
    outcome.timings.unshift(...timings);
    return finishRun(this.deps, ctx, row.id, row.code, state, outcome, started, row);
  }
}
