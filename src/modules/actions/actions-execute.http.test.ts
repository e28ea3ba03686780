import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { abortedRuns, hash, startActionsApp, type ActionsApp } from './actions.fixtures.js';
import type { TestApp } from '../../../test/harness.js';

describe('POST /api/v1/actions/execute: the engine', () => {
  let t: TestApp;
  let base: string;
  let close: () => Promise<void>;
  let exec: ActionsApp['exec'];

  before(async () => {
    ({ t, base, close, exec } = await startActionsApp());
  });
  after(async () => close());

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

  it("records a failure whose message holds a NUL, and every other organization's runs after it", async () => {
    // PostgreSQL text cannot hold a NUL. Before the recorder replaced it, this row failed every batch it was in, and
    // the batch was kept to retry: nobody's activity was written again.
    const a = await t.tenant();
    const wsA = (await t.workspace(a.key)).id;
    const b = await t.tenant();
    const wsB = (await t.workspace(b.key)).id;
    const failed = await exec(a.key, {
      integrationName: 'code',
      actionName: 'run_code',
      workspaceId: wsA,
      input: { code: 'throw new Error("before" + String.fromCharCode(0) + "after")', inputs: {} },
    });
    assert.equal(failed.status, 200, failed.text);
    assert.equal(failed.body.success, false);
    assert.ok(failed.body.output.error.includes('before\u0000after'), 'the caller gets the message as the action gave it');
    assert.equal((await exec(b.key, hash(wsB))).status, 200);

    const ofB = (await t.get(`/api/v1/activity?workspaceId=${wsB}`, b.key)).body.activity;
    assert.deepEqual(
      ofB.map((r: { actionName: string; status: string }) => [r.actionName, r.status]),
      [['hash', 'success']],
    );
    const ofA = (await t.get(`/api/v1/activity?workspaceId=${wsA}`, a.key)).body.activity;
    assert.equal(ofA.length, 1);
    assert.equal(ofA[0].status, 'failed');
    assert.match(ofA[0].errorMessage, /before\uFFFDafter/);
    const stored = await t.db.query<{ error_message: string }>('SELECT error_message FROM activity WHERE workspace_id = $1', [
      wsA,
    ]);
    assert.match(stored[0]!.error_message, /before\uFFFDafter/);
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
