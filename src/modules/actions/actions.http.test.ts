import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import nodeHttp from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../app.js';
import { ActionError, defineIntegration } from '../../integrations/framework.js';
import { startApp, type TestApp } from '../../../test/harness.js';

const abortedRuns: number[] = [];

/** Test-only integration: an action that breaks the engine's expectations, and one that never finishes. */
const misbehaving = defineIntegration({
  name: 'test-misbehaving',
  displayName: 'Misbehaving',
  description: 'test integration',
  logoUrl: '/static/integrations/test-misbehaving.svg',
  categories: ['test'],
  runtime: 'builtin',
  version: '1.0.0',
  auth: [],
  actions: [
    {
      name: 'crash',
      displayName: 'Crash',
      description: 'throws a programming error',
      props: {},
      run: async () => (null as unknown as { x: () => void }).x(),
    },
    {
      name: 'hang',
      displayName: 'Hang',
      description: 'never finishes',
      props: {},
      timeoutMs: 500,
      run: () => new Promise(() => {}),
    },
    {
      name: 'wait_for_abort',
      displayName: 'Wait for abort',
      description: 'waits on ctx.signal, read after a first await, and records that it was aborted',
      props: {},
      timeoutMs: 300,
      run: async (ctx) => {
        await Promise.resolve();
        const signal = ctx.signal;
        if (signal.aborted) throw new Error('aborted before it started');
        return new Promise((_, reject) =>
          signal.addEventListener('abort', () => {
            abortedRuns.push(Date.now());
            reject(new Error('stopped by the signal'));
          }),
        );
      },
    },
    {
      name: 'fail',
      displayName: 'Fail',
      description: 'fails upstream',
      props: {},
      run: async () => {
        throw new ActionError('upstream said no', { status: 503 });
      },
    },
  ],
});

const PLANS = {
  pro: { rateLimit: { requests: 20, windowSeconds: 60 }, actionsPerMonth: null },
  free: { rateLimit: null, actionsPerMonth: 25 },
};

