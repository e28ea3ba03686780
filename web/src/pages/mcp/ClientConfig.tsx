import { CopyButton } from '../../copy';
import { useOrg } from '../../session';
import type { McpServer } from './types';

const PLACEHOLDER = '<YOUR_TOKEN>';

/** The endpoint and ready-to-paste configuration for common MCP clients (formats from the SDK's clientConfig). */
export function ClientConfigSection({ server, token }: { server: McpServer; token: string | null }) {
  const { client } = useOrg();
  const name =
    server.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'switchboard';
  const config = client.mcpServers.clientConfig(server, token ?? PLACEHOLDER, { name });
  const snippets: Array<[string, string, string]> = [
    ['Claude Desktop', 'claude_desktop_config.json', JSON.stringify(config.claudeDesktop, null, 2)],
    ['Claude Code', 'in a terminal', config.claudeCode],
    ['Cursor', '.cursor/mcp.json', JSON.stringify(config.cursor, null, 2)],
    ['VS Code', '.vscode/mcp.json', JSON.stringify(config.vscode, null, 2)],
    ['curl', 'a raw JSON-RPC tools/list', config.curl],
  ];
  return (
    <section aria-labelledby="connect-h">
      <h2 id="connect-h">Connect a client</h2>
      <div className="row">
        <span>
          Endpoint: <code className="mono">{config.url}</code>
        </span>
        <CopyButton text={config.url} label="Copy endpoint" />
      </div>
      <p className="small muted">
        {token
          ? 'The snippets below carry the token just shown.'
          : server.authMode === 'oauth'
            ? 'OAuth clients sign in on their own: the endpoint is enough for clients that support MCP OAuth; with a token, replace <YOUR_TOKEN>.'
            : 'Replace <YOUR_TOKEN> with a bearer token (issue one under Tokens; it then appears here).'}
      </p>
      {snippets.map(([title, where, text]) => (
        <div key={title} className="snippet">
          <h3>
            {title} <span className="small muted">{where}</span>
          </h3>
          <pre className="output" tabIndex={0} aria-label={`${title} configuration`}>
            {text}
          </pre>
          <CopyButton text={text} label={`Copy ${title} configuration`} />
        </div>
      ))}
    </section>
  );
}
