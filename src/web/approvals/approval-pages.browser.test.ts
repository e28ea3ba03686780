import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../../../test/browser.js';
import { freePort } from '../../../test/fixture-process.js';
import { startApp, type TestApp } from '../../../test/harness.js';
import { NO_DASHBOARD } from '../../../test/dashboard/no-dashboard.js';
import { needs } from '../../../test/system-binaries.js';
import { axeViolations, PAGE_BASICS as A11Y } from '../../../test/a11y.js';

const ZONE = 'America/New_York';

/**
 * The review pages in headless Chromium at 1280 and 390 px: times in the reader's own zone (our script, under a CSP
 * without inline code) and the signed-in reviewer's list of what waits for them. Screenshots go to a fresh folder.
 */
describe('approval review pages in a browser', { skip: needs('chromium') }, () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let shots: string;
  let key: string;
  let ws: string;
  const owner = { email: `inbox-owner-${Date.now()}@example.com`, password: 'owner-password-1' };
  const member = { email: `inbox-member-${Date.now()}@example.com`, password: 'member-password-1' };

  before(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await startApp({ SWITCHBOARD_PUBLIC_URL: base, SWITCHBOARD_DASHBOARD_DIR: NO_DASHBOARD });
    await t.app.listen({ port, host: '127.0.0.1' });
    browser = await launchBrowser();
    const root = process.env.SCREENSHOT_DIR ?? os.tmpdir();
    await mkdir(root, { recursive: true });
    shots = await mkdtemp(path.join(root, 'approval-pages-'));
    console.log(`# screenshots: ${shots}`);
    const org = await t.operator('POST', '/operator/v1/organizations', {
      name: 'Inbox Org',
      plan: 'enterprise',
      owner: { ...owner, name: 'Olga Owner' },
    });
    key = org.body.plainKey;
    ws = (await t.workspace(key)).id;
    const up = await t.post('/api/v1/auth/sign-up', null, { ...member, name: 'Mo Member' });
    await t.verifyEmail(member.email);
    const inv = await t.post('/api/v1/members/invite', key, { email: member.email });
    const accepted = await t.request('POST', `/api/v1/members/invitations/${inv.body.invitation.id}/accept`, {
      key: up.body.token,
    });
    assert.equal(accepted.status, 200, accepted.text);
  });
  after(async () => {
    await browser?.close();
    await t?.close();
  });

  async function paused(apiKey: string, workspaceId: string, policy: Record<string, unknown>) {
    const p = await t.post('/api/v1/approval-policies', apiKey, {
      name: `Review ${Math.random().toString(36).slice(2, 8)}`,
      workspaceId,
      integrationNames: ['hash-encode'],
      ...policy,
    });
    assert.equal(p.status, 201, p.text);
    const r = await t.post('/api/v1/actions/execute', apiKey, {
      integrationName: 'hash-encode',
      actionName: 'hash',
      workspaceId,
      input: { text: `payload ${Math.random()}`, algorithm: 'sha256' },
    });
    assert.equal(r.status, 202, r.text);
    await t.patch(`/api/v1/approval-policies/${p.body.policy.id}`, apiKey, { enabled: false });
    return (await t.get(`/api/v1/approvals/${r.body.approval.id}`, apiKey)).body.approval as {
      id: string;
      createdAt: string;
      expiresAt: string;
    };
  }
  const session = async (who: { email: string; password: string }) =>
    (await t.post('/api/v1/auth/sign-in', null, who)).body.token as string;
  async function signedInContext(who: { email: string; password: string }, width: number): Promise<BrowserContext> {
    const context = await browser.newContext({ timezoneId: ZONE, locale: 'en-US', viewport: { width, height: 900 } });
    await context.addCookies([{ name: 'sb_session', value: await session(who), url: base }]);
    return context;
  }
  async function check(page: Page, name: string, width: number) {
    assert.deepEqual(await page.evaluate(A11Y), [], `${name} at ${width} px`);
    assert.deepEqual(await axeViolations(page), [], `axe-core: ${name} at ${width} px`);
    await page.screenshot({ path: path.join(shots, `${name}-${width}.png`), fullPage: true });
  }
  const clean = (s: string) => s.replace(/[\s\u202f]+/g, ' ').trim();

  it('shows times in the reader’s own time zone, from our script, with UTC in the HTML', async () => {
    const a = await paused(key, ws, { approvers: [{ type: 'org_role', roles: ['owner'] }] });
    // The HTML carries machine-readable times and a UTC fallback; the CSP allows our script file, no inline code.
    const raw = await t.request('GET', `/approvals/${a.id}`, { headers: { cookie: `sb_session=${await session(owner)}` } });
    assert.equal(raw.status, 200);
    const utc = `${a.expiresAt.slice(0, 10)} ${a.expiresAt.slice(11, 16)} UTC`;
    assert.ok(raw.text.includes(`<time datetime="${a.expiresAt}">${utc}</time>`), raw.text);
    assert.ok(raw.text.includes('<script src="/approvals/assets/local-time.js" defer></script>'));
    assert.ok(!/<script(?![^>]*\bsrc=)/.test(raw.text), 'no inline script');
    const csp = String(raw.headers['content-security-policy']);
    assert.match(csp, /script-src 'self'/);
    assert.ok(!csp.includes('unsafe-inline') || !/script-src[^;]*unsafe-inline/.test(csp), csp);
    const js = await t.request('GET', '/approvals/assets/local-time.js');
    assert.match(String(js.headers['content-type']), /^text\/javascript/);

    const expected = clean(
      new Intl.DateTimeFormat('en-US', { timeZone: ZONE, hour: 'numeric', minute: '2-digit' }).format(new Date(a.expiresAt)),
    );
    for (const width of [1280, 390]) {
      const context = await signedInContext(owner, width);
      try {
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));
        page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
        await page.goto(`${base}/approvals/${a.id}`);
        const time = page.locator(`time[datetime="${a.expiresAt}"]`);
        await page.waitForFunction(
          (sel) => !(globalThis as any).document.querySelector(sel).textContent.includes('UTC'),
          [`time[datetime="${a.expiresAt}"]`],
        );
        const shown = clean((await time.textContent()) ?? '');
        assert.ok(shown.includes(expected) && /E[SD]T|GMT-[45]/.test(shown), `${shown} should show ${expected} New York time`);
        assert.equal(await time.getAttribute('title'), utc);
        assert.deepEqual(errors, [], 'no script or CSP errors');
        await check(page, 'review', width);
      } finally {
        await context.close();
      }
    }
  });

  it('a signed-in reviewer has a list of what waits for them, and only that', async () => {
    const mine = await paused(key, ws, { approvers: [{ type: 'org_role', roles: ['owner'] }] });
    const membersOnly = await paused(key, ws, { approvers: [{ type: 'org_role', roles: ['member'] }] });
    const linkOnly = await paused(key, ws, { approvalAccessMode: 'hosted_link_only' });
    const decided = await paused(key, ws, {});
    assert.equal((await t.post(`/api/v1/approvals/${decided.id}/approve`, key, {})).status, 200);
    const expired = await paused(key, ws, {});
    await t.db.query(`UPDATE approval_requests SET expires_at = now() - interval '1 minute' WHERE id = $1`, [expired.id]);
    const elsewhere = await t.tenant();
    const foreign = await paused(elsewhere.key, (await t.workspace(elsewhere.key)).id, {});

    // Not signed in: the list asks for a sign-in first, then shows itself.
    const anonymous = await t.request('GET', '/approvals');
    assert.equal(anonymous.status, 401);
    assert.match(anonymous.text, /Sign in to review/);
    const fresh = await browser.newContext({ timezoneId: ZONE });
    try {
      const page = await fresh.newPage();
      await page.goto(`${base}/approvals`);
      await page.fill('#email', owner.email);
      await page.fill('#password', owner.password);
      await Promise.all([page.waitForURL(`${base}/approvals`), page.click('[data-testid=sign-in] button')]);
      await page.waitForSelector('[data-testid=inbox]');
    } finally {
      await fresh.close();
    }

    for (const width of [1280, 390]) {
      const context = await signedInContext(owner, width);
      try {
        const page = await context.newPage();
        // Reachable from a review page.
        await page.goto(`${base}/approvals/${mine.id}`);
        await Promise.all([page.waitForURL(`${base}/approvals`), page.click('[data-testid=inbox-link]')]);
        const listed = await page
          .locator('[data-testid=inbox] li')
          .evaluateAll((els) => els.map((e) => (e as unknown as { dataset: { approval: string } }).dataset.approval));
        assert.ok(listed.includes(mine.id), 'what the owner may decide is listed');
        for (const other of [membersOnly, linkOnly, decided, expired, foreign])
          assert.ok(!listed.includes(other.id), `${other.id} is not the owner's to decide here`);
        const item = page.locator(`[data-approval="${mine.id}"]`);
        assert.match(clean((await item.textContent()) ?? ''), /Hash text · Hash & Encode .*decide by/i);
        await check(page, 'inbox', width);
        await Promise.all([page.waitForURL(`${base}/approvals/${mine.id}`), item.locator('a').click()]);
        assert.equal(await page.textContent('[data-testid=status]'), 'pending');
      } finally {
        await context.close();
      }
    }

    // A member sees what members may decide, not the owner's.
    const memberList = await t.request('GET', '/approvals', { headers: { cookie: `sb_session=${await session(member)}` } });
    assert.equal(memberList.status, 200);
    assert.ok(memberList.text.includes(`data-approval="${membersOnly.id}"`));
    assert.ok(!memberList.text.includes(`data-approval="${mine.id}"`));
  });
});
