import { performance } from 'node:perf_hooks';
import {
  ActionError,
  ActionInputError,
  type ActionContext,
  type ActionDefinition,
  type ActionResources,
  type IntegrationDefinition,
  type Props,
} from '../integrations/framework.js';
import type { ConnectionValue } from '../integrations/pieces/protocol.js';
import type { IntegrationRegistry } from '../integrations/registry.js';
import { NO_STORE } from '../integrations/run.js';
import { callScope } from '../integrations/settings.js';
import type { FileStore } from '../integrations/state/file-store.js';
import { DbKeyValueStore } from '../integrations/state/kv-store.js';
import { validateInput } from '../integrations/validate.js';
import type { Orm } from '../platform/db/database.js';
import type { EgressGuard } from '../platform/egress.js';
import { AppError, invalidField, isAppError, isUnstorableValue, unstorableValue } from '../platform/errors.js';
import { newId } from '../platform/ids.js';
import type { ConnectionsService } from '../modules/connections/connections.service.js';
import type { EndUsersService } from '../modules/end-users/end-users.service.js';
import type { PartialsService } from '../modules/partials/partials.service.js';
import {
  NO_AUTH_METHOD,
  type WorkspaceIntegrationsService,
} from '../modules/workspace-integrations/workspace-integrations.service.js';
import type { WorkspacesService } from '../modules/workspaces/workspaces.service.js';
import type { ActivityRecorder, ActivityRow } from './activity.js';
import { Deadlines } from './deadlines.js';
import { hashValue } from './hash.js';
import type { IdempotencyStore } from './idempotency.js';
import type { UsageLimiter } from './limits.js';
import type {
  ConnectionRecord,
  ConnectionStrategy,
  CredentialRefresher,
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

export interface EngineDeps {
  orm: Orm;
  registry: IntegrationRegistry;
  workspaces: WorkspacesService;
  endUsers: EndUsersService;
  workspaceIntegrations: WorkspaceIntegrationsService;
  partials: PartialsService;
  connections: ConnectionsService;
  limits: UsageLimiter;
  idempotency: IdempotencyStore;
  activity: ActivityRecorder;
  files: FileStore;
  egress: EgressGuard;
  resources: ActionResources;
  /** Human Gates: every call passes it before anything runs. Required: there is no open default (0090). */
  gate: ExecutionGate;
  publicUrl: string;
  /** Longest a single action may run before the engine gives up on it. */
  actionTimeoutMs: number;
  log: { warn(o: object, m?: string): void; error(o: object, m?: string): void };
}

type What = { actionName: string; triggerName?: undefined } | { triggerName: string; actionName?: undefined };

/** Output of a run: success, or an upstream failure the caller sees as `success: false`. */
type RunResult = { ok: true; output: unknown } | { ok: false; error: string; detail?: unknown };

const UNAUTHORIZED = /\b401\b|unauthori[sz]ed|invalid[_ ]token|token (has )?expired|expired token|invalid_grant/i;

/**
 * The one execution pipeline. REST, MCP tools, Code Mode and triggers call it, so partials, connection
 * strategies, approvals, quotas, idempotency and the activity record behave the same from every surface.
 */
export class ExecutionEngine {
  private refresher: CredentialRefresher | null = null;
  /** One timer for every run's timeout, instead of a timer per call. */
  private readonly deadlines = new Deadlines();

  constructor(private readonly deps: EngineDeps) {}

  setRefresher(refresher: CredentialRefresher): void {
    this.refresher = refresher;
  }

  // ---- the pipeline ---------------------------------------------------------------------------------------

  async execute(caller: ExecutionCaller, req: ExecuteRequest): Promise<ExecuteOutcome> {
    const started = performance.now();
    const target = await this.resolveTarget(caller, req, { actionName: req.actionName });
    const action = target.definition.actions[req.actionName]!;
    const base = this.activityBase(caller, req, target);
    let approvalId: string | null = null;
    try {
      const merged = await this.mergeInput(caller, target, req, { actionName: req.actionName });
      const input = this.validate(action.props, merged.input);
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
      if (key) {
        const stored = await this.deps.idempotency.peek(caller.orgId, key, inputHash());
        if (stored) return this.replay(stored.response, caller);
      }

      const gate = await this.checkGate({
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
        this.record(base, started, { status: 'approval_required', approvalId: gate.approval.id });
        return {
          status: 'approval_required',
          approval: gate.approval,
          rateLimit: this.deps.limits.peek(caller.orgId, caller.plan),
        };
      }
      approvalId = gate.approvalId ?? null;

      if (key) {
        const claim = await this.deps.idempotency.claim(caller.orgId, key, inputHash());
        if (claim.kind === 'done') return this.replay(claim.result.response, caller);
      }
      let rateLimit;
      let result: RunResult;
      try {
        rateLimit = await this.deps.limits.admit(caller.orgId, caller.plan);
        result = await this.run(caller, target, action, input, req.signal);
      } catch (err) {
        if (key) await this.deps.idempotency.release(caller.orgId, key).catch(() => undefined);
        throw err;
      }
      const executionId = base.id;
      const durationMs = Math.round(performance.now() - started);
      const outcome: ExecuteOutcome = result.ok
        ? { status: 'success', output: result.output, durationMs, executionId, rateLimit, replayed: false }
        : {
            status: 'failed',
            output: { error: result.error, ...(result.detail !== undefined ? { detail: result.detail } : {}) },
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
      return await this.deps.gate.check(ctx);
    } catch (err) {
      if (isAppError(err)) throw err;
      this.deps.log.error({ err: { message: (err as Error)?.message } }, 'Human Gates could not check a call');
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        'Switchboard could not check this call against the approval policies; it was not run. Try again later.',
      );
    }
  }

  /**
   * Which integration, configured instance, end user and connection a call means. With
   * `connection: 'optional'` a missing connection is null instead of CONNECTION_REQUIRED (property resolution).
   */
  async resolveTarget(
    caller: ExecutionCaller,
    req: TargetRequest,
    what: What | null,
    opts: { connection?: 'required' | 'optional'; endUser?: 'create' | 'find' } = {},
  ): Promise<ResolvedTarget> {
    const actor = { orgId: caller.orgId, access: caller.access };
    const workspace = await this.deps.workspaces.requireUsable(actor, req.workspaceId);
    const definition = this.deps.registry.get(req.integrationName);
    if (!definition) throw new AppError('INTEGRATION_NOT_FOUND', `No integration named "${req.integrationName}".`);
    if (what?.actionName !== undefined && !definition.actions[what.actionName]) {
      throw invalidField(
        'actionName',
        `"${what.actionName}" is not an action of ${definition.name} (see GET /api/v1/integrations?name=${definition.name})`,
      );
    }
    if (what?.triggerName !== undefined && !definition.triggers[what.triggerName]) {
      throw new AppError('TRIGGER_NOT_FOUND', `${definition.name} has no trigger "${what.triggerName}".`);
    }
    const instance = await this.instance(caller.orgId, workspace.id, definition, req);
    if (what?.actionName !== undefined && instance.enabledActions && !instance.enabledActions.includes(what.actionName)) {
      throw new AppError(
        'ACTION_NOT_ENABLED',
        `The action ${what.actionName} is not enabled on the "${instance.alias}" integration of this workspace.`,
      );
    }
    const endUser = await this.endUser(caller.orgId, workspace.id, req, opts.endUser ?? 'create');
    const requireAuth =
      what === null
        ? true
        : what.actionName !== undefined
          ? definition.actions[what.actionName]!.requireAuth
          : definition.triggers[what.triggerName]!.requireAuth;
    const connection = await this.connection(
      caller.orgId,
      workspace.id,
      definition,
      instance,
      endUser,
      req,
      opts.connection === 'optional' ? false : (requireAuth ?? definition.auth.length > 0),
    );
    return { definition, workspaceId: workspace.id, ...instance, endUser, connection };
  }

  /** Defaults → partial values → inputDefaults → runtime input → enforced values (which always win). */
  async mergeInput(caller: ExecutionCaller, target: ResolvedTarget, req: TargetRequest, what: What): Promise<MergedInput> {
    const partials = await this.deps.partials.forCall(
      caller.orgId,
      target.workspaceId,
      {
        integrationName: target.definition.name,
        alias: target.alias,
        ...(what.actionName !== undefined ? { actionName: what.actionName } : { triggerName: what.triggerName }),
      },
      req.partialIds,
    );
    const enforced = new Map<string, unknown>();
    for (const p of partials) for (const k of p.enforcedKeys ?? []) enforced.set(k, (p.values ?? {})[k]);
    const input: Record<string, unknown> = {};
    for (const p of partials) for (const [k, v] of Object.entries(p.values ?? {})) if (!enforced.has(k)) input[k] = v;
    Object.assign(input, req.inputDefaults ?? {}, req.input ?? {});
    for (const [k, v] of enforced) input[k] = v;
    return { input, enforcedKeys: [...enforced.keys()], partialIds: partials.map((p) => p.id) };
  }

  /** The decrypted credentials of a connection, refreshed first when an OAuth2 token is about to expire. */
  async credentials(conn: ConnectionRecord): Promise<ConnectionValue> {
    if (this.refresher && (conn.type === 'OAUTH2' || conn.type === 'PLATFORM_OAUTH2')) return this.refresher.fresh(conn);
    return this.deps.connections.credentials(conn);
  }

  /** Props of a target's action or trigger, after dynamic resolution is left to the integration. */
  propsOf(target: ResolvedTarget, what: What): Props {
    return what.actionName !== undefined
      ? target.definition.actions[what.actionName]!.props
      : target.definition.triggers[what.triggerName]!.props;
  }

  async close(): Promise<void> {
    this.deadlines.close();
    await this.deps.activity.close();
    await this.deps.limits.close();
  }

  // ---- steps ----------------------------------------------------------------------------------------------

  /** The configured instance a call targets: by id, by alias, the only one configured, or a built-in's implicit one. */
  private async instance(orgId: string, workspaceId: string, def: IntegrationDefinition, req: TargetRequest) {
    const all = await this.deps.workspaceIntegrations.listForWorkspace(orgId, workspaceId);
    let wi;
    if (req.workspaceIntegrationId) {
      wi = all.find((w) => w.id === req.workspaceIntegrationId);
      if (!wi) throw new AppError('NOT_FOUND', 'No workspace integration with this id in the workspace.');
      if (wi.integrationName !== def.name)
        throw invalidField('workspaceIntegrationId', `configures ${wi.integrationName}, not ${def.name}`);
    } else if (req.integrationAlias) {
      wi = all.find((w) => w.alias === req.integrationAlias);
      if (wi && wi.integrationName !== def.name)
        throw invalidField('integrationAlias', `"${req.integrationAlias}" is an alias of ${wi.integrationName}, not ${def.name}`);
      if (!wi && req.integrationAlias !== def.name)
        throw invalidField('integrationAlias', `no workspace integration has the alias "${req.integrationAlias}"`);
    } else {
      const mine = all.filter((w) => w.integrationName === def.name);
      wi = mine.length === 1 ? mine[0] : mine.find((w) => w.alias === def.name);
      if (!wi && mine.length > 1) {
        throw invalidField(
          'integrationAlias',
          `${def.name} is configured several times in this workspace (${mine.map((w) => w.alias).join(', ')}); give workspaceIntegrationId or integrationAlias`,
        );
      }
    }
    if (!wi) {
      // The implicit instance: no configuration, alias = integration name, default settings.
      return {
        workspaceIntegrationId: null,
        alias: def.name,
        connectionStrategy: null as ConnectionStrategy | null,
        authMethodKey: req.authMethodKey ?? null,
        enabledActions: null as string[] | null,
        settings: {} as Record<string, unknown>,
        fallbackConnectionId: null as string | null,
      };
    }
    return {
      workspaceIntegrationId: wi.id,
      alias: wi.alias,
      connectionStrategy: wi.connectionStrategy as ConnectionStrategy,
      authMethodKey: wi.authMethodKey === NO_AUTH_METHOD ? null : wi.authMethodKey,
      enabledActions: wi.enabledActions,
      settings: wi.settings ?? {},
      fallbackConnectionId: wi.connectionId,
    };
  }

  /** The end user a call names; by externalId it is created when absent (mode 'create') or left null ('find'). */
  private async endUser(
    orgId: string,
    workspaceId: string,
    req: TargetRequest,
    mode: 'create' | 'find',
  ): Promise<{ id: string; externalId: string } | null> {
    if (!req.endUser) return null;
    if ('id' in req.endUser) {
      const row = await this.deps.endUsers.findInWorkspace(orgId, workspaceId, req.endUser.id);
      if (!row) throw new AppError('END_USER_NOT_FOUND', 'The end user was not found in this workspace.');
      return { id: row.id, externalId: row.externalId };
    }
    const row = await this.deps.endUsers.lookup(orgId, workspaceId, req.endUser.externalId, mode === 'create');
    return row ? { id: row.id, externalId: row.externalId } : null;
  }

  /**
   * POST /connections/resolve: the connection a call for this integration would use in the workspace (for the
   * end user, when named), without creating anything; 404 CONNECTION_NOT_FOUND when there is none.
   */
  async resolveConnection(
    caller: ExecutionCaller,
    body: { integrationName: string; workspaceId: string; externalId?: string; authMethodKey?: string; endUserId?: string },
  ): Promise<ConnectionRecord> {
    const req: TargetRequest = {
      workspaceId: body.workspaceId,
      integrationName: body.integrationName,
      ...(body.externalId !== undefined ? { connectionExternalId: body.externalId } : {}),
      ...(body.authMethodKey !== undefined ? { authMethodKey: body.authMethodKey } : {}),
      ...(body.endUserId !== undefined ? { endUser: { externalId: body.endUserId } } : {}),
    };
    let target: ResolvedTarget;
    try {
      target = await this.resolveTarget(caller, req, null, { endUser: 'find' });
    } catch (err) {
      if (isAppError(err) && (err.code === 'CONNECTION_REQUIRED' || err.code === 'CONNECTION_NOT_FOUND'))
        throw new AppError('CONNECTION_NOT_FOUND', err.message);
      if (isAppError(err) && err.code === 'VALIDATION_ERROR' && /takes no connection/.test(err.message))
        throw new AppError('CONNECTION_NOT_FOUND', err.message);
      throw err;
    }
    if (!target.connection) throw new AppError('CONNECTION_NOT_FOUND', `${body.integrationName} takes no connection.`);
    return target.connection;
  }

  /** The connection a call runs with: chosen directly, by the instance's strategy, or the most specific one. */
  private async connection(
    orgId: string,
    workspaceId: string,
    def: IntegrationDefinition,
    instance: {
      connectionStrategy: ConnectionStrategy | null;
      authMethodKey: string | null;
      fallbackConnectionId: string | null;
      alias: string;
    },
    endUser: { id: string } | null,
    req: TargetRequest,
    required: boolean,
  ): Promise<ConnectionRecord | null> {
    const authKey = req.authMethodKey ?? instance.authMethodKey ?? undefined;
    if (req.connectionExternalId !== undefined || req.connectionId !== undefined) {
      if (def.auth.length === 0)
        throw invalidField(
          req.connectionExternalId !== undefined ? 'connectionExternalId' : 'connectionId',
          `is not used: ${def.name} takes no connection`,
        );
      let found: ConnectionRecord[];
      if (req.connectionExternalId !== undefined) {
        found = (await this.deps.connections.findByExternalId(orgId, def.name, req.connectionExternalId)).filter(
          (c) => !authKey || c.authMethodKey === authKey,
        );
      } else {
        const c = await this.deps.connections.find(orgId, req.connectionId!);
        found = c && c.integrationName === def.name ? [c] : [];
      }
      if (found.length > 1)
        throw new AppError(
          'AUTH_METHOD_REQUIRED',
          `Several ${def.name} connections have this externalId; give authMethodKey (${found.map((c) => c.authMethodKey).join(', ')}).`,
        );
      const conn = found[0];
      if (!conn || !usableFrom(conn, workspaceId, endUser))
        throw new AppError(
          'CONNECTION_NOT_FOUND',
          `No ${def.name} connection with this ${req.connectionExternalId !== undefined ? 'externalId' : 'id'} is usable in this workspace.`,
        );
      return active(conn);
    }
    if (def.auth.length === 0) return null;

    const own = async () => {
      if (!endUser) return null;
      const mine = (await this.deps.connections.candidates(orgId, def.name, workspaceId, endUser.id)).filter(
        (c) => c.scope === 'USER' && (!authKey || c.authMethodKey === authKey),
      );
      return mine[0] ?? null;
    };
    const fallback = async () =>
      instance.fallbackConnectionId ? this.deps.connections.find(orgId, instance.fallbackConnectionId) : null;
    let conn: ConnectionRecord | null = null;
    let missing = '';
    switch (instance.connectionStrategy) {
      case 'fixed':
        conn = await fallback();
        missing = `The "${instance.alias}" integration has no connection configured (strategy fixed).`;
        break;
      case 'per_user':
        conn = await own();
        missing = endUser
          ? `The end user has no ${def.name} connection; connect one first (strategy per_user).`
          : `The "${instance.alias}" integration uses per-user connections: pass endUserId.`;
        break;
      case 'per_user_with_fallback':
        conn = (await own()) ?? (await fallback());
        missing = `Neither the end user nor the "${instance.alias}" integration has a ${def.name} connection.`;
        break;
      default: {
        // Not configured: the most specific connection visible from here (the end user's, the workspace's, the organization's).
        const all = (await this.deps.connections.candidates(orgId, def.name, workspaceId, endUser?.id ?? null)).filter(
          (c) => !authKey || c.authMethodKey === authKey,
        );
        for (const scope of ['USER', 'WORKSPACE', 'ORGANIZATION']) {
          const level = all.filter((c) => c.scope === scope);
          if (level.length === 0) continue;
          if (new Set(level.map((c) => c.authMethodKey)).size > 1) {
            throw new AppError(
              'AUTH_METHOD_REQUIRED',
              `${def.name} has connections for several auth methods here; give authMethodKey (${[...new Set(level.map((c) => c.authMethodKey))].join(', ')}).`,
            );
          }
          conn = level[0]!;
          break;
        }
        missing = `No ${def.name} connection was found for this call; create one, pass connectionExternalId, or configure the integration in the workspace.`;
      }
    }
    if (!conn) {
      if (required) throw new AppError('CONNECTION_REQUIRED', missing);
      return null;
    }
    return active(conn);
  }

  private validate(props: Props, input: Record<string, unknown>): Record<string, unknown> {
    try {
      return validateInput(props, input);
    } catch (err) {
      if (err instanceof ActionInputError) throw invalidField(`input.${err.field}`, err.problem);
      throw err;
    }
  }

  /** Run the action once (and once more after a token refresh when an OAuth2 provider answers 401). */
  private async run(
    caller: ExecutionCaller,
    target: ResolvedTarget,
    action: ActionDefinition,
    input: Record<string, unknown>,
    signal?: AbortSignal,
  ): Promise<RunResult> {
    const conn = target.connection;
    let auth: ConnectionValue | null = conn ? await this.credentials(conn) : null;
    let result = await this.runOnce(caller, target, action, input, auth, signal);
    if (
      !result.ok &&
      conn &&
      this.refresher &&
      (conn.type === 'OAUTH2' || conn.type === 'PLATFORM_OAUTH2') &&
      UNAUTHORIZED.test(result.error)
    ) {
      auth = await this.refresher.afterUnauthorized(conn);
      if (auth) result = await this.runOnce(caller, target, action, input, auth, signal);
    }
    return result;
  }

  private async runOnce(
    caller: ExecutionCaller,
    target: ResolvedTarget,
    action: ActionDefinition,
    input: Record<string, unknown>,
    auth: ConnectionValue | null,
    outer?: AbortSignal,
  ): Promise<RunResult> {
    const callerInfo = { orgId: caller.orgId, workspaceId: target.workspaceId, endUserId: target.endUser?.id ?? null };
    let scope;
    try {
      scope = callScope(target.definition, target.settings, callerInfo);
    } catch (err) {
      if (err instanceof ActionInputError) throw invalidField(err.field, err.problem);
      throw err;
    }
    const timeoutMs = Math.min(action.timeoutMs ?? Infinity, this.deps.actionTimeoutMs);
    // The run stops waiting on a timeout or the caller's cancel. An AbortController (and its signal's listeners) is
    // made only when the action reads ctx.signal: most built-ins never do, and finish in microseconds.
    let stopReason: string | null = null;
    let controller: AbortController | null = null;
    let rejectStopped: ((err: Error) => void) | null = null;
    const stop = (reason: string) => {
      if (stopReason !== null) return;
      stopReason = reason;
      controller?.abort();
      rejectStopped?.(new ActionError(reason));
    };
    const deadline = this.deadlines.add(() => stop(`The action did not finish within ${timeoutMs / 1000} s.`), timeoutMs);
    const onAbort = () => stop('The call was cancelled.');
    if (outer?.aborted) onAbort();
    else outer?.addEventListener('abort', onAbort, { once: true });
    const ctx: ActionContext = {
      propsValue: input,
      dispatcher: this.deps.egress.dispatcher(),
      egress: this.deps.egress,
      caller: callerInfo,
      scope,
      resources: this.deps.resources,
      auth,
      settings: target.settings,
      store: scope ? new DbKeyValueStore(this.deps.orm, scope) : NO_STORE,
      files: scope ? this.deps.files.scoped(scope) : null,
      get signal() {
        if (!controller) {
          controller = new AbortController();
          if (stopReason !== null) controller.abort();
        }
        return controller.signal;
      },
      publicUrl: this.deps.publicUrl,
    };
    try {
      if (stopReason !== null) throw new ActionError(stopReason);
      const stopped = new Promise<never>((_, reject) => (rejectStopped = reject));
      const output = await Promise.race([action.run(ctx), stopped]);
      return { ok: true, output: output === undefined ? null : output };
    } catch (err) {
      if (err instanceof ActionInputError) throw invalidField(`input.${err.field}`, err.problem);
      if (err instanceof ActionError)
        return { ok: false, error: err.message, ...(err.detail !== undefined ? { detail: err.detail } : {}) };
      if (isAppError(err)) throw err;
      if (isUnstorableValue(err)) throw unstorableValue();
      this.deps.log.error(
        { err: { message: (err as Error)?.message }, integration: target.definition.name, action: action.name },
        'action failed unexpectedly',
      );
      // The message of an unexpected error can hold internals (an SQL statement and its values): logged, not answered.
      throw new AppError('ACTION_FAILED', `${target.definition.name}.${action.name} failed unexpectedly; the error was logged.`);
    } finally {
      rejectStopped = null;
      this.deadlines.remove(deadline);
      outer?.removeEventListener('abort', onAbort);
    }
  }

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
    };
  }

  private record(
    base: ActivityRow,
    started: number,
    fields: { status: string; approvalId?: string | null; errorCode?: string; errorMessage?: string },
  ): void {
    this.deps.activity.record({
      ...base,
      status: fields.status,
      approvalId: fields.approvalId ?? null,
      errorCode: fields.errorCode ?? null,
      errorMessage: fields.errorMessage ? fields.errorMessage.slice(0, 500) : null,
      durationMs: Math.round(performance.now() - started),
    });
  }
}

/** Whether a connection may be used from a workspace (and, for USER connections, by this end user). */
function usableFrom(conn: ConnectionRecord, workspaceId: string, endUser: { id: string } | null): boolean {
  if (conn.scope === 'ORGANIZATION') return true;
  if (conn.workspaceId !== workspaceId) return false;
  if (conn.scope === 'USER' && endUser && conn.endUserId !== endUser.id) return false;
  return true;
}

function active(conn: ConnectionRecord): ConnectionRecord {
  if (conn.suspended)
    throw new AppError('RESOURCE_SUSPENDED', 'This connection is suspended: the plan covers fewer connections.');
  if (conn.status !== 'ACTIVE')
    throw new AppError(
      'CONNECTION_ERROR',
      `The connection "${conn.displayName}" needs to be reconnected (status ${conn.status}).`,
    );
  return conn;
}
