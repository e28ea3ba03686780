import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq, inArray } from 'drizzle-orm';
import { triggerSources, webhookDeliveries, webhookDeliveryAttempts } from '../../platform/db/schema.js';
import type { TestApp } from '../../../test/harness.js';
import type { Receiver } from '../../../test/receiver.js';
import { eventsWhen, postEvent } from '../../../test/triggers.js';
import { acmeWorld, webhookSourcesWorld } from './triggers.fixtures.js';

const pathOf = (url: string) => new URL(url).pathname;

/** Decision 0136: response excerpts, range replay, re-enable and test events. */
describe('triggers: operating a source (excerpts, range replay, re-enable, test events)', () => {
  let t: TestApp;
  let rx: Receiver;
  const world = webhookSourcesWorld();
  const { setup, catchHook } = world;
  before(async () => {
    await world.start();
    ({ t, rx } = world);
  });
  after(async () => world.close());

  it('keeps an excerpt of the receiver answer per attempt, and replays a time range of dead events in order', async () => {
    const { key, ws } = await setup();
    const long = `receiver down: ${'x'.repeat(2000)}`;
    rx.respond = (r) => (r.path === '/cb/range' ? { status: 500, body: { error: long } } : { status: 200 });
    const src = (await t.post('/api/v1/triggers/enable', key, catchHook(ws, '/cb/range'))).body.triggerSource;
    const from = new Date(Date.now() - 1000).toISOString();
    for (const n of [1, 2]) assert.equal((await postEvent(t, src.webhookUrl, { n })).status, 200);
    const dead = await eventsWhen(t, key, src.id, (e) => e.length === 2 && e.every((x) => x.status === 'dead'), 'dead');
    const attempt = dead[0].history[0];
    assert.equal(attempt.statusCode, 500);
    assert.equal(attempt.responseExcerpt.length, 500, 'at most 500 characters');
    assert.ok(attempt.responseExcerpt.startsWith('{"error":"receiver down: xxx'), attempt.responseExcerpt);
    const rows = await t.db.orm
      .select()
      .from(webhookDeliveryAttempts)
      .where(
        inArray(
          webhookDeliveryAttempts.deliveryId,
          dead.map((e) => e.eventId),
        ),
      );
    assert.ok(rows.length >= 2 && rows.every((r) => r.responseExcerpt?.startsWith('{"error":"receiver down')));

    // The dead-letter filter with the time range.
    const to = new Date(Date.now() + 1000).toISOString();
    const listed = await t.get(`/api/v1/triggers/${src.id}/events?status=dead&from=${from}&to=${to}`, key);
    assert.equal(listed.body.total, 2, listed.text);
    const later = await t.get(`/api/v1/triggers/${src.id}/events?from=${to}`, key);
    assert.equal(later.body.total, 0, 'nothing after the range');

    // Fixed receiver: the range replay sends both again, same ids, in order, once each.
    rx.respond = () => ({ status: 200 });
    const before = rx.to('/cb/range').length;
    const res = await t.post(`/api/v1/triggers/${src.id}/events/redeliver`, key, { from, to, status: 'dead' });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.redelivered, 2);
    const ids = [...dead].sort((a, b) => a.sequence - b.sequence).map((e) => e.eventId);
    assert.deepEqual(res.body.eventIds, ids);
    await eventsWhen(t, key, src.id, (e) => e.every((x) => x.status === 'delivered'), 'both delivered');
    const got = rx.to('/cb/range').slice(before);
    assert.deepEqual(
      got.map((r) => r.json.eventId),
      ids,
    );
    const stored = await t.db.orm.select().from(webhookDeliveries).where(inArray(webhookDeliveries.id, ids));
    assert.ok(stored.every((d) => d.status === 'delivered'));
    // Nothing dead is left: replaying the dead again re-arms none.
    const again = await t.post(`/api/v1/triggers/${src.id}/events/redeliver`, key, { from, to, status: 'dead' });
    assert.deepEqual(again.body, { redelivered: 0, eventIds: [] });

    for (const [body, field] of [
      [{ from: to, to: from }, 'from'],
      [{ from: 'yesterday', to }, 'from'],
      [{ from }, 'to'],
      [{ from, to, status: 'lost' }, 'status'],
    ] as const) {
      const bad = await t.post(`/api/v1/triggers/${src.id}/events/redeliver`, key, body);
      assert.equal(bad.status, 400, bad.text);
      assert.equal(bad.body.error, 'VALIDATION_ERROR');
      assert.ok(bad.text.includes(field), bad.text);
    }
    const badQuery = await t.get(`/api/v1/triggers/${src.id}/events?from=soon`, key);
    assert.equal(badQuery.status, 400);
    assert.equal(badQuery.body.error, 'VALIDATION_ERROR');

    await t.post('/api/v1/triggers/disable', key, { triggerSourceId: src.id });
    const off = await t.post(`/api/v1/triggers/${src.id}/events/redeliver`, key, { from, to });
    assert.equal(off.status, 410);
    assert.equal(off.body.error, 'TRIGGER_DISABLED');
  });

  it('enables a disabled source again: it takes and delivers events, and enabling an active one changes nothing', async () => {
    const { key, ws } = await setup();
    const src = (await t.post('/api/v1/triggers/enable', key, catchHook(ws, '/cb/again'))).body.triggerSource;
    await t.post('/api/v1/triggers/disable', key, { triggerSourceId: src.id });
    assert.equal((await postEvent(t, src.webhookUrl, { off: true })).status, 410, 'a disabled source takes nothing');
    const got = await t.get(`/api/v1/triggers/${src.id}`, key);
    assert.equal(got.status, 200, got.text);
    assert.equal(got.body.triggerSource.status, 'DISABLED');
    assert.ok(got.body.triggerSource.disabledAt);
    const res = await t.post(`/api/v1/triggers/${src.id}/enable`, key);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.triggerSource.status, 'ACTIVE');
    assert.equal(res.body.triggerSource.disabledAt, null);
    const [row] = await t.db.orm.select().from(triggerSources).where(eq(triggerSources.id, src.id));
    assert.equal(row!.status, 'ACTIVE');
    assert.equal(row!.disabledAt, null);
    assert.equal((await postEvent(t, src.webhookUrl, { on: true })).status, 200);
    await rx.waitFor(() => rx.to('/cb/again').some((r) => r.json.data.body?.on === true), 10_000, 'delivered again');
    const twice = await t.post(`/api/v1/triggers/${src.id}/enable`, key);
    assert.equal(twice.status, 200);
    assert.equal(twice.body.triggerSource.status, 'ACTIVE');
    const bad = await t.post('/api/v1/triggers/not-a-uuid/enable', key);
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error, 'VALIDATION_ERROR');
  });

  it('sends a test event with the sample data or the given data, recorded with origin test', async () => {
    const { key, ws } = await setup();
    const src = (await t.post('/api/v1/triggers/enable', key, catchHook(ws, '/cb/test-event', { simulate: true }))).body
      .triggerSource;
    const sample = await t.post(`/api/v1/triggers/${src.id}/test-event`, key);
    assert.equal(sample.status, 201, sample.text);
    assert.equal(sample.body.event.origin, 'test');
    const given = await t.post(`/api/v1/triggers/${src.id}/test-event`, key, { data: { hello: 'page' } });
    assert.equal(given.status, 201, given.text);
    const got = await rx.waitFor(
      () => rx.to('/cb/test-event').find((r) => r.json.eventId === given.body.event.eventId),
      10_000,
      'the test event',
    );
    assert.deepEqual(got.json.data, { hello: 'page' });
    const events = await eventsWhen(t, key, src.id, (e) => e.filter((x) => x.origin === 'test').length === 2, 'two tests');
    assert.ok(events.some((e) => e.eventId === sample.body.event.eventId));
    await t.post('/api/v1/triggers/disable', key, { triggerSourceId: src.id });
    const off = await t.post(`/api/v1/triggers/${src.id}/test-event`, key, {});
    assert.equal(off.status, 410);
    assert.equal(off.body.error, 'TRIGGER_DISABLED');
  });

  it("another organization's key gets 404 and a key of another workspace 403, and nothing changes", async () => {
    const a = await setup();
    const b = await setup();
    const other = (await t.workspace(a.key)).id;
    const src = (await t.post('/api/v1/triggers/enable', a.key, catchHook(a.ws, '/cb/iso-ops'))).body.triggerSource;
    await t.post('/api/v1/triggers/disable', a.key, { triggerSourceId: src.id });
    const range = { from: new Date(0).toISOString(), to: new Date().toISOString() };
    const calls = (key: string) => [
      t.get(`/api/v1/triggers/${src.id}`, key),
      t.post(`/api/v1/triggers/${src.id}/enable`, key),
      t.post(`/api/v1/triggers/${src.id}/events/redeliver`, key, range),
      t.post(`/api/v1/triggers/${src.id}/test-event`, key, {}),
    ];
    for (const res of await Promise.all(calls(b.key))) {
      assert.equal(res.status, 404, res.text);
      assert.equal(res.body.error, 'NOT_FOUND');
    }
    const scoped = await t.scopedKey(a.key, [other]);
    for (const res of await Promise.all(calls(scoped))) {
      assert.equal(res.status, 403, res.text);
      assert.equal(res.body.error, 'SCOPE_DENIED');
    }
    const [row] = await t.db.orm.select().from(triggerSources).where(eq(triggerSources.id, src.id));
    assert.equal(row!.status, 'DISABLED', 'still disabled');
  });
});

