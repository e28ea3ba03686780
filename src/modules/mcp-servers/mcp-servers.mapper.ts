import type { McpServerRow, McpToolWithPartials } from './mcp-servers.repository.js';
import type { McpTokenRow } from '../../mcp/auth/tokens.repository.js';
import { bearerEnabled, oauthEnabled } from '../../mcp/auth/tokens.js';

export const mcpEndpointOf = (publicUrl: string, serverId: string) => `${publicUrl}/mcp/srv_${serverId}`;

/**
 * The server as the API shows it. `strictPerUser`: the workspace has an integration whose connection strategy is
 * per_user, so a shared static token can only be used when the server is scoped to one end user.
 */
export function toServer(
  row: McpServerRow,
  opts: { publicUrl: string; strictPerUser: boolean; endUserExternalId: string | null },
) {
  const bearer = bearerEnabled(row.authMode);
  const oauth = oauthEnabled(row.authMode);
  const scoped = row.workspaceId !== null;
  return {
    id: row.id,
    orgId: row.orgId,
    workspaceId: row.workspaceId,
    name: row.name,
    description: row.description,
    mode: row.mode,
    settings: {
      codeMode: { approvalWaitSeconds: row.settings?.codeMode?.approvalWaitSeconds ?? 0 },
      mcpApp: { enabled: row.settings?.mcpApp?.enabled ?? false },
    },
    authMode: row.authMode,
    endUserAccess: row.endUserAccess,
    auth: {
      oauthEnabled: oauth,
      bearerEnabled: bearer,
      staticBearerEnabled: bearer && (!opts.strictPerUser || row.endUserId !== null),
      endUserBearerTokensEnabled: bearer && scoped,
      accessTokensEnabled: scoped && (bearer || oauth),
    },
    endUserId: row.endUserId ? (opts.endUserExternalId ?? row.endUserExternalId) : null,
    createdBy: row.createdBy,
    suspended: row.suspended,
    mcpEndpoint: mcpEndpointOf(opts.publicUrl, row.id),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toTool(row: McpToolWithPartials) {
  return {
    id: row.id,
    mcpServerId: row.mcpServerId,
    integrationName: row.integrationName,
    integrationAlias: row.integrationAlias,
    actionName: row.actionName,
    toolType: 'ACTION' as const,
    connectionId: row.connectionId,
    displayName: row.displayName,
    description: row.description,
    inputDefaults: row.inputDefaults ?? null,
    sortOrder: row.sortOrder,
    partialIds: row.partialIds,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A token record: never its value or hash. */
export function toTokenRecord(row: McpTokenRow, endUserExternalId: string | null) {
  const bearer = row.kind === 'bearer' || row.kind === 'static';
  return {
    id: row.id,
    tokenPrefix: row.tokenPrefix,
    scopes: row.scopes,
    endUserId: endUserExternalId,
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    authMethod: bearer ? 'bearer' : 'oauth',
    tokenType: bearer ? 'mcp_bearer' : 'mcp_oauth',
  };
}
