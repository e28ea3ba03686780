import { performance } from 'node:perf_hooks';
import type { Props } from '../integrations/framework.js';
import type { ConnectionValue } from '../integrations/pieces/protocol.js';
import { AppError, isAppError } from '../platform/errors.js';
import { newId } from '../platform/ids.js';
import { ActionRunner, type RunResult, type RunnerDeps } from './action-runner.js';
import type { ActivityRecorder, ActivityRow } from './activity.js';
import { hashValue } from './hash.js';
import type { IdempotencyStore } from './idempotency.js';
import type { UsageLimiter } from './limits.js';
import { TargetResolver, type TargetDeps, type What } from './target.js';
import type {
  ConnectionRecord,
  ExecuteOutcome,
  ExecuteRequest,
  ExecutionCaller,
  ExecutionGate,
  GateContext,
  GateResult,
  MergedInput,
  ResolvedTarget,
  TargetRequest,
} from './types.js';
import type { ConnectionsPort } from './ports.js';
import type { EngineMetrics } from './metrics.js';
import { currentTraceId, inSpan } from '../platform/tracing.js';

/** What the stages need (TargetDeps, RunnerDeps, each a part of the connections port), and what the pipeline uses. */
export interface EngineDeps extends Omit<TargetDeps, 'connections'>, Omit<RunnerDeps, 'connections'> {
  connections: ConnectionsPort;
  limits: UsageLimiter;
  idempotency: IdempotencyStore;
  activity: ActivityRecorder;
  metrics: EngineMetrics;
  /** Human Gates: every call passes it before anything runs. Required: there is no open default (0090). */
  gate: ExecutionGate;
  log: { warn(o: object, m?: string): void; error(o: object, m?: string): void };
}

/**
 * The one execution pipeline. REST, MCP tools, Code Mode and triggers call it, so partials, connection
 * strategies, approvals, quotas, idempotency and the activity record behave the same from every surface.
 * Its stages: the target and input ({@link TargetResolver}), idempotency and Human Gates (here), the run
 * ({@link ActionRunner}), and the activity record (here).
 */
export class ExecutionEngine {
  private readonly targets: TargetResolver;
  private readonly runner: ActionRunner;

  constructor(private readonly deps: EngineDeps) {
    this.targets = new TargetResolver(deps);
    this.runner = new ActionRunner(deps);
  }

  // ---- the pipeline ---------------------------------------------------------------------------------------

  /** One call, in a span of its own when tracing is on (its attributes name the call, never its input). */
  execute(caller: ExecutionCaller, req: ExecuteRequest): Promise<ExecuteOutcome> {
    const attributes = {
      'switchboard.integration': req.integrationName ?? '',
      'switchboard.action': req.actionName,
      'switchboard.source': req.source,
      'switchboard.organization_id': caller.orgId,
    };
    return inSpan('switchboard.execute', attributes, async (span) => {
      const outcome = await this.executeNow(caller, req);
      span.setAttribute('switchboard.status', outcome.status);
      return outcome;
    });
  }

