import { isAppError } from '../../platform/errors.js';
import { runJs, type JsSandboxPool } from '../../sandbox/js-sandbox.js';
import { reconnectOf, reconnectText, type AgentOutcome, type McpCallContext, type McpInvoker } from '../invoke.js';
import type { ExposedAction, Surface } from '../surface.js';
import type { StepTiming } from './result.js';
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
  type StoredStep,
} from './run-state.js';

const PRELUDE = `const switchboard = new Proxy({}, { get(_, alias) {
  if (typeof alias !== 'string' || alias === 'then') return undefined;
  return new Proxy({}, { get(_, action) {
    if (typeof action !== 'string' || action === 'then') return undefined;
    return (input) => host.call(alias, action, input === undefined ? {} : input);
  } });
} })`;

class ReplayMismatch extends Error {
  constructor(index: number, expected: StoredStep, got: string) {
    super(
      `The code made different calls than before the pause (call #${index + 1} was ${callName(expected.alias, expected.action)}, now ${got}); a paused run must call the same actions with the same input.`,
    );
    this.name = 'ReplayMismatch';
  }
}

/** What one pass of the code needs: the engine to call, the sandbox's limits and (absent: the default) pool. */
export interface RunCodeDeps {
  invoker: McpInvoker;
  limits: { timeoutMs: number; memoryBytes: number };
  sandbox?: JsSandboxPool;
}

/**
 * One pass of the code in the sandbox: each `switchboard.<alias>.<action>(input)` host call runs through the engine,
 * or replays the stored step of an earlier pass; a call that needs approval stops the pass (the run pauses).
 */
export async function runCode(
  deps: RunCodeDeps,
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
    const running = executeAction(deps.invoker, ctx, a, input, stepKey(runId, index), state.gateContext);
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
      timeoutMs: deps.limits.timeoutMs,
      memoryBytes: deps.limits.memoryBytes,
      maxOutputBytes: 1_048_576,
      host: { call },
      prelude: PRELUDE,
      signal: controller.signal,
      ...(deps.sandbox ? { pool: deps.sandbox } : {}),
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

/** One action call through the engine; an error it throws becomes a failed outcome the code sees. */
export async function executeAction(
  invoker: McpInvoker,
  ctx: McpCallContext,
  a: ExposedAction,
  input: Record<string, unknown>,
  key: string,
  gateContext: Record<string, unknown> | undefined,
): Promise<AgentOutcome> {
  try {
    return await invoker.execute(ctx, a, input, 'mcp_code', {
      idempotencyKey: key,
      ...(gateContext ? { gateContext } : {}),
    });
  } catch (err) {
    const reconnect = reconnectOf(err);
    const message = !isAppError(err)
      ? 'The action could not be run (internal error).'
      : `${err.code}: ${err.message}${reconnect ? ` ${reconnectText(reconnect)}` : ''}`;
    return { status: 'failed', output: { error: message }, durationMs: 0, executionId: '', rateLimit: null, replayed: false };
  }
}
