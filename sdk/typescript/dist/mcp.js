/**
 * Ready-made configuration for MCP clients of a Switchboard MCP server: its endpoint `{base_url}/mcp/srv_<id>`
 * (MCP Streamable HTTP, stateless) takes `Authorization: Bearer <token>` (an mcp_ bearer or mcpo_ OAuth token).
 */
/** The endpoint of `server`: the record's mcpEndpoint, else `{baseUrl}/mcp/srv_<id>`. */
export function mcpEndpoint(baseUrl, server) {
    if (typeof server !== 'string' && server.mcpEndpoint)
        return server.mcpEndpoint;
    const id = typeof server === 'string' ? server : server.id;
    return `${baseUrl.replace(/\/+$/, '')}/mcp/srv_${encodeURIComponent(id.replace(/^srv_/, ''))}`;
}
const shellQuote = (s) => `'${s.replace(/'/g, `'\\''`)}'`;
export function mcpClientConfig(url, token, options = {}) {
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