  private async executeNow(caller: ExecutionCaller, req: ExecuteRequest): Promise<ExecuteOutcome> {
    const started = performance.now();
    const target = await this.targets.resolveTarget(caller, req, { actionName: req.actionName });
    const action = target.definition.actions[req.actionName]!;
    const base = this.activityBase(caller, req, target);
    let approvalId: string | null = null;
    try {
      const merged = await this.targets.mergeInput(caller, target, req, { actionName: req.actionName });
      const input = this.runner.validate(action.props, merged.input);
      // Computed once, and only when something needs it (an idempotency key, a matching policy).
      let hash: string | null = null;
      const inputHash = () =>
        (hash ??= hashValue({
          integrationName: target.definition.name,
          alias: target.alias,
          actionName: action.name,
          workspaceId: target.workspaceId,
          connectionId: target.connection?.id ?? null,
          endUserId: target.endUser?.id ?? null,
          input,
        }));
      const key = req.idempotencyKey ?? null;
      // The key is claimed before the gate: a concurrent retry waits for the holder and replays its result, so it
      // can never find the approval another retry has just consumed and ask again (0128). A call that does not
      // run gives the key back.
      if (key) {
        const claim = await this.deps.idempotency.claim(caller.orgId, key, inputHash());
        if (claim.kind === 'done') return this.replay(claim.result.response, caller);
      }
      const release = async () => {
        if (key) await this.deps.idempotency.release(caller.orgId, key).catch(() => undefined);
      };

      let gate: GateResult;
      let rateLimit;
      let result: RunResult;
      try {
        gate = await this.checkGate({
          orgId: caller.orgId,
          workspaceId: target.workspaceId,
          source: req.source,
          apiKeyId: caller.apiKeyId ?? null,
          mcpServerId: caller.mcpServerId ?? null,
          triggerSourceId: caller.triggerSourceId ?? null,
          integrationName: target.definition.name,
          integrationAlias: target.alias,
          workspaceIntegrationId: target.workspaceIntegrationId,
          actionName: action.name,
          action,
          connectionStrategy: target.connectionStrategy,
          connectionId: target.connection?.id ?? null,
          endUserId: target.endUser?.id ?? null,
          endUserExternalId: target.endUser?.externalId ?? null,
          input,
          enforcedKeys: merged.enforcedKeys,
          get inputHash() {
            return inputHash();
          },
          idempotencyKey: key,
          extra: req.gateContext ?? {},
        });
        if (gate.kind === 'block') throw gate.error;
        if (gate.kind === 'pause') {
          await release();
          this.record(base, started, { status: 'approval_required', approvalId: gate.approval.id });
          return {
            status: 'approval_required',
            approval: gate.approval,
            rateLimit: this.deps.limits.peek(caller.orgId, caller.plan),
          };
        }
        approvalId = gate.approvalId ?? null;
        rateLimit = await this.deps.limits.admit(caller.orgId, caller.plan);
        result = await this.runner.run(caller, target, action, input, req.signal);
      } catch (err) {
        await release();
        throw err;
      }
      const executionId = base.id;
      const durationMs = Math.round(performance.now() - started);
      const outcome: ExecuteOutcome = result.ok
        ? { status: 'success', output: result.output, durationMs, executionId, rateLimit, replayed: false }
        : {
            status: 'failed',
            output: { error: result.error, ...(result.detail !== undefined ? { detail: result.detail } : {}) },
            ...(result.needsReauth ? { needsReauth: result.needsReauth } : {}),
            durationMs,
            executionId,
            rateLimit,
            replayed: false,
          };
      if (key) {
        const { rateLimit: _r, replayed: _p, ...stored } = outcome;
        await this.deps.idempotency.complete(caller.orgId, key, { httpStatus: 200, response: stored });
      }
      if (gate.after)
        await gate
          .after({ status: outcome.status })
          .catch((err: unknown) => this.deps.log.error({ err: { message: (err as Error).message } }, 'gate completion failed'));
      this.record(base, started, {
        status: outcome.status,
        approvalId,
        ...(result.ok ? {} : { errorCode: 'UPSTREAM_ERROR', errorMessage: result.error }),
      });
      return outcome;
    } catch (err) {
      this.record(base, started, {
        status: isAppError(err) && err.code === 'APPROVAL_POLICY_BLOCKED' ? 'blocked' : 'error',
        approvalId,
        errorCode: isAppError(err) ? err.code : 'ACTION_FAILED',
        errorMessage: err instanceof Error ? err.message : String(err),
      });
      throw err;
    }
  }

