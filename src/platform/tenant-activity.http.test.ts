import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, type TestApp } from '../../test/harness.js';
import { eventually } from '../../test/receiver.js';
import { INIT, rpc } from '../../test/mcp.js';

/** Short enough to wait out between checks, long enough that a check right after a request falls well inside it. */
const WINDOW_MS = 3_000;

/**
 * Which requests count as an organization being served (0174): a member's session and an MCP token, as an API key
 * does (webhooks-fairness.http.test.ts proves the key and the share it changes); a refused credential does not.
 */
describe('tenant activity: what counts as an organization being served', () => {
  let t: TestApp;
  before(async () => {
    t = await startApp({ SWITCHBOARD_WEBHOOK_ORG_SHARED_WINDOW_MS: String(WINDOW_MS) });
  });
  after(() => t?.close());

  it('counts a member session and an MCP token of another organization, not a refused token', async () => {
    const activity = t.app.services.tenantActivity;
    const a = await t.tenant();
    const owner = { email: `ta-owner-${Date.now()}@example.com`, password: 'owner-password-1', name: 'Tess Owner' };
    const b = await t.operator('POST', '/operator/v1/organizations', { name: 'B', plan: 'enterprise', owner });
    const bKey = b.body.plainKey as string;
    const bOrg = b.body.organization.id as string;
    const session = (await t.post('/api/v1/auth/sign-in', null, owner)).body.token as string;
    const ws = (await t.workspace(bKey)).id;
    await t.post('/api/v1/end-users', bKey, { workspaceId: ws, externalId: 'agent' });
    const server = (await t.post('/api/v1/mcp/servers', bKey, { name: 'B', workspaceId: ws, authMode: 'bearer' })).body
      .server as { id: string };
    const issued = await t.post(`/api/v1/mcp/servers/${server.id}/access-tokens`, bKey, { endUserId: 'agent' });
    assert.equal(issued.status, 201, issued.text);
    const url = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}/mcp/srv_${server.id}`;
    const mcp = (bearer: string) => rpc(url, bearer, INIT());

    /** A's own request, then until B's earlier requests have left the window. */
    const onlyA = async () => {
      assert.equal((await t.get('/api/v1/workspaces', a.key)).status, 200);
      await eventually(async () => !activity.othersActive(a.orgId), WINDOW_MS * 5, 'B to leave the window');
    };

    await onlyA();
    const refused = await mcp('mcp_not-a-token');
    assert.equal(refused.status, 401, refused.text);
    assert.equal(activity.othersActive(a.orgId), false, 'a refused MCP token serves no organization');
    const served = await mcp(issued.body.accessToken as string);
    assert.equal(served.status, 200, served.text);
    assert.equal(activity.othersActive(a.orgId), true, "B's MCP request counts");

    await onlyA();
    const member = await t.request('GET', '/api/v1/workspaces', {
      key: session,
      headers: { 'x-switchboard-organization': bOrg },
    });
    assert.equal(member.status, 200, member.text);
    assert.equal(activity.othersActive(a.orgId), true, "B's member session counts");
  });
});
