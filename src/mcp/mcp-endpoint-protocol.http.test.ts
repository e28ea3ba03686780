import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { mcpTokens } from '../platform/db/schema.js';
import type { TestApp } from '../../test/harness.js';
import { INIT, rpc } from '../../test/mcp.js';
import { mcpEndpointWorld } from './mcp-endpoint.fixtures.js';

/** The MCP endpoint in TOOLS mode over real HTTP: tokens, refusals and the protocol. */
describe('MCP endpoint: TOOLS mode, auth, refusals and protocol', () => {
  let t: TestApp;
  let base: string;
  let key: string;
  let ws: string;
  let server: { id: string; mcpEndpoint: string };
  const world = mcpEndpointWorld();
  const { connect, token } = world;
  before(async () => {
    await world.start();
    ({ t, base, key, ws, server } = world);
  });
  after(async () => world.close());

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
        body: body ?? null,
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
    // A call that ends before the first keep-alive tick and sends no notification: one JSON body (0170).
    assert.match(call.headers.get('content-type')!, /^application\/json/);
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
    assert.equal(notification.text, '', 'no body');
    assert.equal(notification.headers.get('content-type'), null);
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

  it('answers a batch in one JSON body in request order, tool calls included', async () => {
    const tok = await token(server.id, 'alice');
    const v = { 'mcp-protocol-version': '2025-06-18' };
    const call = (id: number, text: string) => ({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: 'hash_encode__encode', arguments: { text, encoding: 'hex' } },
    });
    const json = await rpc(
      server.mcpEndpoint,
      tok,
      [
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        { jsonrpc: '2.0', id: 'b', method: 'ping' },
        { jsonrpc: '2.0', id: 'a', method: 'tools/list' },
      ],
      v,
    );
    assert.equal(json.status, 200);
    assert.match(json.headers.get('content-type')!, /^application\/json/);
    assert.deepEqual(
      json.json.map((r: { id: string }) => r.id),
      ['b', 'a'],
      'one response per request, none for the notification',
    );
    assert.deepEqual(json.json[0].result, {});
    assert.ok(json.json[1].result.tools.length >= 5);

    const calls = await rpc(
      server.mcpEndpoint,
      tok,
      [call(7, 'hi'), call(8, 'yo'), { jsonrpc: '2.0', id: 9, method: 'ping' }],
      v,
    );
    assert.equal(calls.status, 200);
    assert.match(calls.headers.get('content-type')!, /^application\/json/);
    assert.deepEqual(
      calls.json.map((r: { id: number }) => r.id),
      [7, 8, 9],
    );
    assert.deepEqual(calls.json[0].result.structuredContent, { encoded: '6869', encoding: 'hex' });
    assert.deepEqual(calls.json[1].result.structuredContent, { encoded: '796f', encoding: 'hex' });
    assert.deepEqual(calls.json[2].result, {});
    assert.equal(calls.headers.get('access-control-allow-origin'), '*', 'the CORS headers of every answer');

    // The transport's framing refusals: too many messages, initialize with others, not a JSON-RPC message.
    const ping = (id: number) => ({ jsonrpc: '2.0', id, method: 'ping' });
    const tooMany = await rpc(
      server.mcpEndpoint,
      tok,
      Array.from({ length: 101 }, (_, i) => ping(i)),
      v,
    );
    assert.equal(tooMany.status, 400);
    assert.equal(tooMany.json.error.code, -32600);
    assert.match(tooMany.json.error.message, /Batch must not exceed 100 messages/);
    assert.equal(
      (
        await rpc(
          server.mcpEndpoint,
          tok,
          Array.from({ length: 100 }, (_, i) => ping(i)),
          v,
        )
      ).json.length,
      100,
    );
    const twoInits = await rpc(server.mcpEndpoint, tok, [INIT(), { ...INIT(), id: 2 }]);
    assert.equal(twoInits.status, 400);
    assert.equal(twoInits.json.error.code, -32600);
    const initAndPing = await rpc(server.mcpEndpoint, tok, [INIT(), ping(2)]);
    assert.equal(initAndPing.status, 400, 'initialize goes alone');
    const halfRpc = await rpc(server.mcpEndpoint, tok, [ping(1), { jsonrpc: '2.0', id: {}, method: 'ping' }], v);
    assert.equal(halfRpc.status, 400);
    assert.equal(halfRpc.json.error.code, -32700);
    // initialize is answered whatever Mcp-Protocol-Version says (the version is negotiated in its body).
    assert.equal((await rpc(server.mcpEndpoint, tok, INIT(), { 'mcp-protocol-version': '1999-01-01' })).status, 200);
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
