import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildApp } from '../../app.js';
import { hash, startActionsApp, type ActionsApp } from './actions.fixtures.js';
import type { TestApp } from '../../../test/harness.js';

describe('POST /api/v1/actions/execute: limits, idempotency and several nodes', () => {
  let t: TestApp;
  let base: string;
  let close: () => Promise<void>;
  let exec: ActionsApp['exec'];

  before(async () => {
    ({ t, base, close, exec } = await startActionsApp());
  });
  after(async () => close());

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

  it('stores and replays an output whose text holds a NUL, exactly', async () => {
    // jsonb cannot hold \u0000: the answer failed to store after the action had run, the caller got 400, and a retry
    // with the key waited for a claim that nobody would complete.
    const { key, orgId } = await t.tenant();
    const ws = (await t.workspace(key)).id;
    const run = () =>
      exec(
        key,
        {
          integrationName: 'code',
          actionName: 'run_code',
          workspaceId: ws,
          input: { code: 'return "a" + String.fromCharCode(0) + "b"', inputs: {} },
        },
        { 'Idempotency-Key': 'nul' },
      );
    const first = await run();
    assert.equal(first.status, 200, first.text);
    assert.equal(first.body.output.result, 'a\u0000b');
    const again = await run();
    assert.equal(again.status, 200, again.text);
    assert.deepEqual(again.body, first.body);
    const [stored] = await t.db.query<{ response: { output: { result: string } } }>(
      'SELECT response FROM idempotency_records WHERE org_id = $1 AND key = $2',
      [orgId, 'nul'],
    );
    assert.equal(stored!.response.output.result, 'a\u0000b');
    const runs = (await t.get(`/api/v1/activity?workspaceId=${ws}&actionName=run_code`, key)).body.activity;
    assert.equal(runs.length, 1, 'the retry was answered from the stored result');
  });
});
