import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { mcpTokens } from '../platform/db/schema.js';
import type { TestApp } from '../../test/harness.js';
import { startAcmeApi, type AcmeApi } from '../../test/fixtures/acme-api.js';
import { INIT, mcpClient, rpc, startHttpApp, textOf } from '../../test/mcp.js';

type Tool = {
  name: string;
  title?: string;
  description?: string;
  inputSchema: { properties?: Record<string, any>; required?: string[] };
};

/** The MCP endpoint in TOOLS mode, spoken to by the official SDK client over real HTTP. */
describe('MCP endpoint: TOOLS mode', () => {
  let t: TestApp;
  let base: string;
  let acme: AcmeApi;
  let key: string;
  let ws: string;
  let server: { id: string; mcpEndpoint: string };
  const clients: Client[] = [];

  const connect = async (url: string, token: string) => {
    const c = await mcpClient(url, token);
    clients.push(c);
    return c;
  };
  const endUser = async (externalId: string, apiKey?: string) => {
    const res = await t.post('/api/v1/end-users', key, { workspaceId: ws, externalId });
    assert.equal(res.status, 201, res.text);
    if (apiKey) {
      const conn = await t.post('/api/v1/connections', key, {
        type: 'SECRET_TEXT',
        integrationName: 'acme',
        externalId: `acme-${externalId}`,
        displayName: externalId,
        secretText: apiKey,
        workspaceId: ws,
        endUserId: externalId,
        scope: 'USER',
      });
      assert.equal(conn.status, 201, conn.text);
    }
    return res.body.endUser as { id: string };
  };
  const token = async (serverId: string, endUserId: string, kind: 'access-tokens' | 'oauth-tokens' = 'access-tokens') => {
    const res = await t.post(`/api/v1/mcp/servers/${serverId}/${kind}`, key, { endUserId });
    assert.equal(res.status, 201, res.text);
    return res.body.accessToken as string;
  };

  before(async () => {
    ({ t, base } = await startHttpApp({ SWITCHBOARD_PLANS: '{"free":{"actionsPerMonth":2}}' }));
    acme = await startAcmeApi();
    t.app.services.registry.register(acme.integration);
    acme.accounts.set('key-alice', 'Alice Co');
    acme.accounts.set('key-bob', 'Bob Co');
    ({ key } = await t.tenant());
    ws = (await t.workspace(key)).id;
    assert.equal(
      (await t.post(`/api/v1/workspaces/${ws}/integrations`, key, { integrationName: 'acme', connectionStrategy: 'per_user' }))
        .status,
      201,
    );
    assert.equal(
      (
        await t.post(`/api/v1/workspaces/${ws}/integrations`, key, {
          integrationName: 'hash-encode',
          enabledActions: ['hash', 'encode'],
        })
      ).status,
      201,
    );
    const enforced = await t.post('/api/v1/partials', key, {
      workspaceId: ws,
      integrationName: 'acme',
      actionName: 'send_message',
      name: 'compliance',
      values: { channel: 'compliance', priority: 'urgent' },
      enforcedKeys: ['channel'],
      isDefault: true,
    });
    assert.equal(enforced.status, 201, enforced.text);
    await endUser('alice', 'key-alice');
    await endUser('bob', 'key-bob');
    const created = await t.post('/api/v1/mcp/servers', key, {
      name: 'Team tools',
      description: 'Tools of the team workspace.',
      workspaceId: ws,
      authMode: 'oauth_and_bearer',
    });
    assert.equal(created.status, 201, created.text);
    server = created.body.server;
    assert.equal(server.mcpEndpoint, `${base}/mcp/srv_${server.id}`);
  });
  after(async () => {
    for (const c of clients) await c.close().catch(() => undefined);
    await t.close();
    await acme.close();
  });

  it('lists one tool per enabled action with schemas generated from the props, enforced keys removed', async () => {
    const client = await connect(server.mcpEndpoint, await token(server.id, 'alice'));
    assert.equal(client.getServerVersion()?.name, 'switchboard');
    assert.match(client.getInstructions() ?? '', /Tools of the team workspace/);
    const { tools } = (await client.listTools()) as { tools: Tool[] };
    assert.deepEqual(
      tools.map((x) => x.name),
      ['acme__whoami', 'acme__send_message', 'acme__broken', 'hash_encode__hash', 'hash_encode__encode'],
    );
    const send = tools.find((x) => x.name === 'acme__send_message')!;
    assert.equal(send.title, 'Acme Chat: Send message');
    assert.match(send.description!, /Post a message to an Acme channel/);
    assert.match(send.description!, /Integration: Acme Chat/);
    assert.deepEqual(Object.keys(send.inputSchema.properties!).sort(), ['_idempotencyKey', 'priority', 'text']);
    assert.equal(send.inputSchema.properties!.priority.default, 'urgent', 'partial values are shown as defaults');
    assert.deepEqual(send.inputSchema.properties!.priority.enum, ['normal', 'urgent']);
    assert.deepEqual(send.inputSchema.required, ['text']);
    const hash = tools.find((x) => x.name === 'hash_encode__hash')!;
    assert.equal(hash.inputSchema.properties!.algorithm.default, 'sha256');
  });

  it('runs tools through the engine with the connection of the token’s end user and the enforced values', async () => {
    const alice = await connect(server.mcpEndpoint, await token(server.id, 'alice'));
    const bob = await connect(server.mcpEndpoint, await token(server.id, 'bob', 'oauth-tokens'));
    const a = await alice.callTool({ name: 'acme__whoami', arguments: {} });
    assert.equal(a.isError, false);
    assert.deepEqual(a.structuredContent, { account: 'Alice Co' });
    const b = await bob.callTool({ name: 'acme__whoami', arguments: {} });
    assert.deepEqual(b.structuredContent, { account: 'Bob Co' });

    const sent = await alice.callTool({ name: 'acme__send_message', arguments: { text: 'hello', channel: 'random' } });
    assert.equal(sent.isError, false, textOf(sent));
    const last = acme.received.at(-1)!;
    assert.equal(last.account, 'Alice Co');
    assert.deepEqual(
      last.body,
      { channel: 'compliance', text: 'hello', priority: 'urgent' },
      'the enforced channel wins over the runtime input',
    );
    assert.equal((sent.structuredContent as { channel: string }).channel, 'compliance');

    const activity = await t.get(`/api/v1/activity?workspaceId=${ws}&source=mcp_tools`, key);
    assert.equal(activity.status, 200, activity.text);
    const rows = activity.body.activity ?? activity.body.entries ?? activity.body.items;
    assert.ok(Array.isArray(rows), activity.text);
    const whoami = rows.filter((r: any) => r.actionName === 'whoami');
    assert.ok(whoami.length >= 2);
    for (const r of whoami) {
      assert.equal(r.mcpServerId, server.id);
      assert.equal(r.source, 'mcp_tools');
      assert.equal(r.status, 'success');
    }
    assert.deepEqual(new Set(whoami.map((r: any) => r.endUserExternalId)), new Set(['alice', 'bob']));
  });

  it('answers failures as tool results with isError, never as protocol errors', async () => {
    await endUser('carol');
    const carol = await connect(server.mcpEndpoint, await token(server.id, 'carol'));
    const noConnection = await carol.callTool({ name: 'acme__whoami', arguments: {} });
    assert.equal(noConnection.isError, true);
    assert.match(textOf(noConnection), /^CONNECTION_REQUIRED: /);
    const alice = await connect(server.mcpEndpoint, await token(server.id, 'alice'));
    const upstream = await alice.callTool({ name: 'acme__broken', arguments: {} });
    assert.equal(upstream.isError, true);
    assert.match(textOf(upstream), /Acme answered 500: the service is down/);
    const invalid = await alice.callTool({ name: 'acme__send_message', arguments: { priority: 'urgent' } });
    assert.equal(invalid.isError, true);
    assert.match(textOf(invalid), /^VALIDATION_ERROR: input\.text/);
    await assert.rejects(alice.callTool({ name: 'nope__nothing', arguments: {} }), /Unknown tool/);
  });

  it('applies server tool overrides and follows workspace integration changes without a restart', async () => {
    const alice = await connect(server.mcpEndpoint, await token(server.id, 'alice'));
    const added = await t.post(`/api/v1/mcp/servers/${server.id}/tools`, key, {
      integrationName: 'hash-encode',
      actionName: 'hash',
      displayName: 'Fingerprint',
      description: 'Fingerprint a text.',
      inputDefaults: { algorithm: 'md5' },
      sortOrder: -5,
    });
    assert.equal(added.status, 201, added.text);
    let { tools } = (await alice.listTools()) as { tools: Tool[] };
    assert.equal(tools[0]!.name, 'hash_encode__hash', 'sortOrder moves the tool first');
    assert.equal(tools[0]!.title, 'Fingerprint');
    assert.match(tools[0]!.description!, /^Fingerprint a text\./);
    assert.equal(tools[0]!.inputSchema.properties!.algorithm.default, 'md5');
    const hashed = await alice.callTool({ name: 'hash_encode__hash', arguments: { text: 'abc' } });
    assert.deepEqual(hashed.structuredContent, { hash: '900150983cd24fb0d6963f7d28e17f72', algorithm: 'md5', encoding: 'hex' });

    // A tool under an alias the workspace does not configure runs on the integration's default instance.
    const standalone = await t.post(`/api/v1/mcp/servers/${server.id}/tools`, key, {
      integrationName: 'hash-encode',
      integrationAlias: 'hasher',
      actionName: 'encode',
      inputDefaults: { encoding: 'hex' },
    });
    assert.equal(standalone.status, 201, standalone.text);
    const encoded = await alice.callTool({ name: 'hasher__encode', arguments: { text: 'hi' } });
    assert.equal(encoded.isError, false, textOf(encoded));
    assert.ok(JSON.stringify(encoded.structuredContent).includes('6869'), JSON.stringify(encoded.structuredContent));
    await t.delete(`/api/v1/mcp/servers/${server.id}/tools/${standalone.body.tool.id}`, key);

    const dt = await t.post(`/api/v1/workspaces/${ws}/integrations`, key, {
      integrationName: 'datetime',
      alias: 'clock',
      enabledActions: ['date_math'],
    });
    assert.equal(dt.status, 201, dt.text);
    ({ tools } = (await alice.listTools()) as { tools: Tool[] });
    assert.ok(tools.some((x) => x.name === 'clock__date_math'));
    assert.ok(!tools.some((x) => x.name === 'clock__format_date'));
    await t.patch(`/api/v1/workspaces/${ws}/integrations/${dt.body.integration.id}`, key, { enabledActions: ['format_date'] });
    ({ tools } = (await alice.listTools()) as { tools: Tool[] });
    assert.ok(tools.some((x) => x.name === 'clock__format_date') && !tools.some((x) => x.name === 'clock__date_math'));
    await t.delete(`/api/v1/workspaces/${ws}/integrations/${dt.body.integration.id}`, key);
    ({ tools } = (await alice.listTools()) as { tools: Tool[] });
    assert.ok(!tools.some((x) => x.name.startsWith('clock__')));
    await t.delete(`/api/v1/mcp/servers/${server.id}/tools/${added.body.tool.id}`, key);
  });

  it('names tools {alias}__{action} within 64 characters, unique', async () => {
    const long = 'h' + 'x'.repeat(63);
    const other = (await t.workspace(key)).id;
    await t.post(`/api/v1/workspaces/${other}/integrations`, key, { integrationName: 'hash-encode', enabledActions: ['hash'] });
    await t.post(`/api/v1/workspaces/${other}/integrations`, key, {
      integrationName: 'hash-encode',
      alias: 'hash_encode',
      enabledActions: ['hash'],
    });
    await t.post(`/api/v1/workspaces/${other}/integrations`, key, {
      integrationName: 'hash-encode',
      alias: long,
      enabledActions: ['hash', 'encode'],
    });
    const s = await t.post('/api/v1/mcp/servers', key, { name: 'names', workspaceId: other, authMode: 'bearer' });
    const client = await connect(s.body.server.mcpEndpoint, s.body.bearerToken);
    const names = ((await client.listTools()) as { tools: Tool[] }).tools.map((x) => x.name);
    assert.deepEqual(names, ['hash_encode__hash', 'hash_encode__hash_2', long, `${long.slice(0, 62)}_2`]);
    for (const n of names) assert.match(n, /^[A-Za-z0-9_]{1,64}$/);
    const r = await client.callTool({ name: 'hash_encode__hash_2', arguments: { text: 'x' } });
    assert.equal(r.isError, false);
  });

  it('accepts a static bearer token only when enabled, and a server scoped to an end user acts as that end user', async () => {
    const scoped = await t.post('/api/v1/mcp/servers', key, {
      name: 'Alice only',
      workspaceId: ws,
      authMode: 'bearer',
      endUserId: 'alice',
    });
    assert.equal(scoped.status, 201, scoped.text);
    const client = await connect(scoped.body.server.mcpEndpoint, scoped.body.bearerToken);
    const r = await client.callTool({ name: 'acme__whoami', arguments: {} });
    assert.deepEqual(r.structuredContent, { account: 'Alice Co' });
    // A token of another end user is refused on a server scoped to alice.
    await t.patch(`/api/v1/mcp/servers/${scoped.body.server.id}`, key, { endUserId: 'bob' });
    const refused = await rpc(scoped.body.server.mcpEndpoint, scoped.body.bearerToken, INIT());
    assert.equal(refused.status, 200, 'the static token follows the server’s end user');
    const bobClient = await connect(scoped.body.server.mcpEndpoint, scoped.body.bearerToken);
    assert.deepEqual((await bobClient.callTool({ name: 'acme__whoami', arguments: {} })).structuredContent, {
      account: 'Bob Co',
    });
    // Regenerating invalidates the old token.
    const regen = await t.post(`/api/v1/mcp/servers/${scoped.body.server.id}/regenerate-token`, key);
    assert.equal((await rpc(scoped.body.server.mcpEndpoint, scoped.body.bearerToken, INIT())).status, 401);
    assert.equal((await rpc(scoped.body.server.mcpEndpoint, regen.body.bearerToken, INIT())).status, 200);
    // Switching to OAuth only refuses bearer tokens.
    const aliceToken = await token(server.id, 'alice');
    await t.patch(`/api/v1/mcp/servers/${server.id}`, key, { authMode: 'oauth' });
    const off = await rpc(server.mcpEndpoint, aliceToken, INIT());
    assert.equal(off.status, 401);
    assert.match(off.headers.get('www-authenticate')!, /error="invalid_token"/);
    await t.patch(`/api/v1/mcp/servers/${server.id}`, key, { authMode: 'oauth_and_bearer' });
    assert.equal((await rpc(server.mcpEndpoint, aliceToken, INIT())).status, 200);
  });

  it('answers 401 with a WWW-Authenticate header naming the protected-resource metadata', async () => {
    const noToken = await rpc(server.mcpEndpoint, null, INIT());
    assert.equal(noToken.status, 401);
    const header = noToken.headers.get('www-authenticate')!;
    const metadataUrl = `${base}/.well-known/oauth-protected-resource/mcp/srv_${server.id}`;
    assert.equal(header, `Bearer realm="switchboard", resource_metadata="${metadataUrl}"`);
    const prm = await (await fetch(metadataUrl)).json();
    assert.deepEqual(prm, {
      resource: server.mcpEndpoint,
      authorization_servers: [base],
      scopes_supported: ['mcp:tools'],
      bearer_methods_supported: ['header'],
      resource_name: 'Team tools',
    });
    for (const bad of ['garbage', 'mcp_' + 'x'.repeat(43), 'mcpo_' + 'y'.repeat(43)]) {
      const res = await rpc(server.mcpEndpoint, bad, INIT());
      assert.equal(res.status, 401, bad);
      assert.match(res.headers.get('www-authenticate')!, /error="invalid_token"/);
      assert.equal(res.json.jsonrpc, '2.0');
      assert.equal(res.json.id, null);
      assert.equal(res.json.error.code, -32000);
      assert.match(res.json.error.message, /^The access token (is malformed|is invalid)\.$/);
      assert.deepEqual(res.json.error.data, { error: 'UNAUTHORIZED' });
    }
    // A token of another server, and an expired token.
    const other = await t.post('/api/v1/mcp/servers', key, { name: 'other', workspaceId: ws, authMode: 'oauth_and_bearer' });
    const foreign = await token(other.body.server.id, 'alice');
    assert.equal((await rpc(server.mcpEndpoint, foreign, INIT())).status, 401);
    const expiring = await t.post(`/api/v1/mcp/servers/${server.id}/access-tokens`, key, { endUserId: 'alice', expiresIn: 300 });
    assert.equal((await rpc(server.mcpEndpoint, expiring.body.accessToken, INIT())).status, 200);
    // Expiry is at least 5 minutes away: move it into the past in the database and drop the node's cached copy
    // (tokens are cached for at most a minute; expiry itself is checked against the clock on every request).
    await t.db.orm
      .update(mcpTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(mcpTokens.id, expiring.body.token.id));
    await t.app.services.bus.publish({ type: 'mcp_tokens', tokenId: expiring.body.token.id });
    const expired = await rpc(server.mcpEndpoint, expiring.body.accessToken, INIT());
    assert.equal(expired.status, 401);
    assert.match(expired.headers.get('www-authenticate')!, /has expired/);
    // Unknown servers are 404, with or without a token.
    assert.equal((await rpc(`${base}/mcp/srv_00000000-0000-4000-8000-000000000000`, foreign, INIT())).status, 404);
    assert.equal((await rpc(`${base}/mcp/srv_nope`, null, INIT())).status, 404);
    assert.equal(
      (await fetch(`${base}/.well-known/oauth-protected-resource/mcp/srv_00000000-0000-4000-8000-000000000000`)).status,
      404,
    );
  });

  it('answers every refusal before the JSON-RPC layer as a JSON-RPC error with the HTTP status', async () => {
    const tok = await token(server.id, 'alice');
    const isRpcError = (res: { status: number; headers: Headers; json: any }, status: number, error: string) => {
      assert.equal(res.status, status, JSON.stringify(res.json));
      assert.match(res.headers.get('content-type')!, /^application\/json/);
      assert.equal(res.json.jsonrpc, '2.0');
      assert.equal(res.json.id, null);
      assert.equal(res.json.error.code, -32000);
      assert.equal(typeof res.json.error.message, 'string');
      assert.equal(res.json.error.data.error, error);
    };
    // A JSON body sent as text/plain, or with no Content-Type at all (with or without a body): 400 VALIDATION_ERROR, as the REST API answers a wrong content type (spec decisions), in a JSON-RPC body.
    const asText = await rpc(server.mcpEndpoint, tok, INIT(), { 'content-type': 'text/plain' });
    isRpcError(asText, 400, 'VALIDATION_ERROR');
    assert.match(asText.json.error.message, /Content-Type must be application\/json/);
    isRpcError(await rpc(server.mcpEndpoint, tok, INIT(), { 'content-type': 'application/jsonx' }), 400, 'VALIDATION_ERROR');
    const post = async (body: string | Uint8Array | undefined, headers: Record<string, string> = {}) => {
      const res = await fetch(server.mcpEndpoint, {
        method: 'POST',
        headers: { authorization: `Bearer ${tok}`, accept: 'application/json, text/event-stream', ...headers },
        body,
      });
      return { status: res.status, headers: res.headers, json: (await res.json()) as any };
    };
    isRpcError(await post(new TextEncoder().encode(JSON.stringify(INIT()))), 400, 'VALIDATION_ERROR');
    isRpcError(await post(undefined), 400, 'VALIDATION_ERROR');
    // JSON with parameters is still JSON.
    assert.equal((await rpc(server.mcpEndpoint, tok, INIT(), { 'content-type': 'application/json; charset=utf-8' })).status, 200);
    // Framing errors Fastify raises while reading the body.
    const huge = JSON.stringify({ ...INIT(), padding: 'x'.repeat(1_100_000) });
    isRpcError(await post(huge, { 'content-type': 'application/json' }), 413, 'PAYLOAD_TOO_LARGE');
    // Unknown server, missing token, and the method refusal.
    isRpcError(await rpc(`${base}/mcp/srv_00000000-0000-4000-8000-000000000000`, tok, INIT()), 404, 'NOT_FOUND');
    isRpcError(await rpc(`${base}/mcp/srv_nope`, null, INIT(), { 'content-type': 'text/plain' }), 404, 'NOT_FOUND');
    const noToken = await rpc(server.mcpEndpoint, null, INIT(), { 'content-type': 'text/plain' });
    isRpcError(noToken, 401, 'UNAUTHORIZED');
    assert.match(noToken.headers.get('www-authenticate')!, /^Bearer realm="switchboard"/);
    const get = await fetch(server.mcpEndpoint, { headers: { authorization: `Bearer ${tok}` } });
    isRpcError({ status: get.status, headers: get.headers, json: await get.json() }, 405, 'METHOD_NOT_ALLOWED');
  });

  it('speaks the protocol: version negotiation, JSON and SSE responses, 405 without sessions, JSON-RPC errors', async () => {
    const tok = await token(server.id, 'alice');
    const init = await rpc(server.mcpEndpoint, tok, INIT('2024-11-05'));
    assert.equal(init.status, 200);
    assert.match(init.headers.get('content-type')!, /^application\/json/);
    assert.equal(init.json.result.protocolVersion, '2024-11-05');
    assert.equal(init.headers.get('mcp-session-id'), null, 'stateless: no session');
    const future = await rpc(server.mcpEndpoint, tok, INIT('2099-01-01'));
    assert.equal(future.json.result.protocolVersion, '2025-11-25', 'an unknown version gets the latest supported');
    const list = await rpc(
      server.mcpEndpoint,
      tok,
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      { 'mcp-protocol-version': '2025-06-18' },
    );
    assert.match(list.headers.get('content-type')!, /^application\/json/);
    assert.ok(list.json.result.tools.length >= 5);
    const badVersion = await rpc(
      server.mcpEndpoint,
      tok,
      { jsonrpc: '2.0', id: 3, method: 'tools/list' },
      { 'mcp-protocol-version': '1999-01-01' },
    );
    assert.equal(badVersion.status, 400);
    const call = await rpc(server.mcpEndpoint, tok, {
      jsonrpc: '2.0',
      id: 4,
      method: 'tools/call',
      params: { name: 'hash_encode__encode', arguments: { text: 'hi', encoding: 'hex' } },
    });
    assert.equal(call.status, 200);
    assert.match(call.headers.get('content-type')!, /^text\/event-stream/);
    assert.equal(call.json.id, 4);
    assert.equal(call.json.result.isError, false);
    const unknownMethod = await rpc(server.mcpEndpoint, tok, { jsonrpc: '2.0', id: 5, method: 'resources/list' });
    assert.equal(unknownMethod.json.error.code, -32601);
    const parse = await rpc(server.mcpEndpoint, tok, '{"jsonrpc": "2.0", ');
    assert.equal(parse.status, 400);
    assert.equal(parse.json.error.code, -32700);
    const notRpc = await rpc(server.mcpEndpoint, tok, { hello: 'world' });
    assert.equal(notRpc.status, 400);
    assert.equal(notRpc.json.error.code, -32700);
    const notification = await rpc(server.mcpEndpoint, tok, { jsonrpc: '2.0', method: 'notifications/initialized' });
    assert.equal(notification.status, 202);
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(server.mcpEndpoint, {
        method,
        headers: { authorization: `Bearer ${tok}`, accept: 'text/event-stream' },
      });
      assert.equal(res.status, 405, method);
      assert.equal(res.headers.get('allow'), 'POST');
      assert.equal(((await res.json()) as any).error.code, -32000);
    }
    const noAccept = await rpc(server.mcpEndpoint, tok, INIT(), { accept: 'application/json' });
    assert.equal(noAccept.status, 406);
    // Browser-based clients: preflight, and the challenge header readable cross-origin.
    const preflight = await fetch(server.mcpEndpoint, {
      method: 'OPTIONS',
      headers: { origin: 'https://inspector.example', 'access-control-request-method': 'POST' },
    });
    assert.equal(preflight.status, 204);
    assert.match(preflight.headers.get('access-control-allow-headers')!, /Authorization/);
    assert.equal(init.headers.get('access-control-allow-origin'), '*');
    assert.match((await rpc(server.mcpEndpoint, null, INIT())).headers.get('access-control-expose-headers')!, /WWW-Authenticate/);
  });

  it('counts tool calls against the plan like any other execution', async () => {
    const { key: freeKey } = await t.tenant('free');
    const freeWs = (await t.workspace(freeKey)).id;
    const s = await t.post('/api/v1/mcp/servers', freeKey, { name: 'free', workspaceId: freeWs, authMode: 'bearer' });
    await t.post(`/api/v1/workspaces/${freeWs}/integrations`, freeKey, { integrationName: 'hash-encode' });
    const client = await connect(s.body.server.mcpEndpoint, s.body.bearerToken);
    for (let i = 0; i < 2; i++)
      assert.equal((await client.callTool({ name: 'hash_encode__hash', arguments: { text: `${i}` } })).isError, false);
    const over = await client.callTool({ name: 'hash_encode__hash', arguments: { text: 'three' } });
    assert.equal(over.isError, true);
    assert.match(textOf(over), /^QUOTA_EXCEEDED: /);
    assert.deepEqual(
      { limit: (over.structuredContent as any).limit, plan: (over.structuredContent as any).plan },
      { limit: 2, plan: 'free' },
    );
  });

  it('refuses a suspended server with 403', async () => {
    const { key: k, orgId } = await t.tenant('pro');
    const w = (await t.workspace(k)).id;
    const s = await t.post('/api/v1/mcp/servers', k, { name: 'soon suspended', workspaceId: w, authMode: 'bearer' });
    await t.operator('PATCH', `/operator/v1/organizations/${orgId}`, { suspended: true });
    const res = await rpc(s.body.server.mcpEndpoint, s.body.bearerToken, INIT());
    assert.equal(res.status, 403);
    assert.deepEqual(res.json, {
      jsonrpc: '2.0',
      error: { code: -32000, message: 'The organization is suspended.', data: { error: 'ORGANIZATION_SUSPENDED' } },
      id: null,
    });
    await t.operator('PATCH', `/operator/v1/organizations/${orgId}`, { suspended: false });
    assert.equal((await rpc(s.body.server.mcpEndpoint, s.body.bearerToken, INIT())).status, 200);
  });

  it('answers approval_required with the approval links and how to retry, then runs the retry once approved', async () => {
    // Human Gates for real: a policy on acme.send_message from MCP tools; a reviewer approves through the API.
    const policy = await t.post('/api/v1/approval-policies', key, {
      name: 'Review messages',
      workspaceId: ws,
      riskMode: 'always',
      sources: ['mcp_tools'],
      integrationNames: ['acme'],
      actionNames: ['send_message'],
    });
    assert.equal(policy.status, 201, policy.text);
    try {
      const alice = await connect(server.mcpEndpoint, await token(server.id, 'alice'));
      const before = acme.received.length;
      const paused = await alice.callTool({ name: 'acme__send_message', arguments: { text: 'needs review' } });
      assert.equal(paused.isError, false);
      assert.equal(acme.received.length, before, 'nothing ran');
      const sc = paused.structuredContent as any;
      assert.equal(sc.status, 'approval_required');
      assert.match(sc.approval.id, /^apr_/);
      const key1 = sc.approval.retry.idempotencyKey as string;
      assert.deepEqual(sc.retry, { tool: 'acme__send_message', arguments: { text: 'needs review', _idempotencyKey: key1 } });
      const text = textOf(paused);
      assert.match(text, /Approval required/);
      assert.ok(text.includes(sc.approval.approvalUrl), text);
      assert.equal(sc.approval.hostedApprovalUrl, null, 'no bearer link for an agent (0092)');
      assert.match(text, /you cannot approve it yourself/);
      assert.ok(text.includes(`"_idempotencyKey": "${key1}"`));
      const request = await t.get(`/api/v1/approvals/${sc.approval.id}`, key);
      assert.deepEqual(
        {
          source: request.body.approval.source,
          status: request.body.approval.status,
          endUserId: request.body.approval.endUserId !== null,
        },
        { source: 'mcp_tools', status: 'pending', endUserId: true },
      );
      // Retrying before the decision answers the same pending approval; nothing runs.
      const early = await alice.callTool({ name: 'acme__send_message', arguments: sc.retry.arguments });
      assert.equal((early.structuredContent as any).approval.id, sc.approval.id);
      assert.equal(acme.received.length, before);
      assert.equal((await t.post(`/api/v1/approvals/${sc.approval.id}/approve`, key, {})).status, 200);
      const retried = await alice.callTool({ name: 'acme__send_message', arguments: sc.retry.arguments });
      assert.equal(retried.isError, false, textOf(retried));
      assert.equal(acme.received.length, before + 1);
      const bad = await alice.callTool({ name: 'acme__send_message', arguments: { text: 'x', _idempotencyKey: 'bad key!' } });
      assert.equal(bad.isError, true);
    } finally {
      await t.delete(`/api/v1/approval-policies/${policy.body.policy.id}`, key);
    }
  });

  it('never answers malformed JSON-RPC with a 5xx', async () => {
    const tok = await token(server.id, 'alice');
    const method = fc.constantFrom(
      'initialize',
      'tools/list',
      'tools/call',
      'ping',
      'notifications/initialized',
      'resources/read',
      '',
      'x'.repeat(300),
    );
    const params = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc.record({
        name: fc.oneof(fc.constantFrom('acme__whoami', 'hash_encode__hash', 'nope'), fc.string()),
        arguments: fc.jsonValue({ maxDepth: 2 }),
      }),
    );
    const message = fc.oneof(
      fc.jsonValue({ maxDepth: 3 }),
      fc.record(
        { jsonrpc: fc.constantFrom('2.0', '1.0'), id: fc.oneof(fc.integer(), fc.string(), fc.constant(null)), method, params },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(message, fc.array(message, { maxLength: 3 })), async (body) => {
        const res = await rpc(server.mcpEndpoint, tok, JSON.stringify(body) ?? 'null', { 'mcp-protocol-version': '2025-06-18' });
        assert.ok(res.status < 500, `${JSON.stringify(body)?.slice(0, 300)} -> ${res.status} ${res.text.slice(0, 300)}`);
      }),
      { seed: 20261125, numRuns: 80 },
    );
  });
});
