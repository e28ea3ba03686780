import type { ExecuteOutcome, ExecutionCaller, ExecutionSource } from '../engine/types.js';
import { ActionInputError } from '../integrations/framework.js';
import { invalidField } from '../platform/errors.js';
import { Access } from '../platform/http/access.js';
import { decodeToolInput } from './schema-from-props.js';
import type { McpServerRow } from '../modules/mcp-servers/mcp-servers.repository.js';
import { outcomeForAgent } from './approval-notice.js';
import type { EnginePort } from './ports.js';
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

/**
 * Runs one exposed action through the execution engine: the same pipeline as POST /actions/execute (partials,
 * connection strategy, Human Gates, idempotency, quotas, rate limits, activity record), never a copy of it.
 */
export class McpInvoker {
  constructor(private readonly engine: () => EnginePort) {}

  async execute(
    ctx: McpCallContext,
    a: ExposedAction,
    input: Record<string, unknown>,
    source: Extract<ExecutionSource, 'mcp_tools' | 'mcp_code'>,
    opts: { idempotencyKey?: string; gateContext?: Record<string, unknown>; signal?: AbortSignal } = {},
  ): Promise<ExecuteOutcome> {
    if (!ctx.server.workspaceId) throw new Error('The MCP server is not bound to a workspace.');
    // TOOLS mode declares free-shaped values as JSON text (docs/decisions/0097); Code Mode passes them as they are.
    if (source === 'mcp_tools') {
      try {
        input = decodeToolInput(a.action.props, input);
      } catch (err) {
        throw err instanceof ActionInputError ? invalidField(`input.${err.field}`, err.problem) : err;
      }
    }
    const outcome = await this.engine().execute(ctx.caller, {
      source,
      workspaceId: ctx.server.workspaceId,
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
    // Results go to an agent: no decision-capable link, whatever the gate answered (0092).
    return outcomeForAgent(outcome);
  }
}
