import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../platform/db/database.js';
import { startApp, testConfig, type TestApp } from '../../../test/harness.js';
import { eventually, Receiver, type Received } from '../../../test/receiver.js';
import { eventsWhen, firstArrivals, registerFixture, TRIGGER_ENV } from '../../../test/triggers.js';

const MINUTE_MS = Number(TRIGGER_ENV.SWITCHBOARD_POLL_MINUTE_MS);

/** A vendor API standing in for the third party the polling piece reads: GET /items?account=, newest first. */
class Vendor {
  readonly rx = new Receiver();
  readonly items = new Map<string, Array<{ id: string; title: string; createdAt: string }>>();
  failing = new Set<string>();
  /** How long each poll is held (to catch two pollers at once). */
  holdMs = 0;
  inFlight = new Map<string, number>();
  maxInFlight = new Map<string, number>();

  async start(): Promise<this> {
    await this.rx.start();
    this.rx.respond = async (r) => {
      const url = new URL(r.path, 'http://vendor');
      if (url.pathname !== '/items') return { status: 404 };
      if (r.headers.authorization !== 'Bearer vendor-key') return { status: 401 };
      const account = url.searchParams.get('account') ?? '';
      const n = (this.inFlight.get(account) ?? 0) + 1;
      this.inFlight.set(account, n);
      this.maxInFlight.set(account, Math.max(n, this.maxInFlight.get(account) ?? 0));
      if (this.holdMs) await new Promise((res) => setTimeout(res, this.holdMs));
      this.inFlight.set(account, (this.inFlight.get(account) ?? 1) - 1);
      if (this.failing.has(account)) return { status: 500 };
      return { status: 200, body: { items: this.items.get(account) ?? [] } };
    };
    return this;
  }

  get url(): string {
    return this.rx.url('');
  }

  add(account: string, id: string, createdAt = new Date().toISOString()): void {
    this.items.set(account, [{ id, title: `Item ${id}`, createdAt }, ...(this.items.get(account) ?? [])]);
  }

  polls(account: string): Received[] {
    return this.rx.requests.filter((r) => r.path === `/items?account=${encodeURIComponent(account)}`);
  }

  /** Waits until `more` further polls of the account have been answered. */
  async morePolls(account: string, more: number): Promise<void> {
    const target = this.polls(account).length + more;
    await this.rx.waitFor(
      () => this.polls(account).length >= target && (this.inFlight.get(account) ?? 0) === 0,
      15_000,
      `${more} more polls of ${account}`,
    );
  }
}

