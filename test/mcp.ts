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
