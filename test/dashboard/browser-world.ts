import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { axeViolations, PAGE_BASICS } from '../a11y.js';
import { launchBrowser } from '../browser.js';
import { freePort } from '../fixture-process.js';
import { startApp, type TestApp } from '../harness.js';
import { builtDashboard } from './build.js';

export interface DashboardWorld {
  t: TestApp;
  /** The app's address, also its public URL. */
  base: string;
  browser: Browser;
  /** Where the pages' screenshots go ($SCREENSHOT_DIR/dashboard, else the temp dir). */
  shots: string;
  /** A page of a new browser context at `width` px, signed in with the session `token` (the sb_session cookie). */
  signedIn(token: string, width: number, opts?: { clipboard?: boolean }): Promise<Page>;
  /** The page once loaded: basic checks (one h1, labels, no overflow), axe-core, and its screenshot. */
  check(page: Page, name: string): Promise<void>;
  close(): Promise<void>;
}

/** The app with the built dashboard on a real port, and a headless Chromium: what every dashboard test starts with. */
export async function startDashboard(env: Record<string, string> = {}): Promise<DashboardWorld> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t = await startApp({ ...env, SWITCHBOARD_PUBLIC_URL: base, SWITCHBOARD_DASHBOARD_DIR: await builtDashboard() });
  await t.app.listen({ port, host: '127.0.0.1' });
  const browser = await launchBrowser();
  const shots = path.join(process.env.SCREENSHOT_DIR ?? os.tmpdir(), 'dashboard');
  await mkdir(shots, { recursive: true });
  return {
    t,
    base,
    browser,
    shots,
    async signedIn(token, width, opts = {}) {
      const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'en-US' });
      if (opts.clipboard) await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
      await context.addCookies([{ name: 'sb_session', value: token, url: base }]);
      return context.newPage();
    },
    async check(page, name) {
      await page.locator('.loading').first().waitFor({ state: 'detached' });
      const width = page.viewportSize()?.width ?? 0;
      assert.deepEqual(await page.evaluate(PAGE_BASICS), [], `${name} at ${width} px`);
      assert.deepEqual(await axeViolations(page), [], `axe-core: ${name} at ${width} px`);
      await page.screenshot({ path: path.join(shots, `${name}-${width}.png`), fullPage: true });
    },
    async close() {
      await browser.close();
      await t.close();
    },
  };
}
