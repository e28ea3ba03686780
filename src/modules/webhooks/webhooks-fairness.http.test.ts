import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { startApp, type TestApp } from '../../../test/harness.js';
import { Receiver } from '../../../test/receiver.js';
import { postEvent, registerFixture, TRIGGER_ENV } from '../../../test/triggers.js';
import { triggerSources, webhookDeliveries } from '../../platform/db/schema.js';
import { acmeConnection } from '../triggers/triggers.fixtures.js';

/**
 * An app with the acme piece (started with `env`), a callback receiver, and a server the "held" trigger fetches first,
 * which answers when the test calls `release`.
 */
function heldFixture(env: Record<string, string>) {
  const f = {
    t: undefined as unknown as TestApp,
    rx: undefined as unknown as Receiver,
    hold: undefined as unknown as Receiver,
    release: (): void => undefined,
    /** Enables the held trigger in a new workspace of `key`'s organization, delivering to /cb/<name>. */
    heldSource: async (key: string, name: string) => {
      const ws = (await f.t.workspace(key)).id;
      await acmeConnection(f.t, key);
      const res = await f.t.post('/api/v1/triggers/enable', key, {
        integrationName: 'acme',
        triggerName: 'held',
        workspaceId: ws,
        callbackUrl: f.rx.url(`/cb/${name}`),
      });
      assert.equal(res.status, 201, res.text);
      return res.body.triggerSource as { id: string; webhookUrl: string };
    },
  };
  before(async () => {
    f.t = await startApp({ ...TRIGGER_ENV, ...env });
    await registerFixture(f.t.app, 'piece-acme');
    f.rx = await new Receiver().start();
    f.hold = await new Receiver().start();
    f.hold.respond = () => new Promise((resolve) => (f.release = () => resolve({ status: 200 })));
  });
  after(async () => {
    f.release();
    await f.t.close();
    await f.rx.close();
    await f.hold.close();
  });
  return f;
}

/**
 * One organization's inbound events take their turn (0147): at most SWITCHBOARD_WEBHOOK_ORG_CONCURRENCY of them are
 * processed at once, SWITCHBOARD_WEBHOOK_ORG_QUEUE more wait, and one beyond is answered 503 with Retry-After and
 * stores nothing. Another organization's events are not held up by it. (The order and hand-over of turns is tested
 * in platform/keyed-limiter.test.ts.)
 */
describe('inbound webhooks: each organization takes its turn', () => {
  const f = heldFixture({ SWITCHBOARD_WEBHOOK_ORG_CONCURRENCY: '1', SWITCHBOARD_WEBHOOK_ORG_QUEUE: '0' });

  it('answers 503 with Retry-After beyond an organization’s share, stores nothing for it, and serves other organizations', async () => {
    const { t, rx, hold } = f;
    const a = await t.tenant();
    const b = await t.tenant();
    const busy = await f.heldSource(a.key, 'a');
    const other = await f.heldSource(b.key, 'b');

    // A's only turn is taken by an event whose processing waits for the test.
    const first = postEvent(t, busy.webhookUrl, { n: 1, holdUrl: hold.url('/hold') });
    await hold.waitFor(() => hold.to('/hold').length === 1, 15_000, 'the first event to be processing');

    const refused = await postEvent(t, busy.webhookUrl, { n: 2 });
    assert.equal(refused.status, 503, refused.text);
    assert.equal(refused.body.error, 'SERVICE_UNAVAILABLE');
    assert.match(refused.body.message, /faster than they can be stored; send this one again/);
    assert.equal(refused.headers['retry-after'], '1');

    // B has a turn of its own.
    const served = await postEvent(t, other.webhookUrl, { n: 10 });
    assert.equal(served.status, 200, served.text);

    f.release();
    assert.equal((await first).status, 200);
    // The provider sends the refused one again, now that A's turn is free.
    assert.equal((await postEvent(t, busy.webhookUrl, { n: 2 })).status, 200);

    const stored = async (sourceId: string) =>
      (await t.db.orm.select().from(webhookDeliveries).where(eq(webhookDeliveries.streamKey, sourceId)))
        .map((d) => (JSON.parse(d.body) as { data: { n: number } }).data.n)
        .sort((x, y) => x - y);
    assert.deepEqual(await stored(busy.id), [1, 2], 'the refused request stored nothing; its retry stored one event');
    assert.deepEqual(await stored(other.id), [10]);
    const [row] = await t.db.orm.select().from(triggerSources).where(eq(triggerSources.id, busy.id));
    assert.equal(row!.eventCount, 2);
    assert.equal(row!.lastError, null, 'a refusal for load is not the source’s failure');
    await rx.waitFor(() => rx.to('/cb/a').length >= 2 && rx.to('/cb/b').length >= 1, 15_000, 'the deliveries');
  });
});

