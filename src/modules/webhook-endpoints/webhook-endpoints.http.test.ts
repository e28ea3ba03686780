import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { webhookEndpoints } from '../../platform/db/schema.js';
import { startApp, type TestApp } from '../../../test/harness.js';
import { ORGANIZATION_EVENT_TYPES } from './organization-events.js';

/** The organization's webhook endpoints: CRUD with stored state, validation, the limit, and who may manage them. */
describe('webhook endpoints: CRUD, validation, limit and access', () => {
  let t: TestApp;
  before(async () => {
    t = await startApp({ SWITCHBOARD_EGRESS_ALLOW: '127.0.0.1' });
  });
  after(async () => t.close());

  const stored = async (id: string) => (await t.db.orm.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)))[0];

  it('lists the event catalog: only the events that fire, each described', async () => {
    const { key } = await t.tenant();
    const res = await t.get('/api/v1/webhook-endpoints/events', key);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(
      res.body.events.map((e: { type: string }) => e.type),
      [
        'webhook.test',
        'connection.deleted',
        'connection.needs_reauth',
        'connection.recovered',
        'trigger.disabled',
        'trigger.recovered',
        'connection.expiring',
        'connection.refresh_failed',
      ],
    );
    assert.deepEqual(
      ORGANIZATION_EVENT_TYPES,
      res.body.events.map((e: { type: string }) => e.type),
    );
    for (const e of res.body.events) assert.ok(e.description.length > 10);
  });

  it('creates, reads, lists, updates and deletes an endpoint, and stores what it answers', async () => {
    const { key, orgId } = await t.tenant();
    const created = await t.post('/api/v1/webhook-endpoints', key, {
      url: 'https://hooks.example.com/switchboard',
      events: ['connection.deleted', 'webhook.test', 'connection.deleted'],
      description: '  Ops  ',
    });
    assert.equal(created.status, 201, created.text);
    const ep = created.body.webhookEndpoint;
    assert.deepEqual(Object.keys(ep).sort(), ['createdAt', 'description', 'enabled', 'events', 'id', 'updatedAt', 'url']);
    assert.equal(ep.url, 'https://hooks.example.com/switchboard');
    assert.deepEqual(ep.events, ['webhook.test', 'connection.deleted'], 'unique, in catalog order');
    assert.equal(ep.description, 'Ops');
    assert.equal(ep.enabled, true);
    const row = await stored(ep.id);
    assert.equal(row?.orgId, orgId);
    assert.deepEqual(row?.events, ['webhook.test', 'connection.deleted']);
    assert.equal(row?.enabled, true);

    assert.deepEqual((await t.get(`/api/v1/webhook-endpoints/${ep.id}`, key)).body, { webhookEndpoint: ep });
    const list = await t.get('/api/v1/webhook-endpoints', key);
    assert.deepEqual(list.body, { webhookEndpoints: [ep], total: 1 });

    const patched = await t.patch(`/api/v1/webhook-endpoints/${ep.id}`, key, {
      url: 'https://hooks.example.com/v2',
      events: ['webhook.test'],
      description: null,
      enabled: false,
    });
    assert.equal(patched.status, 200, patched.text);
    assert.equal(patched.body.webhookEndpoint.url, 'https://hooks.example.com/v2');
    const after = await stored(ep.id);
    assert.equal(after?.url, 'https://hooks.example.com/v2');
    assert.deepEqual(after?.events, ['webhook.test']);
    assert.equal(after?.description, null);
    assert.equal(after?.enabled, false);

    const del = await t.delete(`/api/v1/webhook-endpoints/${ep.id}`, key);
    assert.equal(del.status, 200, del.text);
    assert.deepEqual(del.body, { deleted: true, id: ep.id });
    assert.equal(await stored(ep.id), undefined);
    assert.equal((await t.get(`/api/v1/webhook-endpoints/${ep.id}`, key)).status, 404);
    assert.equal((await t.delete(`/api/v1/webhook-endpoints/${ep.id}`, key)).status, 404);
  });

  it('refuses bad input with the error envelope and stores nothing', async () => {
    const { key, orgId } = await t.tenant();
    const bad = async (body: unknown, code: string, status = 400) => {
      const res = await t.post('/api/v1/webhook-endpoints', key, body);
      assert.equal(res.status, status, res.text);
      assert.equal(res.body.error, code, res.text);
      assert.equal(typeof res.body.message, 'string');
    };
    await bad({ url: 'https://example.com/h', events: ['connection.created'] }, 'UNKNOWN_EVENT_TYPE');
    await bad({ url: 'https://example.com/h', events: [] }, 'VALIDATION_ERROR');
    await bad({ url: 'https://example.com/h' }, 'VALIDATION_ERROR');
    await bad({ url: 'ftp://example.com/h', events: ['webhook.test'] }, 'VALIDATION_ERROR');
    await bad({ url: 'https://user:pw@example.com/h', events: ['webhook.test'] }, 'VALIDATION_ERROR');
    await bad({ url: 'http://169.254.169.254/latest', events: ['webhook.test'] }, 'VALIDATION_ERROR');
    await bad({ url: 'https://example.com/h', events: ['webhook.test'], enabled: 'yes' }, 'VALIDATION_ERROR');
    const unknown = await t.post('/api/v1/webhook-endpoints', key, { url: 'https://example.com/h', events: ['nope'] });
    assert.match(unknown.body.message, /"nope" is not an event type; known types: webhook\.test, connection\.deleted/);
    const rows = await t.db.orm.select().from(webhookEndpoints).where(eq(webhookEndpoints.orgId, orgId));
    assert.equal(rows.length, 0);

    const ok = await t.post('/api/v1/webhook-endpoints', key, { url: 'https://example.com/h', events: ['webhook.test'] });
    const id = ok.body.webhookEndpoint.id;
    const patch = async (body: unknown, code: string) => {
      const res = await t.patch(`/api/v1/webhook-endpoints/${id}`, key, body);
      assert.equal(res.status, 400, res.text);
      assert.equal(res.body.error, code);
    };
    await patch({}, 'NO_UPDATES');
    await patch({ events: ['x.y'] }, 'UNKNOWN_EVENT_TYPE');
    await patch({ url: 'not a url' }, 'VALIDATION_ERROR');
    assert.equal((await t.get('/api/v1/webhook-endpoints/not-a-uuid', key)).status, 400);
    assert.deepEqual((await stored(id))?.events, ['webhook.test']);
    assert.equal((await stored(id))?.url, 'https://example.com/h');
  });

  it('allows ten endpoints per organization; the eleventh is refused with QUOTA_EXCEEDED', async () => {
    const { key, orgId } = await t.tenant('free');
    for (let i = 0; i < 10; i++) {
      const r = await t.post('/api/v1/webhook-endpoints', key, { url: `https://example.com/h${i}`, events: ['webhook.test'] });
      assert.equal(r.status, 201, r.text);
    }
    const over = await t.post('/api/v1/webhook-endpoints', key, { url: 'https://example.com/h10', events: ['webhook.test'] });
    assert.equal(over.status, 403, over.text);
    assert.equal(over.body.error, 'QUOTA_EXCEEDED');
    assert.match(over.body.message, /10 webhook endpoints/);
    const rows = await t.db.orm.select().from(webhookEndpoints).where(eq(webhookEndpoints.orgId, orgId));
    assert.equal(rows.length, 10);
    // Another organization has its own ten.
    const other = await t.tenant('free');
    const r = await t.post('/api/v1/webhook-endpoints', other.key, { url: 'https://example.com/x', events: ['webhook.test'] });
    assert.equal(r.status, 201);
  });

  it("another organization's key gets 404 and a workspace-scoped key 403 SCOPE_DENIED", async () => {
    const a = await t.tenant();
    const b = await t.tenant();
    const ep = (await t.post('/api/v1/webhook-endpoints', a.key, { url: 'https://example.com/a', events: ['webhook.test'] })).body
      .webhookEndpoint;
    const sent = await t.post(`/api/v1/webhook-endpoints/${ep.id}/test`, a.key, {});
    assert.equal(sent.status, 202, sent.text);
    const deliveryId = sent.body.delivery.deliveryId;
    const paths = [
      ['GET', `/api/v1/webhook-endpoints/${ep.id}`],
      ['PATCH', `/api/v1/webhook-endpoints/${ep.id}`, { enabled: false }],
      ['DELETE', `/api/v1/webhook-endpoints/${ep.id}`],
      ['POST', `/api/v1/webhook-endpoints/${ep.id}/test`],
      ['GET', `/api/v1/webhook-endpoints/${ep.id}/deliveries`],
      ['POST', `/api/v1/webhook-endpoints/${ep.id}/deliveries/${deliveryId}/redeliver`],
    ] as const;
    for (const [method, url, body] of paths) {
      const res = await t.request(method, url, { key: b.key, body });
      assert.equal(res.status, 404, `${method} ${url}: ${res.text}`);
    }
    assert.deepEqual((await t.get('/api/v1/webhook-endpoints', b.key)).body, { webhookEndpoints: [], total: 0 });

    const ws = await t.workspace(a.key);
    const scoped = await t.scopedKey(a.key, [ws.id]);
    for (const [method, url, body] of [
      ...paths,
      ['GET', '/api/v1/webhook-endpoints'],
      ['GET', '/api/v1/webhook-endpoints/events'],
    ]) {
      const res = await t.request(method, url, { key: scoped, body });
      assert.equal(res.status, 403, `${method} ${url}: ${res.text}`);
      assert.equal(res.body.error, 'SCOPE_DENIED');
    }
    const create = await t.post('/api/v1/webhook-endpoints', scoped, { url: 'https://example.com/s', events: ['webhook.test'] });
    assert.equal(create.body.error, 'SCOPE_DENIED');
    assert.equal((await stored(ep.id))?.enabled, true, 'nothing changed');
  });
});
