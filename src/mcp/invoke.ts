import type { ExecuteOutcome, ExecutionCaller, ExecutionSource } from '../engine/types.js';
import { ActionInputError } from '../integrations/framework.js';
import { AppError, invalidField, isAppError } from '../platform/errors.js';
import { Access } from '../platform/http/access.js';
import { decodeToolInput } from './schema-from-props.js';
import type { McpServerRow } from '../modules/mcp-servers/mcp-servers.repository.js';
import { outcomeForAgent } from './approval-notice.js';
import type { EnginePort, ReconnectNotice, ReconnectPort } from './ports.js';
import type { ExposedAction } from './surface.js';

/** Who an MCP call runs as: the organization (limited to the server's workspace), the server, and an end user. */
export interface McpCallContext {
  caller: ExecutionCaller;
  server: McpServerRow;
  endUserId: string | null;
}

export function mcpCaller(server: McpServerRow, plan: string, apiKeyId: string | null = null): ExecutionCaller {
  const access = server.workspaceId
    ? Access.fromPermissions({ scope: 'workspace', workspaceIds: [server.workspaceId] })
    : Access.fromPermissions({ scope: 'workspace', workspaceIds: [] });
  return { orgId: server.orgId, access, plan, apiKeyId, mcpServerId: server.id };
}

/** An outcome as an agent gets it: a failure from credentials the provider refused names the reconnect link. */
export type AgentOutcome =
  | Exclude<ExecuteOutcome, { status: 'failed' }>
  | (Extract<ExecuteOutcome, { status: 'failed' }> & { reconnect?: ReconnectNotice });

/** What the model reads about a connection that needs a person (0144). */
export function reconnectText(n: ReconnectNotice): string {
  const what = `The connection "${n.connectionName}" (${n.connectionId}) needs re-authorization: the provider no longer accepts its credentials.`;
  return n.url
    ? `${what} Ask the person to open this link to reconnect it (the connection keeps its id; the link works until ${n.expiresAt}), then try again: ${n.url}`
    : `${what} Ask an administrator of the organization to reconnect it.`;
}

/** The reconnect notice an error carries (see {@link McpInvoker.execute}), if any. */
export function reconnectOf(err: unknown): ReconnectNotice | null {
  return isAppError(err) ? ((err.extra?.reconnect as ReconnectNotice | undefined) ?? null) : null;
}

/**
 * Runs one exposed action through the execution engine: the same pipeline as POST /actions/execute (partials,
 * connection strategy, Human Gates, idempotency, quotas, rate limits, activity record), never a copy of it.
 */
export class McpInvoker {
  constructor(
    private readonly engine: () => EnginePort,
    private readonly reconnect: ReconnectPort,
  ) {}

  async execute(
    ctx: McpCallContext,
    a: ExposedAction,
    input: Record<string, unknown>,
    source: Extract<ExecutionSource, 'mcp_tools' | 'mcp_code'>,
    opts: { idempotencyKey?: string; gateContext?: Record<string, unknown>; signal?: AbortSignal } = {},
  ): Promise<AgentOutcome> {
    if (!ctx.server.workspaceId) throw new Error('The MCP server is not bound to a workspace.');
    // TOOLS mode declares free-shaped values as JSON text (docs/decisions/0097); Code Mode passes them as they are.
    if (source === 'mcp_tools') {
      try {
        input = decodeToolInput(a.action.props, input);
      } catch (err) {
        throw err instanceof ActionInputError ? invalidField(`input.${err.field}`, err.problem) : err;
      }
    }
    const workspaceId = ctx.server.workspaceId;
    let outcome: ExecuteOutcome;
    try {
      outcome = await this.run(ctx, workspaceId, a, input, source, opts);
    } catch (err) {
      // A connection only a person can repair (status ERROR, a refused refresh): the agent gets the link (0144).
      const id = isAppError(err) && err.code === 'CONNECTION_ERROR' ? err.extra?.connectionId : undefined;
      if (typeof id !== 'string') throw err;
      const notice = await this.noticeFor(ctx, workspaceId, id);
      throw notice ? new AppError('CONNECTION_ERROR', (err as AppError).message, { reconnect: notice }) : err;
    }
    // Results go to an agent: no decision-capable link, whatever the gate answered (0092).
    const forAgent = outcomeForAgent(outcome);
    if (forAgent.status !== 'failed' || !forAgent.needsReauth) return forAgent;
    const notice = await this.noticeFor(ctx, workspaceId, forAgent.needsReauth.connectionId);
    return notice ? { ...forAgent, reconnect: notice } : forAgent;
  }

  /** The reconnect notice for the agent; a link that cannot be made now leaves the answer as the engine gave it. */
  private noticeFor(ctx: McpCallContext, workspaceId: string, connectionId: string): Promise<ReconnectNotice | null> {
    return this.reconnect.notice(ctx.caller.orgId, connectionId, { workspaceId, endUserId: ctx.endUserId }).catch(() => null);
  }

  private run(
    ctx: McpCallContext,
    workspaceId: string,
    a: ExposedAction,
    input: Record<string, unknown>,
    source: Extract<ExecutionSource, 'mcp_tools' | 'mcp_code'>,
    opts: { idempotencyKey?: string; gateContext?: Record<string, unknown>; signal?: AbortSignal },
  ): Promise<ExecuteOutcome> {
    return this.engine().execute(ctx.caller, {
      source,
      workspaceId,
      integrationName: a.integrationName,
      ...(a.workspaceIntegrationId ? { workspaceIntegrationId: a.workspaceIntegrationId } : { integrationAlias: a.engineAlias }),
      actionName: a.actionName,
      input,
      connectionId: a.tool?.connectionId || undefined,
      partialIds: a.partialIds,
      inputDefaults: a.tool?.inputDefaults || undefined,
      endUser: ctx.endUserId ? { id: ctx.endUserId } : undefined,
      idempotencyKey: opts.idempotencyKey || undefined,
      gateContext: opts.gateContext || undefined,
      signal: opts.signal || undefined,
    });
  }
}