describe('POST /api/v1/actions/execute: the engine', () => {
  let t: TestApp;
  let vendor: nodeHttp.Server;
  let base: string;
  const seen: Array<{ url?: string; authorization?: string }> = [];

  before(async () => {
    // Stands in for Slack's and OpenAI's APIs, and for any server the http built-in calls.
    vendor = nodeHttp.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        seen.push({ url: req.url, authorization: req.headers.authorization });
        res.setHeader('content-type', 'application/json');
        if (req.url === '/fail') {
          res.statusCode = 500;
          return res.end('{"error":"boom"}');
        }
        if (req.url === '/v1/models')
          return res.end(
            JSON.stringify({
              object: 'list',
              data: [
                { id: 'model-a', object: 'model' },
                { id: 'model-b', object: 'model' },
              ],
            }),
          );
        res.end(JSON.stringify({ ok: true, path: req.url }));
      });
    });
    await new Promise<void>((r) => vendor.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(vendor.address() as AddressInfo).port}`;
    t = await startApp(
      { SWITCHBOARD_EGRESS_ALLOW: '127.0.0.1', SWITCHBOARD_PLANS: JSON.stringify(PLANS) },
      { captureLogs: true },
    );
    t.app.services.registry.register(misbehaving);
  });
  after(async () => {
    await t.close();
    vendor.close();
  });

  const exec = (key: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.request('POST', '/api/v1/actions/execute', { key, body, headers });
  const hash = (ws: string, extra: Record<string, unknown> = {}) => ({
    integrationName: 'hash-encode',
    actionName: 'hash',
    workspaceId: ws,
    input: { text: 'hello' },
    ...extra,
  });

  it('runs a built-in without configuring it, and records the run', async () => {
    const { key } = await t.tenant();
    const ws = (await t.workspace(key)).id;
    const r = await exec(key, hash(ws));
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(r.body, {
      success: true,
      output: { hash: '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824', algorithm: 'sha256', encoding: 'hex' },
    });
    assert.equal(r.headers['x-ratelimit-limit'], undefined, 'an unlimited plan has no rate-limit headers');
    const activity = await t.get(`/api/v1/activity?workspaceId=${ws}`, key);
    assert.equal(activity.body.activity.length, 1);
    const [row] = activity.body.activity;
    assert.deepEqual(
      [row.source, row.integrationName, row.integrationAlias, row.actionName, row.status, row.errorCode],
      ['rest', 'hash-encode', 'hash-encode', 'hash', 'success', null],
    );
    assert.ok(!JSON.stringify(row).includes('hello'), 'the activity record holds no input');
  });

  it('answers every error of the endpoint', async () => {
    const { key } = await t.tenant();
    const ws = (await t.workspace(key)).id;
    await t.post(`/api/v1/workspaces/${ws}/integrations`, key, { integrationName: 'datetime', enabledActions: ['parse_date'] });
    await t.post(`/api/v1/workspaces/${ws}/integrations`, key, { integrationName: 'data-transformer', alias: 'dt-one' });
    await t.post(`/api/v1/workspaces/${ws}/integrations`, key, { integrationName: 'data-transformer', alias: 'dt-two' });
    const cases: Array<[Record<string, unknown>, number, string, RegExp?]> = [
      [{ actionName: 'hash', workspaceId: ws }, 400, 'VALIDATION_ERROR', /^integrationName/],
      [{ integrationName: 'hash-encode', workspaceId: ws }, 400, 'VALIDATION_ERROR', /actionName/],
      [hash(ws, { workspaceId: undefined }), 400, 'VALIDATION_ERROR', /^workspaceId/],
      [hash(ws, { integrationName: 'no-such-integration' }), 400, 'INTEGRATION_NOT_FOUND'],
      [hash(ws, { actionName: 'nope' }), 400, 'VALIDATION_ERROR', /^actionName/],
      [hash(ws, { input: {} }), 400, 'VALIDATION_ERROR', /^input\.text is required/],
      [hash(ws, { input: { text: 'x', algorithm: 'crc32' } }), 400, 'VALIDATION_ERROR', /^input\.algorithm/],
      [hash(ws, { input: 'text' }), 400, 'VALIDATION_ERROR', /input/],
      [hash('00000000-0000-4000-8000-000000000000'), 404, 'NOT_FOUND'],
      [
        { integrationName: 'datetime', actionName: 'format_date', workspaceId: ws, input: { date: '2020-01-01' } },
        403,
        'ACTION_NOT_ENABLED',
      ],
      [
        { integrationName: 'data-transformer', actionName: 'batch_array', workspaceId: ws, input: { array: [1], batchSize: 1 } },
        400,
        'VALIDATION_ERROR',
        /configured several times/,
      ],
      [
        {
          integrationName: 'data-transformer',
          actionName: 'batch_array',
          workspaceId: ws,
          integrationAlias: 'dt-three',
          input: { array: [1], batchSize: 1 },
        },
        400,
        'VALIDATION_ERROR',
        /^integrationAlias/,
      ],
      [
        {
          integrationName: 'data-transformer',
          actionName: 'batch_array',
          workspaceId: ws,
          workspaceIntegrationId: '00000000-0000-4000-8000-000000000000',
          input: { array: [1], batchSize: 1 },
        },
        404,
        'NOT_FOUND',
      ],
      [
        { integrationName: 'kv-store', actionName: 'get', workspaceId: ws, input: { key: 'k' } },
        400,
        'VALIDATION_ERROR',
        /^endUserId/,
      ],
      [{ integrationName: 'slack', actionName: 'custom_api_call', workspaceId: ws, input: {} }, 400, 'CONNECTION_REQUIRED'],
      [
        { integrationName: 'slack', actionName: 'custom_api_call', workspaceId: ws, connectionExternalId: 'missing', input: {} },
        400,
        'CONNECTION_NOT_FOUND',
      ],
      [hash(ws, { connectionExternalId: 'x' }), 400, 'VALIDATION_ERROR', /^connectionExternalId/],
      [hash(ws, { partialIds: ['00000000-0000-4000-8000-000000000000'] }), 400, 'VALIDATION_ERROR', /^partialIds\[0\]/],
      [{ integrationName: 'test-misbehaving', actionName: 'crash', workspaceId: ws }, 400, 'ACTION_FAILED'],
      [hash(ws, { idempotencyKey: '' }), 400, 'VALIDATION_ERROR', /idempotencyKey/],
    ];
    for (const [body, status, code, message] of cases) {
      const r = await exec(key, body);
      assert.equal(r.status, status, `${JSON.stringify(body)} → ${r.text}`);
      assert.equal(r.body.error, code, `${JSON.stringify(body)} → ${r.text}`);
      if (message) assert.match(r.body.message, message, JSON.stringify(body));
      assert.ok(!r.text.includes('stack') && !r.text.includes('    at '), 'no stack trace');
    }
    const crash = (await t.get(`/api/v1/activity?workspaceId=${ws}&status=error&integrationName=test-misbehaving`, key)).body
      .activity;
    assert.equal(crash[0].errorCode, 'ACTION_FAILED');
  });

  it('answers an upstream failure with success false, output.error and output.detail; a timeout likewise', async () => {
    const { key } = await t.tenant();
    const ws = (await t.workspace(key)).id;
    const fail = await exec(key, { integrationName: 'test-misbehaving', actionName: 'fail', workspaceId: ws });
    assert.equal(fail.status, 200);
    assert.deepEqual(fail.body, { success: false, output: { error: 'upstream said no', detail: { status: 503 } } });
    const http = await exec(key, {
      integrationName: 'http',
      actionName: 'send_request',
      workspaceId: ws,
      input: { method: 'GET', url: `${base}/fail` },
    });
    assert.equal(http.status, 200);
    assert.equal(http.body.success, false);
    assert.match(http.body.output.error, /500/);
    const hang = await exec(key, { integrationName: 'test-misbehaving', actionName: 'hang', workspaceId: ws });
    assert.equal(hang.status, 200);
    assert.deepEqual(hang.body, { success: false, output: { error: 'The action did not finish within 0.5 s.' } });
    // An action that listens on ctx.signal is told when its time is up, and the caller gets the timeout.
    const seenBefore = abortedRuns.length;
    const waiting = await exec(key, { integrationName: 'test-misbehaving', actionName: 'wait_for_abort', workspaceId: ws });
    assert.equal(waiting.status, 200);
    assert.deepEqual(waiting.body, { success: false, output: { error: 'The action did not finish within 0.3 s.' } });
    assert.equal(abortedRuns.length, seenBefore + 1, 'the action saw its signal aborted');
    const statuses = (await t.get(`/api/v1/activity?workspaceId=${ws}&status=failed`, key)).body.activity.map(
      (a: { errorCode: string }) => a.errorCode,
    );
    assert.deepEqual(statuses, ['UPSTREAM_ERROR', 'UPSTREAM_ERROR', 'UPSTREAM_ERROR', 'UPSTREAM_ERROR']);
  });

  describe('connection strategies', () => {
    let key: string;
    let ws: string;
    const call = (alias: string, endUserId?: string) =>
      exec(key, {
        integrationName: 'slack',
        actionName: 'custom_api_call',
        workspaceId: ws,
        integrationAlias: alias,
        ...(endUserId ? { endUserId } : {}),
        input: { url: { url: `${base}/api/auth.test` }, method: 'POST', headers: {}, queryParams: {} },
      });
    const tokenOf = async (alias: string, endUserId?: string) => {
      const before = seen.length;
      const r = await call(alias, endUserId);
      if (r.status !== 200) return r.body.error as string;
      assert.equal(r.body.success, true, r.text);
      return seen
        .slice(before)
        .find((s) => s.url === '/api/auth.test')
        ?.authorization?.replace('Bearer ', '');
    };

    before(async () => {
      ({ key } = await t.tenant());
      ws = (await t.workspace(key)).id;
      const conn = async (body: Record<string, unknown>) =>
        (
          await t.post('/api/v1/connections', key, {
            type: 'CUSTOM_AUTH',
            integrationName: 'slack',
            displayName: 'Slack',
            ...body,
          })
        ).body.connection.id as string;
      const shared = await conn({ externalId: 'shared', props: { botToken: 'xoxb-shared' } });
      await conn({ externalId: 'alice-slack', workspaceId: ws, endUserId: 'alice', props: { botToken: 'xoxb-alice' } });
      await t.post('/api/v1/end-users', key, { workspaceId: ws, externalId: 'bob' });
      const wi = (body: Record<string, unknown>) =>
        t.post(`/api/v1/workspaces/${ws}/integrations`, key, { integrationName: 'slack', authMethodKey: 'custom_auth', ...body });
      assert.equal((await wi({ alias: 'slack-fixed', connectionId: shared })).status, 201);
      assert.equal((await wi({ alias: 'slack-user', connectionStrategy: 'per_user' })).status, 201);
      assert.equal(
        (await wi({ alias: 'slack-fallback', connectionStrategy: 'per_user_with_fallback', connectionId: shared })).status,
        201,
      );
    });

    it('fixed / per_user / per_user_with_fallback × end user with, without a connection, and no end user', async () => {
      const matrix: Array<[string, string | undefined, string]> = [
        ['slack-fixed', 'alice', 'xoxb-shared'],
        ['slack-fixed', 'bob', 'xoxb-shared'],
        ['slack-fixed', undefined, 'xoxb-shared'],
        ['slack-user', 'alice', 'xoxb-alice'],
        ['slack-user', 'bob', 'CONNECTION_REQUIRED'],
        ['slack-user', undefined, 'CONNECTION_REQUIRED'],
        ['slack-fallback', 'alice', 'xoxb-alice'],
        ['slack-fallback', 'bob', 'xoxb-shared'],
        ['slack-fallback', undefined, 'xoxb-shared'],
      ];
      for (const [alias, endUser, expected] of matrix)
        assert.equal(await tokenOf(alias, endUser), expected, `${alias} × ${endUser ?? 'no end user'}`);
    });

    it('selects a connection directly by externalId, only where it may be used', async () => {
      const direct = (externalId: string, endUserId?: string) =>
        exec(key, {
          integrationName: 'slack',
          actionName: 'custom_api_call',
          workspaceId: ws,
          integrationAlias: 'slack-user',
          connectionExternalId: externalId,
          ...(endUserId ? { endUserId } : {}),
          input: { url: { url: `${base}/api/x` }, method: 'GET', headers: {}, queryParams: {} },
        });
      assert.equal((await direct('shared')).body.success, true);
      assert.equal((await direct('alice-slack', 'alice')).body.success, true);
      const notBobs = await direct('alice-slack', 'bob');
      assert.equal(notBobs.status, 400);
      assert.equal(notBobs.body.error, 'CONNECTION_NOT_FOUND', "another end user's connection is not usable");
      const otherWs = (await t.workspace(key)).id;
      const elsewhere = await exec(key, {
        integrationName: 'slack',
        actionName: 'custom_api_call',
        workspaceId: otherWs,
        connectionExternalId: 'alice-slack',
        input: { url: { url: `${base}/api/x` }, method: 'GET', headers: {}, queryParams: {} },
      });
      assert.equal(elsewhere.body.error, 'CONNECTION_NOT_FOUND', "a workspace's connection is not usable from another workspace");
    });

    it('never returns or logs the credential', async () => {
      await call('slack-fixed');
      const all = `${t.logs.join('\n')}\n${(await call('slack-user', 'alice')).text}\n${(await t.get('/api/v1/activity', key)).text}`;
      assert.ok(!all.includes('xoxb-shared') && !all.includes('xoxb-alice'));
    });

    it("resolves dropdown options with the caller's connection and merged input", async () => {
      await t.post('/api/v1/connections', key, {
        type: 'CUSTOM_AUTH',
        integrationName: 'openai',
        externalId: 'oa',
        displayName: 'OpenAI',
        props: { apiKey: 'sk-test-options-1', baseUrl: `${base}/v1` },
      });
      const before = seen.length;
      const r = await t.post('/api/v1/integrations/openai/properties/options', key, {
        actionName: 'ask_chatgpt',
        propertyName: 'model',
        workspaceId: ws,
        connectionExternalId: 'oa',
        input: {},
      });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(r.body.options.map((o: { value: string }) => o.value).sort(), ['model-a', 'model-b']);
      assert.equal(seen.slice(before).find((s) => s.url === '/v1/models')?.authorization, 'Bearer sk-test-options-1');
      const stray = await t.post('/api/v1/integrations/openai/properties/options', key, {
        actionName: 'ask_chatgpt',
        propertyName: 'model',
        connectionExternalId: 'oa',
        input: {},
      });
      assert.match(stray.body.message, /^workspaceId is required/);
    });
  });

  it('merges defaults, partials, input and enforced values in order; partialIds [] runs without defaults', async () => {
    const { key } = await t.tenant();
    const ws = (await t.workspace(key)).id;
    await t.post(`/api/v1/workspaces/${ws}/integrations`, key, { integrationName: 'hash-encode', alias: 'hasher' });
    await t.post(`/api/v1/workspaces/${ws}/integrations`, key, { integrationName: 'hash-encode', alias: 'other-hasher' });
    const partial = async (body: Record<string, unknown>) =>
      (await t.post('/api/v1/partials', key, { workspaceId: ws, integrationName: 'hash-encode', ...body })).body.partial
        .id as string;
    await partial({ name: 'wide', integrationAlias: 'hasher', values: { encoding: 'base64' }, isDefault: true });
    await partial({ name: 'md5', integrationAlias: 'hasher', actionName: 'hash', values: { algorithm: 'md5' }, isDefault: true });
    const enforced = await partial({
      name: 'sha1 only',
      integrationAlias: 'hasher',
      actionName: 'hash',
      values: { algorithm: 'sha1', text: 'enforced text' },
      enforcedKeys: ['algorithm'],
    });
    const foreign = await partial({ name: 'foreign', integrationAlias: 'other-hasher', values: { encoding: 'hex' } });
    const encodeOnly = await partial({
      name: 'encode',
      integrationAlias: 'hasher',
      actionName: 'encode',
      values: { encoding: 'hex' },
    });
    const run = async (extra: Record<string, unknown>) => {
      const r = await exec(key, {
        integrationName: 'hash-encode',
        actionName: 'hash',
        workspaceId: ws,
        integrationAlias: 'hasher',
        input: { text: 'hello' },
        ...extra,
      });
      return r.status === 200 ? r.body.output : r.body;
    };
    assert.deepEqual(
      await run({}),
      { hash: 'XUFAKrxLKna5cZ2REBfFkg==', algorithm: 'md5', encoding: 'base64' },
      'both default partials, integration-wide first',
    );
    assert.equal(
      (await run({ input: { text: 'hello', algorithm: 'sha512' } })).algorithm,
      'sha512',
      'runtime input beats partial values',
    );
    const only = await run({ partialIds: [enforced], input: { text: 'hello', algorithm: 'sha512' } });
    assert.deepEqual(
      [only.algorithm, only.encoding],
      ['sha1', 'hex'],
      'enforced values win; only the given partials apply; props defaults fill the rest',
    );
    assert.equal(
      only.hash,
      'aaf4c61ddcc5e8a2dabede0f3b482cd9aea9434d',
      'a non-enforced partial value (text) yields to the runtime input',
    );
    assert.deepEqual(await run({ partialIds: [] }), {
      hash: '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824',
      algorithm: 'sha256',
      encoding: 'hex',
    });
    const wrongAlias = await run({ partialIds: [foreign] });
    assert.equal(wrongAlias.error, 'VALIDATION_ERROR');
    assert.match(wrongAlias.message, /^partialIds\[0\] belongs to the alias "other-hasher"/);
    assert.match((await run({ partialIds: [encodeOnly] })).message, /^partialIds\[0\] is for the action encode/);
    assert.equal(
      (
        await exec(key, {
          integrationName: 'hash-encode',
          actionName: 'hash',
          workspaceId: ws,
          integrationAlias: 'other-hasher',
          input: { text: 'hello' },
        })
      ).body.output.encoding,
      'hex',
      "another alias does not get hasher's defaults",
    );
  });

  it('keeps the rate limit exactly, across two nodes, with headers and retryAfter', async () => {
    const { key } = await t.tenant('pro');
    const ws = (await t.workspace(key)).id;
    const first = await exec(key, hash(ws));
    assert.equal(first.headers['x-ratelimit-limit'], '20');
    assert.equal(first.headers['x-ratelimit-remaining'], '19');
    assert.ok(Number(first.headers['x-ratelimit-reset']) > Date.now() / 1000);
    // A second node on the same database, with its own in-memory leases.
    const second = await buildApp({ config: t.config, db: t.db });
    await second.ready();
    try {
      const results = await Promise.all(
        Array.from({ length: 49 }, (_, i) => {
          const body = JSON.stringify(hash(ws));
          const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
          return (i % 2 ? second : t.app).inject({ method: 'POST', url: '/api/v1/actions/execute', headers, payload: body });
        }),
      );
      const ok = results.filter((r) => r.statusCode === 200);
      const limited = results.filter((r) => r.statusCode === 429);
      assert.equal(ok.length, 19, 'exactly the limit is admitted');
      assert.equal(limited.length, 30);
      const body = JSON.parse(limited[0]!.body);
      assert.equal(body.error, 'RATE_LIMITED');
      assert.ok(Number.isInteger(body.retryAfter) && body.retryAfter >= 1);
      assert.equal(limited[0]!.headers['retry-after'], String(body.retryAfter));
      assert.equal(limited[0]!.headers['x-ratelimit-remaining'], '0');
    } finally {
      await second.close();
    }
  });

  it('sees configuration changed on another node at once (caches are invalidated across nodes)', async () => {
    const { key } = await t.tenant();
    const ws = (await t.workspace(key)).id;
    const nodeB = await buildApp({ config: t.config, db: t.db });
    await nodeB.ready();
    const onB = async (method: string, url: string, body?: unknown) => {
      const r = await nodeB.inject({
        method: method as 'POST',
        url,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        ...(body ? { payload: JSON.stringify(body) } : {}),
      });
      return JSON.parse(r.body);
    };
    const eventually = async (check: () => Promise<boolean>, what: string) => {
      for (let i = 0; i < 100; i++) {
        if (await check()) return;
        await new Promise((r) => setTimeout(r, 20));
      }
      assert.fail(`node A never saw: ${what}`);
    };
    try {
      const wi = (await onB('POST', `/api/v1/workspaces/${ws}/integrations`, { integrationName: 'hash-encode' })).integration;
      assert.equal((await exec(key, hash(ws))).status, 200, 'node A caches the configuration');
      await onB('PATCH', `/api/v1/workspaces/${ws}/integrations/${wi.id}`, { enabledActions: ['encode'] });
      await eventually(async () => (await exec(key, hash(ws))).body.error === 'ACTION_NOT_ENABLED', 'enabledActions changed');
      await onB('PATCH', `/api/v1/workspaces/${ws}/integrations/${wi.id}`, { enabledActions: null });
      await onB('POST', '/api/v1/partials', {
        workspaceId: ws,
        integrationName: 'hash-encode',
        actionName: 'hash',
        name: 'md5',
        values: { algorithm: 'md5' },
        isDefault: true,
      });
      await eventually(async () => (await exec(key, hash(ws))).body.output?.algorithm === 'md5', 'a new default partial');
      const conn = (
        await onB('POST', '/api/v1/connections', {
          type: 'CUSTOM_AUTH',
          integrationName: 'slack',
          externalId: 'moving',
          displayName: 'S',
          props: { botToken: 'xoxb-moving' },
        })
      ).connection;
      const slack = {
        integrationName: 'slack',
        actionName: 'custom_api_call',
        workspaceId: ws,
        connectionExternalId: 'moving',
        input: { url: { url: `${base}/api/x` }, method: 'GET', headers: {}, queryParams: {} },
      };
      await eventually(async () => (await exec(key, slack)).body.success === true, 'a new connection');
      await onB('DELETE', `/api/v1/connections/${conn.id}`);
      await eventually(async () => (await exec(key, slack)).body.error === 'CONNECTION_NOT_FOUND', 'a deleted connection');
      await onB('DELETE', `/api/v1/workspaces/${ws}`);
      await eventually(async () => (await exec(key, hash(ws))).status === 404, 'a deleted workspace');
    } finally {
      await nodeB.close();
    }
  });

  it('writes buffered activity when a node shuts down', async () => {
    const { key } = await t.tenant();
    const ws = (await t.workspace(key)).id;
    const node = await buildApp({ config: t.config, db: t.db });
    await node.ready();
    const res = await node.inject({
      method: 'POST',
      url: '/api/v1/actions/execute',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: JSON.stringify(hash(ws)),
    });
    assert.equal(res.statusCode, 200);
    await node.close();
    const rows = await t.db.query<{ status: string }>('SELECT status FROM activity WHERE workspace_id = $1', [ws]);
    assert.deepEqual(
      rows.map((r) => r.status),
      ['success'],
    );
  });

  it('stops at the monthly quota exactly under concurrency, with current, limit and plan', async () => {
    const { key } = await t.tenant('free');
    const ws = (await t.workspace(key)).id;
    const results = await Promise.all(Array.from({ length: 40 }, () => exec(key, hash(ws))));
    assert.equal(results.filter((r) => r.status === 200).length, 25);
    const refused = results.find((r) => r.status === 403)!;
    assert.deepEqual(
      { error: refused.body.error, current: refused.body.current, limit: refused.body.limit, plan: refused.body.plan },
      { error: 'QUOTA_EXCEEDED', current: 25, limit: 25, plan: 'free' },
    );
  });

  it('runs an idempotent request once, even when duplicates arrive together', async () => {
    const { key } = await t.tenant();
    const ws = (await t.workspace(key)).id;
    const append = (idempotency: Record<string, unknown>, headers: Record<string, string> = {}, value = 'item') =>
      exec(
        key,
        {
          integrationName: 'kv-store',
          actionName: 'add_to_list',
          workspaceId: ws,
          endUserId: 'u1',
          input: { key: 'list', value },
          ...idempotency,
        },
        headers,
      );
    const results = await Promise.all(Array.from({ length: 10 }, () => append({ idempotencyKey: 'once' })));
    for (const r of results) assert.equal(r.status, 200, r.text);
    assert.ok(
      results.every((r) => JSON.stringify(r.body) === JSON.stringify(results[0]!.body)),
      'every duplicate gets the same result',
    );
    const list = await exec(key, {
      integrationName: 'kv-store',
      actionName: 'get',
      workspaceId: ws,
      endUserId: 'u1',
      input: { key: 'list' },
    });
    assert.deepEqual(list.body.output.value, ['item'], 'the action ran once');
    const other = await append({ idempotencyKey: 'once' }, {}, 'different');
    assert.equal(other.status, 409);
    assert.equal(other.body.error, 'IDEMPOTENCY_CONFLICT');
    assert.equal((await append({}, { 'Idempotency-Key': 'hdr' })).status, 200);
    assert.equal((await append({}, { 'X-Idempotency-Key': 'hdr' })).status, 200);
    assert.deepEqual(
      (
        await exec(key, {
          integrationName: 'kv-store',
          actionName: 'get',
          workspaceId: ws,
          endUserId: 'u1',
          input: { key: 'list' },
        })
      ).body.output.value,
      ['item', 'item'],
    );
    const runs = (await t.get(`/api/v1/activity?workspaceId=${ws}&actionName=add_to_list&status=success`, key)).body.activity;
    assert.equal(runs.length, 2, 'replays are not runs');
  });

  it('keeps built-in state per settings.persistence scope', async () => {
    const { key } = await t.tenant();
    const ws = (await t.workspace(key)).id;
    await t.post(`/api/v1/workspaces/${ws}/integrations`, key, { integrationName: 'kv-store', alias: 'per-user' });
    await t.post(`/api/v1/workspaces/${ws}/integrations`, key, {
      integrationName: 'kv-store',
      alias: 'shared',
      settings: { persistence: { scope: 'workspace' } },
    });
    await t.post(`/api/v1/workspaces/${ws}/integrations`, key, {
      integrationName: 'kv-store',
      alias: 'team',
      settings: { persistence: { scope: 'external', externalId: 'team-1' } },
    });
    const kv = (alias: string, actionName: string, input: Record<string, unknown>, endUserId?: string) =>
      exec(key, {
        integrationName: 'kv-store',
        integrationAlias: alias,
        actionName,
        workspaceId: ws,
        input,
        ...(endUserId ? { endUserId } : {}),
      });
    for (const alias of ['per-user', 'shared', 'team'])
      assert.equal((await kv(alias, 'put', { key: 'k', value: `${alias} by ann` }, 'ann')).status, 200);
    assert.equal(
      (await kv('per-user', 'get', { key: 'k' }, 'ben')).body.output.found,
      false,
      "end_user scope: ben does not see ann's value",
    );
    assert.equal((await kv('per-user', 'get', { key: 'k' }, 'ann')).body.output.value, 'per-user by ann');
    assert.equal(
      (await kv('shared', 'get', { key: 'k' }, 'ben')).body.output.value,
      'shared by ann',
      'workspace scope is shared',
    );
    assert.equal((await kv('shared', 'get', { key: 'k' })).body.output.value, 'shared by ann', 'and needs no end user');
    assert.equal((await kv('team', 'get', { key: 'k' })).body.output.value, 'team by ann');
    const file = await exec(key, {
      integrationName: 'storage',
      actionName: 'write_file',
      workspaceId: ws,
      endUserId: 'ann',
      input: { path: 'notes/a.txt', content: 'hello file' },
    });
    assert.equal(file.status, 200, file.text);
    const link = await exec(key, {
      integrationName: 'storage',
      actionName: 'get_download_url',
      workspaceId: ws,
      endUserId: 'ann',
      input: { path: 'notes/a.txt', expiresInSeconds: 60 },
    });
    const url = new URL(link.body.output.url);
    assert.equal(url.origin, 'http://switchboard.test');
    const download = await t.request('GET', url.pathname + url.search);
    assert.equal(download.status, 200);
    assert.equal(download.text, 'hello file');
  });

  it('takes the earlier request shape', async () => {
    const { key } = await t.tenant();
    const ws = (await t.workspace(key)).id;
    const r = await exec(key, { pieceName: 'hash-encode', actionName: 'hash', projectId: ws, input: { text: 'hello' } });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(Object.keys(r.body).sort(), ['duration', 'output', 'success']);
    assert.equal(r.body.output.algorithm, 'sha256');
    assert.ok(typeof r.body.duration === 'number');
    assert.match(
      (await exec(key, { pieceName: 'hash-encode', actionName: 'hash', projectId: ws })).body.message,
      /^input is required/,
    );
    assert.match(
      (await exec(key, { pieceName: 'hash-encode', actionName: 'hash', input: { text: 'x' } })).body.message,
      /^projectId is required/,
    );
    const conn = (
      await t.post('/api/v1/connections', key, {
        pieceName: 'slack',
        displayName: 'Old',
        projectId: ws,
        externalId: 'old-slack',
        value: { type: 'CUSTOM_AUTH', props: { botToken: 'xoxb-old' } },
      })
    ).body;
    const slackInput = { url: { url: `${base}/api/old` }, method: 'GET', headers: {}, queryParams: {} };
    const byId = await exec(key, { pieceName: 'slack', actionName: 'custom_api_call', connectionId: conn.id, input: slackInput });
    assert.equal(byId.status, 200, byId.text);
    assert.equal(byId.body.success, true, 'the workspace comes from the connection');
    const byExternal = await exec(key, {
      pieceName: 'slack',
      actionName: 'custom_api_call',
      externalId: 'old-slack',
      projectId: ws,
      input: slackInput,
    });
    assert.equal(byExternal.body.success, true);
    assert.equal(
      (await exec(key, { pieceName: 'nope', actionName: 'x', projectId: ws, input: {} })).body.error,
      'INTEGRATION_NOT_FOUND',
    );
  });

  it('records the source, pages activity with a cursor, and keeps each tenant and workspace to itself', async () => {
    const { key } = await t.tenant();
    const ws = (await t.workspace(key)).id;
    const other = (await t.workspace(key)).id;
    await exec(key, hash(ws), { 'X-Switchboard-Source': 'sdk' });
    for (let i = 0; i < 4; i++) await exec(key, hash(ws));
    await exec(key, hash(other));
    assert.equal(
      (await exec(key, hash(ws), { 'X-Switchboard-Source': 'mcp_code' })).body.error,
      'VALIDATION_ERROR',
      'only rest, sdk and playground can be claimed by a REST caller',
    );
    const sdk = await t.get(`/api/v1/activity?workspaceId=${ws}&source=sdk`, key);
    assert.equal(sdk.body.activity.length, 1);
    const seenIds: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: { activity: Array<{ id: string }>; nextCursor: string | null } } = await t.get(
        `/api/v1/activity?workspaceId=${ws}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        key,
      );
      seenIds.push(...page.body.activity.map((a) => a.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    assert.equal(seenIds.length, 5);
    assert.equal(new Set(seenIds).size, 5);
    assert.equal((await t.get('/api/v1/activity?cursor=garbage', key)).body.error, 'VALIDATION_ERROR');
    const scoped = await t.scopedKey(key, [other]);
    assert.equal((await t.get('/api/v1/activity', scoped)).body.activity.length, 1, 'a scoped key sees its workspaces only');
    assert.equal((await t.get(`/api/v1/activity?workspaceId=${ws}`, scoped)).body.error, 'SCOPE_DENIED');
    assert.equal((await exec(scoped, hash(ws))).body.error, 'SCOPE_DENIED');
    const stranger = (await t.tenant()).key;
    assert.equal((await t.get('/api/v1/activity', stranger)).body.activity.length, 0);
    assert.equal((await exec(stranger, hash(ws))).status, 404);
  });
});
