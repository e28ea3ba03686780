import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { type TestApp } from '../harness.js';
import { Receiver } from '../receiver.js';
import { needs } from '../system-binaries.js';
import { TRIGGER_ENV } from '../triggers.js';
import { startDashboard, type DashboardWorld } from './browser-world.js';

/**
 * The organization's webhook endpoints on the Settings page, in headless Chromium: one is added with its events, a
 * test event reaches a local receiver, and its delivery is listed with the attempt. Checked with axe-core and written
 * as screenshots at 1280 and 390 px.
 */
describe('dashboard webhooks', { skip: needs('chromium') }, () => {
  let dash: DashboardWorld;
  let t: TestApp;
  let rx: Receiver;
  let base: string;
  let orgId: string;
  let token: string;
  const owner = { name: 'Hana Hooks', email: `hana-${Date.now()}@example.com`, password: 'hana-password-1' };

  before(async () => {
    dash = await startDashboard(TRIGGER_ENV);
    ({ t, base } = dash);
    rx = await new Receiver().start();
    const org = await t.operator('POST', '/operator/v1/organizations', { name: 'Hooks Org', plan: 'team', owner });
    orgId = org.body.organization.id;
    token = (await t.post('/api/v1/auth/sign-in', null, owner)).body.token;
  });
  after(async () => {
    await dash?.close();
    await rx?.close();
  });

  const signedIn = (width: number) => dash.signedIn(token, width);
  const check = (page: Page, name: string) => dash.check(page, name);

  it('adds an endpoint, sends a test event that the receiver gets, and lists the delivery', async () => {
    const page = await signedIn(1280);
    try {
      await page.goto(`${base}/o/${orgId}/settings`);
      await page.getByText('No webhook endpoints').waitFor();
      await page.getByLabel('Endpoint URL').fill(rx.url('/dashboard-hook'));
      await page.getByLabel('Description', { exact: true }).fill('Ops alerts');
      await page.getByRole('checkbox', { name: /connection\.deleted/ }).check();
      await page.getByRole('checkbox', { name: /webhook\.test/ }).check();
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      await page.getByText('Events: webhook.test, connection.deleted').waitFor();
      const rows = await t.db.query<{ url: string; events: string[]; description: string }>(
        'SELECT url, events, description FROM webhook_endpoints WHERE org_id = $1',
        [orgId],
      );
      assert.deepEqual(rows, [
        { url: rx.url('/dashboard-hook'), events: ['webhook.test', 'connection.deleted'], description: 'Ops alerts' },
      ]);

      await page.getByRole('button', { name: 'Send test event to Ops alerts' }).click();
      const [got] = await rx.waitFor(() => rx.to('/dashboard-hook').length === 1 && rx.to('/dashboard-hook'), 10_000, 'the test');
      assert.equal(got!.json.type, 'webhook.test');
      assert.equal(got!.headers['x-service-event'], 'webhook.test');
      const list = page.getByRole('list').filter({ has: page.getByText('webhook.test', { exact: true }) });
      await list.getByText('delivered').waitFor();
      await list.getByText(/: 200 in \d+ ms/).waitFor();
      await check(page, 'settings-webhooks');

      await page.getByRole('button', { name: 'Disable Ops alerts' }).click();
      await page.getByRole('button', { name: 'Enable Ops alerts' }).waitFor();
      const [stored] = await t.db.query<{ enabled: boolean }>('SELECT enabled FROM webhook_endpoints WHERE org_id = $1', [orgId]);
      assert.equal(stored?.enabled, false);
    } finally {
      await page.context().close();
    }
  });

  it('fits and passes the checks at 390 px, and deletes the endpoint', async () => {
    const page = await signedIn(390);
    try {
      await page.goto(`${base}/o/${orgId}/settings`);
      await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
      await page.getByRole('button', { name: 'Show deliveries of Ops alerts' }).click();
      await page.getByText('delivered').waitFor();
      await check(page, 'settings-webhooks');
      const url = rx.url('/dashboard-hook');
      await page.getByRole('button', { name: 'Delete Ops alerts' }).click();
      await page.getByLabel(`Type ${url} to confirm`).fill(url);
      await page
        .getByRole('button', { name: /^Delete/ })
        .last()
        .click();
      await page.getByText('No webhook endpoints').waitFor();
      const rows = await t.db.query('SELECT id FROM webhook_endpoints WHERE org_id = $1', [orgId]);
      assert.equal(rows.length, 0);
    } finally {
      await page.context().close();
    }
  });
});
