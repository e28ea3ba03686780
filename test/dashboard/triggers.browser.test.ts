import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { type TestApp } from '../harness.js';
import { eventually, Receiver } from '../receiver.js';
import { needs } from '../system-binaries.js';
import { TRIGGER_ENV } from '../triggers.js';
import { startDashboard, type DashboardWorld } from './browser-world.js';

/**
 * The Triggers pages in headless Chromium: a source is created on the page, its delivery fails against a receiver
 * answering 500 and shows in the dead letters with its attempts and the receiver's answer; the receiver is fixed and
 * the delivery replayed from the page arrives once. Disable and enable from the page, with the stored state. Each page
 * is checked with axe-core and written as a screenshot at 1280 and 390 px.
 */
describe('dashboard triggers', { skip: needs('chromium') }, () => {
  let dash: DashboardWorld;
  let t: TestApp;
  let rx: Receiver;
  let base: string;
  let orgId: string;
  let ws: { id: string };
  let token: string;
  let sourceId: string;
  const owner = { name: 'Tia Triggers', email: `tia-${Date.now()}@example.com`, password: 'tia-password-1' };
  const failing = { error: 'receiver down: maintenance window' };

  before(async () => {
    dash = await startDashboard(TRIGGER_ENV);
    ({ t, base } = dash);
    rx = await new Receiver().start();
    const org = await t.operator('POST', '/operator/v1/organizations', { name: 'Triggers Org', plan: 'team', owner });
    orgId = org.body.organization.id;
    ws = await t.workspace(org.body.plainKey);
    token = (await t.post('/api/v1/auth/sign-in', null, owner)).body.token;
  });
  after(async () => {
    await dash?.close();
    await rx?.close();
  });

  const signedIn = (width: number) => dash.signedIn(token, width);
  const check = (page: Page, name: string) => dash.check(page, name);
  const deliveryStatus = async (id: string) =>
    (await t.db.query<{ status: string }>('SELECT status FROM webhook_deliveries WHERE id = $1', [id]))[0]?.status;
  const sourceStatus = async () =>
    (await t.db.query<{ status: string }>('SELECT status FROM trigger_sources WHERE id = $1', [sourceId]))[0]?.status;

  it('a failed delivery shows in dead letters with its attempts and the answer, and is replayed from the page once', async () => {
    rx.respond = () => ({ status: 500, body: failing });
    const page = await signedIn(1280);
    try {
      await page.goto(`${base}/o/${orgId}/w/${ws.id}/triggers`);
      await page.getByText('No trigger sources yet').waitFor();
      await check(page, 'triggers-empty');
      await page.getByRole('button', { name: 'New trigger source' }).click();
      await page.getByLabel('Integration').selectOption('webhook');
      await page.getByRole('combobox', { name: /^Trigger/ }).selectOption('catch_webhook');
      await page.getByLabel('Callback URL').fill(rx.url('/receiver'));
      await page.getByRole('checkbox', { name: /Simulate/ }).check();
      // The trigger's own props, from the catalog (PropsForm).
      await page.getByRole('combobox', { name: /^Authentication/ }).selectOption({ label: 'None' });
      await page.getByRole('button', { name: 'Create trigger source' }).click();
      await page.getByRole('heading', { name: 'webhook · catch_webhook', level: 1 }).waitFor();
      sourceId = page.url().split('/').at(-1)!;
      const [row] = await t.db.query<{ callback_url: string; simulate: boolean }>(
        'SELECT callback_url, simulate FROM trigger_sources WHERE id = $1',
        [sourceId],
      );
      assert.deepEqual(row, { callback_url: rx.url('/receiver'), simulate: true });

      await page.getByRole('button', { name: 'Send test event' }).click();
      await page.getByLabel('Event data (JSON)').fill('{"order": 42}');
      await page.getByRole('dialog').getByRole('button', { name: 'Send test event' }).click();
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      const [event] = await t.db.query<{ id: string }>("SELECT id FROM trigger_events WHERE source_id = $1 AND origin = 'test'", [
        sourceId,
      ]);
      assert.ok(event, 'the test event is stored');
      await eventually(async () => (await deliveryStatus(event.id)) === 'dead', 15_000, 'the delivery is dead');

      await page.getByRole('button', { name: 'Dead letters' }).click();
      await page.getByRole('cell', { name: event.id }).waitFor();
      await page.locator('summary').filter({ hasText: 'attempts of event 1' }).click();
      await page.getByLabel('Response to attempt 1').getByText(failing.error).waitFor();
      await page.getByText('HTTP 500').first().waitFor();
      await check(page, 'trigger-dead-letters');

      // The receiver is fixed; the delivery is replayed from the page and arrives once.
      rx.respond = () => ({ status: 200 });
      const before = rx.requests.length;
      await page.getByRole('button', { name: 'Replay event 1' }).click();
      await eventually(async () => (await deliveryStatus(event.id)) === 'delivered', 15_000, 'the replay is delivered');
      const arrived = rx.requests.slice(before).filter((r) => r.json?.eventId === event.id);
      assert.equal(arrived.length, 1, 'it arrives once');
      assert.deepEqual(arrived[0]!.json.data, { order: 42 }, 'with the same body');
      await page.getByText('No dead letters').waitFor();
      await page.getByRole('button', { name: 'All deliveries' }).click();
      await page.getByText('delivered', { exact: true }).first().waitFor();

      // A time range: a second event dies, and the range form replays the dead letters.
      rx.respond = () => ({ status: 500, body: failing });
      await page.getByRole('button', { name: 'Send test event' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Send test event' }).click();
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      const [again] = await t.db.query<{ id: string }>(
        "SELECT id FROM trigger_events WHERE source_id = $1 AND origin = 'test' AND id <> $2",
        [sourceId, event.id],
      );
      assert.ok(again);
      await eventually(async () => (await deliveryStatus(again.id)) === 'dead', 15_000, 'the second delivery is dead');
      rx.respond = () => ({ status: 200 });
      await page.getByRole('button', { name: 'Replay range' }).click();
      await page.getByText('1 event replayed.').waitFor();
      await eventually(async () => (await deliveryStatus(again.id)) === 'delivered', 15_000, 'the range replay is delivered');
      assert.equal(await deliveryStatus(event.id), 'delivered', 'the first stays delivered (not dead, not replayed)');
      await check(page, 'trigger-source');
    } finally {
      await page.context().close();
    }
  });

  it('disables and enables the source from the page', async () => {
    const page = await signedIn(1280);
    try {
      await page.goto(`${base}/o/${orgId}/w/${ws.id}/triggers/${sourceId}`);
      await page.getByRole('button', { name: 'Disable' }).click();
      await page.getByRole('button', { name: 'Enable' }).waitFor();
      assert.equal(await sourceStatus(), 'DISABLED');
      await page.getByText('disabled', { exact: true }).waitFor();
      await page.goto(`${base}/o/${orgId}/w/${ws.id}/triggers`);
      await page.getByRole('link', { name: 'webhook · catch_webhook' }).waitFor();
      await check(page, 'triggers');
      await page.getByRole('link', { name: 'webhook · catch_webhook' }).click();
      await page.getByRole('button', { name: 'Enable' }).click();
      await page.getByRole('button', { name: 'Disable' }).waitFor();
      assert.equal(await sourceStatus(), 'ACTIVE');
    } finally {
      await page.context().close();
    }
  });

  it('the replay range covers the time the page stays open, also when it opened at the end of a minute', async () => {
    const page = await signedIn(1280);
    try {
      // The browser's clock half a second before a minute ends: the range's end, kept to the minute, once fell a
      // moment later and left out every event that arrived while the page stayed open ("0 events replayed").
      await page.clock.setFixedTime(new Date(Math.floor(Date.now() / 60_000) * 60_000 + 59_500));
      await page.goto(`${base}/o/${orgId}/w/${ws.id}/triggers/${sourceId}`);
      const to = await page.getByLabel('To', { exact: true }).inputValue();
      const ahead = await page.evaluate((value) => new Date(value).getTime() - Date.now(), to);
      assert.ok(ahead >= 30 * 60_000, `the range ends ${ahead} ms after the page opened`);
    } finally {
      await page.context().close();
    }
  });

  it('fits and passes the checks at 390 px', async () => {
    const page = await signedIn(390);
    try {
      await page.goto(`${base}/o/${orgId}/w/${ws.id}/triggers`);
      await page.getByRole('heading', { name: 'Triggers', level: 1 }).waitFor();
      await check(page, 'triggers');
      await page.goto(`${base}/o/${orgId}/w/${ws.id}/triggers/${sourceId}`);
      await page.getByRole('heading', { name: 'webhook · catch_webhook', level: 1 }).waitFor();
      await page.getByRole('cell', { name: /^#?1$/ }).first().waitFor();
      await check(page, 'trigger-source');
      await page.getByRole('button', { name: 'Dead letters' }).click();
      await page.getByText('No dead letters').waitFor();
      await check(page, 'trigger-dead-letters');
    } finally {
      await page.context().close();
    }
  });
});
