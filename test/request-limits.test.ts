import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { OPERATOR_TOKEN, startApp, type TestApp } from './harness.js';

/** `{"a":{"a":…{}…}}` nested `depth` levels: 4,000 levels make the 24 KB body of issue 17. */
const nested = (depth: number) => `${'{"a":'.repeat(depth - 1)}{}${'}'.repeat(depth - 1)}`;
const json = { 'content-type': 'application/json' };

/**
 * Issue 17, items 1 and 5: every JSON body keeps the limits of decision 0105 (depth, entries, well-formed text,
 * finite numbers) before anything runs or is stored, and the process serves on.
 */
describe('JSON bodies at the edge', () => {
  let t: TestApp;
  let key: string;
  let ws: string;

  const healthy = async () => {
    assert.equal((await t.get('/healthz')).status, 200);
    // The piece workers serve too: a piece action runs end to end.
    const run = await t.post('/api/v1/actions/execute', key, {
      integrationName: 'data-mapper',
      actionName: 'advanced_mapping',
      workspaceId: ws,
      input: { mapping: { greeting: 'hello' } },
    });
    assert.equal(run.status, 200, run.text);
    assert.deepEqual(run.body.output, { greeting: 'hello' });
  };
  const refused = (res: { status: number; body: any; text: string }, field?: string) => {
    const text = res.text.slice(0, 300);
    assert.equal(res.status, 400, text);
    assert.equal(res.body.error, 'VALIDATION_ERROR', text);
    assert.equal(typeof res.body.message, 'string');
    if (field) assert.equal(res.body.details?.[0]?.field, field, text);
  };

  before(async () => {
    t = await startApp();
    ({ key } = await t.tenant());
    ws = (await t.workspace(key)).id;
  });
  after(async () => t.close());

  it(
    'refuses the 24 KB body of 4,000 nested objects at a webhook address, stores nothing, and serves on',
    { timeout: 120_000 },
    async () => {
      const body = nested(4000);
      assert.ok(body.length > 23_900 && body.length < 24_100, `${body.length} bytes`);
      refused(await t.request('PUT', '/api/v1/webhooks/webhook', { raw: body, headers: json }));
      const source = await t.post('/api/v1/triggers/enable', key, {
        integrationName: 'webhook',
        triggerName: 'catch_webhook',
        workspaceId: ws,
        callbackUrl: 'https://example.com/deep',
        simulate: true,
      });
      assert.equal(source.status, 201, source.text);
      const address = new URL(source.body.triggerSource.webhookUrl as string).pathname;
      refused(await t.request('PUT', address, { raw: body, headers: json }));
      const events = `/api/v1/triggers/${source.body.triggerSource.id}/events`;
      assert.equal((await t.get(events, key)).body.total, 0, 'nothing stored');
      // 64 levels are fine, 65 are not.
      assert.equal((await t.request('POST', address, { raw: nested(64), headers: json })).status, 200);
      refused(await t.request('POST', address, { raw: nested(65), headers: json }));
      assert.equal((await t.get(events, key)).body.total, 1);
      await healthy();
    },
  );

  it('refuses it through actions/execute with a piece action, before the action runs', { timeout: 120_000 }, async () => {
    const raw = `{"integrationName":"data-mapper","actionName":"advanced_mapping","workspaceId":"${ws}","input":{"mapping":${nested(4000)}}}`;
    const res = await t.request('POST', '/api/v1/actions/execute', { key, raw, headers: json });
    refused(res, 'input');
    assert.match(res.body.message, /^input nests objects and arrays more than 64 levels deep/);
    const activity = await t.get(`/api/v1/activity?workspaceId=${ws}&integrationName=data-mapper&status=error`, key);
    assert.equal(activity.body.activity.length, 0, 'no run was recorded');
    await healthy();
  });

  it('refuses it through MCP tools/call as a JSON-RPC error', { timeout: 120_000 }, async () => {
    const server = await t.post('/api/v1/mcp/servers', key, { name: 'deep', workspaceId: ws, authMode: 'oauth_and_bearer' });
    assert.equal(server.status, 201, server.text);
    const id = server.body.server.id as string;
    const tool = await t.post(`/api/v1/mcp/servers/${id}/tools`, key, {
      integrationName: 'data-mapper',
      actionName: 'advanced_mapping',
    });
    assert.equal(tool.status, 201, tool.text);
    assert.equal((await t.post('/api/v1/end-users', key, { workspaceId: ws, externalId: 'deep-user' })).status, 201);
    const token = (await t.post(`/api/v1/mcp/servers/${id}/access-tokens`, key, { endUserId: 'deep-user' })).body.accessToken;
    const raw = `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"${tool.body.tool.name}","arguments":{"mapping":${nested(4000)}}}}`;
    const res = await t.request('POST', `/mcp/srv_${id}`, {
      key: token,
      raw,
      headers: { ...json, accept: 'application/json, text/event-stream' },
    });
    assert.equal(res.status, 400, res.text);
    assert.equal(res.body.jsonrpc, '2.0');
    assert.equal(res.body.error.code, -32000);
    assert.equal(res.body.error.data.error, 'VALIDATION_ERROR');
    assert.match(res.body.error.message, /more than 64 levels deep/);
    await healthy();
  });

  it('refuses more keys and elements than the limit, in any body', async () => {
    const wide = `{"workspaceId":"${ws}","externalId":"wide","metadata":{"list":[${'0,'.repeat(100_000)}0]}}`;
    const res = await t.request('POST', '/api/v1/end-users', { key, raw: wide, headers: json });
    refused(res, 'body');
    assert.equal(res.body.message, 'body holds more than 100000 keys and array elements.');
    const stored = (await t.get(`/api/v1/end-users?workspaceId=${ws}`, key)).body.endUsers as Array<{ externalId: string }>;
    assert.ok(!stored.some((u) => u.externalId === 'wide'), 'nothing stored');
    const fine = `{"workspaceId":"${ws}","externalId":"wide","metadata":{"list":[${'0,'.repeat(50_000)}0]}}`;
    assert.equal((await t.request('POST', '/api/v1/end-users', { key, raw: fine, headers: json })).status, 201);
  });

  it('takes its limits from the configuration', async () => {
    const node = await t.secondNode({ SWITCHBOARD_JSON_MAX_DEPTH: '8', SWITCHBOARD_JSON_MAX_ENTRIES: '1000' });
    try {
      const post = async (metadata: string) => {
        const res = await node.app.inject({
          method: 'POST',
          url: '/api/v1/end-users',
          headers: { ...json, authorization: `Bearer ${key}` },
          payload: `{"workspaceId":"${ws}","externalId":"conf-${metadata.length}","metadata":${metadata}}`,
        });
        return { status: res.statusCode, body: res.json(), text: res.body };
      };
      assert.equal((await post(nested(7))).status, 201, 'the body and 7 levels of metadata are 8');
      refused(await post(nested(8)), 'metadata');
      // Four keys (workspaceId, externalId, metadata, list) and 996 elements are 1,000 entries.
      assert.equal((await post(`{"list":[${'0,'.repeat(995)}0]}`)).status, 201);
      refused(await post(`{"list":[${'0,'.repeat(996)}0]}`), 'body');
    } finally {
      await node.close();
    }
  });

  it('refuses a number beyond a double (1e309) with the field named', async () => {
    const raw = `{"workspaceId":"${ws}","externalId":"big","metadata":{"amount":1e309}}`;
    refused(await t.request('POST', '/api/v1/end-users', { key, raw, headers: json }), 'metadata.amount');
  });
});

