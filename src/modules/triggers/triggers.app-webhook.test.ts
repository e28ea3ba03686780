import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq } from 'drizzle-orm';
import { triggerSources, webhookDeliveries } from '../../platform/db/schema.js';
import { AppError } from '../../platform/errors.js';
import { SecretBox } from '../../platform/secrets.js';
import type { TestApp } from '../../../test/harness.js';
import { eventually, type Receiver } from '../../../test/receiver.js';
import { eventsWhen, firstArrivals, pathOf, postEvent, registerFixture } from '../../../test/triggers.js';
import { acmeWorld, APP_SECRET, appEvent, type Acme } from './triggers.fixtures.js';

describe('triggers: APP_WEBHOOK and registered WEBHOOK sources (Acme fixture piece)', () => {
  let t: TestApp;
  let rx: Receiver;
  let acme: Acme;
  let key: string;
  let orgId: string;
  let ws: string;
  const world = acmeWorld();
  before(async () => {
    await world.start();
    ({ t, rx, acme, key, orgId, ws } = world);
  });
  after(async () => world.close());

  const enableOrders = (account: string, path: string) =>
    t.post('/api/v1/triggers/enable', key, {
      integrationName: 'acme',
      triggerName: 'order_created',
      workspaceId: ws,
      callbackUrl: rx.url(path),
      input: { baseUrl: acme.url, account },
    });

  it('subscribes on enable, verifies and routes app events to the listening sources, unsubscribes on disable', async () => {
    const res = await enableOrders('acct-1', '/cb/orders1');
    assert.equal(res.status, 201, res.text);
    const src = res.body.triggerSource;
    assert.equal(src.triggerType, 'APP_WEBHOOK');
    assert.equal(src.webhookUrl, `http://switchboard.test/api/v1/webhooks/acme/${src.id}`);
    const [sub] = acme.calls('POST', '/subscriptions');
    assert.deepEqual(sub!.json, { account: 'acct-1', events: ['order.created'] });
    const other = (await enableOrders('acct-2', '/cb/orders2')).body.triggerSource;

    const ok = await appEvent(t, { type: 'order.created', account: 'acct-1', data: { orderId: 'o-1', total: 10 } });
    assert.equal(ok.status, 200, ok.text);
    const [got] = await rx.waitFor(
      () => firstArrivals(rx.to('/cb/orders1')).length === 1 && firstArrivals(rx.to('/cb/orders1')),
      10_000,
      'the routed event',
    );
    assert.deepEqual(got!.json.data, { orderId: 'o-1', total: 10 });
    assert.equal(got!.json.triggerName, 'order_created');
    const [ev] = await eventsWhen(t, key, src.id, (e) => e.length === 1, 'the event');
    assert.equal(ev.origin, 'app_event');

    // Routed by the identifier: acct-2's event reaches only acct-2's source.
    assert.equal((await appEvent(t, { type: 'order.created', account: 'acct-2', data: { orderId: 'o-2' } })).status, 200);
    await rx.waitFor(() => firstArrivals(rx.to('/cb/orders2')).length === 1, 10_000, "acct-2's event");
    assert.equal(firstArrivals(rx.to('/cb/orders1')).length, 1);
    // An event nobody listens for is accepted and dropped.
    assert.equal((await appEvent(t, { type: 'order.refunded', account: 'acct-1', data: {} })).status, 200);

    // Verification: a wrong or missing signature is refused; the provider's URL check is answered.
    const forged = await appEvent(t, { type: 'order.created', account: 'acct-1', data: { orderId: 'evil' } }, 'not-the-secret');
    assert.equal(forged.status, 401);
    assert.equal(forged.body.error, 'UNAUTHORIZED');
    const unsigned = await t.request('POST', '/api/v1/webhooks/acme', {
      raw: '{"type":"order.created","account":"acct-1"}',
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(unsigned.status, 401);
    const challenge = await appEvent(t, { type: 'url_verification', challenge: 'c-123' });
    assert.equal(challenge.status, 200);
    assert.deepEqual(challenge.body, { challenge: 'c-123' });
    // The source's own address verifies the same way.
    assert.equal(
      (
        await appEvent(
          t,
          { type: 'order.created', account: 'acct-1', data: { orderId: 'direct' } },
          'wrong',
          pathOf(src.webhookUrl),
        )
      ).status,
      401,
    );
    assert.equal(
      (
        await appEvent(
          t,
          { type: 'order.created', account: 'acct-1', data: { orderId: 'direct' } },
          APP_SECRET,
          pathOf(src.webhookUrl),
        )
      ).status,
      200,
    );
    await rx.waitFor(() => firstArrivals(rx.to('/cb/orders1')).length === 2, 10_000, 'the direct event');
    assert.equal(firstArrivals(rx.to('/cb/orders1'))[1]!.json.data.orderId, 'direct');

    const off = await t.post('/api/v1/triggers/disable', key, { triggerSourceId: src.id });
    assert.equal(off.status, 200);
    assert.equal(acme.calls('DELETE', '/subscriptions/sub_1').length, 1, 'onDisable removed the subscription at the vendor');
    assert.equal((await appEvent(t, { type: 'order.created', account: 'acct-1', data: { orderId: 'after' } })).status, 200);
    assert.equal((await appEvent(t, { type: 'order.created', account: 'acct-2', data: { orderId: 'barrier' } })).status, 200);
    await rx.waitFor(() => firstArrivals(rx.to('/cb/orders2')).length === 2, 10_000, 'the barrier event');
    assert.equal(firstArrivals(rx.to('/cb/orders1')).length, 2, 'the disabled source got nothing more');
    await t.post('/api/v1/triggers/disable', key, { triggerSourceId: other.id });

    assert.equal((await appEvent(t, {}, APP_SECRET, '/api/v1/webhooks/no-such-integration')).status, 404);
    assert.equal(
      (await appEvent(t, {}, APP_SECRET, '/api/v1/webhooks/webhook')).status,
      404,
      'an integration without app events has no app address',
    );
  });

  it('registers its own webhook URL, answers the handshake, verifies each call and unregisters on disable', async () => {
    const res = await t.post('/api/v1/triggers/enable', key, {
      integrationName: 'acme',
      triggerName: 'new_message',
      workspaceId: ws,
      callbackUrl: rx.url('/cb/msg'),
      input: { baseUrl: acme.url },
    });
    assert.equal(res.status, 201, res.text);
    const src = res.body.triggerSource;
    const [reg] = acme.calls('POST', '/webhooks');
    assert.deepEqual(reg!.json, { url: src.webhookUrl }, 'the provider was given the source address');
    const { id: hookId, token } = acme.registrations.at(-1)!;

    const hs = await t.request('GET', `${pathOf(src.webhookUrl)}?challenge=abc`);
    assert.equal(hs.status, 200);
    assert.deepEqual(hs.body, { challenge: 'abc' });
    assert.equal(hs.headers['x-acme-handshake'], 'ok');
    assert.equal((await t.get(`/api/v1/triggers/${src.id}/events`, key)).body.total, 0, 'a handshake is not an event');

    // The registration's token (kept in the source's store) is checked on every call.
    const wrong = await postEvent(t, src.webhookUrl, { text: 'forged' }, { 'x-acme-token': 'nope' });
    assert.equal(wrong.status, 200);
    const good = await postEvent(t, src.webhookUrl, { text: 'hello' }, { 'x-acme-token': token });
    assert.equal(good.status, 200);
    await rx.waitFor(() => firstArrivals(rx.to('/cb/msg')).length === 1, 10_000, 'the message');
    assert.deepEqual(firstArrivals(rx.to('/cb/msg'))[0]!.json.data, { text: 'hello' });
    assert.equal((await t.get(`/api/v1/triggers/${src.id}/events`, key)).body.total, 1, 'the forged call made no event');

    // A piece that cannot process a call: 503, so the provider sends it again; the failure shows on the source.
    const boom = await postEvent(t, src.webhookUrl, { explode: true }, { 'x-acme-token': token });
    assert.equal(boom.status, 503);
    assert.equal(boom.body.error, 'SERVICE_UNAVAILABLE');
    const listed = (await t.get(`/api/v1/triggers?workspaceId=${ws}`, key)).body.triggers.find((s: any) => s.id === src.id);
    assert.match(listed.lastError, /could not read this event/);
    // The failure is logged naming the source by a hash: its id is the address's only credential.
    const logged = t.logs.filter((l) => l.includes('inbound event could not be processed'));
    assert.equal(logged.length, 1);
    assert.match(logged[0]!, /"triggerSourceRef":"tsr_[0-9a-f]{12}"/);
    assert.match(logged[0]!, /could not read this event/);

    assert.equal((await t.post('/api/v1/triggers/disable', key, { triggerSourceId: src.id })).status, 200);
    assert.equal(acme.calls('DELETE', `/webhooks/${hookId}`).length, 1, 'onDisable removed the registration');
  });

  it('removes an enable abandoned by a node that died during onEnable, and undoes its registration', async () => {
    const res = await t.post('/api/v1/triggers/enable', key, {
      integrationName: 'acme',
      triggerName: 'new_message',
      workspaceId: ws,
      callbackUrl: rx.url('/cb/abandoned'),
      input: { baseUrl: acme.url },
    });
    assert.equal(res.status, 201, res.text);
    const src = res.body.triggerSource;
    const { id: hookId } = acme.registrations.at(-1)!;
    // What such a node leaves: the row still PENDING, from long ago, while the provider has the registration.
    await t.db.orm
      .update(triggerSources)
      .set({ status: 'PENDING', createdAt: new Date(Date.now() - 24 * 3_600_000) })
      .where(eq(triggerSources.id, src.id));
    await t.restart();
    await registerFixture(t.app, 'piece-acme');
    await eventually(
      async () => (await t.db.orm.select().from(triggerSources).where(eq(triggerSources.id, src.id))).length === 0,
      15_000,
      'the abandoned row to go',
    );
    await acme.rx.waitFor(
      () => acme.calls('DELETE', `/webhooks/${hookId}`).length === 1,
      10_000,
      'the registration to be undone',
    );
  });

  it('answers TRIGGER_ENABLE_FAILED and keeps nothing when the provider refuses the registration', async () => {
    acme.failRegistration = true;
    const rowsOf = () =>
      t.db.orm
        .select()
        .from(triggerSources)
        .where(and(eq(triggerSources.orgId, orgId), eq(triggerSources.triggerName, 'new_message')));
    const before = (await rowsOf()).length;
    try {
      const res = await t.post('/api/v1/triggers/enable', key, {
        integrationName: 'acme',
        triggerName: 'new_message',
        workspaceId: ws,
        callbackUrl: rx.url('/cb/never'),
        input: { baseUrl: acme.url },
      });
      assert.equal(res.status, 400);
      assert.equal(res.body.error, 'TRIGGER_ENABLE_FAILED');
      assert.match(res.body.message, /Acme answered 500/);
      assert.equal((await rowsOf()).length, before, 'no source was left behind for the failed enable');
      assert.equal(
        (await t.get(`/api/v1/triggers?workspaceId=${ws}&includeDisabled=true`, key)).body.triggers.filter(
          (x: any) => x.triggerName === 'new_message',
        ).length,
        before,
      );
    } finally {
      acme.failRegistration = false;
    }
  });
  it('unregisters every source of a workspace at the provider when the workspace is deleted', async () => {
    const doomed = (await t.workspace(key)).id;
    const res = await t.post('/api/v1/triggers/enable', key, {
      integrationName: 'acme',
      triggerName: 'new_message',
      workspaceId: doomed,
      callbackUrl: rx.url('/cb/doomed'),
      input: { baseUrl: acme.url },
    });
    assert.equal(res.status, 201, res.text);
    const { id: hookId } = acme.registrations.at(-1)!;
    assert.equal((await t.delete(`/api/v1/workspaces/${doomed}`, key)).status, 200);
    assert.equal(acme.calls('DELETE', `/webhooks/${hookId}`).length, 1, 'onDisable ran before the workspace went');
    assert.equal(
      (await t.db.orm.select().from(triggerSources).where(eq(triggerSources.id, res.body.triggerSource.id))).length,
      0,
      'the source went with the workspace',
    );
  });

  it('loses no piece state change when one source takes many webhooks at once', async () => {
    const res = await t.post('/api/v1/triggers/enable', key, {
      integrationName: 'acme',
      triggerName: 'counted',
      workspaceId: ws,
      callbackUrl: rx.url('/cb/counted'),
    });
    assert.equal(res.status, 201, res.text);
    const src = res.body.triggerSource;
    const n = 40;
    const answers = await Promise.all(Array.from({ length: n }, (_, i) => postEvent(t, src.webhookUrl, { i })));
    assert.deepEqual(
      answers.map((a) => a.status),
      Array<number>(n).fill(200),
      answers.find((a) => a.status !== 200)?.text,
    );
    const [row] = await t.db.orm.select().from(triggerSources).where(eq(triggerSources.id, src.id));
    assert.deepEqual(SecretBox.fromKeys(t.config.encryptionKey!).open('trigger_state', src.id, row!.state), { count: n });
    assert.equal(row!.eventCount, n);
    // Every call saw the count the one before it left: each value once.
    const deliveries = await t.db.orm.select().from(webhookDeliveries).where(eq(webhookDeliveries.streamKey, src.id));
    const counts = deliveries.map((d) => (JSON.parse(d.body) as { data: { count: number } }).data.count).sort((a, b) => a - b);
    assert.deepEqual(
      counts,
      Array.from({ length: n }, (_, i) => i + 1),
    );
  });

  it('answers 404 to an enable whose workspace is deleted during onEnable, and removes its registration', async () => {
    const doomed = (await t.workspace(key)).id;
    let release!: () => void;
    acme.holdRegistration = new Promise<void>((r) => (release = r));
    const asked = acme.calls('POST', '/webhooks').length;
    try {
      const enabling = t.post('/api/v1/triggers/enable', key, {
        integrationName: 'acme',
        triggerName: 'new_message',
        workspaceId: doomed,
        callbackUrl: rx.url('/cb/raced'),
        input: { baseUrl: acme.url },
      });
      await acme.rx.waitFor(() => acme.calls('POST', '/webhooks').length === asked + 1, 10_000, 'onEnable to reach the provider');
      // The source is PENDING while the provider registers it; the workspace goes now.
      assert.equal((await t.delete(`/api/v1/workspaces/${doomed}`, key)).status, 200);
      release();
      const res = await enabling;
      assert.equal(res.status, 404, res.text);
      assert.equal(res.body.error, 'NOT_FOUND');
    } finally {
      release();
      acme.holdRegistration = null;
    }
    const { id: hookId } = acme.registrations.at(-1)!;
    assert.equal(acme.calls('DELETE', `/webhooks/${hookId}`).length, 1, 'onDisable removed the registration the enable made');
    assert.equal(
      (await t.db.orm.select().from(triggerSources).where(eq(triggerSources.workspaceId, doomed))).length,
      0,
      'no source was left',
    );
  });

  it('answers TRIGGER_ENABLE_FAILED and undoes the registration when a workspace deletion that failed disabled the source during onEnable', async () => {
    const kept = (await t.workspace(key)).id;
    // A before-delete hook of this test fails the deletion after the triggers' own hook disabled the workspace's sources.
    t.app.services.moduleHooks.workspaceDeletion.push({
      before: async (_actor, workspaceId) => {
        if (workspaceId === kept) throw new AppError('SERVICE_UNAVAILABLE', 'The deletion failed.');
      },
    });
    let release!: () => void;
    acme.holdRegistration = new Promise<void>((r) => (release = r));
    const asked = acme.calls('POST', '/webhooks').length;
    try {
      const enabling = t.post('/api/v1/triggers/enable', key, {
        integrationName: 'acme',
        triggerName: 'new_message',
        workspaceId: kept,
        callbackUrl: rx.url('/cb/survived'),
        input: { baseUrl: acme.url },
      });
      await acme.rx.waitFor(() => acme.calls('POST', '/webhooks').length === asked + 1, 10_000, 'onEnable to reach the provider');
      assert.equal((await t.delete(`/api/v1/workspaces/${kept}`, key)).status, 503);
      release();
      const res = await enabling;
      assert.equal(res.status, 400, res.text);
      assert.equal(res.body.error, 'TRIGGER_ENABLE_FAILED');
      assert.match(res.body.message, /was disabled while acme enabled it; nothing was kept/);
    } finally {
      release();
      acme.holdRegistration = null;
    }
    const { id: hookId } = acme.registrations.at(-1)!;
    assert.equal(acme.calls('DELETE', `/webhooks/${hookId}`).length, 1, 'onDisable removed the registration the enable made');
    assert.equal(
      (await t.db.orm.select().from(triggerSources).where(eq(triggerSources.workspaceId, kept))).length,
      0,
      'no source was left',
    );
    assert.equal((await t.get(`/api/v1/workspaces/${kept}`, key)).status, 200, 'the workspace survived');
  });

  it('disables a source enabled while its workspace was being deleted, before the workspace goes', async () => {
    const doomed = (await t.workspace(key)).id;
    // A before-delete hook of this test holds the first round of the deletion, after disableWorkspace found nothing.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let reached!: () => void;
    const holding = new Promise<void>((r) => (reached = r));
    let rounds = 0;
    t.app.services.moduleHooks.workspaceDeletion.push({
      before: async (_actor, workspaceId) => {
        if (workspaceId !== doomed || rounds++ > 0) return;
        reached();
        await held;
      },
    });
    const deleting = t.delete(`/api/v1/workspaces/${doomed}`, key);
    await holding;
    const res = await t.post('/api/v1/triggers/enable', key, {
      integrationName: 'acme',
      triggerName: 'new_message',
      workspaceId: doomed,
      callbackUrl: rx.url('/cb/late'),
      input: { baseUrl: acme.url },
    });
    assert.equal(res.status, 201, res.text);
    const { id: hookId } = acme.registrations.at(-1)!;
    release();
    assert.equal((await deleting).status, 200);
    assert.equal(rounds, 2, 'the deletion ran its hooks again for the source it found');
    assert.equal(
      acme.calls('DELETE', `/webhooks/${hookId}`).length,
      1,
      'the late source was unregistered before the workspace went',
    );
    assert.equal((await t.db.orm.select().from(triggerSources).where(eq(triggerSources.workspaceId, doomed))).length, 0);
  });

  // Last: it looks for the id of every source the tests above made (the insert race, whose sources never exist, is in
  // triggers.app-webhook-race.test.ts).
  it('never writes a source id to the logs', async () => {
    const ids = new Set<string>((await t.db.orm.select({ id: triggerSources.id }).from(triggerSources)).map((r) => r.id));
    // Sources gone since (disabled with their workspace, abandoned, raced): their addresses as given to the provider.
    for (const r of acme.calls('POST', '/webhooks'))
      ids.add(
        String((r.json as { url: string }).url)
          .split('/')
          .at(-1)!,
      );
    assert.ok(ids.size >= 8 && t.logs.length > 0);
    const leaks = t.logs.filter((line) => [...ids].some((id) => line.includes(id)));
    assert.deepEqual(leaks, []);
  });
});
