/**
 * Shared set-up of the MCP endpoint tests in TOOLS mode (mcp-endpoint-*.http.test.ts): the app over real HTTP with the
 * acme API, a workspace with acme (per user) and hash-encode, an enforced partial, end users alice and bob with their
 * connections, and a server with OAuth and bearer tokens.
 */
import assert from 'node:assert/strict';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { TestApp } from '../../test/harness.js';
import { startAcmeApi, type AcmeApi } from '../../test/fixtures/acme-api.js';
import { mcpClient, startHttpApp } from '../../test/mcp.js';

/** A tool as tools/list describes it. */
export type Tool = {
  name: string;
  title?: string;
  description?: string;
  inputSchema: { properties?: Record<string, any>; required?: string[] };
};

/**
 * `start` and `close` belong in the test file's before and after hooks; the state is read after `start`. Clients made
 * with `connect` are closed by `close`.
 */
export function mcpEndpointWorld() {
  let t: TestApp;
  let base: string;
  let acme: AcmeApi;
  let key: string;
  let ws: string;
  let server: { id: string; mcpEndpoint: string };
  const clients: Client[] = [];

  const connect = async (url: string, token: string) => {
    const c = await mcpClient(url, token);
    clients.push(c);
    return c;
  };
  const endUser = async (externalId: string, apiKey?: string) => {
    const res = await t.post('/api/v1/end-users', key, { workspaceId: ws, externalId });
    assert.equal(res.status, 201, res.text);
    if (apiKey) {
      const conn = await t.post('/api/v1/connections', key, {
        type: 'SECRET_TEXT',
        integrationName: 'acme',
        externalId: `acme-${externalId}`,
        displayName: externalId,
        secretText: apiKey,
        workspaceId: ws,
        endUserId: externalId,
        scope: 'USER',
      });
      assert.equal(conn.status, 201, conn.text);
    }
    return res.body.endUser as { id: string };
  };
  const token = async (serverId: string, endUserId: string, kind: 'access-tokens' | 'oauth-tokens' = 'access-tokens') => {
    const res = await t.post(`/api/v1/mcp/servers/${serverId}/${kind}`, key, { endUserId });
    assert.equal(res.status, 201, res.text);
    return res.body.accessToken as string;
  };

  const start = async () => {
    ({ t, base } = await startHttpApp({ SWITCHBOARD_PLANS: '{"free":{"actionsPerMonth":2}}' }));
    acme = await startAcmeApi();
    t.app.services.registry.register(acme.integration);
    acme.accounts.set('key-alice', 'Alice Co');
    acme.accounts.set('key-bob', 'Bob Co');
    ({ key } = await t.tenant());
    ws = (await t.workspace(key)).id;
    assert.equal(
      (await t.post(`/api/v1/workspaces/${ws}/integrations`, key, { integrationName: 'acme', connectionStrategy: 'per_user' }))
        .status,
      201,
    );
    assert.equal(
      (
        await t.post(`/api/v1/workspaces/${ws}/integrations`, key, {
          integrationName: 'hash-encode',
          enabledActions: ['hash', 'encode'],
        })
      ).status,
      201,
    );
    const enforced = await t.post('/api/v1/partials', key, {
      workspaceId: ws,
      integrationName: 'acme',
      actionName: 'send_message',
      name: 'compliance',
      values: { channel: 'compliance', priority: 'urgent' },
      enforcedKeys: ['channel'],
      isDefault: true,
    });
    assert.equal(enforced.status, 201, enforced.text);
    await endUser('alice', 'key-alice');
    await endUser('bob', 'key-bob');
    const created = await t.post('/api/v1/mcp/servers', key, {
      name: 'Team tools',
      description: 'Tools of the team workspace.',
      workspaceId: ws,
      authMode: 'oauth_and_bearer',
    });
    assert.equal(created.status, 201, created.text);
    server = created.body.server;
    assert.equal(server.mcpEndpoint, `${base}/mcp/srv_${server.id}`);
  };
  const close = async () => {
    for (const c of clients) await c.close().catch(() => undefined);
    await t.close();
    await acme.close();
  };

  return {
    start,
    close,
    connect,
    endUser,
    token,
    get t() {
      return t;
    },
    get base() {
      return base;
    },
    get acme() {
      return acme;
    },
    get key() {
      return key;
    },
    get ws() {
      return ws;
    },
    get server() {
      return server;
    },
  };
}
