import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { TestApp } from '../../test/harness.js';
import type { AcmeApi } from '../../test/fixtures/acme-api.js';
import { textOf } from '../../test/mcp.js';
import { mcpEndpointWorld, type Tool } from './mcp-endpoint.fixtures.js';

/** The MCP endpoint in TOOLS mode, spoken to by the official SDK client over real HTTP: tools and their calls. */
describe('MCP endpoint: TOOLS mode, tools and calls', () => {
  let t: TestApp;
  let acme: AcmeApi;
  let key: string;
  let ws: string;
  let server: { id: string; mcpEndpoint: string };
  const world = mcpEndpointWorld();
  const { connect, endUser, token } = world;
  before(async () => {
    await world.start();
    ({ t, acme, key, ws, server } = world);
  });
  after(async () => world.close());

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
});
