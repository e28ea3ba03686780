import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { mcpCodeRuns } from '../../platform/db/schema.js';
import type { TestApp } from '../../../test/harness.js';
import { startAcmeApi, type AcmeApi } from '../../../test/fixtures/acme-api.js';
import { codeModeWorld, INIT, mcpClient, rpc, startHttpApp, textOf } from '../../../test/mcp.js';

/** Code Mode over MCP (official SDK client, real HTTP) and over REST (execute-code). */
describe('MCP Code Mode', () => {
  let t: TestApp;
  let acme: AcmeApi;
  let key: string;
  let ws: string;
  let server: { id: string; mcpEndpoint: string };
  let aliceToken: string;
  const clients: Client[] = [];
  const connect = async (token: string, url = server.mcpEndpoint) => {
    const c = await mcpClient(url, token);
    clients.push(c);
    return c;
  };
  const execute = async (client: Client, args: Record<string, unknown>) => {
    const r = await client.callTool({ name: 'switchboard_execute', arguments: args });
    return r as unknown as { content: Array<{ type: string; text: string }>; structuredContent: any; isError: boolean };
  };

  /**
   * acme.send_message with its action chosen at run time: the analysis cannot predict the call, so the run starts
   * and the call meets the gate on its own (pausing per call). Statically visible calls pause before the run
   * (code-mode-approvals.http.test.ts).
   */
  const SEND = `switchboard.acme[['send', 'message'].join('_')]`;
  /** Human Gates for real: a policy makes acme.send_message need approval; reviewers decide through the API. */
  let policyId: string;
  const decide = async (approvalId: string, action: 'approve' | 'reject') => {
    const res = await t.post(`/api/v1/approvals/${approvalId}/${action}`, key, {});
    assert.equal(res.status, 200, res.text);
  };
  const approve = (approvalId: string) => decide(approvalId, 'approve');
  const withoutPolicy = async (fn: () => Promise<void>) => {
    await t.patch(`/api/v1/approval-policies/${policyId}`, key, { enabled: false });
    try {
      await fn();
    } finally {
      await t.patch(`/api/v1/approval-policies/${policyId}`, key, { enabled: true });
    }
  };

  before(async () => {
    ({ t } = await startHttpApp({ SWITCHBOARD_CODE_MODE_TIMEOUT_MS: '3000', SWITCHBOARD_CODE_MODE_MEMORY_MB: '32' }));
    acme = await startAcmeApi();
    t.app.services.registry.register(acme.integration);
    acme.accounts.set('key-alice', 'Alice Co');
    ({ key, ws, server, aliceToken } = await codeModeWorld(t, 'Code'));
    await t.post('/api/v1/partials', key, {
      workspaceId: ws,
      integrationName: 'acme',
      actionName: 'send_message',
      name: 'channel',
      values: { channel: 'ops' },
      enforcedKeys: ['channel'],
      isDefault: true,
    });
    const policy = await t.post('/api/v1/approval-policies', key, {
      name: 'Messages need review',
      workspaceId: ws,
      riskMode: 'always',
      integrationNames: ['acme'],
      actionNames: ['send_message'],
    });
    assert.equal(policy.status, 201, policy.text);
    policyId = policy.body.policy.id;
  });
  after(async () => {
    for (const c of clients) await c.close().catch(() => undefined);
    await t.close();
    await acme.close();
  });

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

  it('pauses at a call that needs approval and continues from there once approved, never re-running earlier calls', async () => {
    const client = await connect(aliceToken);
    const code = `
      const me = await switchboard.acme.whoami({});
      const sent = await ${SEND}({ text: 'hi from ' + me.account });
      const digest = await switchboard['hash-encode'].hash({ text: sent.id });
      return { me: me.account, sent: sent.text, digest: digest.hash.length };`;
    const before = acme.received.length;
    const paused = await execute(client, { code });
    assert.equal(paused.isError, false);
    const sc = paused.structuredContent;
    assert.equal(sc.status, 'approval_pending');
    assert.equal(sc.actionsExecuted, 1);
    assert.equal(sc.output, null);
    assert.match(sc.codeRunId, /^[0-9a-f-]{36}$/);
    assert.equal(sc.approval.call, 'switchboard.acme.send_message');
    assert.deepEqual(sc.continuation, { tool: 'switchboard_execute', arguments: { approvalId: sc.approval.id } });
    assert.match(paused.content[0]!.text, /\*\*Approval required\.\*\* The run stopped before `switchboard\.acme\.send_message`/);
    assert.ok(paused.content[0]!.text.includes(sc.approval.approvalUrl));
    assert.equal(acme.received.length, before + 1, 'whoami ran, send_message did not');

    // Stored for continuation; the results of calls are encrypted at rest.
    const [run] = await t.db.orm.select().from(mcpCodeRuns).where(eq(mcpCodeRuns.id, sc.codeRunId));
    assert.equal(run!.status, 'approval_pending');
    assert.deepEqual(run!.approvalIds, [sc.approval.id]);
    assert.ok(!run!.steps.includes('Alice Co'), 'step outputs are not stored in clear');

    // Not approved yet: the continuation answers at once with the same pending approval.
    const still = await execute(client, { approvalId: sc.approval.id, waitForApprovalSeconds: 0 });
    assert.equal(still.structuredContent.status, 'approval_pending');
    assert.equal(still.structuredContent.approval.id, sc.approval.id);
    assert.equal(acme.received.length, before + 1);

    await approve(sc.approval.id);
    const done = await execute(client, { approvalId: sc.approval.id });
    assert.equal(done.isError, false, done.content[0]!.text);
    assert.equal(done.structuredContent.status, 'completed');
    assert.deepEqual(done.structuredContent.output, { me: 'Alice Co', sent: 'hi from Alice Co', digest: 64 });
    assert.equal(done.structuredContent.actionsExecuted, 3);
    assert.deepEqual(
      done.structuredContent.timings.steps.map((s: any) => [s.action, s.replayed]),
      [
        ['send_message', false],
        ['whoami', true],
        ['send_message', true],
        ['hash', false],
      ],
    );
    assert.equal(acme.received.length, before + 2, 'whoami ran once, send_message once');
    const again = await execute(client, { approvalId: sc.approval.id });
    assert.deepEqual(again.structuredContent.output, done.structuredContent.output, 'a finished run answers its result again');
    assert.equal(acme.received.length, before + 2);
    // Another end user's token cannot continue the run.
    await t.post('/api/v1/end-users', key, { workspaceId: ws, externalId: 'mallory' });
    const mallory = (await t.post(`/api/v1/mcp/servers/${server.id}/access-tokens`, key, { endUserId: 'mallory' })).body
      .accessToken;
    const stolen = await execute(await connect(mallory), { approvalId: sc.approval.id });
    assert.equal(stolen.isError, true);
    assert.match(stolen.content[0]!.text, /^NOT_FOUND: /);
  });

  it('waits up to waitForApprovalSeconds for the decision', async () => {
    const client = await connect(aliceToken);
    const paused = await execute(client, {
      code: `const r = await switchboard.acme.send_message({ text: 'wait for me' }); return r.text;`,
    });
    const id = paused.structuredContent.approval.id;
    const timer = setTimeout(() => void approve(id), 300);
    const done = await execute(client, { approvalId: id, waitForApprovalSeconds: 30 });
    clearTimeout(timer);
    assert.equal(done.structuredContent.status, 'completed');
    assert.equal(done.structuredContent.output, 'wait for me');
    // Without waitForApprovalSeconds the server's settings.codeMode.approvalWaitSeconds applies.
    await t.patch(`/api/v1/mcp/servers/${server.id}`, key, { settings: { codeMode: { approvalWaitSeconds: 30 } } });
    try {
      const next = await execute(client, {
        code: `const r = await switchboard.acme.send_message({ text: 'server default' }); return r.text;`,
      });
      const later = setTimeout(() => void approve(next.structuredContent.approval.id), 300);
      const finished = await execute(client, { approvalId: next.structuredContent.approval.id });
      clearTimeout(later);
      assert.equal(finished.structuredContent.output, 'server default');
    } finally {
      await t.patch(`/api/v1/mcp/servers/${server.id}`, key, { settings: { codeMode: { approvalWaitSeconds: 0 } } });
    }
  });

  it('fails the paused call when the approval is rejected, and detects code that changed its calls', async () => {
    const client = await connect(aliceToken);
    {
      const paused = await execute(client, {
        code: `try { await ${SEND}({ text: 'no' }); return 'sent'; } catch (e) { return e.message; }`,
      });
      const id = paused.structuredContent.approval.id;
      const pending = await execute(client, { approvalId: id });
      assert.equal(pending.structuredContent.status, 'approval_pending');
      await decide(id, 'reject');
      const done = await execute(client, { approvalId: id });
      assert.equal(done.structuredContent.status, 'completed');
      assert.match(
        done.structuredContent.output,
        new RegExp(`^The approval ${id} was rejected; switchboard\\.acme\\.send_message did not run\\.$`),
      );
    }
    const random = await execute(client, {
      code: `await ${SEND}({ text: String(Math.random()) }); return 'x';`,
    });
    await approve(random.structuredContent.approval.id);
    const mismatch = await execute(client, { approvalId: random.structuredContent.approval.id });
    assert.equal(mismatch.isError, true);
    assert.equal(mismatch.structuredContent.error.name, 'ReplayMismatch');
  });

  it('runs the same over REST with execute-code, continuation included', async () => {
    const ok = await t.post(`/api/v1/mcp/servers/${server.id}/execute-code`, key, {
      code: `const h = await switchboard['hash-encode'].hash({ text: 'rest' }); console.info('done'); return h.algorithm;`,
    });
    assert.equal(ok.status, 200, ok.text);
    assert.deepEqual(Object.keys(ok.body).sort(), ['content', 'isError', 'structuredContent']);
    assert.equal(ok.body.structuredContent.output, 'sha256');
    assert.deepEqual(ok.body.structuredContent.logs, [{ level: 'info', message: 'done' }]);
    assert.deepEqual(ok.body.content, [{ type: 'text', text: '"sha256"' }]);
    // Without an end user the per-user integration cannot run: the error comes back as the run's failure.
    const noUser = await t.post(`/api/v1/mcp/servers/${server.id}/execute-code`, key, {
      code: `return await switchboard.acme.whoami({})`,
    });
    assert.equal(noUser.status, 200);
    assert.equal(noUser.body.isError, true);
    assert.match(noUser.body.structuredContent.error.message, /CONNECTION_REQUIRED/);
    // A server scoped to alice runs REST code as alice; its paused runs continue over REST.
    const scoped = (
      await t.post('/api/v1/mcp/servers', key, { name: 'Alice code', workspaceId: ws, mode: 'CODE', endUserId: 'alice' })
    ).body.server;
    const exec = (body: unknown) => t.post(`/api/v1/mcp/servers/${scoped.id}/execute-code`, key, body);
    const paused = await exec({
      code: `return (await switchboard['hash-encode'].hash({ text: 'x' })).hash.length + (await ${SEND}({ text: 'yy' })).text.length`,
    });
    assert.equal(paused.body.structuredContent.status, 'approval_pending', paused.text);
    const activity = await t.get(`/api/v1/activity?workspaceId=${ws}&source=mcp_code&actionName=hash`, key);
    assert.ok(
      activity.body.activity.some((r: any) => r.apiKeyId !== null && r.mcpServerId === scoped.id),
      'REST runs are recorded with the API key',
    );
    const cont = await exec({ approvalId: paused.body.structuredContent.approval.id, waitForApprovalSeconds: 0 });
    assert.equal(cont.body.structuredContent.status, 'approval_pending');
    await approve(paused.body.structuredContent.approval.id);
    const done = await exec({ approvalId: paused.body.structuredContent.approval.id });
    assert.equal(done.body.structuredContent.output, 66);
    // A run belongs to its server: another server cannot continue it.
    const elsewhere = await execute(await connect(aliceToken), { approvalId: paused.body.structuredContent.approval.id });
    assert.match(elsewhere.content[0]!.text, /^NOT_FOUND/);
  });
});
