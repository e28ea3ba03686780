import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { verifySignature } from '../../platform/delivery/signing.js';
import { triggerSources } from '../../platform/db/schema.js';
import type { TestApp } from '../../../test/harness.js';
import type { Receiver } from '../../../test/receiver.js';
import { eventsWhen, firstArrivals, postEvent } from '../../../test/triggers.js';
import { webhookSourcesWorld } from './triggers.fixtures.js';

/** WEBHOOK triggers with the shipped webhook piece (catch_webhook): delivery, retries, disable, signing, simulate. */
describe('triggers: webhook sources, delivery, retries, disable and simulate', () => {
  let t: TestApp;
  let rx: Receiver;
  const world = webhookSourcesWorld();
  const { setup, catchHook } = world;
  before(async () => {
    await world.start();
    ({ t, rx } = world);
  });
  after(async () => world.close());

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
        'consecutiveFailures',
        'createdAt',
        'disabledAt',
        'id',
        'integrationAlias',
        'integrationName',
        'lastDelivery',
        'lastError',
        'lastEventAt',
        'lastPolledAt',
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
});
