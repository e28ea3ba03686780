import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { request } from 'undici';
import { launchBrowser } from '../../../test/browser.js';
import { startApp, type TestApp } from '../../../test/harness.js';
import { FixtureProcess, freePort } from '../../../test/fixture-process.js';
import { formIntegrations, oauthIntegration, register } from '../../../test/connect-fixtures.js';
import { Receiver } from '../../../test/receiver.js';
import { axeViolations } from '../../../test/a11y.js';
import { needs } from '../../../test/system-binaries.js';

/**
 * The hosted pages in headless Chromium: the connect page (form, cancel, OAuth2 in a popup against a real
 * provider process) and the end-user portal (connect, disconnect, reconnect after a failed refresh; approve a request).
 */
describe('connect page and portal in a real browser', { skip: needs('chromium') }, () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let provider: FixtureProcess;
  let customer: http.Server;
  let appOrigin: string;

  before(async () => {
    provider = await FixtureProcess.start('oauth-provider.mjs');
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await startApp({ SWITCHBOARD_PUBLIC_URL: base, SWITCHBOARD_EGRESS_ALLOW: '127.0.0.1' });
    await t.app.listen({ port, host: '127.0.0.1' });
    // An OAuth2 integration that needs a field beside its tokens (its region), asked before the sign-in.
    const regional = oauthIntegration(provider.url, 'test-oauth-region');
    regional.auth[0] = {
      ...regional.auth[0]!,
      props: {
        region: {
          type: 'SHORT_TEXT',
          displayName: 'Region',
          description: 'Where your account lives, for example eu-1.',
          required: true,
        },
      },
    };
    register(t, [...formIntegrations(), oauthIntegration(provider.url), regional]);
    await control({ clients: { 'browser-client': 'browser-secret' }, expiresIn: 3600 });
    for (const integrationName of ['test-oauth', 'test-oauth-region'])
      await t.operator('POST', '/operator/v1/oauth-apps', {
        integrationName,
        clientId: 'browser-client',
        clientSecret: 'browser-secret',
      });
    // The customer's own web app, on another origin: it opens the connect page and receives the result.
    customer = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      res.setHeader('content-type', 'text/html');
      if (url.pathname === '/opener') {
        res.end(`<!doctype html><title>Customer app</title><button id="go">Connect</button><script>
          window.addEventListener('message', (e) => { if (e.data && e.data.type === 'switchboard:connect') { window.__result = { origin: e.origin, data: e.data }; } });
          document.getElementById('go').onclick = () => window.open(${JSON.stringify(url.searchParams.get('url') ?? '')}, 'connect', 'popup,width=500,height=700');
        </script>`);
        return;
      }
      res.end(`<!doctype html><title>Back in the app</title><h1>Back in the app</h1>`);
    });
    await new Promise<void>((r) => customer.listen(0, '127.0.0.1', r));
    appOrigin = `http://localhost:${(customer.address() as AddressInfo).port}`;
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await new Promise((r) => customer?.close(r));
    await t?.close();
    await provider?.stop();
  });

  async function control(c: Record<string, unknown>) {
    await (await request(`${provider.url}/__control`, { method: 'POST', body: JSON.stringify(c), reset: true })).body.text();
  }
  const poll = async (token: string) => (await t.post('/api/v1/connect/session/poll', null, { token })).body;
  async function tenant() {
    const org = await t.tenant();
    return { ...org, ws: (await t.workspace(org.key)).id };
  }

  it('fills the SECRET_TEXT form: a rejected key is explained, a good one completes and returns to the app', async () => {
    const { key, ws } = await tenant();
    const created = await t.post('/api/v1/connect/token', key, {
      integrationName: 'test-secret',
      connectionName: 'Browser key',
      externalId: 'browser-1',
      workspaceId: ws,
      successRedirectUri: `${appOrigin}/done`,
      errorRedirectUri: `${appOrigin}/failed`,
    });
    const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    try {
      await page.goto(created.body.connectUrl);
      assert.equal(await page.title(), 'Connect Secret Service');
      assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Connect Secret Service');
      const field = page.getByLabel('API key');
      assert.equal(await field.getAttribute('type'), 'password');
      assert.equal(await field.getAttribute('aria-required'), 'true');
      assert.equal(await page.getByText('Find it under Settings → API.').count(), 1);
      assert.deepEqual(await axeViolations(page), [], 'axe-core: the connect form at 375 px');
      assert.ok(
        await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth'),
        'no horizontal scrolling on a phone',
      );

      await field.fill('bad-key');
      await page.getByRole('button', { name: 'Connect' }).click();
      const alert = page.getByRole('alert');
      await alert.waitFor();
      assert.match((await alert.textContent()) ?? '', /rejected by Secret Service/);
      assert.equal(
        await page.evaluate('document.activeElement && document.activeElement.id'),
        'error-summary',
        'the error summary takes focus',
      );
      assert.equal((await poll(created.body.token)).status, 'PENDING');

      await page.getByLabel('API key').fill('good-browser-key');
      await page.getByRole('button', { name: 'Connect' }).click();
      await page.waitForURL(/\/done\?/);
      const back = new URL(page.url());
      assert.equal(back.origin, appOrigin);
      assert.equal(back.searchParams.get('status'), 'COMPLETED');
      const polled = await poll(created.body.token);
      assert.equal(polled.status, 'COMPLETED');
      assert.equal(back.searchParams.get('connectionId'), polled.connectionId);
      assert.equal(back.searchParams.get('sessionId'), polled.sessionId);
    } finally {
      await context.close();
    }
  });

  it('MySQL (no credential check): port pre-filled, Connect and Cancel side by side at 390 px, a wrong password is "saved, not verified"', async () => {
    const { key, ws, orgId } = await tenant();
    const created = await t.post('/api/v1/connect/token', key, {
      integrationName: 'mysql',
      connectionName: 'Orders database',
      externalId: 'orders-db',
      workspaceId: ws,
    });
    assert.equal(created.status, 201, created.text);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const refused: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
    });
    try {
      await page.goto(created.body.connectUrl);
      // A function, not a string: polling a string predicate needs eval, which the page's CSP refuses.
      await page.waitForFunction(() => (globalThis as any).document.querySelector('img.logo').complete);
      assert.ok(
        await page.evaluate("document.querySelector('img.logo').naturalWidth > 0"),
        "the logo, served by the service, shows under the page's CSP",
      );
      assert.deepEqual(refused, []);
      assert.deepEqual(await axeViolations(page), [], 'axe-core: the MySQL form at 390 px');
      assert.equal(await page.getByLabel('Port').inputValue(), '3306', "the prop's declared default is filled in");
      const connect = await page.getByRole('button', { name: 'Connect' }).boundingBox();
      const cancel = await page.getByRole('button', { name: 'Cancel' }).boundingBox();
      assert.ok(connect && cancel);
      assert.ok(Math.abs(connect.y - cancel.y) < 1, `one row: Connect at y=${connect.y}, Cancel at y=${cancel.y}`);
      assert.ok(cancel.x >= connect.x + connect.width, 'Cancel beside Connect, not over it');
      assert.ok(
        await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth'),
        'no horizontal scrolling at 390 px',
      );

      await page.getByLabel('Host').fill('db.example.com');
      await page.getByLabel('Username').fill('app');
      await page.getByLabel('Password').fill('a-wrong-password');
      await page.getByRole('button', { name: 'Connect' }).click();
      await page.getByRole('heading', { level: 1, name: 'MySQL connection saved' }).waitFor();
      assert.equal(await page.getByRole('status').textContent(), 'Saved, not verified.');
      assert.equal(await page.getByText('MySQL is connected').count(), 0, 'no claim of a check that did not happen');
      const polled = await poll(created.body.token);
      assert.deepEqual([polled.status, polled.verification], ['COMPLETED', 'unverified']);
      const record = (await t.app.services.connections.find(orgId, polled.connectionId))!;
      assert.equal(record.verification, 'unverified');
      const value = (await t.app.services.connections.credentials(record)).value as { props: Record<string, unknown> };
      assert.equal(value.props.port, 3306, 'the pre-filled port is stored as the number it is');
    } finally {
      await context.close();
    }
  });

  it('cancel fails the session and goes to the error address', async () => {
    const { key, ws } = await tenant();
    const created = await t.post('/api/v1/connect/token', key, {
      integrationName: 'test-basic',
      connectionName: 'B',
      externalId: 'b',
      workspaceId: ws,
      errorRedirectUri: `${appOrigin}/failed`,
    });
    const page = await browser.newPage();
    try {
      await page.goto(created.body.connectUrl);
      assert.equal(await page.getByLabel('Username').count(), 1);
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.waitForURL(/\/failed\?/);
      assert.equal(new URL(page.url()).searchParams.get('status'), 'FAILED');
      assert.match(new URL(page.url()).searchParams.get('error') ?? '', /cancelled/);
      const polled = await poll(created.body.token);
      assert.equal(polled.status, 'FAILED');
    } finally {
      await page.close();
    }
  });

  it('OAuth2 in a popup: sign in at the provider, the opener receives the result, the popup closes', async () => {
    const { key, ws } = await tenant();
    const created = await t.post('/api/v1/connect/token', key, {
      integrationName: 'test-oauth',
      authMethodKey: 'oauth2',
      connectionName: 'Popup account',
      externalId: 'popup-1',
      workspaceId: ws,
      successRedirectUri: `${appOrigin}/done`,
    });
    const page = await browser.newPage();
    try {
      await page.goto(`${appOrigin}/opener?url=${encodeURIComponent(created.body.connectUrl)}`);
      const [popup] = await Promise.all([page.waitForEvent('popup'), page.click('#go')]);
      const closed = popup.waitForEvent('close', { timeout: 20_000 });
      await popup.waitForLoadState();
      await popup.getByRole('link', { name: 'Sign in with OAuth Service' }).click();
      await page.waitForFunction(() => (globalThis as any).__result !== undefined, undefined, { timeout: 15_000 });
      const result = await page.evaluate<{ origin: string; data: Record<string, unknown> }>('window.__result');
      assert.equal(result.origin, base);
      const polled = await poll(created.body.token);
      assert.deepEqual(result.data, {
        type: 'switchboard:connect',
        status: 'COMPLETED',
        sessionId: polled.sessionId,
        connectionId: polled.connectionId,
        verification: 'verified',
        error: null,
      });
      await closed;
      const run = await t.post('/api/v1/actions/execute', key, {
        integrationName: 'test-oauth',
        actionName: 'whoami',
        workspaceId: ws,
        connectionExternalId: 'popup-1',
        authMethodKey: 'oauth2',
      });
      assert.equal(run.body.success, true, run.text);
    } finally {
      await page.close();
    }
  });

  it('OAuth2 with a field beside the tokens: asked before the sign-in (1280 and 390 px), a missing one explained', async () => {
    const { key, ws, orgId } = await tenant();
    const created = await t.post('/api/v1/connect/token', key, {
      integrationName: 'test-oauth-region',
      authMethodKey: 'oauth2',
      connectionName: 'Regional account',
      externalId: 'regional-1',
      workspaceId: ws,
    });
    assert.equal(created.status, 201, created.text);
    const shots = process.env.SCREENSHOT_DIR;
    for (const width of [1280, 390]) {
      const context = await browser.newContext({ viewport: { width, height: 844 } });
      const page = await context.newPage();
      try {
        await page.goto(created.body.connectUrl);
        await page.getByLabel('Region').waitFor();
        assert.deepEqual(await axeViolations(page), [], `axe-core: the OAuth2 form at ${width} px`);
        if (shots) await page.screenshot({ path: `${shots}/connect-oauth-fields-${width}.png`, fullPage: true });
        if (width === 1280) {
          // Nothing entered: the page says what is missing and the sign-in does not start.
          await page.getByRole('button', { name: 'Sign in with OAuth Service' }).click();
          await page.locator('#error-summary').waitFor();
          assert.match((await page.locator('#error-summary').textContent()) ?? '', /Region/);
          assert.equal(new URL(page.url()).pathname, '/connect/oauth/start');
          assert.deepEqual(await axeViolations(page), [], 'axe-core: the OAuth2 form with its error');
          continue;
        }
        assert.ok(
          await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth'),
          'no horizontal scrolling at 390 px',
        );
        await page.getByLabel('Region').fill('eu-1');
        await page.getByRole('button', { name: 'Sign in with OAuth Service' }).click();
        await page.getByRole('heading', { level: 1, name: /connected/i }).waitFor({ timeout: 15_000 });
      } finally {
        await context.close();
      }
    }
    const polled = await poll(created.body.token);
    assert.equal(polled.status, 'COMPLETED', polled.error);
    const record = (await t.app.services.connections.find(orgId, polled.connectionId))!;
    const value = (await t.app.services.connections.credentials(record)).value as { props?: Record<string, unknown> };
    assert.deepEqual(value.props, { region: 'eu-1' }, 'stored with the tokens');
  });

  it('portal: connect and disconnect a form connection; reconnect an OAuth2 connection whose refresh failed', async () => {
    const { key, ws } = await tenant();
    for (const body of [
      { integrationName: 'test-secret', connectionStrategy: 'per_user' },
      { integrationName: 'test-oauth', connectionStrategy: 'per_user', authMethodKey: 'oauth2' },
    ]) {
      assert.equal((await t.post(`/api/v1/workspaces/${ws}/integrations`, key, body)).status, 201);
    }
    const endUser = (await t.post('/api/v1/end-users', key, { workspaceId: ws, externalId: 'portal-user', displayName: 'Grace' }))
      .body.endUser;
    const link = (await t.post(`/api/v1/end-users/${endUser.id}/connect-token`, key, {})).body.connectUrl as string;
    const context = await browser.newContext(); // axe-core opens pages of its own in it
    const page = await context.newPage();
    try {
      await page.goto(link);
      assert.equal(await page.getByRole('heading', { name: 'Your connections' }).count(), 1);
      const items = page.getByRole('list', { name: 'Integrations' }).getByRole('listitem');
      assert.equal(await items.count(), 2);
      assert.deepEqual(await axeViolations(page), [], 'axe-core: the portal');

      // Connect the form integration and come back.
      await page.getByRole('button', { name: 'Connect Secret Service' }).click();
      await page.getByLabel('API key').fill('good-portal-key');
      await page.getByRole('button', { name: 'Connect', exact: true }).click();
      await page.waitForURL(/\/connect\/portal\?/);
      await page.getByRole('button', { name: 'Disconnect Secret Service' }).waitFor();
      const mine = (await t.get(`/api/v1/end-users/${endUser.id}`, key)).body.connections;
      assert.equal(mine.length, 1);

      // Connect the OAuth2 integration through the provider and come back.
      await page.getByRole('button', { name: 'Connect OAuth Service' }).click();
      await page.getByRole('link', { name: 'Sign in with OAuth Service' }).click();
      await page.waitForURL(/\/connect\/portal\?/);
      await page.getByRole('button', { name: 'Disconnect OAuth Service' }).waitFor();
      const oauthConn = (await t.get(`/api/v1/end-users/${endUser.id}`, key)).body.connections.find(
        (c: { integrationName: string }) => c.integrationName === 'test-oauth',
      );
      assert.equal(oauthConn.type, 'PLATFORM_OAUTH2');
      const execute = () =>
        t.post('/api/v1/actions/execute', key, {
          integrationName: 'test-oauth',
          actionName: 'whoami',
          workspaceId: ws,
          endUserId: 'portal-user',
        });
      assert.equal((await execute()).body.success, true);

      // The refresh fails: ERROR, and the portal offers a reconnect that repairs the same connection.
      await control({ failRefresh: true, revokeAccess: true });
      assert.equal((await execute()).body.error, 'CONNECTION_ERROR');
      await control({ failRefresh: false });
      await page.reload();
      assert.equal(await page.getByText('Needs reconnecting').count(), 1);
      await page.getByRole('button', { name: 'Reconnect OAuth Service' }).click();
      await page.getByRole('link', { name: 'Sign in with OAuth Service' }).click();
      await page.waitForURL(/\/connect\/portal\?/);
      assert.equal(await page.getByText('Needs reconnecting').count(), 0);
      const after = (await t.get(`/api/v1/end-users/${endUser.id}`, key)).body.connections;
      assert.equal(after.length, 2);
      const repaired = after.find((c: { integrationName: string }) => c.integrationName === 'test-oauth');
      assert.equal(repaired.id, oauthConn.id, 'the same connection id');
      assert.equal(repaired.status, 'ACTIVE');
      assert.equal((await execute()).body.success, true);

      // Disconnect removes only the end user's own connection.
      await page.getByRole('button', { name: 'Disconnect Secret Service' }).click();
      await page.getByRole('status').filter({ hasText: 'The connection was removed.' }).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Connect Secret Service' }).count(), 1);
      const left = (await t.get(`/api/v1/end-users/${endUser.id}`, key)).body.connections;
      assert.deepEqual(
        left.map((c: { integrationName: string }) => c.integrationName),
        ['test-oauth'],
      );
    } finally {
      await context.close();
    }
  });

  it('portal: an end_user approver approves a paused request on a phone; the retry then runs once', async () => {
    const { key, ws } = await tenant();
    const vendor = await new Receiver().start();
    try {
      const policy = await t.post('/api/v1/approval-policies', key, {
        name: 'Confirm transfers',
        workspaceId: ws,
        riskMode: 'always',
        integrationNames: ['http'],
        approvers: [{ type: 'end_user' }],
      });
      assert.equal(policy.status, 201, policy.text);
      const input = {
        method: 'POST',
        url: vendor.url('/transfer'),
        headers: { Authorization: 'Bearer browser-secret-123' },
        body_type: 'json',
        body: { amount: 75 },
      };
      const run = (idem?: string) =>
        t.request('POST', '/api/v1/actions/execute', {
          key,
          body: { integrationName: 'http', actionName: 'send_request', workspaceId: ws, input, endUserId: 'approver-user' },
          headers: idem ? { 'Idempotency-Key': idem } : {},
        });
      const paused = await run();
      assert.equal(paused.status, 202, paused.text);
      const approval = paused.body.approval as { id: string; retry: { idempotencyKey: string } };
      const endUser = (await t.get(`/api/v1/end-users?workspaceId=${ws}`, key)).body.endUsers[0];
      const link = (await t.post(`/api/v1/end-users/${endUser.id}/connect-token`, key, {})).body.connectUrl as string;

      const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
      const page = await context.newPage();
      try {
        await page.goto(`${link}#approval-${approval.id}`);
        assert.equal(await page.getByRole('heading', { name: 'Approvals', level: 2 }).count(), 1);
        const item = page.locator(`[id="approval-${approval.id}"]`);
        assert.match((await item.locator('pre').textContent()) ?? '', /"Authorization": "\[REDACTED\]"/);
        assert.equal(await page.getByText('browser-secret-123').count(), 0);
        assert.deepEqual(await axeViolations(page), [], 'axe-core: the portal with an approval on a phone');
        assert.ok(
          await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth'),
          'no horizontal scrolling on a phone',
        );
        await item.getByLabel('Reason').fill('I asked for this');
        await item.getByRole('button', { name: /^Approve / }).click();
        await page.getByRole('status').filter({ hasText: 'Approved.' }).waitFor();
        assert.match(page.url(), /notice=approved/);
        assert.equal(await page.getByRole('button', { name: /^Approve / }).count(), 0, 'nothing left to decide');
        assert.equal(
          await page.getByRole('list', { name: 'Recently decided' }).getByText('Approved', { exact: true }).count(),
          1,
        );
      } finally {
        await context.close();
      }

      const stored = (await t.get(`/api/v1/approvals/${approval.id}`, key)).body.approval;
      assert.equal(stored.status, 'approved');
      assert.deepEqual(stored.decidedBy, { type: 'end_user', endUserId: endUser.id });
      assert.equal(stored.decisionReason, 'I asked for this');
      const retry = await run(approval.retry.idempotencyKey);
      assert.equal(retry.body.success, true, retry.text);
      assert.equal(vendor.to('/transfer').length, 1, 'ran once, after the approval');
    } finally {
      await vendor.close();
    }
  });
});
