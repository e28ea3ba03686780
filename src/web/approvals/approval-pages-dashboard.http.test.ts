import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startApp, type TestApp } from '../../../test/harness.js';

/**
 * `/approvals/<id>`, the approvalUrl, hands a signed-in member of the request's organization over to the dashboard's
 * request page when the dashboard is built; everyone else gets the server-rendered page as before (0137).
 */
describe('approval review page: the dashboard takes the approvalUrl over', () => {
  let t: TestApp;
  let dir: string;
  let key: string;
  let orgId: string;
  let ws: string;
  let ownerSession: string;
  const owner = { email: `own-${Date.now()}@example.com`, password: 'owner-password-1', name: 'Owen' };

  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'switchboard-dashboard-stub-'));
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>dashboard</title><div id="root"></div>');
    t = await startApp({ SWITCHBOARD_DASHBOARD_DIR: dir });
    const org = await t.operator('POST', '/operator/v1/organizations', { name: 'Gates', plan: 'enterprise', owner });
    key = org.body.plainKey;
    orgId = org.body.organization.id;
    ws = (await t.workspace(key)).id;
    ownerSession = (await t.post('/api/v1/auth/sign-in', null, owner)).body.token;
  });
  after(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function held(extra: Record<string, unknown> = {}) {
    const p = await t.post('/api/v1/approval-policies', key, {
      name: `Hold ${Math.random()}`,
      workspaceId: ws,
      integrationNames: ['hash-encode'],
      approvers: [{ type: 'org_role', roles: ['owner'] }],
      ...extra,
    });
    assert.equal(p.status, 201, p.text);
    const r = await t.post('/api/v1/actions/execute', key, {
      integrationName: 'hash-encode',
      actionName: 'hash',
      workspaceId: ws,
      input: { text: `t ${Math.random()}`, algorithm: 'sha256' },
      idempotencyKey: `k-${Math.random()}`,
    });
    assert.equal(r.status, 202, r.text);
    await t.patch(`/api/v1/approval-policies/${p.body.policy.id}`, key, { enabled: false });
    return r.body.approval as { id: string; approvalUrl: string };
  }
  const asCookie = (session: string) => ({ headers: { cookie: `sb_session=${session}` } });

  it('sends a signed-in member to /o/<orgId>/approvals/<id>, which the dashboard serves', async () => {
    const a = await held();
    assert.ok(a.approvalUrl.endsWith(`/approvals/${a.id}`), a.approvalUrl);
    const r = await t.request('GET', `/approvals/${a.id}`, asCookie(ownerSession));
    assert.equal(r.status, 303);
    assert.equal(r.headers.location, `/o/${orgId}/approvals/${a.id}`);
    const page = await t.request('GET', String(r.headers.location));
    assert.equal(page.status, 200);
    assert.match(page.text, /<div id="root">/);
  });

  it('keeps the server page for everyone else: signed out, another organization, a hosted-link-only request', async () => {
    const a = await held();
    const signedOut = await t.request('GET', `/approvals/${a.id}`);
    assert.equal(signedOut.status, 401);
    assert.match(signedOut.text, /data-testid="sign-in"/);

    const stranger = { email: `str-${Date.now()}@example.com`, password: 'stranger-pass-1', name: 'Stra' };
    await t.operator('POST', '/operator/v1/organizations', { name: 'Other', plan: 'enterprise', owner: stranger });
    const strangerSession = (await t.post('/api/v1/auth/sign-in', null, stranger)).body.token;
    const other = await t.request('GET', `/approvals/${a.id}`, asCookie(strangerSession));
    assert.equal(other.status, 404, 'no hint that the request exists');
    assert.equal(other.headers.location, undefined);

    const linkOnly = await held({ approvalAccessMode: 'hosted_link_only' });
    assert.equal((await t.request('GET', `/approvals/${linkOnly.id}`, asCookie(ownerSession))).status, 404);
    assert.equal((await t.request('GET', '/approvals/apr_doesnotexist', asCookie(ownerSession))).status, 404);
  });

  it('answers with the server page when the dashboard is not built', async () => {
    const a = await held();
    await rm(path.join(dir, 'index.html'));
    try {
      const r = await t.request('GET', `/approvals/${a.id}`, asCookie(ownerSession));
      assert.equal(r.status, 200);
      assert.match(r.text, /data-testid="status"/);
    } finally {
      await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>dashboard</title><div id="root"></div>');
    }
  });
});
