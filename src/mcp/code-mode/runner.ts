import { createHash } from 'node:crypto';
import type { ApprovalSummary, ExecuteOutcome } from '../../engine/types.js';
import type { Orm } from '../../platform/db/database.js';
import type { SecretBox } from '../../platform/secrets.js';
import { AppError, isAppError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { runJs, type JsSandboxPool, type LogLine } from '../../sandbox/js-sandbox.js';
import type { McpCallContext, McpInvoker } from '../invoke.js';
import type { ApprovalStatusLookup } from '../ports.js';
import type { ExposedAction, Surface } from '../surface.js';
import {
  batchPausedText,
  canonical,
  completedText,
  failedText,
  pausedText,
  truncate,
  type CodeResult,
  type PendingApproval,
  type StepTiming,
} from './result.js';
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

interface StoredStep {
  alias: string;
  action: string;
  inputHash: string;
  status: 'success' | 'failed';
  output?: unknown;
  error?: string;
  durationMs: number;
  browser: boolean;
}

interface PendingStep {
  index: number;
  alias: string;
  action: string;
  input: Record<string, unknown>;
  approval: ApprovalSummary;
}

/** What a paused run keeps (encrypted at rest): results of calls that ran, and the calls waiting for approval. */
interface RunState {
  steps: Record<string, StoredStep>;
  pending: PendingStep[];
  gateContext?: Record<string, unknown>;
  /** Batch approvals asked for before the run (their first answer, hosted links included); the code waits for all. */
  batch?: BatchApproval[];
  /** Every batch approval was granted: the code runs (calls they do not cover still meet the gate). */
  batchApproved?: boolean;
  final?: CodeResult;
}

type RunOutcome = {
  logs: LogLine[];
  sandboxMs: number;
  timings: StepTiming[];
} & (
  | { kind: 'completed'; value: unknown }
  | { kind: 'failed'; error: { name: string; message: string } }
  | { kind: 'paused'; pending: PendingStep[] }
  | { kind: 'batch'; pending: BatchApproval[] }
);

const PRELUDE = `const switchboard = new Proxy({}, { get(_, alias) {
  if (typeof alias !== 'string' || alias === 'then') return undefined;
  return new Proxy({}, { get(_, action) {
    if (typeof action !== 'string' || action === 'then') return undefined;
    return (input) => host.call(alias, action, input === undefined ? {} : input);
  } });
} })`;

const RUN_RETENTION_MS = 24 * 3600_000;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const round = (n: number) => Math.round(n * 100) / 100;
const callName = (alias: string, action: string) => `switchboard.${alias}.${action}`;
const isBrowser = (a: ExposedAction) => a.integrationName.startsWith('agent-browser');

class ReplayMismatch extends Error {
  constructor(index: number, expected: StoredStep, got: string) {
    super(
      `The code made different calls than before the pause (call #${index + 1} was ${callName(expected.alias, expected.action)}, now ${got}); a paused run must call the same actions with the same input.`,
    );
    this.name = 'ReplayMismatch';
  }
}

/**
 * Code Mode: runs JavaScript in the QuickJS sandbox with `switchboard.<alias>.<action>(input)` host calls, each
 * through the execution engine (source mcp_code). A call that needs approval stops the run: calls already made keep
 * their results (stored, encrypted), and a continuation with the approval id re-runs the code, replaying stored
 * results instead of running those actions again, until the next approval or the end.
 */
export class CodeModeRunner {
  private readonly gates: CodeRunGates;
  private readonly approvalStatus: ApprovalStatusLookup;

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
    this.approvalStatus = deps.approvalStatus;
  }

  async start(ctx: McpCallContext, surface: Surface, code: string): Promise<CodeResult> {
    const started = performance.now();
    const runId = newId();
    const state: RunState = { steps: {}, pending: [] };
    // The pre-run analysis: it sees the code and the action surface before anything runs.
    const decision = await this.gates.analyze({ runId, code, codeHash: sha256(code), surface, ctx });
    if (decision?.gateContext) state.gateContext = decision.gateContext;
    if (decision?.blocked) {
      const error = { name: decision.blocked.code, message: `${decision.blocked.message} The code did not run.` };
      return this.finish(ctx, runId, code, state, { kind: 'failed', error, logs: [], sandboxMs: 0, timings: [] }, started, null);
    }
    if (decision?.approvals?.length) {
      state.batch = decision.approvals;
      return this.finish(
        ctx,
        runId,
        code,
        state,
        { kind: 'batch', pending: decision.approvals, logs: [], sandboxMs: 0, timings: [] },
        started,
        null,
      );
    }
    const outcome = await this.runCode(ctx, surface, runId, code, state);
    return this.finish(ctx, runId, code, state, outcome, started, null);
  }

  async continue(ctx: McpCallContext, surface: Surface, approvalId: string, waitSeconds: number): Promise<CodeResult> {
    const started = performance.now();
    const row = await runs.findRunByApproval(this.deps.orm, ctx.server.orgId, ctx.server.id, approvalId);
    if (!row || (row.endUserId ?? null) !== (ctx.endUserId ?? null)) {
      throw new AppError('NOT_FOUND', 'No Code Mode run of this MCP server is waiting for this approval.');
    }
    const state = this.open(row);
    if (row.status !== 'approval_pending' && state.final) return state.final;

    const deadline = Date.now() + waitSeconds * 1000;
    if (state.batch && !state.batchApproved) {
      const outcome = await this.settleBatch(ctx, state, waitSeconds);
      if (outcome) return this.finish(ctx, row.id, row.code, state, outcome, started, row);
    }
    const timings: StepTiming[] = [];
    for (;;) {
      state.pending = await this.settlePending(ctx, surface, row.id, state, timings);
      if (state.pending.length === 0) break;
      if (Date.now() >= deadline) {
        const outcome: RunOutcome = { kind: 'paused', pending: state.pending, logs: [], sandboxMs: 0, timings };
        return this.finish(ctx, row.id, row.code, state, outcome, started, row);
      }
      await new Promise((r) => setTimeout(r, Math.max(1, Math.min(this.deps.limits.pollIntervalMs, deadline - Date.now()))));
    }
    const outcome = await this.runCode(ctx, surface, row.id, row.code, state);
    outcome.timings.unshift(...timings);
    return this.finish(ctx, row.id, row.code, state, outcome, started, row);
  }

  /**
   * A run paused before it started: the batch approvals' state (waiting while pending). Null once every one is
   * approved (the code runs now); else the run pauses again with the pending ones, or fails with the one that ended.
   */
  private async settleBatch(ctx: McpCallContext, state: RunState, waitSeconds: number): Promise<RunOutcome | null> {
    const batch = state.batch!;
    const s = await this.gates.batchState(ctx.server.orgId, batch[0]!.id, waitSeconds);
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
  private async settlePending(
    ctx: McpCallContext,
    surface: Surface,
    runId: string,
    state: RunState,
    timings: StepTiming[],
  ): Promise<PendingStep[]> {
    const still: PendingStep[] = [];
    for (const p of state.pending) {
      const status = await this.approvalStatus(ctx.server.orgId, p.approval.id);
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
      const outcome = await this.execute(
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

  private async runCode(
    ctx: McpCallContext,
    surface: Surface,
    runId: string,
    code: string,
    state: RunState,
  ): Promise<RunOutcome> {
    const controller = new AbortController();
    const timings: StepTiming[] = [];
    const pending: PendingStep[] = [];
    const inflight = new Set<Promise<unknown>>();
    let counter = 0;
    let mismatch: ReplayMismatch | null = null;

    const call = async (aliasArg: unknown, actionArg: unknown, inputArg: unknown): Promise<unknown> => {
      const alias = String(aliasArg);
      const actionName = String(actionArg);
      const index = counter++;
      const a = surface.byAlias.get(alias)?.get(actionName);
      if (!a) {
        const known = surface.byAlias.get(alias);
        throw new TypeError(
          known
            ? `${callName(alias, actionName)} does not exist; "${alias}" has ${[...known.keys()].join(', ')}.`
            : `switchboard.${alias} is not available on this server; available: ${[...surface.byAlias.keys()].join(', ') || 'none'}. Use switchboard_search to find actions.`,
        );
      }
      if (inputArg === null || typeof inputArg !== 'object' || Array.isArray(inputArg)) {
        throw new TypeError(`${callName(alias, actionName)} takes one object argument (its input).`);
      }
      const input = inputArg as Record<string, unknown>;
      const inputHash = hashCall(alias, actionName, input);
      const prior = state.steps[index];
      if (prior) {
        if (prior.alias !== alias || prior.action !== actionName || prior.inputHash !== inputHash) {
          mismatch ??= new ReplayMismatch(index, prior, callName(alias, actionName));
          controller.abort();
          return new Promise(() => undefined);
        }
        timings.push({ index, alias, action: actionName, status: prior.status, durationMs: prior.durationMs, replayed: true });
        if (prior.status === 'success') return prior.output ?? null;
        throw new Error(prior.error ?? 'The action failed.');
      }
      if (controller.signal.aborted) return new Promise(() => undefined);
      const t0 = performance.now();
      const running = this.execute(ctx, a, input, stepKey(runId, index), state.gateContext);
      inflight.add(running);
      const outcome = await running.finally(() => inflight.delete(running));
      const durationMs = round(performance.now() - t0);
      if (outcome.status === 'approval_required') {
        timings.push({ index, alias, action: actionName, status: 'approval_required', durationMs, replayed: false });
        pending.push({ index, alias, action: actionName, input, approval: outcome.approval });
        controller.abort();
        return new Promise(() => undefined);
      }
      const step = toStep(alias, actionName, input, outcome, durationMs, isBrowser(a));
      state.steps[index] = step;
      timings.push({ index, alias, action: actionName, status: step.status, durationMs, replayed: false });
      if (step.status === 'failed') throw new Error(step.error);
      return step.output ?? null;
    };

    const result = await runJs(
      code,
      {},
      {
        timeoutMs: this.deps.limits.timeoutMs,
        memoryBytes: this.deps.limits.memoryBytes,
        maxOutputBytes: 1_048_576,
        host: { call },
        prelude: PRELUDE,
        signal: controller.signal,
        ...(this.deps.sandbox ? { pool: this.deps.sandbox } : {}),
      },
    );
    // Calls already sent to the engine finish and are recorded, so a continuation never runs them again.
    await Promise.allSettled([...inflight]);
    const base = { logs: result.logs, sandboxMs: result.durationMs, timings: timings.sort((x, y) => x.index - y.index) };
    if (mismatch)
      return { ...base, kind: 'failed', error: { name: 'ReplayMismatch', message: (mismatch as ReplayMismatch).message } };
    if (pending.length) return { ...base, kind: 'paused', pending: pending.sort((x, y) => x.index - y.index) };
    if (result.ok) return { ...base, kind: 'completed', value: result.value };
    return { ...base, kind: 'failed', error: result.error };
  }

  private async execute(
    ctx: McpCallContext,
    a: ExposedAction,
    input: Record<string, unknown>,
    key: string,
    gateContext: Record<string, unknown> | undefined,
  ): Promise<ExecuteOutcome> {
    try {
      return await this.deps.invoker.execute(ctx, a, input, 'mcp_code', {
        idempotencyKey: key,
        ...(gateContext ? { gateContext } : {}),
      });
    } catch (err) {
      const message = isAppError(err) ? `${err.code}: ${err.message}` : 'The action could not be run (internal error).';
      return { status: 'failed', output: { error: message }, durationMs: 0, executionId: '', rateLimit: null, replayed: false };
    }
  }

  private async finish(
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
      const stored = this.seal(runId, state);
      const pendingApproval = { id: first.id, status: first.status };
      if (row)
        await runs.updateRun(this.deps.orm, ctx.server.orgId, runId, {
          status: 'approval_pending',
          steps: stored,
          approvalIds: ids,
          pendingApproval,
          expiresAt,
        });
      else {
        await runs.insertRun(this.deps.orm, {
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
    if (state.batch) await this.gates.finish(ctx.server.orgId, runId, outcome.kind === 'completed' ? 'success' : 'failed');
    if (row) {
      result.structuredContent.codeRunId = runId;
      state.pending = [];
      state.final = result;
      await runs.updateRun(this.deps.orm, ctx.server.orgId, runId, {
        status: result.structuredContent.status,
        steps: this.seal(runId, state),
        pendingApproval: null,
        result: { status: result.structuredContent.status, actionsExecuted: steps.length },
      });
    }
    return result;
  }

  private seal(runId: string, state: RunState): string {
    return this.deps.secrets.seal('mcp_code_run', runId, state);
  }

  private open(row: runs.CodeRunRow): RunState {
    return this.deps.secrets.open<RunState>('mcp_code_run', row.id, row.steps);
  }
}

function hashCall(alias: string, action: string, input: Record<string, unknown>): string {
  return sha256(canonical({ alias, action, input }));
}

const stepKey = (runId: string, index: number) => `mcp_code:${runId}:${index}`;

function toStep(
  alias: string,
  action: string,
  input: Record<string, unknown>,
  outcome: Exclude<ExecuteOutcome, { status: 'approval_required' }>,
  durationMs: number,
  browser: boolean,
): StoredStep {
  const base = { alias, action, inputHash: hashCall(alias, action, input), durationMs, browser };
  if (outcome.status === 'success') return { ...base, status: 'success', output: outcome.output };
  const detail = outcome.output.detail !== undefined ? ` (${truncate(JSON.stringify(outcome.output.detail), 500)})` : '';
  return { ...base, status: 'failed', error: `${callName(alias, action)} failed: ${outcome.output.error}${detail}` };
}