describe('triggers: polling sources', () => {
  let t: TestApp;
  let rx: Receiver;
  let vendor: Vendor;
  let key: string;
  let ws: string;

  before(async () => {
    t = await startApp(TRIGGER_ENV);
    await registerFixture(t.app, 'piece-poller');
    rx = await new Receiver().start();
    vendor = await new Vendor().start();
    ({ key } = await t.tenant());
    ws = (await t.workspace(key)).id;
    const conn = await t.post('/api/v1/connections', key, {
      type: 'SECRET_TEXT',
      integrationName: 'poller',
      externalId: 'poll-conn',
      displayName: 'Poller',
      secretText: 'vendor-key',
    });
    assert.equal(conn.status, 201, conn.text);
  });
  after(async () => {
    await t.close();
    await rx.close();
    await vendor.rx.close();
  });

  const enablePoll = (account: string, path: string, extra: Record<string, unknown> = {}) =>
    t.post('/api/v1/triggers/enable', key, {
      integrationName: 'poller',
      triggerName: 'new_item',
      workspaceId: ws,
      callbackUrl: rx.url(path),
      input: { baseUrl: vendor.url, account },
      pollingIntervalMinutes: 1,
      ...extra,
    });
  const delivered = (path: string) => firstArrivals(rx.to(path)).map((r) => r.json.data.id as string);

  it('delivers each new item once (LAST_ITEM), across many polls and a restart', async () => {
    vendor.add('a1', 'i1');
    vendor.add('a1', 'i2');
    vendor.add('a1', 'i3');
    const res = await enablePoll('a1', '/cb/a1');
    assert.equal(res.status, 201, res.text);
    const src = res.body.triggerSource;
    assert.equal(src.triggerType, 'POLLING');
    assert.equal(src.webhookUrl, null, 'a polling source has no webhook address');
    assert.equal(src.pollingIntervalMinutes, 1);
    assert.ok(src.connectionId);
    assert.equal(
      vendor.polls('a1')[0]!.headers.authorization,
      'Bearer vendor-key',
      'onEnable read the newest item with the connection',
    );

    const recorded = async () => (await t.get(`/api/v1/triggers/${src.id}/events`, key)).body.total as number;
    await vendor.morePolls('a1', 2);
    assert.equal(await recorded(), 0, 'items older than the enable are not recorded');
    vendor.add('a1', 'i4');
    vendor.add('a1', 'i5');
    await rx.waitFor(() => delivered('/cb/a1').length === 2, 15_000, 'the two new items');
    assert.deepEqual(new Set(delivered('/cb/a1')), new Set(['i4', 'i5']));
    await vendor.morePolls('a1', 3);
    assert.equal(await recorded(), 2, 'later polls record nothing again (each poll commits before the next is claimed)');

    // A restart: the dedupe state is in the database, not in the process.
    // Installed pieces load before polling starts; the fixture stands in for one.
    await t.restart((app) => registerFixture(app, 'piece-poller'));
    await vendor.morePolls('a1', 2);
    assert.equal(await recorded(), 2, 'nothing recorded twice after the restart');
    vendor.add('a1', 'i6');
    await rx.waitFor(() => delivered('/cb/a1').length === 3, 15_000, 'the item after the restart');
    await vendor.morePolls('a1', 2);
    assert.deepEqual(delivered('/cb/a1').sort(), ['i4', 'i5', 'i6']);

    const events = await eventsWhen(
      t,
      key,
      src.id,
      (e) => e.length === 3 && e.every((x) => x.status === 'delivered'),
      'three delivered events',
    );
    assert.deepEqual(
      events.map((e) => e.sequence),
      [3, 2, 1],
    );
    assert.ok(events.every((e) => e.origin === 'poll'));
    const list = await t.get(`/api/v1/triggers?workspaceId=${ws}`, key);
    const listed = list.body.triggers.find((s: any) => s.id === src.id);
    assert.ok(listed.lastDelivery);
    assert.equal(listed.lastError, null);
  });

  it('delivers items newer than the enable once (TIMEBASED)', async () => {
    vendor.add('t1', 'old', new Date(Date.now() - 3_600_000).toISOString());
    const res = await enablePoll('t1', '/cb/t1', { triggerName: 'new_item_by_time' });
    assert.equal(res.status, 201, res.text);
    await vendor.morePolls('t1', 2);
    assert.equal(delivered('/cb/t1').length, 0);
    vendor.add('t1', 'new', new Date(Date.now() + 1_000).toISOString());
    await rx.waitFor(() => delivered('/cb/t1').length === 1, 15_000, 'the new item');
    await vendor.morePolls('t1', 3);
    assert.deepEqual(delivered('/cb/t1'), ['new']);
  });

  it('keeps the dedupe state when a poll fails, so nothing is lost or doubled, and shows the error', async () => {
    const res = await enablePoll('f1', '/cb/f1');
    const src = res.body.triggerSource;
    await vendor.morePolls('f1', 1);
    vendor.failing.add('f1');
    vendor.add('f1', 'during-outage');
    await vendor.morePolls('f1', 2);
    const failed = await eventually(
      async () => {
        const l = await t.get(`/api/v1/triggers?workspaceId=${ws}`, key);
        const s = l.body.triggers.find((x: any) => x.id === src.id);
        return s?.lastError ? s : null;
      },
      10_000,
      'the poll error on the source',
    );
    assert.match(failed.lastError, /poll: .*500/);
    assert.equal(delivered('/cb/f1').length, 0);
    vendor.failing.delete('f1');
    await rx.waitFor(() => delivered('/cb/f1').length === 1, 15_000, 'the item after the outage');
    await vendor.morePolls('f1', 2);
    assert.deepEqual(delivered('/cb/f1'), ['during-outage']);
    const after = (await t.get(`/api/v1/triggers?workspaceId=${ws}`, key)).body.triggers.find((x: any) => x.id === src.id);
    assert.equal(after.lastError, null);
  });

  it('stops polling at once on disable', async () => {
    const res = await enablePoll('d1', '/cb/d1');
    const src = res.body.triggerSource;
    const other = (await enablePoll('d2', '/cb/d2')).body.triggerSource;
    await vendor.morePolls('d1', 2);
    assert.equal((await t.post('/api/v1/triggers/disable', key, { triggerSourceId: src.id })).status, 200);
    const pollsAtDisable = vendor.polls('d1').length;
    vendor.add('d1', 'too-late');
    await vendor.morePolls('d2', 4);
    assert.equal(vendor.polls('d1').length, pollsAtDisable, 'no poll after the disable answered');
    assert.equal(delivered('/cb/d1').length, 0);
    assert.equal((await t.post('/api/v1/triggers/disable', key, { triggerSourceId: other.id })).status, 200);
  });

  it("runs the trigger's test hook in a worker with a throwaway store (live sample items)", async () => {
    vendor.add('live', 'l1');
    vendor.add('live', 'l2');
    const hooks = t.app.services.registry.get('poller')!.triggers.new_item!.hooks!;
    const puts: string[] = [];
    const store = {
      get: async () => null,
      put: async (k: string, v: unknown) => (puts.push(k), v),
      delete: async () => undefined,
    };
    const items = (await hooks.test({
      input: { baseUrl: vendor.url, account: 'live' },
      auth: { type: 'SECRET_TEXT', value: { secret_text: 'vendor-key' } },
      webhookUrl: '',
      publicUrl: '',
      store,
    })) as Array<{ id: string }>;
    assert.deepEqual(
      items.map((i) => i.id),
      ['l2', 'l1'],
    );
  });

  it('assembles input with the engine: default partials, partialIds: [] and enforced keys', async () => {
    const partial = await t.post('/api/v1/partials', key, {
      workspaceId: ws,
      integrationName: 'poller',
      triggerName: 'new_item',
      name: 'default account',
      values: { account: 'from-partial', baseUrl: vendor.url },
      isDefault: true,
    });
    assert.equal(partial.status, 201, partial.text);
    const viaDefault = await t.post('/api/v1/triggers/enable', key, {
      integrationName: 'poller',
      triggerName: 'new_item',
      workspaceId: ws,
      callbackUrl: rx.url('/cb/p'),
      pollingIntervalMinutes: 1,
    });
    assert.equal(viaDefault.status, 201, viaDefault.text);
    await vendor.morePolls('from-partial', 1);
    const none = await enablePoll('explicit', '/cb/p2', { partialIds: [] });
    assert.equal(none.status, 201, none.text);
    assert.ok(vendor.polls('explicit').length >= 1);
    const withoutDefaults = await t.post('/api/v1/triggers/enable', key, {
      integrationName: 'poller',
      triggerName: 'new_item',
      workspaceId: ws,
      callbackUrl: rx.url('/cb/p3'),
      partialIds: [],
    });
    assert.equal(withoutDefaults.status, 400);
    assert.match(withoutDefaults.body.message, /input\.baseUrl/);

    const enforced = await t.post('/api/v1/partials', key, {
      workspaceId: ws,
      integrationName: 'poller',
      triggerName: 'new_item',
      name: 'locked account',
      values: { account: 'locked', baseUrl: vendor.url },
      enforcedKeys: ['account'],
    });
    assert.equal(enforced.status, 201, enforced.text);
    const locked = await enablePoll('caller-wants-this', '/cb/p4', { partialIds: [enforced.body.partial.id] });
    assert.equal(locked.status, 201, locked.text);
    assert.ok(vendor.polls('locked').length >= 1, 'the enforced value won');
    assert.equal(vendor.polls('caller-wants-this').length, 0);
    for (const id of [viaDefault.body.triggerSource.id, none.body.triggerSource.id, locked.body.triggerSource.id]) {
      await t.post('/api/v1/triggers/disable', key, { triggerSourceId: id });
    }
  });
});

