import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.js';
import { startApp, type TestApp } from './harness.js';
import { needs } from './system-binaries.js';

describe('API reference page in a real browser', { skip: needs('chromium') }, () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  before(async () => {
    t = await startApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await t.close();
  });

  it('renders every documented operation from /api/v1/openapi.json, offline', async () => {
    const page = await browser.newPage();
    const failed: string[] = [];
    page.on('requestfailed', (r) => failed.push(r.url()));
    await page.goto(`${base}/docs`);
    await page.waitForSelector('.opblock', { timeout: 20_000 });
    const paths = await page.$$eval('.opblock-summary-path', (els) => els.map((e) => e.getAttribute('data-path')));
    for (const p of ['/api/v1/workspaces', '/api/v1/workspaces/{id}', '/api/v1/api-keys', '/operator/v1/organizations']) {
      assert.ok(paths.includes(p), `${p} shown; got ${paths.join(', ')}`);
    }
    assert.ok((await page.textContent('body'))?.includes('Switchboard API'));
    assert.deepEqual(
      failed.filter((u) => u.startsWith(base)),
      [],
      'every asset is served locally',
    );
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/docs.png`, fullPage: false });
    await page.close();
  });
});
