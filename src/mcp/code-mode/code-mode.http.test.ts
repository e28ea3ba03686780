import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import type { TestApp } from '../../../test/harness.js';
import type { AcmeApi } from '../../../test/fixtures/acme-api.js';
import { INIT, rpc, textOf } from '../../../test/mcp.js';
import { codeModeApp } from './code-mode.fixtures.js';

/** Code Mode over MCP (official SDK client, real HTTP) and over REST (execute-code). */
describe('MCP Code Mode', () => {
  let t: TestApp;
  let acme: AcmeApi;
  let key: string;
  let ws: string;
  let server: { id: string; mcpEndpoint: string };
  let aliceToken: string;
  const world = codeModeApp();
  const { connect, execute, withoutPolicy } = world;

  before(async () => {
    await world.start();
    ({ t, acme, key, ws, server, aliceToken } = world);
  });
  after(async () => world.close());

  it('offers the three meta-tools, keyword search and TypeScript declarations without enforced keys', async () => {
    const client = await connect(aliceToken);
    assert.match(client.getInstructions() ?? '', /Aliases: acme, hash-encode/);
    const { tools } = await client.listTools();
    assert.deepEqual(
      tools.map((x) => x.name),
      ['switchboard_search', 'switchboard_read_api', 'switchboard_execute'],
    );

    const found = await client.callTool({ name: 'switchboard_search', arguments: { query: 'send message' } });
    const results = (found.structuredContent as any).results as Array<{ alias: string; action: string; signature: string }>;
    assert.deepEqual(results[0], {
      alias: 'acme',
      action: 'send_message',
      integrationName: 'acme',
      signature: 'switchboard.acme.send_message(input: { text: string; priority?: "normal" | "urgent" }): Promise<unknown>',
      title: 'Acme Chat: Send message',
    });
    assert.match(textOf(found), /^switchboard\.acme\.send_message\(input: /);
    const all = await client.callTool({ name: 'switchboard_search', arguments: {} });
    assert.equal((all.structuredContent as any).total, 7);
    const hashOnly = await client.callTool({ name: 'switchboard_search', arguments: { query: 'hash text', limit: 1 } });
    assert.equal((hashOnly.structuredContent as any).results[0].signature.startsWith('switchboard["hash-encode"].hash('), true);
    const none = await client.callTool({ name: 'switchboard_search', arguments: { query: 'teleport' } });
    assert.match(textOf(none), /No action matches "teleport"\. Aliases: acme, hash-encode/);

    const api = await client.callTool({
      name: 'switchboard_read_api',
      arguments: { aliases: ['acme'], actions: ['send_message'] },
    });
    const decl = textOf(api);
    assert.match(decl, /declare const switchboard: \{/);
    assert.match(decl, /send_message\(input: \{/);
    assert.match(decl, /text: string;/);
    assert.match(decl, /priority\?: "normal" \| "urgent";/);
    assert.ok(!/\bchannel\??:/.test(decl), 'the enforced key is not part of the API');
    assert.ok(!decl.includes('whoami'), 'only the chosen action');
    const unknown = await client.callTool({ name: 'switchboard_read_api', arguments: { aliases: ['nope'] } });
    assert.equal(unknown.isError, true);
    assert.match(textOf(unknown), /Unknown alias: nope\. Available: acme, hash-encode/);

    const rest = await t.get(`/api/v1/mcp/servers/${server.id}/declarations/acme`, key);
    assert.equal(rest.status, 200);
    assert.equal(rest.body.alias, 'acme');
    assert.equal(rest.body.integrationName, 'acme');
    assert.match(rest.body.declarations, /whoami\(input: Record<string, unknown>\): Promise<\{/);
  });

  it('runs a script that calls three actions through the engine and returns a combined result', async () => {
    const client = await connect(aliceToken);
    const before = acme.received.length;
    const code = `
      const me = await switchboard.acme.whoami({});
      console.log('account', me.account);
      const [digest, message] = await Promise.all([
        switchboard['hash-encode'].hash({ text: me.account, algorithm: 'md5' }),
        switchboard.acme.send_message({ text: 'report from ' + me.account, channel: 'ignored' }),
      ]);
      return { account: me.account, digest: digest.hash, channel: message.channel };`;
    await withoutPolicy(async () => {
      const r = await execute(client, { code });
      assert.equal(r.isError, false, r.content[0]!.text);
      const sc = r.structuredContent;
      assert.equal(sc.status, 'completed');
      assert.deepEqual(sc.output, {
        account: 'Alice Co',
        digest: createHash('md5').update('Alice Co').digest('hex'),
        channel: 'ops',
      });
      assert.deepEqual(JSON.parse(r.content[0]!.text), sc.output);
      assert.deepEqual(sc.logs, [{ level: 'log', message: 'account Alice Co' }]);
      assert.equal(sc.actionsExecuted, 3);
      assert.equal(typeof sc.durationMs, 'number');
      assert.deepEqual(Object.keys(sc.timings).sort(), ['browserActionMs', 'sandboxMs', 'steps', 'totalExecuteMs']);
      assert.deepEqual(
        sc.timings.steps.map((s: any) => [s.index, s.alias, s.action, s.status, s.replayed]),
        [
          [0, 'acme', 'whoami', 'success', false],
          [1, 'hash-encode', 'hash', 'success', false],
          [2, 'acme', 'send_message', 'success', false],
        ],
      );
      assert.equal(sc.timings.browserActionMs, 0);
      assert.equal(acme.received.length, before + 2);
      assert.deepEqual(acme.received.at(-1)!.body, { channel: 'ops', text: 'report from Alice Co', priority: 'normal' });
      const activity = await t.get(`/api/v1/activity?workspaceId=${ws}&source=mcp_code`, key);
      const rows = activity.body.activity as Array<{ mcpServerId: string; endUserExternalId: string }>;
      assert.equal(rows.length, 3);
      for (const row of rows) assert.deepEqual([row.mcpServerId, row.endUserExternalId], [server.id, 'alice']);
    });
  });

  it('lets code catch action errors, reports uncaught ones and unknown actions', async () => {
    const client = await connect(aliceToken);
    const caught = await execute(client, {
      code: `try { await switchboard.acme.broken({}); } catch (e) { return 'caught: ' + e.message; }`,
    });
    assert.equal(caught.structuredContent.status, 'completed');
    assert.match(caught.structuredContent.output, /^caught: switchboard\.acme\.broken failed: Acme answered 500/);
    assert.equal(caught.structuredContent.actionsExecuted, 1);
    const uncaught = await execute(client, { code: `console.warn('about to fail'); await switchboard['hash-encode'].hash({});` });
    assert.equal(uncaught.isError, true);
    assert.equal(uncaught.structuredContent.status, 'failed');
    assert.match(uncaught.structuredContent.error.message, /VALIDATION_ERROR: input\.text/);
    assert.match(uncaught.content[0]!.text, /^The code failed: Error: .*\n\nLast log lines:\n\[warn\] about to fail$/s);
    const alias = await execute(client, { code: `return await switchboard.slack.post({})` });
    assert.match(
      alias.structuredContent.error.message,
      /switchboard\.slack is not available on this server; available: acme, hash-encode/,
    );
    const action = await execute(client, { code: `return await switchboard.acme.fly({})` });
    assert.match(
      action.structuredContent.error.message,
      /switchboard\.acme\.fly does not exist; "acme" has whoami, send_message, broken/,
    );
    const syntax = await execute(client, { code: `return (` });
    assert.equal(syntax.structuredContent.error.name, 'SyntaxError');
    const both = await execute(client, { code: 'return 1', approvalId: 'apr_x' });
    assert.equal(both.isError, true);
    assert.match(both.content[0]!.text, /exactly one of code/);
  });

  it('stops runaway code at its time and memory limits, with no network or host access', async () => {
    const client = await connect(aliceToken);
    const loop = await execute(client, { code: 'while (true) {}' });
    assert.equal(loop.isError, true);
    assert.equal(loop.structuredContent.error.name, 'TimeoutError');
    const memory = await execute(client, { code: "const a = []; while (true) a.push('x'.repeat(1 << 20));" });
    assert.equal(memory.isError, true);
    assert.equal(memory.structuredContent.error.name, 'MemoryLimitError');
    const sandboxed = await execute(client, { code: 'return [typeof fetch, typeof require, typeof process, typeof setTimeout]' });
    assert.deepEqual(sandboxed.structuredContent.output, ['undefined', 'undefined', 'undefined', 'undefined']);
    // The server is still fine afterwards.
    assert.equal((await execute(client, { code: 'return 6 * 7' })).structuredContent.output, 42);
  });

  it('requires the mcp:code scope to run code (403 insufficient_scope), while discovery works with mcp:tools', async () => {
    const limited = (
      await t.post(`/api/v1/mcp/servers/${server.id}/access-tokens`, key, { endUserId: 'alice', scopes: ['mcp:tools'] })
    ).body.accessToken;
    const client = await connect(limited);
    const found = await client.callTool({ name: 'switchboard_search', arguments: { query: 'whoami' } });
    assert.equal(found.isError, false);
    const res = await rpc(server.mcpEndpoint, limited, {
      jsonrpc: '2.0',
      id: 9,
      method: 'tools/call',
      params: { name: 'switchboard_execute', arguments: { code: 'return 1' } },
    });
    assert.equal(res.status, 403);
    assert.match(res.headers.get('www-authenticate')!, /error="insufficient_scope", scope="mcp:tools mcp:code"/);
    assert.equal(res.json.error.code, -32001);
    assert.equal(res.json.id, 9);
    const codeOnly = (
      await t.post(`/api/v1/mcp/servers/${server.id}/access-tokens`, key, { endUserId: 'alice', scopes: ['mcp:code'] })
    ).body.accessToken;
    assert.equal((await execute(await connect(codeOnly), { code: 'return 1' })).structuredContent.output, 1);
    // A TOOLS server's tools need mcp:tools.
    await t.patch(`/api/v1/mcp/servers/${server.id}`, key, { mode: 'TOOLS' });
    try {
      const list = await rpc(
        server.mcpEndpoint,
        codeOnly,
        { jsonrpc: '2.0', id: 1, method: 'tools/list' },
        { 'mcp-protocol-version': '2025-06-18' },
      );
      assert.equal(list.status, 403);
      assert.equal((await rpc(server.mcpEndpoint, codeOnly, INIT())).status, 200, 'initialize needs no scope');
    } finally {
      await t.patch(`/api/v1/mcp/servers/${server.id}`, key, { mode: 'CODE' });
    }
  });
});
