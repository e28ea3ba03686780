import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../browser.js';
import { freePort } from '../fixture-process.js';
import { startApp, type TestApp } from '../harness.js';
import { needs } from '../system-binaries.js';
import { axeViolations, PAGE_BASICS } from '../a11y.js';
import { register } from '../connect-fixtures.js';
import type { Receiver } from '../receiver.js';
import { builtDashboard } from './build.js';
import { ACME_TOKEN, acmeApi, acmeIntegration } from './acme.js';
import { startSmtpSink } from '../mail.js';

/**
 * The dashboard's main journey in headless Chromium, as a new person: sign up, create an organization and a
 * workspace, add an integration, connect it, save a partial, run it in the playground, see the run in activity;
 * then a member without permission is refused. Every page is checked with axe-core and written as a screenshot at
 * 1280 and 390 px (SCREENSHOT_DIR, else the temp dir).
 */
describe('dashboard journeys', { skip: needs('chromium') }, () => {
  let t: TestApp;
  let api: Receiver;
  let browser: Browser;
  let mail: Awaited<ReturnType<typeof startSmtpSink>>;
  let base: string;
  let shots: string;
  const owner = { name: 'Ada Owner', email: `ada-${Date.now()}@example.com`, password: 'ada-password-1' };
  const member = { name: 'Max Member', email: `max-${Date.now()}@example.com`, password: 'max-password-1' };

  before(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    api = await acmeApi();
    mail = await startSmtpSink();
    t = await startApp({
      ...mail.env,
      SWITCHBOARD_PUBLIC_URL: base,
      SWITCHBOARD_DASHBOARD_DIR: await builtDashboard(),
      SWITCHBOARD_EGRESS_ALLOW: '127.0.0.1',
    });
    register(t, [acmeIntegration(api.url(''))]);
    await t.app.listen({ port, host: '127.0.0.1' });
    browser = await launchBrowser();
    shots = path.join(process.env.SCREENSHOT_DIR ?? os.tmpdir(), 'dashboard');
    await mkdir(shots, { recursive: true });
    console.log(`# screenshots: ${shots}`);
  });
  after(async () => {
    await browser?.close();
    await t?.close();
    await api?.close();
    await mail?.stop();
  });

  /** The page's accessibility checks and its screenshot. */
  async function check(page: Page, name: string) {
    await page.locator('.loading').first().waitFor({ state: 'detached' });
    const width = page.viewportSize()?.width ?? 0;
    assert.deepEqual(await page.evaluate(PAGE_BASICS), [], `${name} at ${width} px`);
    assert.deepEqual(await axeViolations(page), [], `axe-core: ${name} at ${width} px`);
    await page.screenshot({ path: path.join(shots, `${name}-${width}.png`), fullPage: true });
  }

  async function newPage(width: number): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'en-US' });
    const page = await context.newPage();
    const errors: string[] = [];
    // A CSP violation or a script error is a defect of the page.
    page.on('console', (m) => {
      if (m.type() === 'error' && !/Failed to load resource: the server responded with a status of (401|403|404)/.test(m.text()))
        errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    return { context, page, errors };
  }

  let orgId = '';
  let wsId = '';

  it('takes a new person from sign-up to a playground run and its activity row', async () => {
    const { context, page, errors } = await newPage(1280);
    try {
      await page.goto(`${base}/`);
      await page.waitForURL(/\/sign-in/);
      await check(page, 'sign-in');
      await page.getByRole('link', { name: 'Create an account' }).click();
      await page.waitForURL(/\/sign-up/);
      await check(page, 'sign-up');
      await page.getByLabel('Name').fill(owner.name);
      await page.getByLabel('Email').fill(owner.email);
      await page.getByLabel('Password').fill(owner.password);
      await page.getByRole('button', { name: 'Create account' }).click();

      // No organization yet: the person creates one and lands on its overview.
      await page.waitForURL(/\/organizations$/);
      await page.getByText('You are not in an organization yet').waitFor();
      await check(page, 'organizations');
      await page.getByLabel('Organization name').fill('Acme Corp');
      await page.getByRole('button', { name: 'Create organization' }).click();
      await page.waitForURL(/\/o\/[0-9a-f-]{36}$/);
      orgId = /\/o\/([0-9a-f-]{36})/.exec(page.url())![1]!;
      await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
      await page.getByText('Create a workspace').first().waitFor();
      await check(page, 'overview-empty');

      // A workspace.
      await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Workspaces' }).click();
      await page.getByLabel('Name', { exact: true }).fill('Production');
      await page.getByRole('button', { name: 'Create workspace' }).click();
      await page.getByRole('link', { name: 'Production' }).waitFor();
      const stored = await t.db.query<{ id: string; slug: string }>('SELECT id, slug FROM workspaces WHERE org_id = $1', [orgId]);
      assert.deepEqual(
        stored.map((w) => w.slug),
        ['production'],
      );
      wsId = stored[0]!.id;
      await check(page, 'workspaces');

      // The organization's own API, imported from its OpenAPI document (0151), is in its catalog.
      await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Your APIs' }).click();
      await page.getByText('No API imported yet').waitFor();
      await page.getByLabel('Integration name').fill('petstore');
      await page.getByLabel('Document', { exact: true }).fill(await readFile('test/fixtures/openapi/petstore.yaml', 'utf8'));
      await page.getByRole('button', { name: 'Import' }).click();
      await page.getByText('is in the catalog with 5 actions.').waitFor();
      await page.getByRole('cell', { name: 'Pet Store petstore' }).waitFor();
      await check(page, 'custom-integrations');
      const [imported] = await t.db.query<{ org_id: string }>("SELECT org_id FROM custom_integrations WHERE name = 'petstore'");
      assert.equal(imported?.org_id, orgId);

      // The catalog, searched, and the integration's page.
      await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Catalog' }).click();
      await page.getByLabel('Search').fill('acme');
      await page.getByText('1 of').waitFor();
      await check(page, 'catalog');
      await page.getByRole('link', { name: 'Acme Notes' }).click();
      await page.getByRole('heading', { name: 'Acme Notes', level: 1 }).waitFor();
      await page.getByText('Create note').click(); // opens the action's props
      await page.getByRole('cell', { name: 'folder' }).waitFor();
      await check(page, 'catalog-integration');
      // The imported API is in the organization's catalog like any integration, with its actions and their props.
      await page.getByRole('link', { name: 'Catalog' }).first().click();
      await page.getByLabel('Search').fill('pet store');
      // Its logo shows, drawn from its display name by the service.
      // A function, not a string: polling a string predicate needs eval, which the page's CSP refuses.
      await page.waitForFunction(() =>
        [...(globalThis as any).document.querySelectorAll('img.logo')].some(
          (i) => i.src.includes('/integrations/petstore/logo?label=Pet%20Store') && i.complete && i.naturalWidth > 0,
        ),
      );
      await page.getByRole('link', { name: 'Pet Store' }).click();
      await page.getByRole('heading', { name: 'Pet Store', level: 1 }).waitFor();
      await page.getByText('Add a pet', { exact: true }).click();
      await page.getByRole('cell', { name: 'birthday' }).waitFor();
      await check(page, 'catalog-custom-integration');

      // A connection through the hosted connect page in a popup: Acme checks the token before it is stored.
      const dialog = page.getByRole('dialog');
      await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Connections' }).click();
      await page.waitForURL(new RegExp(`/o/${orgId}/w/${wsId}/connections$`));
      await page.getByText('No connections yet').waitFor();
      await page.getByRole('button', { name: 'New connection' }).click();
      await dialog.getByLabel('Integration').selectOption({ label: 'Acme Notes' });
      await dialog.getByLabel('External id').fill('acme-main');
      await dialog.getByLabel('Display name').fill('Acme main account');
      await check(page, 'connections-new');
      const [popup] = await Promise.all([
        page.waitForEvent('popup'),
        dialog.getByRole('button', { name: 'Connect on the hosted page' }).click(),
      ]);
      await popup.getByLabel('API token').fill('wrong-token');
      await popup.getByRole('button', { name: 'Connect' }).click();
      await popup.getByRole('alert').getByText('Acme refused this token.').waitFor();
      await popup.getByLabel('API token').fill(ACME_TOKEN);
      await popup.getByRole('button', { name: 'Connect' }).click();
      await dialog.getByText('Connected', { exact: true }).waitFor();
      await dialog.getByRole('button', { name: 'Done' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('row', { name: /Acme main account.*checked/ }).waitFor();
      const [conn] = await t.db.query<{ id: string; credentials: string; verification: string }>(
        "SELECT id, credentials, verification FROM connections WHERE org_id = $1 AND external_id = 'acme-main'",
        [orgId],
      );
      assert.ok(conn, 'the connection is stored');
      assert.equal(conn.verification, 'verified');
      assert.ok(!conn.credentials.includes(ACME_TOKEN), 'the token is encrypted at rest');

      // A second one by form: stored as given, and the list says it was not checked.
      await page.getByRole('button', { name: 'New connection' }).click();
      await dialog.getByLabel('Integration').selectOption({ label: 'Acme Notes' });
      await dialog.getByLabel('External id').fill('acme-backup');
      await dialog.getByLabel('Display name').fill('Acme backup');
      await dialog.getByLabel('API token').fill(ACME_TOKEN);
      await dialog.getByRole('button', { name: 'Save connection' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('row', { name: /Acme backup.*saved, not checked/ }).waitFor();
      await check(page, 'connections');

      // Add the integration to the workspace with that connection, then edit it.
      await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Integrations' }).click();
      await page.getByText('No integrations in this workspace').waitFor();
      await page.getByLabel('Add an integration').selectOption({ label: 'Acme Notes' });
      await page.getByRole('button', { name: 'Configure' }).click();
      await dialog.getByLabel('Alias').fill('notes');
      await dialog.getByLabel('Connection', { exact: true }).selectOption({ label: 'Acme main account (acme-main)' });
      await dialog.getByRole('button', { name: 'Add integration' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByText(/Acme main account: /).waitFor();
      await page.getByRole('button', { name: 'Edit notes' }).click();
      await dialog.getByLabel('Display name').fill('Team notes');
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByText('Team notes').waitFor();
      const [wi] = await t.db.query<{ alias: string; display_name: string; connection_id: string }>(
        'SELECT alias, display_name, connection_id FROM workspace_integrations WHERE workspace_id = $1',
        [wsId],
      );
      assert.deepEqual(wi, { alias: 'notes', display_name: 'Team notes', connection_id: conn.id });
      await check(page, 'integrations');

      // A default partial: every note goes to the Inbox unless the call says otherwise.
      await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Input partials' }).click();
      await page.getByRole('button', { name: 'New partial' }).click();
      await dialog.getByLabel('Integration').selectOption({ label: 'Team notes (acme-notes)' });
      await dialog.getByLabel('Action', { exact: true }).selectOption({ label: 'Create note' });
      await dialog.getByLabel('Name', { exact: true }).fill('Inbox by default');
      // The folder's options come from the Acme API through the connection.
      await dialog.getByRole('combobox', { name: /^Folder/ }).selectOption({ label: 'Inbox' });
      await dialog.getByLabel('Apply by default to every call of this action').check();
      await dialog.getByRole('button', { name: 'Create partial' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Edit Inbox by default' }).waitFor();
      const [partial] = await t.db.query<{ values: unknown; is_default: boolean }>(
        'SELECT "values", is_default FROM input_partials WHERE workspace_id = $1',
        [wsId],
      );
      assert.deepEqual(partial, { values: { folder: 'inbox' }, is_default: true });
      await check(page, 'partials');

      // The playground runs it: output, timing, and the note arrives at Acme with the connection's token.
      await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Playground' }).click();
      await page.getByLabel('Integration').selectOption({ label: 'Team notes (acme-notes)' });
      await page.getByLabel('Action', { exact: true }).selectOption({ label: 'Create note' });
      await page.getByLabel('Title').fill('Ship the dashboard');
      await page.getByLabel('Body').fill('From the playground');
      await page.getByRole('button', { name: 'Run action' }).click();
      await page.getByLabel('Output').getByText('"folder": "inbox"').waitFor();
      await page.getByText(/in \d+ ms/).waitFor();
      const note = api.requests.find((r) => r.method === 'POST' && r.path === '/notes');
      assert.equal(note?.headers.authorization, `Bearer ${ACME_TOKEN}`);
      assert.deepEqual(note?.json, { title: 'Ship the dashboard', body: 'From the playground', folder: 'inbox' });
      await check(page, 'playground');

      // A built-in that needs no connection: added with no strategy to choose, and run at once.
      await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Integrations' }).click();
      await page.getByLabel('Add an integration').selectOption({ label: 'Hash & Encode' });
      await page.getByRole('button', { name: 'Configure' }).click();
      assert.equal(await dialog.getByLabel('Connection strategy').count(), 0);
      await dialog.getByRole('button', { name: 'Add integration' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('link', { name: 'Try in playground (hash-encode)' }).click();
      await page.getByLabel('Action', { exact: true }).selectOption({ label: 'Hash text' });
      await page.getByLabel('Text').fill('hello');
      await page.getByRole('button', { name: 'Run action' }).click();
      await page.getByLabel('Output').getByText('2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824').waitFor();

      // Activity shows the run with source playground; its details open.
      await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Activity' }).click();
      await page.getByLabel('Source').selectOption('playground');
      const row = page.getByRole('row', { name: /create_note/ });
      await row.waitFor();
      assert.match((await row.textContent()) ?? '', /success/);
      const stored2 = await t.db.query<{ source: string; status: string; api_key_id: string | null }>(
        'SELECT source, status, api_key_id FROM activity WHERE org_id = $1',
        [orgId],
      );
      assert.deepEqual(stored2, [
        { source: 'playground', status: 'success', api_key_id: null },
        { source: 'playground', status: 'success', api_key_id: null },
      ]);
      await check(page, 'activity');
      await row.getByRole('button', { name: /Details/ }).click();
      await dialog.getByText('playground').first().waitFor();
      await check(page, 'activity-detail');
      await dialog.getByRole('button', { name: 'Close' }).click();

      // The overview counts it.
      await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Overview' }).click();
      await page.getByText(/Actions 2 of 1,000/).waitFor();
      await check(page, 'overview');

      // Email verification from the banner, with the emailed code.
      await page.getByRole('link', { name: 'Verify it' }).click();
      await page.waitForURL(/\/verify-email$/);
      await page.getByRole('button', { name: 'Email me a code' }).click();
      await page.getByText('The code is on its way.').waitFor();
      await check(page, 'verify-email');
      await page.getByLabel('Code').fill(await mail.codeFor(owner.email));
      await page.getByRole('button', { name: 'Verify', exact: true }).click();
      await page.getByText(`${owner.email} is verified.`).waitFor();
      await page.getByRole('link', { name: 'Continue' }).click();
      await page.getByRole('heading', { name: 'Overview', level: 1 }).waitFor();
      assert.equal(await page.getByText('Your email address is not verified yet').count(), 0);

      // A second organization, and the switcher between the two.
      await page.getByRole('link', { name: 'All organizations' }).click();
      await page.getByLabel('Organization name').fill('Side Project');
      await page.getByRole('button', { name: 'Create organization' }).click();
      await page.getByText('Side Project · plan free · you are owner').waitFor();
      assert.notEqual(/\/o\/([0-9a-f-]{36})/.exec(page.url())![1], orgId);
      await page.getByLabel('Organization', { exact: true }).selectOption({ label: 'Acme Corp' });
      await page.waitForURL(new RegExp(`/o/${orgId}$`));
      await page.getByText('Acme Corp · plan free · you are owner').waitFor();
      assert.deepEqual(errors, []);
    } catch (err) {
      // What the page showed when it failed, beside the others.
      await page.screenshot({ path: path.join(shots, `failed-${page.viewportSize()?.width ?? 0}.png`), fullPage: true });
      throw err;
    } finally {
      await context.close();
    }
  });

  it('shows a member the API refusing what their role does not allow', async () => {
    // The owner invites the member by API with their session, as the members page of part 2 will.
    const ownerSession = (await t.post('/api/v1/auth/sign-in', null, { email: owner.email, password: owner.password })).body
      .token;
    await t.post('/api/v1/auth/sign-up', null, member);
    await t.verifyEmail(member.email);
    const inv = await t.request('POST', '/api/v1/members/invite', {
      key: ownerSession,
      headers: { 'x-switchboard-organization': orgId },
      body: { email: member.email, role: 'member' },
    });
    assert.equal(inv.status, 201, inv.text);

    const { context, page, errors } = await newPage(1280);
    try {
      await page.goto(`${base}/sign-in`);
      await page.getByLabel('Email').fill(member.email);
      await page.getByLabel('Password').fill(member.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(/\/organizations$/);
      await page.getByRole('button', { name: 'Accept invitation to Acme Corp' }).click();
      await page.getByRole('link', { name: 'Acme Corp' }).click();
      await page.waitForURL(new RegExp(`/o/${orgId}$`));
      await page.getByText('you are member').waitFor();
      // A member reaches no workspace until added to one, and may not create one: the API says so.
      await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Workspaces' }).click();
      await page.getByText('No workspaces yet').waitFor();
      await page.getByLabel('Name', { exact: true }).fill('Shadow IT');
      await page.getByRole('button', { name: 'Create workspace' }).click();
      const refusal = page.getByRole('alert');
      await refusal.getByText('Could not create the workspace').waitFor();
      assert.match((await refusal.textContent()) ?? '', /SCOPE_DENIED.*request id/s);
      await check(page, 'member-refused');
      const rows = await t.db.query('SELECT id FROM workspaces WHERE org_id = $1', [orgId]);
      assert.equal(rows.length, 1, 'nothing was created');
      assert.deepEqual(
        errors.filter((e) => !/status of 403/.test(e)),
        [],
      );
    } catch (err) {
      // What the page showed when it failed, beside the others.
      await page.screenshot({ path: path.join(shots, `failed-${page.viewportSize()?.width ?? 0}.png`), fullPage: true });
      throw err;
    } finally {
      await context.close();
    }
  });

  it('fits and passes the checks at 390 px on every page', async () => {
    const { context, page, errors } = await newPage(390);
    try {
      const token = (await t.post('/api/v1/auth/sign-in', null, { email: owner.email, password: owner.password })).body.token;
      await context.addCookies([{ name: 'sb_session', value: token, url: base }]);
      const pages: Array<[string, string, string]> = [
        ['overview', `/o/${orgId}`, 'Overview'],
        ['workspaces', `/o/${orgId}/workspaces`, 'Workspaces'],
        ['catalog', `/o/${orgId}/catalog`, 'Catalog'],
        ['catalog-integration', `/o/${orgId}/catalog/acme-notes`, 'Acme Notes'],
        ['custom-integrations', `/o/${orgId}/apis`, 'Your APIs'],
        ['integrations', `/o/${orgId}/w/${wsId}/integrations`, 'Integrations'],
        ['connections', `/o/${orgId}/w/${wsId}/connections`, 'Connections'],
        ['partials', `/o/${orgId}/w/${wsId}/partials`, 'Input partials'],
        ['playground', `/o/${orgId}/w/${wsId}/playground?alias=notes&action=create_note`, 'Playground'],
        ['activity', `/o/${orgId}/activity`, 'Activity'],
        ['organizations', '/organizations', 'Your organizations'],
      ];
      for (const [name, url, heading] of pages) {
        await page.goto(`${base}${url}`);
        await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
        await check(page, name);
      }
      // The menu replaces the side navigation on a phone.
      await page.goto(`${base}/o/${orgId}`);
      await page.getByText('Menu').click();
      await page.getByRole('navigation', { name: 'Dashboard menu' }).getByRole('link', { name: 'Activity' }).click();
      await page.waitForURL(/\/activity$/);
      await context.clearCookies();
      await page.goto(`${base}/sign-in`);
      await check(page, 'sign-in');
      await page.goto(`${base}/sign-up`);
      await check(page, 'sign-up');
      assert.deepEqual(errors, []);
    } catch (err) {
      // What the page showed when it failed, beside the others.
      await page.screenshot({ path: path.join(shots, `failed-${page.viewportSize()?.width ?? 0}.png`), fullPage: true });
      throw err;
    } finally {
      await context.close();
    }
  });
});