  /** The gate's verdict; a gate that fails refuses the call (503), it never lets it run. */
  private async checkGate(ctx: GateContext): Promise<GateResult> {
    try {
      return await inSpan('switchboard.approval_gate', {}, async (span) => {
        const verdict = await this.deps.gate.check(ctx);
        span.setAttribute('switchboard.gate', verdict.kind);
        return verdict;
      });
    } catch (err) {
      if (isAppError(err)) throw err;
      this.deps.log.error({ err: { message: (err as Error)?.message } }, 'Human Gates could not check a call');
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        'Switchboard could not check this call against the approval policies; it was not run. Try again later.',
      );
    }
  }

  // ---- stages shared with triggers and property resolution ------------------------------------------------

  /**
   * Which integration, configured instance, end user and connection a call means. With
   * `connection: 'optional'` a missing connection is null instead of CONNECTION_REQUIRED (property resolution).
   */
  resolveTarget(
    caller: ExecutionCaller,
    req: TargetRequest,
    what: What | null,
    opts: { connection?: 'required' | 'optional'; endUser?: 'create' | 'find' } = {},
  ): Promise<ResolvedTarget> {
    return this.targets.resolveTarget(caller, req, what, opts);
  }

  /** Defaults → partial values → inputDefaults → runtime input → enforced values (which always win). */
  mergeInput(caller: ExecutionCaller, target: ResolvedTarget, req: TargetRequest, what: What): Promise<MergedInput> {
    return this.targets.mergeInput(caller, target, req, what);
  }

  /** POST /connections/resolve: the connection a call would use, without creating anything. */
  resolveConnection(
    caller: ExecutionCaller,
    body: { integrationName: string; workspaceId: string; externalId?: string; authMethodKey?: string; endUserId?: string },
  ): Promise<ConnectionRecord> {
    return this.targets.resolveConnection(caller, body);
  }

  /** The decrypted credentials of a connection, refreshed first when an OAuth2 token is about to expire. */
  credentials(conn: ConnectionRecord): Promise<ConnectionValue> {
    return this.runner.credentials(conn);
  }

  /** Props of a target's action or trigger, after dynamic resolution is left to the integration. */
  propsOf(target: ResolvedTarget, what: What): Props {
    return this.targets.propsOf(target, what);
  }

  async close(): Promise<void> {
    this.runner.close();
    await this.deps.activity.close();
    await this.deps.limits.close();
  }

  // ---- the activity record --------------------------------------------------------------------------------

  private replay(stored: unknown, caller: ExecutionCaller): ExecuteOutcome {
    const s = stored as Extract<ExecuteOutcome, { status: 'success' | 'failed' }>;
    return { ...s, rateLimit: this.deps.limits.peek(caller.orgId, caller.plan), replayed: true };
  }

  private activityBase(caller: ExecutionCaller, req: ExecuteRequest, target: ResolvedTarget): ActivityRow {
    return {
      id: newId(),
      orgId: caller.orgId,
      workspaceId: target.workspaceId,
      apiKeyId: caller.apiKeyId ?? null,
      endUserId: target.endUser?.id ?? null,
      endUserExternalId: target.endUser?.externalId ?? null,
      source: req.source,
      integrationName: target.definition.name,
      integrationAlias: target.alias,
      actionName: req.actionName,
      connectionId: target.connection?.id ?? null,
      mcpServerId: caller.mcpServerId ?? null,
      triggerSourceId: caller.triggerSourceId ?? null,
      status: 'pending',
      durationMs: 0,
      createdAt: new Date(),
      traceId: currentTraceId(),
    };
  }

  private record(
    base: ActivityRow,
    started: number,
    fields: { status: string; approvalId?: string | null; errorCode?: string; errorMessage?: string },
  ): void {
    const row: ActivityRow = {
      ...base,
      status: fields.status,
      approvalId: fields.approvalId ?? null,
      errorCode: fields.errorCode ?? null,
      errorMessage: fields.errorMessage ? fields.errorMessage.slice(0, 500) : null,
      durationMs: Math.round(performance.now() - started),
    };
    this.deps.activity.record(row);
    this.deps.metrics.observe(row);
  }
}