// Two app instances on one PostgreSQL database; PGlite is single-process, so this needs DATABASE_URL.
describe(
  'triggers: two nodes on one database',
  { skip: !process.env.DATABASE_URL && 'needs PostgreSQL (DATABASE_URL); PGlite is single-process' },
  () => {
    it('polls each source on one node at a time, once per interval, and delivers each event once per attempt', async () => {
      const t = await startApp(TRIGGER_ENV);
      const rx = await new Receiver().start();
      const vendor = await new Vendor().start();
      const dbName = (await t.db.query<{ name: string }>('SELECT current_database() AS name'))[0]!.name;
      const u = new URL(process.env.DATABASE_URL!);
      u.pathname = `/${dbName}`;
      const db2 = await openDatabase({ url: u.toString(), poolSize: 5 });
      const app2 = await buildApp({ config: { ...testConfig(TRIGGER_ENV), encryptionKey: t.config.encryptionKey }, db: db2 });
      await app2.ready();
      try {
        await registerFixture(t.app, 'piece-poller');
        await registerFixture(app2, 'piece-poller');
        const { key } = await t.tenant();
        const ws = (await t.workspace(key)).id;
        await t.post('/api/v1/connections', key, {
          type: 'SECRET_TEXT',
          integrationName: 'poller',
          externalId: 'c',
          displayName: 'P',
          secretText: 'vendor-key',
        });
        vendor.holdMs = 120;
        let n = 0;
        rx.respond = () => (n++ % 3 === 0 ? { status: 500 } : { status: 200 });
        const src = (
          await t.post('/api/v1/triggers/enable', key, {
            integrationName: 'poller',
            triggerName: 'new_item',
            workspaceId: ws,
            callbackUrl: rx.url('/cb/two'),
            input: { baseUrl: vendor.url, account: 'two' },
            pollingIntervalMinutes: 1,
          })
        ).body.triggerSource;
        const ids: string[] = [];
        for (let round = 0; round < 5; round++) {
          await vendor.morePolls('two', 1);
          for (let k = 0; k < 3; k++) {
            const id = `r${round}-${k}`;
            vendor.add('two', id);
            ids.push(id);
          }
        }
        await vendor.morePolls('two', 2);
        await eventsWhen(
          t,
          key,
          src.id,
          (e) => e.length === ids.length && e.every((x) => x.status === 'delivered'),
          'every event delivered',
          30_000,
        );
        const items = new Set(rx.to('/cb/two').map((r) => r.json.data.id as string));
        assert.deepEqual([...items].sort(), [...ids].sort(), 'every item arrived');
        const pairs = rx.to('/cb/two').map((r) => `${r.headers['x-service-delivery']}#${r.headers['x-service-attempt']}`);
        assert.equal(new Set(pairs).size, pairs.length, 'no attempt was sent twice');
        const eventIds = new Set(rx.to('/cb/two').map((r) => r.json.eventId));
        assert.equal(eventIds.size, ids.length, 'one event per item');
        assert.equal(vendor.maxInFlight.get('two'), 1, 'never two polls of the source at once');
        const polls = vendor.polls('two').slice(1); // the first one was onEnable
        const window = polls.at(-1)!.at - polls[0]!.at;
        assert.ok(
          polls.length <= Math.floor(window / MINUTE_MS) + 2,
          `${polls.length} polls in ${window} ms at one per ${MINUTE_MS} ms`,
        );
      } finally {
        await app2.close();
        await db2.close();
        await t.close();
        await rx.close();
        await vendor.rx.close();
      }
    });
  },
);
