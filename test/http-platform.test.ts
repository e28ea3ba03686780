import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { noAuth } from '../src/platform/http/route-access.js';
import { buildApp } from '../src/app.js';
import { startApp, testConfig, TestApp, testDatabase } from './harness.js';
import { Receiver } from './receiver.js';
import { postEvent, TRIGGER_ENV } from './triggers.js';

describe('HTTP platform: errors, request ids, health, OpenAPI', () => {
  let t: TestApp;
  let key: string;
  before(async () => {
    t = await startApp();
    key = (await t.tenant()).key;
  });
  after(async () => t.close());

  it('answers unknown routes with 404 NOT_FOUND in the envelope', async () => {
    for (const url of ['/nope', '/api/v1/nope', '/api/v1/workspaces/x/y/z']) {
      const res = await t.get(url, key);
      assert.equal(res.status, 404);
      assert.equal(res.body.error, 'NOT_FOUND');
      assert.equal(typeof res.body.message, 'string');
    }
  });

  it('answers a known path with the wrong method with 405 and an Allow header', async () => {
    const res = await t.request('PUT', '/api/v1/workspaces', { key, body: {} });
    assert.equal(res.status, 405);
    assert.equal(res.body.error, 'METHOD_NOT_ALLOWED');
    assert.equal(res.headers.allow, 'GET, POST');
    const del = await t.request('DELETE', '/api/v1/workspaces', { key });
    assert.equal(del.status, 405);
  });

  it('answers malformed JSON, non-object bodies and wrong content types with 400 VALIDATION_ERROR', async () => {
    const bad = await t.request('POST', '/api/v1/workspaces', {
      key,
      raw: '{"name": "x",',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error, 'VALIDATION_ERROR');
    const arr = await t.request('POST', '/api/v1/workspaces', { key, body: [1, 2] });
    assert.equal(arr.status, 400);
    assert.equal(arr.body.error, 'VALIDATION_ERROR');
    const str = await t.request('POST', '/api/v1/workspaces', {
      key,
      raw: '"hello"',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(str.status, 400);
    const text = await t.request('POST', '/api/v1/workspaces', { key, raw: 'name=x', headers: { 'content-type': 'text/plain' } });
    assert.equal(text.status, 400);
    assert.equal(text.body.error, 'VALIDATION_ERROR');
    const none = await t.request('POST', '/api/v1/workspaces', { key });
    assert.equal(none.status, 400);
    assert.equal(none.body.error, 'VALIDATION_ERROR');
    const proto = await t.request('POST', '/api/v1/workspaces', {
      key,
      raw: '{"__proto__": {"x": 1}, "name": "a", "slug": "a"}',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(proto.status, 400);
  });

  it('answers an oversized body with 413', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(t.config.bodyLimit + 10), slug: 'a' });
    const res = await t.request('POST', '/api/v1/workspaces', { key, raw: big, headers: { 'content-type': 'application/json' } });
    assert.equal(res.status, 413);
    assert.equal(res.body.error, 'PAYLOAD_TOO_LARGE');
  });

  it('answers 401 before reading the body when the key is missing or garbage', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Bearer nope' },
      { authorization: 'Basic abc' },
      { authorization: 'Bearer svc_' + 'a'.repeat(43) },
    ]) {
      const res = await t.request('POST', '/api/v1/workspaces', {
        raw: '{broken',
        headers: { 'content-type': 'application/json', ...headers },
      });
      assert.equal(res.status, 401);
      assert.equal(res.body.error, 'UNAUTHORIZED');
    }
  });

  it('sends X-Request-Id on every response and honours a sane incoming one', async () => {
    for (const res of [await t.get('/healthz'), await t.get('/nope'), await t.get('/api/v1/workspaces')]) {
      assert.match(String(res.headers['x-request-id']), /^req_/);
    }
    const echoed = await t.get('/healthz', null, { 'x-request-id': 'client-abc.123' });
    assert.equal(echoed.headers['x-request-id'], 'client-abc.123');
    const unsafe = await t.get('/healthz', null, { 'x-request-id': 'bad id with spaces' });
    assert.match(String(unsafe.headers['x-request-id']), /^req_/);
  });

  it('answers health and readiness', async () => {
    assert.deepEqual((await t.get('/healthz')).body, { status: 'ok' });
    assert.deepEqual((await t.get('/readyz')).body, { status: 'ready' });
  });

  it('answers readiness with 503 once its database stops (a supervisor then replaces the process, 0149)', async () => {
    const { db, drop } = await testDatabase();
    const app = await buildApp({ config: testConfig(), db });
    try {
      assert.equal((await app.inject({ method: 'GET', url: '/readyz' })).statusCode, 200);
      await db.close();
      const res = await app.inject({ method: 'GET', url: '/readyz' });
      assert.equal(res.statusCode, 503);
      assert.deepEqual(JSON.parse(res.body), { error: 'SERVICE_UNAVAILABLE', message: 'The database does not answer.' });
      assert.equal((await app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200, 'the process itself is up');
    } finally {
      await app.close();
      await drop();
    }
  });

  it('serves an OpenAPI 3.1 document covering every route, and the reference page', async () => {
    const res = await t.get('/api/v1/openapi.json');
    assert.equal(res.status, 200);
    assert.equal(res.body.openapi, '3.1.0');
    const paths = res.body.paths as Record<string, Record<string, unknown>>;
    const routes = t.app.printRoutes({ commonPrefix: false });
    for (const p of [
      '/api/v1/workspaces',
      '/api/v1/workspaces/{id}',
      '/api/v1/api-keys',
      '/api/v1/api-keys/{id}',
      '/operator/v1/organizations',
    ]) {
      assert.ok(paths[p], `${p} documented`);
    }
    assert.ok(paths['/api/v1/workspaces']?.post);
    assert.ok(routes.length > 0);
    const ref = JSON.stringify(res.body);
    assert.ok(ref.includes('"ErrorBody"'));
    const docs = await t.get('/docs/');
    assert.ok([200, 302].includes(docs.status));
  });
});