/**
 * While another organization is being served, an organization's share is the smaller one (0174): alone, A has two
 * events processed at once; once B has made a request within the window, A has one, and B is still served.
 */
describe('inbound webhooks: the share while other organizations are served', () => {
  const f = heldFixture({
    SWITCHBOARD_WEBHOOK_ORG_CONCURRENCY: '2',
    SWITCHBOARD_WEBHOOK_ORG_SHARED_CONCURRENCY: '1',
    // Long enough that B's request still counts when A's events arrive, however slow the machine.
    SWITCHBOARD_WEBHOOK_ORG_SHARED_WINDOW_MS: '3600000',
    SWITCHBOARD_WEBHOOK_ORG_QUEUE: '0',
  });

  /** A's event `n`, held in processing until the test releases it: once it is processing, its answer to come. */
  async function holdOne(url: string, n: number, holds: number) {
    const { t, hold } = f;
    const answer = postEvent(t, url, { n, holdUrl: hold.url('/hold') });
    await hold.waitFor(() => hold.to('/hold').length === holds, 15_000, `event ${n} to be processing`);
    return { answer };
  }

  it('gives an organization its whole share alone and the shared one while another organization is served', async () => {
    const { t, rx } = f;
    // Organizations are made through the operator API: no organization's request is served until A's below.
    const a = await t.tenant();
    const busy = await f.heldSource(a.key, 'a');
    // A's second address: the shipped webhook trigger.
    const plain = await t.post('/api/v1/triggers/enable', a.key, {
      integrationName: 'webhook',
      triggerName: 'catch_webhook',
      workspaceId: (await t.workspace(a.key)).id,
      callbackUrl: rx.url('/cb/a-plain'),
    });
    assert.equal(plain.status, 201, plain.text);
    const second = plain.body.triggerSource as { id: string; webhookUrl: string };

    // Alone: a second event is processed while the first is held (a share of two).
    let first = (await holdOne(busy.webhookUrl, 1, 1)).answer;
    const alone = await postEvent(t, second.webhookUrl, { n: 2 });
    assert.equal(alone.status, 200, alone.text);
    f.release();
    assert.equal((await first).status, 200);

    // B is served (any request with its key): now A has a share of one, and nothing waits (a queue of none).
    const b = await t.tenant();
    const other = await f.heldSource(b.key, 'b');
    first = (await holdOne(busy.webhookUrl, 3, 2)).answer;
    const shared = await postEvent(t, second.webhookUrl, { n: 4 });
    assert.equal(shared.status, 503, shared.text);
    assert.equal(shared.body.error, 'SERVICE_UNAVAILABLE');
    assert.equal(shared.headers['retry-after'], '1');
    const served = await postEvent(t, other.webhookUrl, { n: 10 });
    assert.equal(served.status, 200, served.text);
    f.release();
    assert.equal((await first).status, 200);

    const stored = async (sourceId: string) =>
      (await t.db.orm.select().from(webhookDeliveries).where(eq(webhookDeliveries.streamKey, sourceId))).length;
    assert.equal(await stored(busy.id), 2);
    assert.equal(await stored(second.id), 1, 'the refused event stored nothing');
    assert.equal(await stored(other.id), 1);
  });
});
