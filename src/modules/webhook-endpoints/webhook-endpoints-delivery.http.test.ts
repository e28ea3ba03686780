import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { verifySignature } from '../../platform/delivery/signing.js';
import { startApp, type TestApp } from '../../../test/harness.js';
import { eventually, Receiver } from '../../../test/receiver.js';
import { TRIGGER_ENV } from '../../../test/triggers.js';

/** Organization events reach subscribed, enabled endpoints signed; failures dead-letter and redeliver. */
describe('webhook endpoints: signed organization events, test events, dead letters and redeliver', () => {
  let t: TestApp;
  let rx: Receiver;
  before(async () => {
    t = await startApp(TRIGGER_ENV);
    rx = await new Receiver().start();
  });
  after(async () => {
    await t.close();
    await rx.close();
  });

  const endpoint = async (key: string, path: string, events: string[], extra: Record<string, unknown> = {}) => {
    const res = await t.post('/api/v1/webhook-endpoints', key, { url: rx.url(path), events, ...extra });
    assert.equal(res.status, 201, res.text);
    return res.body.webhookEndpoint.id as string;
  };
  const connection = async (key: string, ws: string, externalId: string) => {
    const res = await t.post('/api/v1/connections', key, {
      type: 'SECRET_TEXT',
      integrationName: 'sendgrid',
      externalId,
      displayName: 'Mail',
      secretText: 'sg-secret-never-sent',
      workspaceId: ws,
    });
    assert.equal(res.status, 201, res.text);
    return res.body.connection;
  };

  it('sends webhook.test to that endpoint only, signed, and lists the delivery with its attempt', async () => {
    const { key, orgId } = await t.tenant();
    const secret = (await t.post('/api/v1/webhook-signing-secret/rotate', key, {})).body.secret as string;
    const id = await endpoint(key, '/test/a', ['connection.deleted']);
    await endpoint(key, '/test/b', ['webhook.test']);
    const sent = await t.post(`/api/v1/webhook-endpoints/${id}/test`, key, {});
    assert.equal(sent.status, 202, sent.text);
    assert.equal(sent.body.delivery.eventType, 'webhook.test');
    const [got] = await rx.waitFor(() => rx.to('/test/a').length === 1 && rx.to('/test/a'), 10_000, 'the test event');
    assert.equal(got!.headers['x-service-event'], 'webhook.test');
    assert.equal(got!.headers['x-service-delivery'], sent.body.delivery.deliveryId);
    assert.ok(verifySignature(secret, got!.headers['x-service-signature']!, got!.body), 'signed with the organization secret');
    assert.deepEqual(Object.keys(got!.json).sort(), ['createdAt', 'data', 'id', 'organizationId', 'type']);
    assert.equal(got!.json.type, 'webhook.test');
    assert.equal(got!.json.organizationId, orgId);
    assert.equal(got!.json.id, sent.body.delivery.eventId);
    assert.equal(got!.json.data.webhookEndpoint.id, id);
    assert.equal(rx.to('/test/b').length, 0, 'the other endpoint gets nothing');

    const listed = await eventually(async () => {
      const r = await t.get(`/api/v1/webhook-endpoints/${id}/deliveries`, key);
      return r.body.deliveries?.[0]?.status === 'delivered' && r.body;
    });
    assert.equal(listed.total, 1);
    const [d] = listed.deliveries;
    assert.equal(d.eventType, 'webhook.test');
    assert.equal(d.attempts, 1);
    assert.equal(d.history[0].statusCode, 200);
    assert.equal(typeof d.history[0].durationMs, 'number');
  });

  it('emits connection.deleted to enabled, subscribed endpoints only, without credentials, in the deleting transaction', async () => {
    const { key, orgId } = await t.tenant();
    const secret = (await t.post('/api/v1/webhook-signing-secret/rotate', key, {})).body.secret as string;
    const ws = (await t.workspace(key)).id;
    const subscribed = await endpoint(key, '/del/on', ['connection.deleted']);
    await endpoint(key, '/del/other-type', ['webhook.test']);
    await endpoint(key, '/del/disabled', ['connection.deleted'], { enabled: false });
    const conn = await connection(key, ws, 'mail-1');
    const del = await t.delete(`/api/v1/connections/${conn.id}`, key);
    assert.equal(del.status, 200, del.text);
    const [got] = await rx.waitFor(() => rx.to('/del/on').length === 1 && rx.to('/del/on'), 10_000, 'connection.deleted');
    assert.equal(got!.headers['x-service-event'], 'connection.deleted');
    assert.ok(verifySignature(secret, got!.headers['x-service-signature']!, got!.body));
    assert.equal(got!.json.type, 'connection.deleted');
    assert.equal(got!.json.organizationId, orgId);
    assert.deepEqual(got!.json.data, {
      connection: {
        id: conn.id,
        integrationName: 'sendgrid',
        externalId: 'mail-1',
        displayName: 'Mail',
        scope: conn.scope,
        workspaceId: ws,
        endUserId: conn.endUserId,
        endUserExternalId: null,
      },
    });
    assert.ok(!got!.body.includes('sg-secret-never-sent'));
    const listed = await t.get(`/api/v1/webhook-endpoints/${subscribed}/deliveries`, key);
    assert.equal(listed.body.deliveries[0].eventType, 'connection.deleted');
    // A deletion that fails (unknown connection) emits nothing; a second event proves nothing else was queued.
    assert.equal((await t.delete(`/api/v1/connections/${conn.id}`, key)).status, 404);
    const second = await connection(key, ws, 'mail-2');
    await t.delete(`/api/v1/connections/${second.id}`, key);
    await rx.waitFor(() => rx.to('/del/on').length === 2, 10_000, 'the second event');
    assert.equal(rx.to('/del/on')[1]!.json.data.connection.externalId, 'mail-2', 'in order');
    assert.equal(rx.to('/del/other-type').length, 0, 'not subscribed');
    assert.equal(rx.to('/del/disabled').length, 0, 'disabled');
  });

  it("names the end user's external id when the connection belongs to one", async () => {
    const { key } = await t.tenant();
    const ws = (await t.workspace(key)).id;
    await endpoint(key, '/del/user', ['connection.deleted']);
    const res = await t.post('/api/v1/connections', key, {
      type: 'SECRET_TEXT',
      integrationName: 'sendgrid',
      externalId: 'mail-u',
      displayName: 'Mail',
      secretText: 'sg-user-secret',
      workspaceId: ws,
      scope: 'USER',
      endUserId: 'customer-7',
    });
    assert.equal(res.status, 201, res.text);
    await t.delete(`/api/v1/connections/${res.body.connection.id}`, key);
    const [got] = await rx.waitFor(() => rx.to('/del/user').length === 1 && rx.to('/del/user'), 10_000, 'the event');
    assert.equal(got!.json.data.connection.endUserExternalId, 'customer-7');
    assert.equal(got!.json.data.connection.endUserId, res.body.connection.endUserId);
  });

  it('dead-letters a delivery the receiver keeps refusing, and redeliver sends it again', async () => {
    const { key } = await t.tenant();
    let fail = true;
    rx.respond = (r) => ({ status: r.path === '/dead' && fail ? 500 : 200 });
    const id = await endpoint(key, '/dead', ['webhook.test']);
    const sent = await t.post(`/api/v1/webhook-endpoints/${id}/test`, key, {});
    const deliveryId = sent.body.delivery.deliveryId as string;
    const dead = await eventually(async () => {
      const r = await t.get(`/api/v1/webhook-endpoints/${id}/deliveries`, key);
      return r.body.deliveries?.[0]?.status === 'dead' && r.body.deliveries[0];
    });
    assert.equal(dead.attempts, 4);
    assert.deepEqual(
      dead.history.map((a: { statusCode: number }) => a.statusCode),
      [500, 500, 500, 500],
    );
    assert.equal(rx.to('/dead').length, 4);
    fail = false;
    const again = await t.post(`/api/v1/webhook-endpoints/${id}/deliveries/${deliveryId}/redeliver`, key, {});
    assert.equal(again.status, 200, again.text);
    assert.equal(again.body.delivery.deliveryId, deliveryId);
    await eventually(async () => {
      const r = await t.get(`/api/v1/webhook-endpoints/${id}/deliveries`, key);
      return r.body.deliveries?.[0]?.status === 'delivered';
    });
    assert.equal(rx.to('/dead').length, 5);
    assert.equal(rx.to('/dead')[4]!.headers['x-service-delivery'], deliveryId);
    assert.equal(rx.to('/dead')[4]!.body, rx.to('/dead')[0]!.body, 'the same body');
    const unknown = await t.post(`/api/v1/webhook-endpoints/${id}/deliveries/${crypto.randomUUID()}/redeliver`, key, {});
    assert.equal(unknown.status, 404);
    rx.respond = () => ({ status: 200 });
  });

  it('deleting an endpoint cancels what it had still to send', async () => {
    const { key } = await t.tenant();
    // The first attempt is held open by the receiver: it is in flight when the endpoint is deleted.
    rx.respond = (r) => (r.path === '/gone' ? { hang: true } : { status: 200 });
    const id = await endpoint(key, '/gone', ['webhook.test']);
    await t.post(`/api/v1/webhook-endpoints/${id}/test`, key, {});
    await rx.waitFor(() => rx.to('/gone').length === 1, 10_000, 'a first attempt');
    assert.equal((await t.delete(`/api/v1/webhook-endpoints/${id}`, key)).status, 200);
    const rows = await t.db.query<{ status: string }>(`SELECT status FROM webhook_deliveries WHERE stream_key = $1`, [
      `webhook-endpoint:${id}`,
    ]);
    assert.deepEqual(
      rows.map((r) => r.status),
      ['canceled'],
    );
    // A later test event to another endpoint arrives; the deleted one got nothing more meanwhile.
    const other = await endpoint(key, '/after', ['webhook.test']);
    await t.post(`/api/v1/webhook-endpoints/${other}/test`, key, {});
    await rx.waitFor(() => rx.to('/after').length === 1, 10_000, 'the other endpoint');
    assert.equal(rx.to('/gone').length, 1, 'no retry after the deletion');
    rx.respond = () => ({ status: 200 });
  });
});