describe('unexpected faults and logs', () => {
  it('turns an unexpected error into a 500 that leaks nothing, logged with the request id; secrets never reach the logs', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, cb) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        cb();
      },
    });
    const { db, drop } = await testDatabase();
    const app = await buildApp({ config: testConfig({ LOG_LEVEL: 'info' }), db, logStream: stream });
    app.get('/api/v1/__boom', { config: { access: noAuth('a test route') } }, async () => {
      throw new Error('db password is hunter2 at /srv/internal.ts:42');
    });
    // A write naming a row deleted meanwhile (here: a person that never existed) fails on its foreign key (0086).
    app.get('/api/v1/__gone', { config: { access: noAuth('a test route') } }, async () => {
      await db.orm.execute(
        sql`INSERT INTO email_verification_sends (user_id, window_start, count) VALUES (gen_random_uuid(), now(), 1)`,
      );
      return { written: true };
    });
    await app.ready();
    try {
      const gone = await app.inject({ method: 'GET', url: '/api/v1/__gone' });
      assert.equal(gone.statusCode, 404, gone.body);
      assert.deepEqual(JSON.parse(gone.body), {
        error: 'NOT_FOUND',
        message: 'Something this request refers to was deleted meanwhile.',
      });
      const counted = await db.orm.execute(sql`SELECT count(*)::int AS n FROM email_verification_sends`);
      assert.equal((counted as { rows: Array<{ n: number }> }).rows[0]?.n, 0, 'nothing was written');

      const res = await app.inject({ method: 'GET', url: '/api/v1/__boom' });
      assert.equal(res.statusCode, 500);
      const body = JSON.parse(res.body);
      assert.equal(body.error, 'INTERNAL_ERROR');
      assert.equal(body.requestId, res.headers['x-request-id']);
      assert.ok(!res.body.includes('hunter2'));
      assert.ok(!res.body.includes('internal.ts'));

      const org = await app.inject({
        method: 'POST',
        url: '/operator/v1/organizations',
        headers: { authorization: 'Bearer test-operator-token-0123456789', 'content-type': 'application/json' },
        payload: JSON.stringify({ name: 'Logged' }),
      });
      const plainKey = JSON.parse(org.body).plainKey as string;
      await app.inject({
        method: 'GET',
        url: '/api/v1/workspaces?token=cst_secretvalue',
        headers: { authorization: `Bearer ${plainKey}` },
      });

      const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
      const requestLines = parsed.filter((l) => l.msg === 'request completed' || l.msg === 'unexpected error');
      assert.ok(requestLines.length >= 5);
      for (const l of requestLines) assert.ok(typeof l.reqId === 'string' && l.reqId.length > 0, 'every request line has reqId');
      // One access line per request at info (0175): it names the request, its status and its time.
      assert.equal(parsed.filter((l) => l.msg === 'incoming request').length, 0, 'the incoming line is at debug level');
      const access = parsed.filter((l) => l.msg === 'request completed');
      assert.deepEqual(
        access.map((l) => [(l.req as { method: string }).method, (l.res as { statusCode: number }).statusCode]),
        [
          ['GET', 404],
          ['GET', 500],
          ['POST', 201],
          ['GET', 200],
        ],
      );
      assert.equal((access[3]!.req as { url: string }).url, '/api/v1/workspaces?token=[REDACTED]');
      for (const l of access) assert.equal(typeof l.responseTime, 'number');
      const all = lines.join('\n');
      assert.ok(!all.includes(plainKey), 'API keys are never logged');
      assert.ok(!all.includes('test-operator-token'), 'operator token never logged');
      assert.ok(!all.includes('cst_secretvalue'), 'token query values are redacted');
      assert.ok(parsed.some((l) => l.msg === 'unexpected error' && l.reqId === res.headers['x-request-id']));
    } finally {
      await app.close();
      await drop();
    }
  });
});

