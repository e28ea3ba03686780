/**
 * Ready-made configuration for MCP clients of a Switchboard MCP server: its endpoint `{base_url}/mcp/srv_<id>`
 * (MCP Streamable HTTP, stateless) takes `Authorization: Bearer <token>` (an mcp_ bearer or mcpo_ OAuth token).
 */

/** An MCP server: its id, or its record (whose mcpEndpoint carries the service's public URL). */
export type McpServerRef = string | { id: string; mcpEndpoint?: string | undefined };

export interface McpClientConfigOptions {
  /** The server's name in the clients' configuration; default "switchboard". */
  name?: string;
}

export interface McpClientConfig {
  /** The endpoint URL. */
  url: string;
  /** The headers every MCP request carries. */
  headers: { Authorization: string };
  /** claude_desktop_config.json: Claude Desktop reaches remote servers through the mcp-remote bridge (npx). */
  claudeDesktop: { mcpServers: Record<string, { command: string; args: string[]; env: Record<string, string> }> };
  /** The Claude Code command that adds the server (`claude mcp add --transport http`). */
  claudeCode: string;
  /** ~/.cursor/mcp.json or .cursor/mcp.json. */
  cursor: { mcpServers: Record<string, { url: string; headers: Record<string, string> }> };
  /** .vscode/mcp.json. */
  vscode: { servers: Record<string, { type: 'http'; url: string; headers: Record<string, string> }> };
  /** A raw JSON-RPC call (tools/list) with curl. */
  curl: string;
}

/** The endpoint of `server`: the record's mcpEndpoint, else `{baseUrl}/mcp/srv_<id>`. */
export function mcpEndpoint(baseUrl: string, server: McpServerRef): string {
  if (typeof server !== 'string' && server.mcpEndpoint) return server.mcpEndpoint;
  const id = typeof server === 'string' ? server : server.id;
  return `${baseUrl.replace(/\/+$/, '')}/mcp/srv_${encodeURIComponent(id.replace(/^srv_/, ''))}`;
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

export function mcpClientConfig(url: string, token: string, options: McpClientConfigOptions = {}): McpClientConfig {
  const name = options.name ?? 'switchboard';
  const authorization = `Bearer ${token}`;
  const headers = { Authorization: authorization };
  const rpc = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });
  return {
    url,
    headers,
    claudeDesktop: {
      mcpServers: {
        // The header is passed through an environment variable: mcp-remote's advice, as spaces in args break on Windows.
        [name]: {
          command: 'npx',
          args: ['-y', 'mcp-remote', url, '--header', 'Authorization:${SWITCHBOARD_MCP_AUTH}'],
          env: { SWITCHBOARD_MCP_AUTH: authorization },
        },
      },
    },
    claudeCode: `claude mcp add --transport http ${shellQuote(name)} ${shellQuote(url)} --header ${shellQuote(`Authorization: ${authorization}`)}`,
    cursor: { mcpServers: { [name]: { url, headers: { ...headers } } } },
    vscode: { servers: { [name]: { type: 'http', url, headers: { ...headers } } } },
    curl: [
      `curl -sS -X POST ${shellQuote(url)}`,
      `-H ${shellQuote(`Authorization: ${authorization}`)}`,
      `-H 'Content-Type: application/json'`,
      `-H 'Accept: application/json, text/event-stream'`,
      `-d ${shellQuote(rpc)}`,
    ].join(' \\\n  '),
  };
}
