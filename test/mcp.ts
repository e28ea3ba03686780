import { freePort } from './service-process.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startApp, type TestApp } from './harness.js';

/** The real app listening on 127.0.0.1, its public URL being that address (MCP clients follow URLs it publishes). */
export async function startHttpApp(env: Record<string, string> = {}): Promise<{ t: TestApp; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t = await startApp({ SWITCHBOARD_PUBLIC_URL: base, SWITCHBOARD_EGRESS_ALLOW: '127.0.0.1', ...env });
  await t.app.listen({ port, host: '127.0.0.1' });
  return { t, base };
}

/** The official MCP SDK client, connected with a bearer token. */
export async function mcpClient(url: string, token: string): Promise<Client> {
  const client = new Client({ name: 'switchboard-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  return client;
}

/** Text of a tool result's first content item. */
export const textOf = (r: unknown) => (r as { content?: Array<{ type: string; text?: string }> }).content?.[0]?.text ?? '';

/** POST a raw JSON-RPC message to an MCP endpoint (for protocol-level checks the SDK client hides). */
export async function rpc(url: string, token: string | null, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    const data = /^data: (.*)$/m.exec(text)?.[1];
    json = data ? JSON.parse(data) : null;
  }
  return { status: res.status, headers: res.headers, text, json };
}

export const INIT = (protocolVersion = '2025-06-18') => ({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});

export { freePort };

/**
 * A Code Mode server over a fresh tenant: acme (per user) and hash-encode configured, end user `alice` with her
 * acme connection (key-alice), and an end-user token for her.
 */
export async function codeModeWorld(t: TestApp, name: string) {
  const { key } = await t.tenant();
  const ws = (await t.workspace(key)).id;
  await t.post(`/api/v1/workspaces/${ws}/integrations`, key, { integrationName: 'acme', connectionStrategy: 'per_user' });
  await t.post(`/api/v1/workspaces/${ws}/integrations`, key, { integrationName: 'hash-encode' });
  await t.post('/api/v1/end-users', key, { workspaceId: ws, externalId: 'alice' });
  const conn = await t.post('/api/v1/connections', key, {
    type: 'SECRET_TEXT',
    integrationName: 'acme',
    externalId: 'alice-acme',
    displayName: 'Alice',
    secretText: 'key-alice',
    workspaceId: ws,
    endUserId: 'alice',
    scope: 'USER',
  });
  if (conn.status !== 201) throw new Error(`codeModeWorld: ${conn.status} ${conn.text}`);
  const created = await t.post('/api/v1/mcp/servers', key, { name, workspaceId: ws, mode: 'CODE', authMode: 'oauth_and_bearer' });
  if (created.status !== 201) throw new Error(`codeModeWorld: ${created.status} ${created.text}`);
  const server = created.body.server as { id: string; mcpEndpoint: string };
  const aliceToken = (await t.post(`/api/v1/mcp/servers/${server.id}/access-tokens`, key, { endUserId: 'alice' })).body
    .accessToken as string;
  return { key, ws, server, aliceToken };
}
