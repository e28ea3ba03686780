import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { hashToken } from '../../platform/crypto.js';
import { startApp, type TestApp } from '../../../test/harness.js';
import { Receiver } from '../../../test/receiver.js';
import { postForm, tokenOf } from '../../../test/connect-fixtures.js';

/**
 * end_user approvers in the end-user portal over HTTP: a policy naming `{type: 'end_user'}` pauses a real execution
 * (the http built-in against a local vendor stand-in, so runs are counted); the end user decides in their portal.
 */
describe('end-user portal: approvals', () => {
  let t: TestApp;
  let vendor: Receiver;

  before(async () => {
    t = await startApp({ SWITCHBOARD_EGRESS_ALLOW: '127.0.0.1' });
    vendor = await new Receiver().start();
  });
  after(async () => {
    await t.close();
    await vendor.close();
  });

  let seq = 0;
  const uniquePath = () => `/portal-pay-${++seq}`;
  const pay = (path: string, extra: Record<string, unknown> = {}) => ({
    method: 'POST',
    url: vendor.url(path),
    headers: { Authorization: 'Bearer vendor-secret-token-123' },
    body_type: 'json',
    body: { amount: 42, ...extra },
  });
  const execute = (key: string, ws: string, input: Record<string, unknown>, endUserId: string, idem?: string) =>
    t.request('POST', '/api/v1/actions/execute', {
      key,
      body: { integrationName: 'http', actionName: 'send_request', workspaceId: ws, input, endUserId },
      headers: idem ? { 'Idempotency-Key': idem } : {},
    });

  /** A tenant and workspace with a policy gating http there (end_user approvers unless told otherwise). */
  async function setup(approvers: unknown[] = [{ type: 'end_user' }]) {
    const { key, orgId } = await t.tenant();
    const ws = (await t.workspace(key)).id;
    const p = await t.post('/api/v1/approval-policies', key, {
      name: 'Customer confirms payments',
      workspaceId: ws,
      riskMode: 'always',
      integrationNames: ['http'],
      approvers,
    });
    assert.equal(p.status, 201, p.text);
    return { key, orgId, ws };
  }

  /** Pauses a call for the end user with this externalId; returns the 202 approval and the end user's portal link. */
  async function paused(key: string, ws: string, externalId: string, path = uniquePath(), extra: Record<string, unknown> = {}) {
    const res = await execute(key, ws, pay(path, extra), externalId);
    assert.equal(res.status, 202, res.text);
    const endUser = (await t.get(`/api/v1/end-users?workspaceId=${ws}`, key)).body.endUsers.find(
      (u: { externalId: string }) => u.externalId === externalId,
    );
    const link = (await t.post(`/api/v1/end-users/${endUser.id}/connect-token`, key, {})).body.connectUrl as string;
    return { approval: res.body.approval, endUser, token: tokenOf(link), path };
  }

  const portal = (token: string) => t.get(`/connect/portal?token=${encodeURIComponent(token)}`);
  const decide = (token: string, id: string, action: 'approve' | 'reject', reason = '') =>
    postForm(t, `/connect/portal/approvals/${id}/${action}`, { token, reason });

  it('shows a pending request with the redacted preview, plain reasons and expiry, never the raw input', async () => {
    const { key, ws } = await setup();
    const { approval, token } = await paused(key, ws, 'eve', uniquePath(), { note: '<script>alert(1)</script>' });
    const page = await portal(token);
    assert.equal(page.status, 200, page.text);
    assert.match(page.text, /<h2 class="section" id="approvals-heading">Approvals<\/h2>/);
    assert.ok(page.text.includes(`id="approval-${approval.id}"`));
    assert.ok(page.text.includes(`action="/connect/portal/approvals/${approval.id}/approve"`));
    assert.ok(page.text.includes(`formaction="/connect/portal/approvals/${approval.id}/reject"`));
    assert.ok(page.text.includes(`<input type="hidden" name="token" value="${token}">`));
    assert.ok(
      page.text.includes('<h3>Send an HTTP request <span class="muted">· HTTP</span></h3>'),
      'the catalog names the integration and action',
    );
    // Plain words for the end user: no policy language, no internal policy name (0093).
    assert.ok(page.text.includes('<li>The app asks for your approval before it does this on your behalf.</li>'), page.text);
    assert.ok(!/riskMode|filters|Customer confirms payments/.test(page.text), 'no policy jargon or internal names');
    assert.ok(page.text.includes(`datetime="${approval.expiresAt}"`));
    assert.match(page.text, /&quot;Authorization&quot;: &quot;\[REDACTED\]&quot;/);
    assert.match(page.text, /Hidden for your security: headers\.Authorization/);
    assert.ok(!page.text.includes('vendor-secret-token-123'), 'the raw input is never shown');
    assert.ok(page.text.includes('&lt;script&gt;alert(1)&lt;/script&gt;') && !page.text.includes('<script>alert'), 'escaped');
    assert.match(page.text, /<h2 class="section">Integrations<\/h2>/);
  });

  it('approve through the form: the request is approved by the end user and the exact REST retry runs once', async () => {
    const { key, ws } = await setup();
    const { approval, endUser, token, path } = await paused(key, ws, 'eve');
    const res = await decide(token, approval.id, 'approve', '  fine by me <b>  ');
    assert.equal(res.status, 303, res.text);
    assert.equal(res.headers.location, `/connect/portal?token=${encodeURIComponent(token)}&notice=approved`);
    const back = await t.get(res.headers.location);
    assert.match(back.text, /<div class="notice" role="status">Approved\./);
    assert.ok(!back.text.includes(`id="approval-${approval.id}"`), 'no longer waiting');
    assert.match(back.text, /Recently decided/);
    assert.ok(back.text.includes(`data-approval="${approval.id}"`));
    assert.ok(back.text.includes('fine by me &lt;b&gt;'), 'the own reason, escaped');

    const stored = (await t.get(`/api/v1/approvals/${approval.id}`, key)).body.approval;
    assert.equal(stored.status, 'approved');
    assert.deepEqual(stored.decidedBy, { type: 'end_user', endUserId: endUser.id });
    assert.equal(stored.decisionReason, 'fine by me <b>');
    assert.equal(vendor.to(path).length, 0, 'deciding runs nothing');

    const retry = await execute(key, ws, pay(path), 'eve', approval.retry.idempotencyKey);
    assert.equal(retry.status, 200, retry.text);
    assert.equal(retry.body.success, true);
    assert.equal(vendor.to(path).length, 1, 'ran once');
    const again = await execute(key, ws, pay(path), 'eve', approval.retry.idempotencyKey);
    assert.equal(again.status, 200);
    assert.equal(vendor.to(path).length, 1, 'the same retry again does not run again');
    assert.equal((await t.get(`/api/v1/approvals/${approval.id}`, key)).body.approval.status, 'consumed');
    assert.match((await portal(token)).text, /Approved and used/);
  });

  it('reject through the form: the request is rejected, nothing runs, a retry asks again', async () => {
    const { key, ws } = await setup();
    const { approval, token, path } = await paused(key, ws, 'eve');
    // The form's reason is trimmed and cut to the 1000 characters the API allows.
    const res = await decide(token, approval.id, 'reject', `  not me${'!'.repeat(1200)}  `);
    assert.equal(res.status, 303, res.text);
    assert.equal(res.headers.location, `/connect/portal?token=${encodeURIComponent(token)}&notice=rejected`);
    assert.match((await t.get(res.headers.location)).text, /role="status">Rejected\./);
    const stored = (await t.get(`/api/v1/approvals/${approval.id}`, key)).body.approval;
    assert.equal(stored.status, 'rejected');
    assert.equal(stored.decidedBy.type, 'end_user');
    assert.equal(stored.decisionReason, `not me${'!'.repeat(994)}`);
    const retry = await execute(key, ws, pay(path), 'eve', approval.retry.idempotencyKey);
    assert.equal(retry.status, 202);
    assert.notEqual(retry.body.approval.id, approval.id);
    assert.equal(vendor.to(path).length, 0);
  });

  it('deciding an ended request again answers 409 with a notice, whichever way', async () => {
    const { key, ws } = await setup();
    const { approval, token } = await paused(key, ws, 'eve');
    assert.equal((await decide(token, approval.id, 'approve')).status, 303);
    for (const action of ['approve', 'reject'] as const) {
      const twice = await decide(token, approval.id, action);
      assert.equal(twice.status, 409, twice.text);
      assert.match(twice.headers['content-type'] as string, /text\/html/);
      assert.match(twice.text, /role="alert"[^>]*><p>The approval request is approved; it cannot be decided again\.<\/p>/);
      assert.match(twice.text, /Your connections/, 'the portal itself, with the notice');
    }
    assert.equal((await t.get(`/api/v1/approvals/${approval.id}`, key)).body.approval.status, 'approved');

    // Past its expiry (before the sweep job ran): not shown as pending, and deciding ends it as the policy says.
    const late = await paused(key, ws, 'eve');
    await t.db.query(`UPDATE approval_requests SET expires_at = now() - interval '1 second' WHERE id = $1`, [late.approval.id]);
    assert.ok(!(await portal(late.token)).text.includes(`id="approval-${late.approval.id}"`));
    const expired = await decide(late.token, late.approval.id, 'approve');
    assert.equal(expired.status, 409);
    assert.equal((await t.get(`/api/v1/approvals/${late.approval.id}`, key)).body.approval.status, 'rejected');
  });

  it("another end user's portal neither shows nor decides the request (not found); nor does another organization's", async () => {
    const { key, ws } = await setup();
    const { approval } = await paused(key, ws, 'eve');
    const mallory = await paused(key, ws, 'mallory');
    const page = await portal(mallory.token);
    assert.ok(page.text.includes(`id="approval-${mallory.approval.id}"`));
    assert.ok(!page.text.includes(approval.id), "eve's request is not listed");
    for (const action of ['approve', 'reject'] as const) {
      const res = await decide(mallory.token, approval.id, action);
      assert.equal(res.status, 404, res.text);
      assert.match(res.text, /role="alert"[^>]*><p>That approval request was not found here\./);
    }
    const other = await setup();
    const outsider = await paused(other.key, other.ws, 'eve');
    assert.equal((await decide(outsider.token, approval.id, 'approve')).status, 404);
    assert.equal((await decide(mallory.token, 'apr_doesnotexist', 'approve')).status, 404);
    assert.equal((await decide(mallory.token, 'not-an-approval-id', 'approve')).status, 404);
    assert.equal((await t.get(`/api/v1/approvals/${approval.id}`, key)).body.approval.status, 'pending');
  });

  it('a request whose policy names no end_user approver is neither shown nor decidable in the portal', async () => {
    const { key, ws } = await setup([{ type: 'org_role', roles: ['owner'] }]);
    const { approval, token } = await paused(key, ws, 'eve');
    const page = await portal(token);
    assert.equal(page.status, 200);
    assert.ok(!page.text.includes(approval.id));
    assert.ok(!page.text.includes('approvals-heading'), 'no Approvals section when there is nothing to show');
    assert.equal((await decide(token, approval.id, 'approve')).status, 404);
    assert.equal((await t.get(`/api/v1/approvals/${approval.id}`, key)).body.approval.status, 'pending');
  });

  it('an expired, unknown or missing portal token cannot decide (the invalid-link page)', async () => {
    const { key, ws } = await setup();
    const { approval, token } = await paused(key, ws, 'eve');
    await t.db.query(`UPDATE end_user_portal_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [
      hashToken(token),
    ]);
    const expired = await decide(token, approval.id, 'approve');
    assert.equal(expired.status, 401);
    assert.match(expired.text, /This link has expired/);
    assert.equal((await decide('eut_unknown', approval.id, 'approve')).status, 401);
    assert.equal((await postForm(t, `/connect/portal/approvals/${approval.id}/approve`, {})).status, 400);
    assert.equal((await t.get(`/api/v1/approvals/${approval.id}`, key)).body.approval.status, 'pending');
  });
});
