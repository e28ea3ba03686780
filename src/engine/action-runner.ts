import {
  ActionError,
  ActionInputError,
  type ActionContext,
  type ActionDefinition,
  type ActionResources,
  type Props,
} from '../integrations/framework.js';
import type { ConnectionValue } from '../integrations/pieces/protocol.js';
import { NO_STORE } from '../integrations/run.js';
import { callScope } from '../integrations/settings.js';
import type { FileStore } from '../integrations/state/file-store.js';
import { DbKeyValueStore } from '../integrations/state/kv-store.js';
import { validateInput } from '../integrations/validate.js';
import type { Orm } from '../platform/db/database.js';
import type { EgressGuard } from '../platform/egress.js';
import { AppError, invalidField, isAppError, isUnstorableValue, unstorableValue } from '../platform/errors.js';
import type { ConnectionsPort } from './ports.js';
import { Deadlines } from './deadlines.js';
import { inSpan } from '../platform/tracing.js';
import type { ConnectionRecord, CredentialRefresher, ExecutionCaller, ResolvedTarget } from './types.js';

export interface RunnerDeps {
  orm: Orm;
  refresher: CredentialRefresher;
  connections: Pick<ConnectionsPort, 'credentials' | 'observeUse'>;
  files: FileStore;
  egress: EgressGuard;
  resources: ActionResources;
  publicUrl: string;
  /** Longest a single action may run before the engine gives up on it. */
  actionTimeoutMs: number;
  log: { error(o: object, m?: string): void };
}

/** Output of a run: success, or an upstream failure the caller sees as `success: false`. */
export type RunResult =
  | { ok: true; output: unknown }
  | { ok: false; error: string; detail?: unknown; httpStatus?: number; needsReauth?: { connectionId: string } };

/**
 * The last stage of a call: validated input in, the action run with its credentials, a deadline and the caller's
 * cancel, out comes a {@link RunResult} (an upstream failure) or an AppError (the call's own fault).
 */
export class ActionRunner {
  /** One timer for every run's timeout, instead of a timer per call. */
  private readonly deadlines = new Deadlines();

  constructor(private readonly deps: RunnerDeps) {}

  /** The decrypted credentials of a connection, refreshed first when an OAuth2 token is about to expire. */
  async credentials(conn: ConnectionRecord): Promise<ConnectionValue> {
    if (conn.type === 'OAUTH2' || conn.type === 'PLATFORM_OAUTH2') return this.deps.refresher.fresh(conn);
    return this.deps.connections.credentials(conn);
  }

  validate(props: Props, input: Record<string, unknown>): Record<string, unknown> {
    try {
      return validateInput(props, input);
    } catch (err) {
      if (err instanceof ActionInputError) throw invalidField(`input.${err.field}`, err.problem);
      throw err;
    }
  }

  /** Run the action once (and once more after a token refresh when an OAuth2 provider answered HTTP 401). */
  run(
    caller: ExecutionCaller,
    target: ResolvedTarget,
    action: ActionDefinition,
    input: Record<string, unknown>,
    signal?: AbortSignal,
  ): Promise<RunResult> {
    const attributes = { 'switchboard.integration': target.definition.name, 'switchboard.action': action.name };
    return inSpan('switchboard.action.run', attributes, async (span) => {
      const result = await this.runWithCredentials(caller, target, action, input, signal);
      span.setAttribute('switchboard.success', result.ok);
      if (!result.ok && result.httpStatus !== undefined) span.setAttribute('switchboard.upstream_status', result.httpStatus);
      return result;
    });
  }

  private async runWithCredentials(
    caller: ExecutionCaller,
    target: ResolvedTarget,
    action: ActionDefinition,
    input: Record<string, unknown>,
    signal?: AbortSignal,
  ): Promise<RunResult> {
    const conn = target.connection;
    let auth: ConnectionValue | null = conn ? await this.credentials(conn) : null;
    let result = await this.runOnce(caller, target, action, input, auth, signal);
    if (!result.ok && conn && (conn.type === 'OAUTH2' || conn.type === 'PLATFORM_OAUTH2') && result.httpStatus === 401) {
      auth = await this.deps.refresher.afterUnauthorized(conn);
      if (auth) result = await this.runOnce(caller, target, action, input, auth, signal);
    }
    if (!conn) return result;
    const shown = this.deps.connections.observeUse(
      conn,
      result.ok ? result : { ok: false, httpStatus: result.httpStatus, error: result.error },
    );
    // The provider refused the credentials: the caller learns which connection needs re-authorization (0144).
    return !result.ok && shown === 'needs_reauth' ? { ...result, needsReauth: { connectionId: conn.id } } : result;
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
        return {
          ok: false,
          error: err.message,
          ...(err.detail !== undefined ? { detail: err.detail } : {}),
          ...(err.httpStatus !== undefined ? { httpStatus: err.httpStatus } : {}),
        };
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

  close(): void {
    this.deadlines.close();
  }
}