describe('triggers: enabling a registered source again', () => {
  const world = acmeWorld();
  before(async () => world.start());
  after(async () => world.close());

  it('registers with the provider again, and stays disabled when the provider refuses', async () => {
    const { t, acme, rx, key, ws } = world;
    const res = await t.post('/api/v1/triggers/enable', key, {
      integrationName: 'acme',
      triggerName: 'new_message',
      workspaceId: ws,
      callbackUrl: rx.url('/cb/re'),
      input: { baseUrl: acme.url },
    });
    assert.equal(res.status, 201, res.text);
    const src = res.body.triggerSource;
    const first = acme.registrations.at(-1)!;
    await t.post('/api/v1/triggers/disable', key, { triggerSourceId: src.id });
    assert.equal(acme.calls('DELETE', `/webhooks/${first.id}`).length, 1, 'unregistered on disable');

    acme.failRegistration = true;
    const refused = await t.post(`/api/v1/triggers/${src.id}/enable`, key);
    assert.equal(refused.status, 400, refused.text);
    assert.equal(refused.body.error, 'TRIGGER_ENABLE_FAILED');
    const [off] = await t.db.orm.select().from(triggerSources).where(eq(triggerSources.id, src.id));
    assert.equal(off!.status, 'DISABLED');

    acme.failRegistration = false;
    const again = await t.post(`/api/v1/triggers/${src.id}/enable`, key);
    assert.equal(again.status, 200, again.text);
    assert.equal(again.body.triggerSource.status, 'ACTIVE');
    const second = acme.registrations.at(-1)!;
    assert.notEqual(second.id, first.id, 'a new registration');
    // Calls signed with the new registration's token are taken; the old token is not.
    const sent = await t.request('POST', pathOf(src.webhookUrl), {
      body: { text: 'back' },
      headers: { 'x-acme-token': second.token },
    });
    assert.equal(sent.status, 200, sent.text);
    await rx.waitFor(() => rx.to('/cb/re').find((r) => r.json.data?.text === 'back'), 10_000, 'delivered');
  });
});
