/** MCP servers as the API answers them (GET /mcp/servers, /mcp/servers/:id). */
export interface McpServer {
  id: string;
  workspaceId: string | null;
  name: string;
  description: string;
  mode: string;
  authMode: string;
  endUserAccess: string;
  auth: {
    oauthEnabled: boolean;
    bearerEnabled: boolean;
    staticBearerEnabled: boolean;
    endUserBearerTokensEnabled: boolean;
    accessTokensEnabled: boolean;
  };
  endUserId: string | null;
  suspended: boolean;
  mcpEndpoint: string;
  createdAt: string;
}

export interface McpTool {
  id: string;
  integrationName: string;
  integrationAlias: string;
  actionName: string;
  connectionId: string | null;
  displayName: string | null;
  description: string | null;
  inputDefaults: Record<string, unknown> | null;
}

export const MODES = [
  ['TOOLS', 'Tools: one MCP tool per action'],
  ['CODE', 'Code Mode: the agent writes JavaScript that calls the actions'],
] as const;

export const AUTH_MODES = [
  ['oauth', 'OAuth (people sign in from their MCP client)'],
  ['bearer', 'Bearer tokens'],
  ['oauth_and_bearer', 'OAuth and bearer tokens'],
] as const;

export const mcpKey = (orgId: string, ...rest: unknown[]) => [orgId, 'mcp', ...rest];
