import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { randomBytes } from 'node:crypto';
import { rotateSecrets, SecretBox } from '../../platform/secrets.js';
import { triggerSources, webhookDeliveries, webhookSigningSecrets } from '../../platform/db/schema.js';
import type { TestApp } from '../../../test/harness.js';
import type { Receiver } from '../../../test/receiver.js';
import { eventsWhen, pathOf, postEvent } from '../../../test/triggers.js';
import { webhookSourcesWorld } from './triggers.fixtures.js';

/** WEBHOOK triggers with the shipped webhook piece (catch_webhook): earlier shapes, errors, workspaces, tenancy, key rotation. */
describe('triggers: webhook sources, shapes, errors, tenancy and key rotation', () => {
  let t: TestApp;
  let rx: Receiver;
  const world = webhookSourcesWorld();
  const { setup, catchHook } = world;
  before(async () => {
    await world.start();
    ({ t, rx } = world);
  });
  after(async () => world.close());

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
