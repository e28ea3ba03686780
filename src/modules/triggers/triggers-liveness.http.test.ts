import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { OPERATOR_TOKEN, startApp, type TestApp } from '../../../test/harness.js';
import { eventually, Receiver } from '../../../test/receiver.js';
import { registerFixture, TRIGGER_ENV } from '../../../test/triggers.js';

/**
 * Trigger liveness (0143): a polling source says when it last polled and took an event and how many polls failed in a
 * row; after SWITCHBOARD_TRIGGER_MAX_FAILED_POLLS it is disabled with a signed trigger.disabled organization webhook,
 * and enabling it again sends trigger.recovered.
 */
describe('trigger liveness', () => {
  let t: TestApp;
  let vendor: Receiver;
  let callbacks: Receiver;
  let hooks: Receiver;
  let key: string;
  let ws: string;
  /** The stand-in vendor API fails while this is set. */
  let down = false;
  const items: Array<{ id: string; title: string; createdAt: string }> = [];

  before(async () => {
    t = await startApp({ ...TRIGGER_ENV, SWITCHBOARD_TRIGGER_MAX_FAILED_POLLS: '3' });
    await registerFixture(t.app, 'piece-poller');
    vendor = await new Receiver().start();
    vendor.respond = () => (down ? { status: 503, body: { message: 'maintenance' } } : { status: 200, body: { items } });
    callbacks = await new Receiver().start();
    hooks = await new Receiver().start();
    ({ key } = await t.tenant());
    ws = (await t.workspace(key)).id;
    const conn = await t.post('/api/v1/connections', key, {
      type: 'SECRET_TEXT',
      integrationName: 'poller',
      externalId: 'live-conn',
      displayName: 'Poller',
      secretText: 'vendor-key',
    });
    assert.equal(conn.status, 201, conn.text);
    const endpoint = await t.post('/api/v1/webhook-endpoints', key, {
      url: hooks.url('/org'),
      events: ['trigger.disabled', 'trigger.recovered'],
    });
    assert.equal(endpoint.status, 201, endpoint.text);
  });
  after(async () => {
    await t?.close();
    await vendor?.close();
    await callbacks?.close();
    await hooks?.close();
  });

  const source = async (id: string) => (await t.get(`/api/v1/triggers/${id}`, key)).body.triggerSource;

  it('disables a source after the configured failed polls in a row, and says so; enabling it again recovers it', async () => {
    const enabled = await t.post('/api/v1/triggers/enable', key, {
      integrationName: 'poller',
      triggerName: 'new_item',
      workspaceId: ws,
      callbackUrl: callbacks.url('/cb'),
      input: { baseUrl: vendor.url(''), account: 'live' },
      pollingIntervalMinutes: 1,
    });
    assert.equal(enabled.status, 201, enabled.text);
    const id = enabled.body.triggerSource.id;
    assert.equal(enabled.body.triggerSource.consecutiveFailures, 0);
    down = true; // the vendor goes down after the source was set up

    const disabled = await eventually(async () => {
      const s = await source(id);
      return s.status === 'DISABLED' && s;
    }, 20_000);
    // Three at least: a poll already under way when the third failed may fail too before the source is off.
    assert.ok(disabled.consecutiveFailures >= 3, String(disabled.consecutiveFailures));
    assert.match(disabled.lastError, /disabled after \d+ failed polls/);
    assert.ok(disabled.lastPolledAt, 'lastPolledAt');
    assert.equal(disabled.lastEventAt, null);
    const event = await hooks.waitFor(() => hooks.requests[0], 15_000, 'trigger.disabled');
    const body = event.json as { type: string; data: Record<string, any> };
    assert.equal(body.type, 'trigger.disabled');
    assert.equal(body.data.triggerSource.id, id);
    assert.ok(body.data.consecutiveFailures >= 3);
    assert.match(body.data.lastError, /503/);
    assert.ok(!JSON.stringify(body).includes('vendor-key'), 'never the credentials');
    const [row] = await t.db.query<{ status: string; consecutive_failures: number }>(
      'SELECT status, consecutive_failures FROM trigger_sources WHERE id = $1',
      [id],
    );
    assert.equal(row?.status, 'DISABLED');
    assert.equal(row?.consecutive_failures, disabled.consecutiveFailures);

    down = false;
    items.push({ id: 'after-recovery', title: 'Back', createdAt: new Date().toISOString() });
    const again = await t.post(`/api/v1/triggers/${id}/enable`, key);
    assert.equal(again.status, 200, again.text);
    assert.deepEqual([again.body.triggerSource.status, again.body.triggerSource.consecutiveFailures], ['ACTIVE', 0]);
    const recovered = await hooks.waitFor(() => hooks.requests[1], 15_000, 'trigger.recovered');
    assert.equal((recovered.json as { type: string }).type, 'trigger.recovered');
    assert.equal((recovered.json as { data: { previousFailures: number } }).data.previousFailures, disabled.consecutiveFailures);
  });

  it('records when a source last took an event, and resets the failures on a poll that works', async () => {
    items.push({ id: 'first', title: 'First', createdAt: new Date().toISOString() });
    const enabled = await t.post('/api/v1/triggers/enable', key, {
      integrationName: 'poller',
      triggerName: 'new_item',
      workspaceId: ws,
      callbackUrl: callbacks.url('/cb2'),
      input: { baseUrl: vendor.url(''), account: 'live-2' },
      pollingIntervalMinutes: 1,
    });
    const id = enabled.body.triggerSource.id;
    const polled = await eventually(async () => {
      const s = await source(id);
      return s.lastPolledAt && s;
    }, 20_000);
    assert.equal(polled.consecutiveFailures, 0);
    // A test event is an event the source took.
    assert.equal((await t.post(`/api/v1/triggers/${id}/test-event`, key, { data: { hello: 1 } })).status, 201);
    const withEvent = await source(id);
    assert.ok(Date.parse(withEvent.lastEventAt) > Date.now() - 60_000, withEvent.lastEventAt);
    // The polls, failed and not, are counted for the operator (0141).
    const metrics = (await t.request('GET', '/metrics', { key: OPERATOR_TOKEN })).text;
    const count = (outcome: string) =>
      Number(new RegExp(`^switchboard_trigger_polls_total\\{outcome="${outcome}"\\} (\\d+)`, 'm').exec(metrics)?.[1] ?? 0);
    assert.ok(count('failed') >= 3, metrics.slice(0, 200));
    assert.ok(count('ok') >= 1);
    await t.post('/api/v1/triggers/disable', key, { triggerSourceId: id });
  });
});