/** Issue 17, item 5: input that used to answer 500. */
describe('input that PostgreSQL cannot take', () => {
  let t: TestApp;
  let key: string;
  let ws: string;
  let mcpServer: string;
  before(async () => {
    t = await startApp();
    ({ key } = await t.tenant());
    ws = (await t.workspace(key)).id;
    mcpServer = (await t.post('/api/v1/mcp/servers', key, { name: 'surrogates', workspaceId: ws })).body.server.id;
  });
  after(async () => t.close());

  it('refuses an offset of 2^63 or more on every list, naming it', async () => {
    const lists = [
      ['/api/v1/members', key],
      ['/api/v1/api-keys', key],
      ['/api/v1/workspaces', key],
      ['/api/v1/oauth-apps', key],
      ['/api/v1/approval-policies', key],
      [`/api/v1/end-users?workspaceId=${ws}`, key],
      ['/api/v1/connections', key],
      [`/api/v1/triggers?workspaceId=${ws}`, key],
      [`/api/v1/mcp/servers?workspaceId=${ws}`, key],
      [`/api/v1/workspace-members?workspaceId=${ws}`, key],
      ['/operator/v1/organizations', OPERATOR_TOKEN],
      ['/operator/v1/oauth-apps', OPERATOR_TOKEN],
    ] as const;
    for (const [url, k] of lists) {
      for (const offset of ['9223372036854775808', '18446744073709551616', '1e309', '2147483648']) {
        const res = await t.get(`${url}${url.includes('?') ? '&' : '?'}offset=${offset}`, k);
        assert.equal(res.status, 400, `${url} offset=${offset}: ${res.text}`);
        assert.equal(res.body.error, 'VALIDATION_ERROR');
        assert.match(res.body.message, /^offset /, `${url}: ${res.body.message}`);
      }
      const last = await t.get(`${url}${url.includes('?') ? '&' : '?'}offset=2147483647`, k);
      assert.equal(last.status, 200, `${url}: ${last.text}`);
    }
  });

  it('refuses an unpaired surrogate in every stored JSON field, naming the field, and stores nothing', async () => {
    const lone = '"\\ud800"';
    const cases: Array<[string, string, string, string]> = [
      ['POST', '/api/v1/end-users', `{"workspaceId":"${ws}","externalId":"s","metadata":{"name":${lone}}}`, 'metadata.name'],
      ['POST', '/api/v1/end-users', `{"workspaceId":"${ws}","externalId":${lone}}`, 'externalId'],
      [
        'POST',
        '/api/v1/partials',
        `{"workspaceId":"${ws}","integrationName":"hash-encode","name":"s","values":{"algorithm":${lone}}}`,
        'values.algorithm',
      ],
      [
        'POST',
        '/api/v1/approval-policies',
        `{"name":"s","workspaceId":"${ws}","metadata":{"note":[${lone}]}}`,
        'metadata.note.0',
      ],
      [
        'POST',
        '/api/v1/triggers/enable',
        `{"integrationName":"webhook","triggerName":"catch_webhook","workspaceId":"${ws}","callbackUrl":"https://example.com/s","simulate":true,"callbackMetadata":{"k":${lone}}}`,
        'callbackMetadata.k',
      ],
      [
        'POST',
        `/api/v1/mcp/servers/${mcpServer}/tools`,
        `{"integrationName":"hash-encode","actionName":"encode","inputDefaults":{"text":${lone}}}`,
        'inputDefaults.text',
      ],
      ['POST', '/api/v1/end-users', `{"workspaceId":"${ws}","externalId":"k","metadata":{${lone}:1}}`, 'metadata'],
    ];
    for (const [method, url, raw, field] of cases) {
      const res = await t.request(method, url, { key, raw, headers: json });
      assert.equal(res.status, 400, `${url} ${raw}: ${res.text}`);
      assert.equal(res.body.error, 'VALIDATION_ERROR');
      assert.equal(res.body.details[0].field, field, res.text);
      assert.match(res.body.message, /unpaired UTF-16 surrogate/);
      assert.ok(!res.text.includes('\\ud800'), 'the value is not echoed');
    }
    assert.equal((await t.get(`/api/v1/end-users?workspaceId=${ws}`, key)).body.total, 0);
    assert.equal((await t.get(`/api/v1/partials?workspaceId=${ws}`, key)).body.total, 0);
    assert.equal((await t.get(`/api/v1/approval-policies?workspaceId=${ws}`, key)).body.total, 0);
    assert.equal((await t.get(`/api/v1/triggers?workspaceId=${ws}`, key)).body.total, 0);
    assert.equal((await t.get(`/api/v1/mcp/servers/${mcpServer}`, key)).body.tools.length, 0);
    // A proper pair is fine.
    const pair = await t.request('POST', '/api/v1/end-users', {
      key,
      raw: `{"workspaceId":"${ws}","externalId":"pair","metadata":{"emoji":"\\ud83d\\ude00"}}`,
      headers: json,
    });
    assert.equal(pair.status, 201, pair.text);
    assert.equal(pair.body.endUser.metadata.emoji, '😀');
  });

  it('keeps a webhook event with an unpaired surrogate, replaced by U+FFFD', async () => {
    const source = await t.post('/api/v1/triggers/enable', key, {
      integrationName: 'webhook',
      triggerName: 'catch_webhook',
      workspaceId: ws,
      callbackUrl: 'https://example.com/lone',
      simulate: true,
    });
    assert.equal(source.status, 201, source.text);
    const address = new URL(source.body.triggerSource.webhookUrl as string).pathname;
    const res = await t.request('POST', address, { raw: '{"text":"a\\ud800b","\\udfffkey":1}', headers: json });
    assert.equal(res.status, 200, res.text);
    assert.equal((await t.get(`/api/v1/triggers/${source.body.triggerSource.id}/events`, key)).body.total, 1);
    const [delivery] = await t.db.query<{ body: string }>('SELECT body FROM webhook_deliveries WHERE url = $1', [
      'https://example.com/lone',
    ]);
    assert.deepEqual(JSON.parse(delivery!.body).data, { text: 'a\uFFFDb', '\uFFFDkey': 1 });
  });
});

