import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, type TestApp } from '../../../test/harness.js';
import { formIntegrations, oauthIntegration, register } from '../../../test/connect-fixtures.js';
import { registerFixture, TRIGGER_ENV } from '../../../test/triggers.js';
import { rpc, INIT } from '../../../test/mcp.js';

/**
 * A suspended organization reaches every surface that takes no API key (issue 17 item 7, decision 0116): connect
 * and portal links, their posts, the poll, the OAuth callback, approval review pages, webhook ingest and MCP.
 */
describe('a suspended organization: every surface refuses', () => {
  let t: TestApp;
  before(async () => {
    t = await startApp(TRIGGER_ENV);
    register(t, [...formIntegrations(), oauthIntegration('http://127.0.0.1:9')]);
    await registerFixture(t.app, 'piece-poller');
    const app = await t.operator('POST', '/operator/v1/oauth-apps', {
      integrationName: 'test-oauth',
      clientId: 'platform-client',
      clientSecret: 'platform-secret',
    });
    assert.equal(app.status, 201, app.text);
  });
  after(async () => t?.close());

  const suspend = async (orgId: string) => {
    const res = await t.operator('PATCH', `/operator/v1/organizations/${orgId}`, { suspended: true });
    assert.equal(res.status, 200, res.text);
  };
  const count = async (sql: string, args: unknown[]) => (await t.db.query<{ n: number }>(sql, args))[0]!.n;
  const assertSuspendedPage = (res: { status: number; text: string; headers: Record<string, unknown> }) => {
    assert.equal(res.status, 403, res.text);
    assert.match(String(res.headers['content-type']), /text\/html/);
    assert.match(res.text, /This organization is suspended/);
  };
  const form = (url: string, body: Record<string, string>) =>
    t.request('POST', url, {
      raw: new URLSearchParams(body).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });

  async function world() {
    const { orgId, key } = await t.tenant();
    const ws = (await t.workspace(key)).id;
    return { orgId, key, ws };
  }

  it('connect page (cst_), its form post, the poll and the OAuth callback', async () => {
    const { orgId, key, ws } = await world();
    const secret = await t.post('/api/v1/connect/token', key, {
      integrationName: 'test-secret',
      connectionName: 'Secret',
      externalId: 'ext-1',
      workspaceId: ws,
    });
    assert.equal(secret.status, 201, secret.text);
    const oauth = await t.post('/api/v1/connect/token', key, {
      integrationName: 'test-oauth',
      authMethodKey: 'oauth2',
      connectionName: 'OAuth',
      externalId: 'ext-2',
      workspaceId: ws,
    });
    assert.equal(oauth.status, 201, oauth.text);
    const start = await t.get(`/connect/oauth/start?token=${oauth.body.token}`);
    assert.equal(start.status, 302, start.text);
    const state = new URL(String(start.headers.location)).searchParams.get('state')!;
    assert.equal((await t.get(`/connect?token=${secret.body.token}`)).status, 200);

    await suspend(orgId);
    assertSuspendedPage(await t.get(`/connect?token=${secret.body.token}`));
    assertSuspendedPage(await form('/connect', { token: secret.body.token, secretText: 'the secret' }));
    assert.equal(await count('SELECT count(*)::int AS n FROM connections WHERE org_id = $1', [orgId]), 0);
    const poll = await t.post('/api/v1/connect/session/poll', null, { token: secret.body.token });
    assert.equal(poll.status, 403);
    assert.equal(poll.body.error, 'ORGANIZATION_SUSPENDED');
    assertSuspendedPage(await t.get(`/api/v1/connect/oauth-callback?state=${encodeURIComponent(state)}&code=abc`));
    const [session] = await t.db.query<{ status: string }>('SELECT status FROM connect_sessions WHERE id = $1', [
      oauth.body.sessionId,
    ]);
    assert.equal(session?.status, 'PENDING', 'the callback did not complete the session');
  });

  it('end-user portal (eut_): the page and its posts; no connect session is opened', async () => {
    const { orgId, key, ws } = await world();
    await t.post(`/api/v1/workspaces/${ws}/integrations`, key, {
      integrationName: 'test-secret',
      connectionStrategy: 'per_user',
    });
    const eu = await t.post('/api/v1/end-users', key, { workspaceId: ws, externalId: 'customer-1' });
    const portal = await t.post(`/api/v1/end-users/${eu.body.endUser.id}/connect-token`, key, {});
    assert.equal(portal.status, 201, portal.text);
    const token = portal.body.token as string;
    assert.equal((await t.get(`/connect/portal?token=${token}`)).status, 200);
    const sessionsBefore = await count('SELECT count(*)::int AS n FROM connect_sessions WHERE org_id = $1', [orgId]);

    await suspend(orgId);
    assertSuspendedPage(await t.get(`/connect/portal?token=${token}`));
    assertSuspendedPage(await form('/connect/portal/connect', { token, item: 'test-secret' }));
    assertSuspendedPage(await form('/connect/portal/disconnect', { token, connectionId: eu.body.endUser.id }));
    assert.equal(await count('SELECT count(*)::int AS n FROM connect_sessions WHERE org_id = $1', [orgId]), sessionsBefore);
  });

  it('approval review pages: a held call cannot be approved, by link or signed in', async () => {
    const { orgId, key, ws } = await world();
    const p = await t.post('/api/v1/approval-policies', key, {
      name: 'Review',
      workspaceId: ws,
      riskMode: 'always',
      integrationNames: ['hash-encode'],
    });
    assert.equal(p.status, 201, p.text);
    const r = await t.post('/api/v1/actions/execute', key, {
      integrationName: 'hash-encode',
      actionName: 'hash',
      workspaceId: ws,
      input: { text: 'held', algorithm: 'sha256' },
      idempotencyKey: 'held-1',
    });
    assert.equal(r.status, 202, r.text);
    const link = new URL(r.body.approval.hostedApprovalUrl as string);
    const id = r.body.approval.id as string;
    assert.equal((await t.get(link.pathname + link.search)).status, 200);

    await suspend(orgId);
    assertSuspendedPage(await t.get(link.pathname + link.search));
    assertSuspendedPage(await form(`/approve/${id}/decision`, { token: link.searchParams.get('token')!, action: 'approve' }));
    const [row] = await t.db.query<{ status: string }>('SELECT status FROM approval_requests WHERE id = $1', [id]);
    assert.equal(row?.status, 'pending');
    // The service path every decision takes refuses too (dashboard reviewers, end-user approvers).
    await assert.rejects(
      t.app.services.approvals.decideWithLink(id, link.searchParams.get('token')!, 'approve', {}),
      (err: { code?: string }) => err.code === 'ORGANIZATION_SUSPENDED',
    );
  });

  it('webhook ingest: 403 ORGANIZATION_SUSPENDED from the moment the suspension returns, nothing stored; taken again once resumed', async () => {
    const { orgId, key, ws } = await world();
    const res = await t.post('/api/v1/triggers/enable', key, {
      integrationName: 'webhook',
      triggerName: 'catch_webhook',
      workspaceId: ws,
      callbackUrl: 'http://127.0.0.1:9/cb',
    });
    assert.equal(res.status, 201, res.text);
    const path = new URL(res.body.triggerSource.webhookUrl as string).pathname;
    const events = () => count('SELECT count(*)::int AS n FROM trigger_events WHERE org_id = $1', [orgId]);
    // Taken while active: the address has served this organization, so what it knows of it is warm (0158).
    assert.equal((await t.post(path, null, { order: 1 })).status, 200);
    await suspend(orgId);
    const inbound = await t.post(path, null, { order: 2 });
    assert.equal(inbound.status, 403, inbound.text);
    assert.equal(inbound.body.error, 'ORGANIZATION_SUSPENDED');
    assert.equal(await events(), 1, 'nothing stored while suspended');
    const resumed = await t.operator('PATCH', `/operator/v1/organizations/${orgId}`, { suspended: false });
    assert.equal(resumed.status, 200, resumed.text);
    assert.equal((await t.post(path, null, { order: 3 })).status, 200, 'taken again once resumed');
    assert.equal(await events(), 2);
  });

  it('MCP endpoint with an end-user token', async () => {
    const { orgId, key, ws } = await world();
    await t.post('/api/v1/end-users', key, { workspaceId: ws, externalId: 'agent-user' });
    const server = (await t.post('/api/v1/mcp/servers', key, { name: 'S', workspaceId: ws, authMode: 'bearer' })).body.server;
    const tok = await t.post(`/api/v1/mcp/servers/${server.id}/access-tokens`, key, { endUserId: 'agent-user' });
    assert.equal(tok.status, 201, tok.text);
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${base}/mcp/srv_${server.id}`;
    assert.equal((await rpc(url, tok.body.accessToken, INIT())).status, 200);
    await suspend(orgId);
    assert.equal((await rpc(url, tok.body.accessToken, INIT())).status, 403);
  });
});
