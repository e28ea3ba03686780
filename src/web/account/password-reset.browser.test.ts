import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../../../test/browser.js';
import { freePort } from '../../../test/fixture-process.js';
import { startApp, type TestApp } from '../../../test/harness.js';
import { startSmtpSink } from '../../../test/mail.js';
import { axeViolations } from '../../../test/a11y.js';
import { needs } from '../../../test/system-binaries.js';

/** The password reset pages: in headless Chromium from the sign-in form's link, and their refusals over HTTP. */
describe('password reset pages', { skip: needs('chromium') }, () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let mail: Awaited<ReturnType<typeof startSmtpSink>>;

  before(async () => {
    mail = await startSmtpSink();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await startApp({ ...mail.env, SWITCHBOARD_PUBLIC_URL: base }, { captureLogs: true });
    await t.app.listen({ port, host: '127.0.0.1' });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await t?.close();
    await mail?.stop();
  });

  const signUp = async (email: string) => {
    const res = await t.post('/api/v1/auth/sign-up', null, { email, password: 'password123', name: 'P' });
    assert.equal(res.status, 201, res.text);
    return res.body.token as string;
  };
  const form = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    t.request('POST', '/auth/reset-password', {
      raw: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    });

  it('takes a person from the sign-in form to a new password: the code from the email, a wrong one refused, every session ended', async () => {
    const held = await signUp('page-owner@example.com');
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      // A review page asks a visitor to sign in; its "Forgot your password?" opens the reset page in a new tab.
      await page.goto(`${base}/approvals/apr_whatever`);
      const [tab] = await Promise.all([context.waitForEvent('page'), page.click('#forgot')]);
      await tab.waitForLoadState();
      assert.equal(new URL(tab.url()).pathname, '/auth/reset-password');
      assert.deepEqual(await axeViolations(tab), [], 'axe-core: the reset page');
      await tab.fill('#email', 'page-owner@example.com');
      await tab.click('#request button[type=submit]');
      await tab.waitForSelector('#confirm');
      assert.match(
        (await tab.textContent('[role=status]')) ?? '',
        /If an account has the address page-owner@example.com, we are emailing it an 8-digit code/,
      );
      const code = await mail.codeFor('page-owner@example.com');

      await tab.fill('#code', code === '00000000' ? '11111111' : '00000000');
      await tab.fill('#password', 'a brand new one');
      await tab.click('#confirm button[type=submit]');
      await tab.waitForSelector('[role=alert]');
      assert.match((await tab.textContent('[role=alert]')) ?? '', /The code is wrong; 4 tries left/);
      assert.equal((await t.get('/api/v1/auth/session', held)).status, 200, 'a wrong code changes nothing');

      await tab.fill('#code', code);
      await tab.fill('#password', 'a brand new one');
      await tab.click('#confirm button[type=submit]');
      await tab.waitForSelector('h1:text("Password changed")');
      assert.match((await tab.textContent('main')) ?? '', /Every session of the account was signed out/);
    } finally {
      await context.close();
    }
    assert.equal((await t.get('/api/v1/auth/session', held)).status, 401);
    assert.equal(
      (await t.post('/api/v1/auth/sign-in', null, { email: 'page-owner@example.com', password: 'password123' })).status,
      401,
    );
    const signedIn = await t.post('/api/v1/auth/sign-in', null, { email: 'page-owner@example.com', password: 'a brand new one' });
    assert.equal(signedIn.status, 200);
    assert.equal(signedIn.body.user.emailVerified, true);
    const logs = t.logs.join('');
    assert.ok(
      !logs.includes('a brand new one') && !logs.includes(await mail.codeFor('page-owner@example.com')),
      'neither the password nor the code is logged',
    );
  });

  it("follows the email's link to a new password without a code; the link works once", async () => {
    const held = await signUp('page-link@example.com');
    assert.equal((await t.post('/api/v1/auth/password-reset/request', null, { email: 'page-link@example.com' })).status, 202);
    const link = await mail.resetLinkFor('page-link@example.com');
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(link);
      await page.fill('#password', 'via the link');
      await page.click('#link button[type=submit]');
      await page.waitForSelector('h1:text("Password changed")');
      // The person lands in the dashboard from here.
      assert.equal(await page.getAttribute('a:text("sign in to the dashboard")', 'href'), '/sign-in');
      await page.goto(link);
      await page.fill('#password', 'via the link again');
      await page.click('#link button[type=submit]');
      await page.waitForSelector('[role=alert]');
      assert.match((await page.textContent('[role=alert]')) ?? '', /expired or was used/);
    } finally {
      await context.close();
    }
    assert.equal((await t.get('/api/v1/auth/session', held)).status, 401);
    assert.equal(
      (await t.post('/api/v1/auth/sign-in', null, { email: 'page-link@example.com', password: 'via the link' })).status,
      200,
    );
    assert.ok(!t.logs.join('').includes(new URL(link).searchParams.get('token')!), 'the link token is not logged');
  });

  it('refuses cross-site posts, bad addresses, short passwords and a confirm without a reset id; answers alike over a limit; escapes what it echoes', async () => {
    await signUp('page-limits@example.com');
    const crossSite = await form({ action: 'request', email: 'page-limits@example.com' }, { 'sec-fetch-site': 'cross-site' });
    assert.equal(crossSite.status, 403);
    assert.equal(mail.mailsTo('page-limits@example.com').length, 0, 'nothing was sent for another site');

    for (const email of ['', 'not-an-address', `${'a'.repeat(250)}@example.com`]) {
      const bad = await form({ action: 'request', email });
      assert.equal(bad.status, 400, email);
      assert.match(bad.text, /Enter the email address of your account/);
    }

    const first = await form({ action: 'request', email: 'page-limits@example.com' });
    assert.equal(first.status, 200);
    assert.equal(
      first.headers['content-security-policy'],
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    );
    assert.equal(first.headers['cache-control'], 'no-store');
    const resetId = /name="resetId" value="(prs_[A-Za-z0-9_-]+)"/.exec(first.text)?.[1];
    assert.ok(resetId, 'the code form carries the reset id');
    const again = await form({ action: 'request', email: 'page-limits@example.com' });
    assert.equal(again.status, 200, 'within the minute: the same page');
    assert.match(again.text, /id="confirm"/);
    await t.app.services.passwordReset.settle();
    assert.equal(mail.mailsTo('page-limits@example.com').length, 1, 'and no second email');

    const short = await form({
      action: 'confirm',
      email: 'page-limits@example.com',
      resetId,
      code: '12345678',
      password: 'short',
    });
    assert.equal(short.status, 400);
    assert.match(short.text, /password must have 8 to 200 characters/);
    assert.match(short.text, /id="confirm"/, 'the code form again');
    const noId = await form({ action: 'confirm', email: 'page-limits@example.com', code: '12345678', password: 'long enough' });
    assert.equal(noId.status, 400);
    assert.match(noId.text, /Ask for a code first/);

    const unknown = await form({ action: 'request', email: 'nobody-here@example.com' });
    assert.equal(unknown.status, 200, 'an address without an account gets the same page');
    assert.match(unknown.text, /If an account has the address nobody-here@example.com, we are emailing it/);

    // The email's link: a token of the wrong shape, a short password (the same link can be tried again), an unknown one.
    assert.match((await form({ action: 'link', token: 'not-a-token', password: 'long enough' })).text, /This link is not valid/);
    const linkToken = `prl_${'A'.repeat(43)}`;
    const shortOnLink = await form({ action: 'link', token: linkToken, password: 'short' });
    assert.equal(shortOnLink.status, 400);
    assert.match(shortOnLink.text, /password must have 8 to 200 characters/);
    assert.match(shortOnLink.text, new RegExp(`name="token" value="${linkToken}"`), 'the link page again, with its token');
    const unknownLink = await form({ action: 'link', token: linkToken, password: 'long enough' });
    assert.equal(unknownLink.status, 400);
    assert.match(unknownLink.text, /expired or was used/);
    assert.equal((await t.request('GET', `/auth/reset-password?token=${linkToken}`)).status, 200);
    assert.match(
      (await t.request('GET', '/auth/reset-password?token=garbage')).text,
      /id="request"/,
      'a malformed link shows the request form',
    );

    const echoed = await form({ action: 'request', email: '"><script>alert(1)</script>' });
    assert.equal(echoed.status, 400);
    assert.ok(!echoed.text.includes('<script>alert(1)'), 'what was typed is escaped');
    assert.match(echoed.text, /&quot;&gt;&lt;script&gt;/);
  });
});