/** Issue 17, item 6: an answer names the problem, never an SQL statement or its values. */
describe('internals in answers', () => {
  let t: TestApp;
  before(async () => {
    t = await startApp();
  });
  after(async () => t.close());

  it('answers a kv-store put whose key or value holds a NUL without the statement or its values', async () => {
    const { key } = await t.tenant();
    const ws = (await t.workspace(key)).id;
    for (const input of ['{"key":"secret-\\u0000-key","value":1}', '{"key":"k","value":{"note":"secret-\\u0000-value"}}']) {
      const raw = `{"integrationName":"kv-store","actionName":"put","workspaceId":"${ws}","endUserId":"eu","input":${input}}`;
      const res = await t.request('POST', '/api/v1/actions/execute', { key, raw, headers: json });
      assert.equal(res.status, 400, res.text);
      assert.equal(res.body.error, 'VALIDATION_ERROR', res.text);
      assert.match(res.body.message, /cannot be stored or searched for: text with a NUL character/);
      for (const leak of [/insert/i, /kv_entries/i, /params/i, /secret-/, /\$\d/]) assert.doesNotMatch(res.text, leak);
    }
    const get = await t.post('/api/v1/actions/execute', key, {
      integrationName: 'kv-store',
      actionName: 'get',
      workspaceId: ws,
      endUserId: 'eu',
      input: { key: 'k' },
    });
    assert.equal(get.body.output.found, false, 'nothing was stored');
  });
});