describe('access lines by level (0175)', () => {
  it('writes the incoming line too at debug, under the same request id as the access line', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const stream = new Writable({
      write(chunk, _enc, cb) {
        for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l) as Record<string, unknown>);
        cb();
      },
    });
    const { db, drop } = await testDatabase();
    const app = await buildApp({ config: testConfig({ LOG_LEVEL: 'debug' }), db, logStream: stream });
    await app.ready();
    try {
      const res = await app.inject({ method: 'GET', url: '/healthz' });
      assert.equal(res.statusCode, 200);
      const id = res.headers['x-request-id'];
      const incoming = lines.filter((l) => l.msg === 'incoming request' && l.reqId === id);
      const completed = lines.filter((l) => l.msg === 'request completed' && l.reqId === id);
      assert.equal(incoming.length, 1);
      assert.deepEqual(incoming[0]!.req, { method: 'GET', url: '/healthz' });
      assert.equal(completed.length, 1);
      assert.equal((completed[0]!.res as { statusCode: number }).statusCode, 200);
    } finally {
      await app.close();
      await drop();
    }
  });
});

describe('the access line of a webhook address (0175)', () => {
  it('names the address with its source redacted: a webhook address is its own credential', async () => {
    const t = await startApp({ ...TRIGGER_ENV, LOG_LEVEL: 'info' }, { captureLogs: true });
    const rx = await new Receiver().start();
    try {
      const { key } = await t.tenant();
      const enabled = await t.post('/api/v1/triggers/enable', key, {
        integrationName: 'webhook',
        triggerName: 'catch_webhook',
        workspaceId: (await t.workspace(key)).id,
        callbackUrl: rx.url('/cb'),
      });
      assert.equal(enabled.status, 201, enabled.text);
      const source = enabled.body.triggerSource as { id: string; webhookUrl: string };
      const posted = await postEvent(t, source.webhookUrl, { n: 1 });
      assert.equal(posted.status, 200, posted.text);
      const lines = t.logs
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      const access = lines.filter((l) => l.msg === 'request completed' && l.reqId === posted.headers['x-request-id']);
      assert.equal(access.length, 1);
      assert.deepEqual(access[0]!.req, { method: 'POST', url: '/api/v1/webhooks/webhook/[REDACTED]' });
      assert.ok(!t.logs.join('').includes(source.id), 'the source id is never logged');
    } finally {
      await t.close();
      await rx.close();
    }
  });
});

describe('metrics', () => {
  it('serves Prometheus metrics to the operator only, labelled by route pattern', async () => {
    const t = await startApp();
    try {
      const { key } = await t.tenant();
      const ws = await t.workspace(key);
      await t.get(`/api/v1/workspaces/${ws.id}`, key);
      assert.equal((await t.get('/metrics')).status, 401);
      assert.equal((await t.get('/metrics', key)).status, 401);
      const res = await t.request('GET', '/metrics', { key: 'test-operator-token-0123456789' });
      assert.equal(res.status, 200);
      assert.match(res.text, /switchboard_http_requests_total\{method="GET",route="\/api\/v1\/workspaces\/:id",status="200"\} 1/);
      assert.ok(!res.text.includes(ws.id), 'no raw ids in labels');
      assert.match(res.text, /switchboard_process_cpu_seconds_total/);
    } finally {
      await t.close();
    }
  });
});
