/**
 * Shared set-up of the MCP server management tests (mcp-servers*.http.test.ts): the app with the acme integration,
 * and helpers that create a tenant, a server and an end user.
 */
import assert from 'node:assert/strict';
import { startApp, type TestApp } from '../../../test/harness.js';
import { startAcmeApi, type AcmeApi } from '../../../test/fixtures/acme-api.js';

/** `start` and `close` belong in the test file's before and after hooks; `t` is read after `start`. */
export function mcpServersWorld() {
  let t: TestApp;
  let acme: AcmeApi;
  const start = async () => {
    t = await startApp();
    acme = await startAcmeApi();
    t.app.services.registry.register(acme.integration);
  };
  const close = async () => {
    await t.close();
    await acme.close();
  };

  const mcp = (path = '') => `/api/v1/mcp/servers${path}`;
  async function setup(plan = 'enterprise') {
    const { key, orgId } = await t.tenant(plan);
    const ws = await t.workspace(key);
    return { key, orgId, ws: ws.id };
  }
  async function server(key: string, body: Record<string, unknown>) {
    const res = await t.post(mcp(), key, { name: 'Agent tools', ...body });
    assert.equal(res.status, 201, res.text);
    return res.body as { server: any; mcpEndpoint: string; bearerToken?: string };
  }
  const endUser = async (key: string, ws: string, externalId: string, email?: string) => {
    const res = await t.post('/api/v1/end-users', key, { workspaceId: ws, externalId, ...(email ? { email } : {}) });
    assert.equal(res.status, 201, res.text);
    return res.body.endUser as { id: string; externalId: string };
  };
  const perUserIntegration = async (key: string, ws: string, alias = 'acme') =>
    t.post(`/api/v1/workspaces/${ws}/integrations`, key, { integrationName: 'acme', alias, connectionStrategy: 'per_user' });

  return {
    start,
    close,
    mcp,
    setup,
    server,
    endUser,
    perUserIntegration,
    get t() {
      return t;
    },
  };
}
