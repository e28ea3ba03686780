import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../../../test/browser.js';
import { needs } from '../../../test/system-binaries.js';
import { startApp, type TestApp } from '../../../test/harness.js';
import { NO_DASHBOARD } from '../../../test/dashboard/no-dashboard.js';

/** The review pages in a real headless Chromium: sign in, read the redacted request, decide; and the bearer link. */
describe('approval review pages', () => {
  let t: TestApp;
  let browser: Browser;
  let base: string;
  let key: string;
  let ws: string;
  const owner = { email: `owner-${Date.now()}@example.com`, password: 'owner-password-1' };
  const member = { email: `member-${Date.now()}@example.com`, password: 'member-password-1' };

  before(async () => {
    t = await startApp({ SWITCHBOARD_DASHBOARD_DIR: NO_DASHBOARD }, { captureLogs: true });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    if (!needs('chromium')) browser = await launchBrowser();
    const org = await t.operator('POST', '/operator/v1/organizations', {
      name: 'Reviewers',
      plan: 'enterprise',
      owner: { ...owner, name: 'Olga Owner' },
    });
    key = org.body.plainKey;
    ws = (await t.workspace(key)).id;
    // A plain member: signs up (email verified), is invited, accepts.
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
    await t.close();
  });

  async function pausedCall(policy: Record<string, unknown>) {
    const p = await t.post('/api/v1/approval-policies', key, {
      name: `Review ${Math.random()}`,
      workspaceId: ws,
      riskMode: 'always',
      integrationNames: ['hash-encode'],
      ...policy,
    });
    assert.equal(p.status, 201, p.text);
    const r = await t.post('/api/v1/actions/execute', key, {
      integrationName: 'hash-encode',
      actionName: 'hash',
      workspaceId: ws,
      input: { text: `payload ${Math.random()}`, algorithm: 'sha256' },
      idempotencyKey: `k-${Math.random()}`,
    });
    assert.equal(r.status, 202, r.text);
    await t.patch(`/api/v1/approval-policies/${p.body.policy.id}`, key, { enabled: false });
    return r.body.approval as { id: string; approvalUrl: string | null; hostedApprovalUrl: string | null };
  }
  const local = (url: string) => url.replace('http://switchboard.test', base);

  it(
    'a signed-in approver signs in on the page, sees the redacted request and approves it',
    { skip: needs('chromium') },
    async () => {
      const a = await pausedCall({ approvers: [{ type: 'org_role', roles: ['owner'] }] });
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(local(a.approvalUrl!));
      await page.waitForSelector('[data-testid=sign-in]');
      await page.fill('#email', owner.email);
      await page.fill('#password', owner.password);
      await Promise.all([page.waitForURL(`**/approvals/${a.id}`), page.click('[data-testid=sign-in] button')]);
      assert.equal(await page.textContent('[data-testid=status]'), 'pending');
      const preview = (await page.textContent('[data-testid=preview]')) ?? '';
      assert.match(preview, /payload/);
      assert.match((await page.textContent('[data-testid=reasons]')) ?? '', /riskMode always/);
      await page.fill('#reason', 'checked by Olga');
      await Promise.all([page.waitForURL(`**/approvals/${a.id}`), page.click('button[value=approve]')]);
      assert.equal(await page.textContent('[data-testid=status]'), 'approved');
      assert.equal(await page.$('[data-testid=decision-form]'), null, 'no form once decided');
      const stored = (await t.get(`/api/v1/approvals/${a.id}`, key)).body.approval;
      assert.equal(stored.status, 'approved');
      assert.equal(stored.decidedBy.type, 'user');
      assert.equal(stored.decisionReason, 'checked by Olga');
      await context.close();
    },
  );

  it(
    'members the approvers do not name get a 404; a form without its CSRF token is refused',
    { skip: needs('chromium') },
    async () => {
      const a = await pausedCall({ approvers: [{ type: 'org_role', roles: ['owner'] }] });
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(local(a.approvalUrl!));
      await page.fill('#email', member.email);
      await page.fill('#password', member.password);
      await Promise.all([page.waitForURL(`**/approvals/${a.id}`), page.click('[data-testid=sign-in] button')]);
      assert.match((await page.textContent('[data-testid=message]')) ?? '', /not one of its reviewers/);
      await context.close();

      const session = (await t.post('/api/v1/auth/sign-in', null, owner)).body.token as string;
      const forged = await t.request('POST', `/approvals/${a.id}/decision`, {
        raw: 'action=approve',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `sb_session=${session}` },
      });
      assert.equal(forged.status, 400);
      assert.equal((await t.get(`/api/v1/approvals/${a.id}`, key)).body.approval.status, 'pending');
      // With no approver of a dashboard type, owners and admins review.
      const b = await pausedCall({ approvers: [] });
      const ownerPage = await t.request('GET', `/approvals/${b.id}`, { headers: { cookie: `sb_session=${session}` } });
      assert.equal(ownerPage.status, 200);
      assert.ok(!/<script(?![^>]*\bsrc="\/approvals\/assets\/)/.test(ownerPage.text), 'no script but our own file');
      const memberSession = (await t.post('/api/v1/auth/sign-in', null, member)).body.token as string;
      assert.equal(
        (await t.request('GET', `/approvals/${b.id}`, { headers: { cookie: `sb_session=${memberSession}` } })).status,
        404,
      );
      const memberAllowed = await pausedCall({ approvers: [{ type: 'org_role', roles: ['member'] }] });
      assert.equal(
        (await t.request('GET', `/approvals/${memberAllowed.id}`, { headers: { cookie: `sb_session=${memberSession}` } })).status,
        200,
      );
    },
  );

  it(
    'the hosted bearer link shows the request and rejects it; afterwards the link is no longer active',
    { skip: needs('chromium') },
    async () => {
      const a = await pausedCall({});
      const page = await browser.newPage();
      await page.goto(local(a.hostedApprovalUrl!));
      assert.equal(await page.textContent('[data-testid=status]'), 'pending');
      assert.equal(await page.$('button[value=cancel]'), null);
      await page.fill('#reason', 'not today');
      await Promise.all([page.waitForLoadState(), page.click('button[value=reject]')]);
      assert.match((await page.textContent('[data-testid=notice]')) ?? '', /Rejected/);
      const stored = (await t.get(`/api/v1/approvals/${a.id}`, key)).body.approval;
      assert.equal(stored.status, 'rejected');
      assert.equal(stored.decidedBy.type, 'hosted_link');
      await page.goto(local(a.hostedApprovalUrl!));
      assert.match((await page.textContent('[data-testid=message]')) ?? '', /no longer active/);
      await page.goto(`${base}/approve/${a.id}?token=apl_wrong`);
      assert.match((await page.textContent('[data-testid=message]')) ?? '', /invalid or no longer active/);
      await page.close();
      // The link's token is a credential: the request logs show where it went, never the token itself.
      const linkToken = new URL(a.hostedApprovalUrl!).searchParams.get('token')!;
      assert.match(linkToken, /^apl_/);
      const logs = t.logs.join('');
      assert.ok(logs.includes(`/approve/${a.id}?token=[REDACTED]`), 'the page requests are logged, token redacted');
      assert.ok(logs.includes(`/approve/${a.id}/decision`), 'the decision post is logged');
      assert.ok(!logs.includes(linkToken), 'the link token is never logged');
      assert.ok(!logs.includes(linkToken.slice(4)), 'not even without its prefix');
      assert.ok(!logs.includes('apl_wrong'), 'nor a wrong one');
    },
  );

  it('approvalAccessMode decides which pages exist', async () => {
    const dash = await pausedCall({ approvalAccessMode: 'dashboard_only' });
    assert.equal(dash.hostedApprovalUrl, null);
    assert.equal((await t.request('GET', `/approve/${dash.id}?token=apl_anything`)).status, 404);
    const hosted = await pausedCall({ approvalAccessMode: 'hosted_link_only' });
    const session = (await t.post('/api/v1/auth/sign-in', null, owner)).body.token as string;
    assert.equal(
      (await t.request('GET', `/approvals/${hosted.id}`, { headers: { cookie: `sb_session=${session}` } })).status,
      404,
    );
    const link = await t.request('GET', new URL(hosted.hostedApprovalUrl!).pathname + new URL(hosted.hostedApprovalUrl!).search);
    assert.equal(link.status, 200);
    assert.equal(link.headers['referrer-policy'], 'no-referrer');
    assert.equal(link.headers['cache-control'], 'no-store');
  });

  it('never logs the passwords typed into the sign-in form', () => {
    const logs = t.logs.join('');
    assert.ok(logs.includes('/sign-in'), 'the sign-in posts are logged');
    for (const secret of [owner.password, member.password]) assert.ok(!logs.includes(secret));
  });
});
