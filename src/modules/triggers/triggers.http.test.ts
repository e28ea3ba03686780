import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { randomBytes } from 'node:crypto';
import { verifySignature } from '../../platform/delivery/signing.js';
import { rotateSecrets, SecretBox } from '../../platform/secrets.js';
import { triggerSources, webhookDeliveries, webhookSigningSecrets } from '../../platform/db/schema.js';
import { startApp, type TestApp } from '../../../test/harness.js';
import { Receiver } from '../../../test/receiver.js';
import { eventsWhen, firstArrivals, pathOf, postEvent, registerFixture, TRIGGER_ENV } from '../../../test/triggers.js';

/** WEBHOOK triggers with the shipped webhook piece (catch_webhook), and everything around a source's life. */
describe('triggers: webhook sources, delivery, history, disable, shapes and errors', () => {
  let t: TestApp;
  let rx: Receiver;
  before(async () => {
    t = await startApp(TRIGGER_ENV);
    await registerFixture(t.app, 'piece-poller');
    rx = await new Receiver().start();
  });
  after(async () => {
    await t.close();
    await rx.close();
  });

  async function setup(plan = 'enterprise') {
    const { key, orgId } = await t.tenant(plan);
    const ws = (await t.workspace(key)).id;
    return { key, orgId, ws };
  }
  const catchHook = (ws: string, path: string, extra: Record<string, unknown> = {}) => ({
    integrationName: 'webhook',
    triggerName: 'catch_webhook',
    workspaceId: ws,
    callbackUrl: rx.url(path),
    ...extra,
  });

  it('enables catch_webhook, stores the event before answering, and delivers it with headers and metadata', async () => {
    const { key, orgId, ws } = await setup();
    const res = await t.post(
      '/api/v1/triggers/enable',
      key,
      catchHook(ws, '/cb/basic', {
        callbackHeaders: { Authorization: 'Bearer receiver-secret-123' },
        callbackMetadata: { tenant: 'acme', n: 1 },
      }),
    );
    assert.equal(res.status, 201, res.text);
    const src = res.body.triggerSource;
    assert.deepEqual(
      Object.keys(src).sort(),
      [
        'callbackMetadata',
        'callbackUrl',
        'connectionId',
        'createdAt',
        'disabledAt',
        'id',
        'integrationAlias',
        'integrationName',
        'lastDelivery',
        'lastError',
        'orgId',
        'pollingIntervalMinutes',
        'simulate',
        'status',
        'triggerName',
        'triggerType',
        'webhookUrl',
        'workspaceId',
        'workspaceIntegrationId',
      ].sort(),
    );
    assert.equal(src.triggerType, 'WEBHOOK');
    assert.equal(src.webhookUrl, `http://switchboard.test/api/v1/webhooks/webhook/${src.id}`);
    assert.equal(src.integrationAlias, 'webhook');
    assert.equal(src.workspaceIntegrationId, null);
    assert.equal(src.status, 'ACTIVE');
    assert.equal(src.simulate, false);
    assert.equal(src.orgId, orgId);
    assert.equal(src.lastDelivery, null);
    assert.equal(src.pollingIntervalMinutes, null);
    assert.ok(!res.text.includes('receiver-secret-123'), 'callback headers are never returned');
    assert.ok(!(await t.dumpDatabase()).includes('receiver-secret-123'), 'and stored encrypted');

    const inbound = await postEvent(t, `${src.webhookUrl}?from=test`, { order: 1, items: ['a'] }, { 'x-vendor': 'v1' });
    assert.equal(inbound.status, 200, inbound.text);
    assert.deepEqual(inbound.body, { received: true });
    // Stored before the answer: the event and its delivery exist now.
    const stored = await t.get(`/api/v1/triggers/${src.id}/events`, key);
    assert.equal(stored.body.total, 1);
    const [got] = await rx.waitFor(() => rx.to('/cb/basic').length === 1 && rx.to('/cb/basic'), 10_000, 'the callback');
    const body = got!.json;
    assert.deepEqual(Object.keys(body).sort(), [
      'data',
      'eventId',
      'integrationName',
      'metadata',
      'timestamp',
      'triggerName',
      'triggerSourceId',
    ]);
    assert.equal(body.triggerSourceId, src.id);
    assert.equal(body.integrationName, 'webhook');
    assert.equal(body.triggerName, 'catch_webhook');
    assert.deepEqual(body.metadata, { tenant: 'acme', n: 1 });
    assert.deepEqual(body.data.body, { order: 1, items: ['a'] });
    assert.deepEqual(body.data.queryParams, { from: 'test' });
    assert.equal(body.data.headers['x-vendor'], 'v1');
    assert.ok(Date.parse(body.timestamp) > 0);
    assert.equal(got!.headers.authorization, 'Bearer receiver-secret-123');
    assert.equal(got!.headers['x-service-delivery'], body.eventId, 'the delivery id is the eventId');
    assert.equal(got!.headers['x-service-attempt'], '1');
    assert.equal(got!.headers['x-service-event'], 'trigger.event');

    const events = await eventsWhen(t, key, src.id, (e) => e[0]?.status === 'delivered', 'delivered');
    assert.equal(events[0].eventId, body.eventId);
    assert.equal(events[0].sequence, 1);
    assert.equal(events[0].origin, 'webhook');
    assert.equal(events[0].history.at(-1).statusCode, 200);
    assert.equal(events[0].attempts, events[0].history.length);
    const list = await t.get(`/api/v1/triggers?workspaceId=${ws}`, key);
    assert.equal(list.status, 200);
    assert.equal(list.body.total, 1);
    assert.ok(Date.parse(list.body.triggers[0].lastDelivery) > 0, 'lastDelivery in list responses');
    const [row] = await t.db.orm.select().from(triggerSources).where(eq(triggerSources.id, src.id));
    assert.equal(row!.eventCount, 1);
  });

  it('delivers in order per source; a failing receiver holds up only its own source', async () => {
    const { key, ws } = await setup();
    let failing = true;
    rx.respond = (r) => (r.path === '/cb/slow' && failing ? { status: 500 } : { status: 200 });
    const a = (await t.post('/api/v1/triggers/enable', key, catchHook(ws, '/cb/slow'))).body.triggerSource;
    const b = (await t.post('/api/v1/triggers/enable', key, catchHook(ws, '/cb/fast'))).body.triggerSource;
    for (let i = 1; i <= 4; i++) {
      assert.equal((await postEvent(t, a.webhookUrl, { i })).status, 200);
      assert.equal((await postEvent(t, b.webhookUrl, { i })).status, 200);
    }
    // The healthy source is delivered, in order, while the other one's receiver keeps failing.
    await rx.waitFor(() => firstArrivals(rx.to('/cb/fast')).length === 4, 10_000, 'the healthy source');
    assert.deepEqual(
      firstArrivals(rx.to('/cb/fast')).map((r) => r.json.data.body.i),
      [1, 2, 3, 4],
    );
    assert.ok(rx.to('/cb/slow').length >= 1 && rx.to('/cb/slow')[0]!.json.data.body.i === 1);
    failing = false;
    const events = await eventsWhen(
      t,
      key,
      a.id,
      (e) => e.length === 4 && e.every((x) => x.status === 'delivered' || x.status === 'dead'),
      'the failing source to settle',
    );
    // In order: an event was first tried only after the one before it was delivered or dead-lettered.
    const bySeq = [...events].sort((x, y) => x.sequence - y.sequence);
    for (let k = 1; k < bySeq.length; k++) {
      const before = bySeq[k - 1];
      assert.ok(
        Date.parse(bySeq[k].history[0].startedAt) >= Date.parse(before.deliveredAt ?? before.deadAt),
        `event ${k + 1} waited for event ${k}`,
      );
    }
    assert.deepEqual(
      firstArrivals(rx.to('/cb/slow')).map((r) => r.json.data.body.i),
      [1, 2, 3, 4],
    );
    assert.equal(bySeq.at(-1).status, 'delivered');
    rx.respond = () => ({ status: 200 });
  });

  it('retries after 500s and a timeout, dead-letters, and redelivers on request', async () => {
    const { key, ws } = await setup();
    let healthy = false;
    rx.respond = (r) => {
      if (r.path !== '/cb/flaky') return { status: 200 };
      if (healthy) return { status: 202 };
      return rx.to('/cb/flaky').length === 2 ? { hang: true } : { status: 500 };
    };
    const src = (await t.post('/api/v1/triggers/enable', key, catchHook(ws, '/cb/flaky'))).body.triggerSource;
    await postEvent(t, src.webhookUrl, { important: true });
    const [dead] = await eventsWhen(t, key, src.id, (e) => e[0]?.status === 'dead', 'the dead letter');
    assert.equal(dead.attempts, 4);
    assert.equal(dead.maxAttempts, 4);
    assert.deepEqual(
      dead.history.map((h: any) => h.statusCode),
      [500, null, 500, 500],
    );
    assert.match(dead.history[1].error, /timed out/);
    assert.ok(dead.deadAt);
    const filtered = await t.get(`/api/v1/triggers/${src.id}/events?status=dead`, key);
    assert.equal(filtered.body.total, 1);
    assert.equal((await t.get(`/api/v1/triggers/${src.id}/events?status=delivered`, key)).body.total, 0);

    healthy = true;
    const again = await t.post(`/api/v1/triggers/${src.id}/events/${dead.eventId}/redeliver`, key);
    assert.equal(again.status, 200, again.text);
    assert.equal(again.body.event.eventId, dead.eventId);
    assert.ok(['pending', 'sending', 'delivered'].includes(again.body.event.status));
    const [done] = await eventsWhen(t, key, src.id, (e) => e[0]?.status === 'delivered', 'the replay');
    assert.equal(done.attempts, 5);
    const attempts = rx.to('/cb/flaky');
    assert.deepEqual(
      attempts.map((r) => r.headers['x-service-attempt']),
      ['1', '2', '3', '4', '5'],
    );
    assert.equal(new Set(attempts.map((r) => r.json.eventId)).size, 1, 'the same eventId on every attempt and the replay');
    rx.respond = () => ({ status: 200 });
  });

  it('delivers nothing after disable answers, refuses new events, and is idempotent', async () => {
    const { key, ws } = await setup();
    rx.respond = (r) => (r.path === '/cb/disable' ? { status: 200, delayMs: 150 } : { status: 200 });
    const src = (await t.post('/api/v1/triggers/enable', key, catchHook(ws, '/cb/disable'))).body.triggerSource;
    for (let i = 1; i <= 6; i++) assert.equal((await postEvent(t, src.webhookUrl, { i })).status, 200);
    await rx.waitFor(() => rx.to('/cb/disable').length >= 1, 10_000, 'the first delivery to start');
    const off = await t.post('/api/v1/triggers/disable', key, { triggerSourceId: src.id });
    assert.equal(off.status, 200, off.text);
    assert.deepEqual(off.body, { disabled: true, triggerSourceId: src.id });
    const seenAtDisable = rx.to('/cb/disable').length;
    assert.ok(seenAtDisable < 6, 'the disable came while events were still queued');

    const events = (await t.get(`/api/v1/triggers/${src.id}/events?limit=100`, key)).body.events as any[];
    assert.ok(
      events.every((e) => e.status === 'delivered' || e.status === 'canceled'),
      JSON.stringify(events.map((e) => e.status)),
    );
    assert.ok(
      events.every((e) => e.history.every((h: any) => h.finishedAt !== null)),
      'no attempt still in flight',
    );
    assert.equal(events.filter((e) => e.status === 'canceled').length, 6 - events.filter((e) => e.status === 'delivered').length);

    const late = await postEvent(t, src.webhookUrl, { late: true });
    assert.equal(late.status, 410);
    assert.equal(late.body.error, 'TRIGGER_DISABLED');
    const again = await t.post('/api/v1/triggers/disable', key, { triggerSourceId: src.id });
    assert.deepEqual(again.body, { disabled: true, triggerSourceId: src.id });
    const canceled = events.find((e) => e.status === 'canceled');
    const replay = await t.post(`/api/v1/triggers/${src.id}/events/${canceled.eventId}/redeliver`, key);
    assert.equal(replay.status, 410);
    assert.equal(replay.body.error, 'TRIGGER_DISABLED');

    // A barrier: another source's event goes through the same dispatchers after the disable.
    const other = (await t.post('/api/v1/triggers/enable', key, catchHook(ws, '/cb/barrier'))).body.triggerSource;
    await postEvent(t, other.webhookUrl, { barrier: true });
    await rx.waitFor(() => rx.to('/cb/barrier').length === 1, 10_000, 'the barrier event');
    assert.equal(rx.to('/cb/disable').length, seenAtDisable, 'nothing of the disabled source arrived after the disable');

    assert.equal(
      (await t.get(`/api/v1/triggers?workspaceId=${ws}`, key)).body.total,
      1,
      'disabled sources are not listed by default',
    );
    const all = await t.get(`/api/v1/triggers?workspaceId=${ws}&includeDisabled=true`, key);
    assert.equal(all.body.total, 2);
    const disabled = all.body.triggers.find((s: any) => s.id === src.id);
    assert.equal(disabled.status, 'DISABLED');
    assert.ok(disabled.disabledAt);
    rx.respond = () => ({ status: 200 });
  });

  it('signs callbacks with the organization secret', async () => {
    const { key, ws } = await setup();
    const secret = (await t.post('/api/v1/webhook-signing-secret/rotate', key)).body.secret as string;
    const src = (await t.post('/api/v1/triggers/enable', key, catchHook(ws, '/cb/signed'))).body.triggerSource;
    await postEvent(t, src.webhookUrl, { signed: true });
    const [got] = await rx.waitFor(() => rx.to('/cb/signed').length === 1 && rx.to('/cb/signed'), 10_000, 'the signed callback');
    assert.ok(verifySignature(secret, got!.headers['x-service-signature']!, got!.body));
    assert.equal(got!.headers['x-service-signature']!.split(',')[0], `t=${got!.headers['x-service-timestamp']}`);
  });

  it('simulate: no provider, no connection; the sample data and posted test events are delivered', async () => {
    const { key, ws } = await setup();
    const res = await t.post('/api/v1/triggers/enable', key, {
      integrationName: 'poller',
      triggerName: 'new_item',
      workspaceId: ws,
      callbackUrl: rx.url('/cb/sim'),
      input: { baseUrl: 'http://127.0.0.1:9/never-called' },
      simulate: true,
    });
    assert.equal(res.status, 201, res.text);
    const src = res.body.triggerSource;
    assert.equal(src.simulate, true);
    assert.equal(src.triggerType, 'POLLING');
    assert.equal(src.connectionId, null);
    assert.ok(src.webhookUrl, 'a simulated source takes test events at its webhookUrl');
    const [sample] = await rx.waitFor(() => rx.to('/cb/sim').length === 1 && rx.to('/cb/sim'), 10_000, 'the sample');
    assert.deepEqual(sample!.json.data, { id: 'sample-1', title: 'A sample item', createdAt: '2026-01-01T00:00:00.000Z' });
    assert.equal((await postEvent(t, src.webhookUrl, { custom: 'test event' })).status, 200);
    await rx.waitFor(() => rx.to('/cb/sim').length === 2, 10_000, 'the posted test event');
    assert.deepEqual(rx.to('/cb/sim')[1]!.json.data, { custom: 'test event' });
    const events = await eventsWhen(t, key, src.id, (e) => e.length === 2, 'two events');
    assert.deepEqual(
      events.map((e) => e.origin),
      ['test', 'sample'],
    );
  });

  it('answers the earlier shapes: pieceName/projectId/webhookUrl, status ACTIVE, the payload envelope, {data}, disable by triggerId', async () => {
    const { key, ws } = await setup();
    const res = await t.post('/api/v1/triggers/enable', key, {
      pieceName: 'webhook',
      triggerName: 'catch_webhook',
      input: {},
      webhookUrl: rx.url('/cb/earlier'),
      projectId: ws,
    });
    assert.equal(res.status, 201, res.text);
    assert.deepEqual(Object.keys(res.body).sort(), [
      'connectionId',
      'createdAt',
      'id',
      'pieceName',
      'projectId',
      'status',
      'triggerName',
      'webhookUrl',
    ]);
    assert.equal(res.body.status, 'ACTIVE');
    assert.equal(res.body.pieceName, 'webhook');
    assert.equal(res.body.webhookUrl, rx.url('/cb/earlier'));
    assert.equal(res.body.projectId, ws);
    assert.equal(res.body.connectionId, null);
    const id = res.body.id as string;
    const current = (await t.get(`/api/v1/triggers?workspaceId=${ws}`, key)).body.triggers[0];
    assert.equal(current.id, id);
    assert.equal((await postEvent(t, current.webhookUrl, { legacy: 1 })).status, 200);
    const [got] = await rx.waitFor(
      () => rx.to('/cb/earlier').length === 1 && rx.to('/cb/earlier'),
      10_000,
      'the earlier envelope',
    );
    assert.deepEqual(Object.keys(got!.json).sort(), ['payload', 'pieceName', 'timestamp', 'triggerId', 'triggerName']);
    assert.equal(got!.json.triggerId, id);
    assert.equal(got!.json.pieceName, 'webhook');
    assert.deepEqual(got!.json.payload.body, { legacy: 1 });
    const list = await t.get(`/api/v1/triggers?projectId=${ws}`, key);
    assert.equal(list.status, 200);
    assert.deepEqual(
      list.body.data.map((r: any) => r.id),
      [id],
    );
    assert.equal(list.body.data[0].status, 'ACTIVE');
    const off = await t.post('/api/v1/triggers/disable', key, { triggerId: id });
    assert.deepEqual(off.body, { success: true });
    const missingInput = await t.post('/api/v1/triggers/enable', key, {
      pieceName: 'webhook',
      triggerName: 'catch_webhook',
      webhookUrl: rx.url('/x'),
      projectId: ws,
    });
    assert.equal(missingInput.status, 400);
    assert.equal(missingInput.body.error, 'VALIDATION_ERROR');
    assert.match(missingInput.body.message, /input/);
  });

  it('answers every error of the trigger endpoints', async () => {
    const { key, ws } = await setup();
    const expect = async (res: Promise<any>, status: number, code: string, match?: RegExp) => {
      const r = await res;
      assert.equal(r.status, status, r.text);
      assert.equal(r.body.error, code, r.text);
      if (match) assert.match(r.body.message, match);
      return r;
    };
    const enable = (body: Record<string, unknown>) => t.post('/api/v1/triggers/enable', key, body);
    const base = catchHook(ws, '/cb/never');
    for (const field of ['integrationName', 'triggerName', 'callbackUrl', 'workspaceId']) {
      const body: Record<string, unknown> = { ...base };
      delete body[field];
      await expect(enable(body), 400, 'VALIDATION_ERROR', new RegExp(field));
    }
    await expect(enable({ ...base, callbackUrl: 'not a url' }), 400, 'VALIDATION_ERROR', /callbackUrl/);
    await expect(enable({ ...base, callbackUrl: 'ftp://example.com/x' }), 400, 'VALIDATION_ERROR', /callbackUrl/);
    await expect(enable({ ...base, callbackUrl: 'http://10.0.0.7/hook' }), 400, 'VALIDATION_ERROR', /callbackUrl.*private/);
    await expect(
      enable({ ...base, callbackHeaders: { 'X-Service-Signature': 'forged' } }),
      400,
      'VALIDATION_ERROR',
      /callbackHeaders/,
    );
    await expect(enable({ ...base, callbackHeaders: { 'bad header': 'x' } }), 400, 'VALIDATION_ERROR', /callbackHeaders/);
    await expect(enable({ ...base, workspaceId: 'nope' }), 400, 'VALIDATION_ERROR', /workspaceId/);
    await expect(enable({ ...base, workspaceId: '00000000-0000-4000-8000-000000000000' }), 404, 'NOT_FOUND');
    await expect(enable({ ...base, integrationName: 'no-such-integration' }), 404, 'INTEGRATION_NOT_FOUND');
    await expect(enable({ ...base, triggerName: 'no_such_trigger' }), 404, 'TRIGGER_NOT_FOUND');
    await expect(enable({ ...base, pollingIntervalMinutes: 0 }), 400, 'VALIDATION_ERROR', /pollingIntervalMinutes/);
    await expect(enable({ ...base, pollingIntervalMinutes: 1441 }), 400, 'VALIDATION_ERROR', /pollingIntervalMinutes/);
    await expect(enable({ ...base, input: { authType: 'bogus' } }), 400, 'VALIDATION_ERROR', /input\.authType/);
    const polling = {
      integrationName: 'poller',
      triggerName: 'new_item',
      workspaceId: ws,
      callbackUrl: rx.url('/cb/never'),
      input: { baseUrl: 'http://127.0.0.1:9' },
    };
    await expect(enable(polling), 400, 'CONNECTION_REQUIRED');
    await expect(enable({ ...polling, simulate: true, input: {} }), 400, 'VALIDATION_ERROR', /input\.baseUrl/);

    // The plan minimum: free polls at most every 15 minutes.
    const free = await setup('free');
    const tooShort = await t.post('/api/v1/triggers/enable', free.key, {
      ...polling,
      workspaceId: free.ws,
      pollingIntervalMinutes: 5,
      simulate: true,
    });
    assert.equal(tooShort.status, 403);
    assert.equal(tooShort.body.error, 'POLLING_INTERVAL_TOO_SHORT');
    assert.equal(tooShort.body.minimum, 15);
    assert.match(tooShort.body.message, /15/);
    const byDefault = await t.post('/api/v1/triggers/enable', free.key, { ...polling, workspaceId: free.ws, simulate: true });
    assert.equal(byDefault.status, 201, byDefault.text);
    assert.equal(byDefault.body.triggerSource.pollingIntervalMinutes, 15);
    const fine = await t.post('/api/v1/triggers/enable', free.key, {
      ...polling,
      workspaceId: free.ws,
      simulate: true,
      pollingIntervalMinutes: 30,
    });
    assert.equal(fine.body.triggerSource.pollingIntervalMinutes, 30);

    await expect(t.post('/api/v1/triggers/enable', key), 400, 'VALIDATION_ERROR', /integrationName|triggerName|callbackUrl/);
    await expect(t.post('/api/v1/triggers/disable', key, {}), 400, 'MISSING_ID');
    await expect(t.post('/api/v1/triggers/disable', key), 400, 'MISSING_ID');
    await expect(t.post('/api/v1/triggers/disable', key, { triggerSourceId: 'x' }), 400, 'VALIDATION_ERROR');
    await expect(
      t.post('/api/v1/triggers/disable', key, { triggerSourceId: '00000000-0000-4000-8000-000000000000' }),
      404,
      'NOT_FOUND',
    );

    await expect(t.post('/api/v1/triggers/test', key, {}), 400, 'MISSING_FIELDS', /integrationName, triggerName/);
    await expect(t.post('/api/v1/triggers/test', key, { integrationName: 'webhook' }), 400, 'MISSING_FIELDS', /triggerName/);
    await expect(
      t.post('/api/v1/triggers/test', key, { integrationName: 'nope', triggerName: 'x' }),
      404,
      'INTEGRATION_NOT_FOUND',
    );
    await expect(
      t.post('/api/v1/triggers/test', key, { integrationName: 'webhook', triggerName: 'x' }),
      404,
      'TRIGGER_NOT_FOUND',
    );
    const sample = await t.post('/api/v1/triggers/test', key, { integrationName: 'poller', triggerName: 'new_item' });
    assert.equal(sample.status, 200);
    assert.deepEqual(sample.body, {
      sampleData: { id: 'sample-1', title: 'A sample item', createdAt: '2026-01-01T00:00:00.000Z' },
    });
    assert.deepEqual((await t.post('/api/v1/triggers/test', key, { pieceName: 'webhook', triggerName: 'catch_webhook' })).body, {
      sampleData: {},
    });

    const missingSource = '00000000-0000-4000-8000-000000000000';
    await expect(t.get(`/api/v1/triggers/${missingSource}/events`, key), 404, 'NOT_FOUND');
    const src = (await enable(base)).body.triggerSource;
    await expect(t.post(`/api/v1/triggers/${src.id}/events/${missingSource}/redeliver`, key), 404, 'NOT_FOUND');
    await expect(t.get(`/api/v1/triggers/${src.id}/events?limit=101`, key), 400, 'VALIDATION_ERROR');
    await expect(t.get(`/api/v1/triggers/${src.id}/events?status=lost`, key), 400, 'VALIDATION_ERROR');
    await expect(t.get('/api/v1/triggers?limit=0', key), 400, 'VALIDATION_ERROR');
    // Inbound addresses that do not exist.
    await expect(postEvent(t, `http://x/api/v1/webhooks/webhook/${missingSource}`, {}), 404, 'NOT_FOUND');
    await expect(postEvent(t, `http://x/api/v1/webhooks/other/${src.id}`, {}), 404, 'NOT_FOUND');
    await expect(postEvent(t, 'http://x/api/v1/webhooks/webhook/not-a-uuid', {}), 404, 'NOT_FOUND');
    const badJson = await t.request('POST', pathOf(src.webhookUrl), {
      raw: '{oops',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(badJson.status, 400);
    // Other content types reach the trigger as they came.
    const form = await t.request('POST', pathOf(src.webhookUrl), {
      raw: 'a=1&b=two',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(form.status, 200);
    const text = await t.request('PUT', pathOf(src.webhookUrl), {
      raw: 'plain words',
      headers: { 'content-type': 'text/plain' },
    });
    assert.equal(text.status, 200);
    const got = await t.request('GET', `${pathOf(src.webhookUrl)}?q=1`);
    assert.equal(got.status, 200);
    const events = await eventsWhen(t, key, src.id, (e) => e.length === 3, 'three inbound events');
    assert.equal(events.length, 3);
    const bodies = (await t.db.orm.select().from(webhookDeliveries).where(eq(webhookDeliveries.streamKey, src.id))).map(
      (d) => JSON.parse(d.body).data,
    );
    assert.ok(bodies.some((d) => d.body.a === '1' && d.body.b === 'two'));
    assert.ok(bodies.some((d) => d.body === 'plain words' && d.method === 'PUT'));
    assert.ok(bodies.some((d) => d.method === 'GET' && d.queryParams.q === '1'));
  });

  it('goes with its workspace: sources, events and what was not yet delivered', async () => {
    const { key, ws } = await setup();
    rx.respond = (r) => (r.path === '/cb/gone' ? { status: 500 } : { status: 200 });
    const src = (await t.post('/api/v1/triggers/enable', key, catchHook(ws, '/cb/gone'))).body.triggerSource;
    await postEvent(t, src.webhookUrl, { n: 1 });
    await postEvent(t, src.webhookUrl, { n: 2 });
    await rx.waitFor(() => rx.to('/cb/gone').length >= 1, 10_000, 'a first attempt');
    assert.equal((await t.delete(`/api/v1/workspaces/${ws}`, key)).status, 200);
    assert.equal((await t.db.orm.select().from(triggerSources).where(eq(triggerSources.id, src.id))).length, 0);
    assert.equal(
      (await t.db.orm.select().from(webhookDeliveries).where(eq(webhookDeliveries.streamKey, src.id))).length,
      0,
      'no delivery outlives its source',
    );
    assert.equal((await postEvent(t, src.webhookUrl, { n: 3 })).status, 404);
    rx.respond = () => ({ status: 200 });
  });

  it('never answers 5xx to whatever a third party sends', async () => {
    const { key, ws } = await setup();
    const live = (await t.post('/api/v1/triggers/enable', key, catchHook(ws, '/cb/fuzz'))).body.triggerSource;
    const sim = (await t.post('/api/v1/triggers/enable', key, catchHook(ws, '/cb/fuzz', { simulate: true }))).body.triggerSource;
    const request = fc.record({
      target: fc.constantFrom(
        live.webhookUrl as string,
        sim.webhookUrl as string,
        `${live.webhookUrl as string}x`,
        'http://x/api/v1/webhooks/webhook',
      ),
      method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE'),
      contentType: fc.constantFrom(
        'application/json',
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/octet-stream',
        'multipart/form-data',
        '',
      ),
      body: fc.oneof(
        fc.string({ maxLength: 200 }),
        fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v) ?? 'null'),
      ),
      query: fc.constantFrom('', '?a=1', '?a=1&a=2', '?%zz'),
    });
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const res = await t.request(r.method, pathOf(r.target) + r.query, {
          ...(r.method === 'GET' ? {} : { raw: r.body }),
          headers: r.contentType ? { 'content-type': r.contentType } : {},
        });
        assert.ok(
          res.status < 500,
          `${r.method} ${r.target}${r.query} ${r.contentType} ${r.body.slice(0, 80)} -> ${res.status} ${res.text}`,
        );
      }),
      { seed: 20261123, numRuns: 60 },
    );
  });

  it('isolates tenants and workspace-scoped keys', async () => {
    const a = await setup();
    const b = await setup();
    const other = (await t.workspace(a.key)).id;
    const src = (await t.post('/api/v1/triggers/enable', a.key, catchHook(a.ws, '/cb/iso'))).body.triggerSource;
    await postEvent(t, src.webhookUrl, { iso: 1 });
    const [event] = await eventsWhen(t, a.key, src.id, (e) => e.length === 1, 'one event');
    for (const res of [
      await t.post('/api/v1/triggers/enable', b.key, catchHook(a.ws, '/cb/iso')),
      await t.post('/api/v1/triggers/disable', b.key, { triggerSourceId: src.id }),
      await t.get(`/api/v1/triggers?workspaceId=${a.ws}`, b.key),
      await t.get(`/api/v1/triggers/${src.id}/events`, b.key),
      await t.post(`/api/v1/triggers/${src.id}/events/${event.eventId}/redeliver`, b.key),
    ]) {
      assert.equal(res.status, 404, res.text);
    }
    assert.equal((await t.get('/api/v1/triggers', b.key)).body.total, 0, "another organization's list does not show it");
    const scoped = await t.scopedKey(a.key, [other]);
    for (const res of [
      await t.post('/api/v1/triggers/enable', scoped, catchHook(a.ws, '/cb/iso')),
      await t.post('/api/v1/triggers/disable', scoped, { triggerSourceId: src.id }),
      await t.get(`/api/v1/triggers?workspaceId=${a.ws}`, scoped),
      await t.get(`/api/v1/triggers/${src.id}/events`, scoped),
      await t.post(`/api/v1/triggers/${src.id}/events/${event.eventId}/redeliver`, scoped),
    ]) {
      assert.equal(res.status, 403, res.text);
      assert.equal(res.body.error, 'SCOPE_DENIED');
    }
    assert.equal((await t.get('/api/v1/triggers', scoped)).body.total, 0, 'a scoped key lists only its workspaces');
    const inside = await t.scopedKey(a.key, [a.ws]);
    assert.equal((await t.get('/api/v1/triggers', inside)).body.total, 1);
    assert.equal((await t.get(`/api/v1/triggers/${src.id}/events`, inside)).status, 200);
    // The source is still active after all that.
    const [row] = await t.db.orm.select().from(triggerSources).where(eq(triggerSources.id, src.id));
    assert.equal(row!.status, 'ACTIVE');
  });

  // Last: it re-seals every secret of the database under a key this app does not have.
  it('key rotation re-seals callback headers, input, state, delivery headers and signing secrets', async () => {
    const { key, orgId, ws } = await setup();
    await t.post('/api/v1/webhook-signing-secret/rotate', key);
    const src = (
      await t.post(
        '/api/v1/triggers/enable',
        key,
        catchHook(ws, '/cb/rotate', { callbackHeaders: { 'X-Receiver-Token': 'rotate-me-123' } }),
      )
    ).body.triggerSource;
    await postEvent(t, src.webhookUrl, { rotate: true });
    await eventsWhen(t, key, src.id, (e) => e[0]?.status === 'delivered', 'the event');
    const newKey = randomBytes(32);
    const done = await rotateSecrets(t.db, SecretBox.fromKeys(newKey, [t.config.encryptionKey!]));
    assert.ok(
      (done.trigger_sources ?? 0) >= 3 && (done.webhook_deliveries ?? 0) >= 1 && (done.webhook_signing_secrets ?? 0) >= 1,
      JSON.stringify(done),
    );
    const box = SecretBox.fromKeys(newKey);
    const [row] = await t.db.orm.select().from(triggerSources).where(eq(triggerSources.id, src.id));
    assert.deepEqual(box.open('trigger_headers', src.id, row!.callbackHeaders), { 'X-Receiver-Token': 'rotate-me-123' });
    assert.equal(box.open<Record<string, unknown>>('trigger_input', src.id, row!.input).authType, 'none');
    assert.deepEqual(box.open('trigger_state', src.id, row!.state), {});
    const [delivery] = await t.db.orm.select().from(webhookDeliveries).where(eq(webhookDeliveries.streamKey, src.id));
    assert.deepEqual(box.open('delivery_headers', delivery!.id, delivery!.headers), {
      'X-Receiver-Token': 'rotate-me-123',
      'X-Service-Event': 'trigger.event',
    });
    const [secret] = await t.db.orm.select().from(webhookSigningSecrets).where(eq(webhookSigningSecrets.orgId, orgId));
    assert.match(box.open<string>('webhook_signing_secret', secret!.id, secret!.secret), /^whsec_/);
  });
});
