import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { TestApp } from '../../test/harness.js';
import type { AcmeApi } from '../../test/fixtures/acme-api.js';
import { postForm, tokenOf } from '../../test/connect-fixtures.js';
import { textOf } from '../../test/mcp.js';
import { mcpEndpointWorld } from './mcp-endpoint.fixtures.js';

type Reconnect = { connectionId: string; connectionName: string; url: string | null; expiresAt: string | null };

/**
 * Issue 22: a tool call or a Code Mode run that meets a connection needing re-authorization tells the agent so, with
 * a hosted link for the person that repairs the same connection id (docs/decisions/0144).
 */
describe('MCP: a connection that needs re-authorization gives the agent a reconnect link', () => {
  let t: TestApp;
  let acme: AcmeApi;
  let key: string;
  let ws: string;
  let base: string;
  let server: { id: string; mcpEndpoint: string };
  const world = mcpEndpointWorld();
  const { connect, token } = world;
  before(async () => {
    await world.start();
    ({ t, acme, key, ws, server, base } = world);
  });
  after(async () => world.close());

  const aliceConnection = async () => {
    const res = await t.get('/api/v1/connections?externalId=acme-alice', key);
    assert.equal(res.body.total, 1, res.text);
    return res.body.connections?.[0] ?? res.body.connection ?? res.body.items?.[0];
  };

  it('after the provider’s 401: the tool result names the connection and a link that repairs the same id', async () => {
    const before = await aliceConnection();
    acme.accounts.delete('key-alice'); // the provider revoked the key
    const alice = await connect(server.mcpEndpoint, await token(server.id, 'alice'));
    const r = await alice.callTool({ name: 'acme__whoami', arguments: {} });
    assert.equal(r.isError, true);
    const reconnect = (r.structuredContent as { reconnect: Reconnect }).reconnect;
    assert.equal(reconnect.connectionId, before.id);
    assert.equal(reconnect.connectionName, 'alice');
    assert.match(reconnect.url!, new RegExp(`^${base}/connect\\?token=cst_`));
    assert.ok(Date.parse(reconnect.expiresAt!) > Date.now());
    assert.match(textOf(r), /needs re-authorization/);
    assert.ok(textOf(r).includes(reconnect.url!), 'the text the model reads carries the link');

    // The person opens the link and enters the new key: the same connection works again.
    const cst = tokenOf(reconnect.url!);
    const page = await t.get(`/connect?token=${cst}`);
    assert.equal(page.status, 200);
    acme.accounts.set('key-alice-2', 'Alice Co');
    const done = await postForm(t, '/connect', { token: cst, secret_text: 'key-alice-2' });
    assert.match(done.text, /data-status="COMPLETED"/, done.text);
    const after = await aliceConnection();
    assert.equal(after.id, before.id, 'the same connection id');
    const again = await alice.callTool({ name: 'acme__whoami', arguments: {} });
    assert.equal(again.isError, false, textOf(again));
    assert.deepEqual(again.structuredContent, { account: 'Alice Co' });
  });

  it('a connection in status ERROR (a refused refresh) gives the link without calling the provider', async () => {
    const conn = await aliceConnection();
    const [row] = await t.db.query<{ org_id: string }>('SELECT org_id FROM connections WHERE id = $1', [conn.id]);
    await t.app.services.connections.setStatus(row!.org_id, conn.id, 'ERROR', 'refresh failed');
    const calls = acme.received.length;
    const alice = await connect(server.mcpEndpoint, await token(server.id, 'alice'));
    const r = await alice.callTool({ name: 'acme__whoami', arguments: {} });
    assert.equal(r.isError, true);
    const sc = r.structuredContent as { error: string; reconnect: Reconnect };
    assert.equal(sc.error, 'CONNECTION_ERROR');
    assert.equal(sc.reconnect.connectionId, conn.id);
    assert.match(sc.reconnect.url!, /\/connect\?token=cst_/);
    assert.equal(acme.received.length, calls, 'nothing reached the provider');

    // The REST caller learns which connection it was (and makes its own link with POST /connect/token).
    const rest = await t.post('/api/v1/actions/execute', key, {
      workspaceId: ws,
      integrationName: 'acme',
      actionName: 'whoami',
      input: {},
      endUserId: 'alice',
    });
    assert.equal(rest.status, 400, rest.text);
    assert.equal(rest.body.error, 'CONNECTION_ERROR');
    assert.equal(rest.body.connectionId, conn.id);
    assert.equal(rest.body.url, undefined, 'no bearer link in a REST error');

    // Repaired through the link: ACTIVE again, same id.
    acme.accounts.set('key-alice-3', 'Alice Co');
    const done = await postForm(t, '/connect', { token: tokenOf(sc.reconnect.url!), secret_text: 'key-alice-3' });
    assert.match(done.text, /data-status="COMPLETED"/);
    const repaired = await aliceConnection();
    assert.equal(repaired.id, conn.id);
    assert.equal(repaired.status, 'ACTIVE');
  });

  it('Code Mode: the error the code sees, and the run’s error, carry the link', async () => {
    const created = await t.post('/api/v1/mcp/servers', key, {
      name: 'Code tools',
      workspaceId: ws,
      mode: 'CODE',
      authMode: 'oauth_and_bearer',
    });
    assert.equal(created.status, 201, created.text);
    const codeServer = created.body.server as { id: string; mcpEndpoint: string };
    acme.accounts.clear();
    const alice = await connect(codeServer.mcpEndpoint, await token(codeServer.id, 'alice'));
    const caught = await alice.callTool({
      name: 'switchboard_execute',
      arguments: { code: `try { await switchboard.acme.whoami({}); return 'ran'; } catch (e) { return e.message; }` },
    });
    assert.equal(caught.isError, false, textOf(caught));
    const message = String((caught.structuredContent as { output: unknown }).output);
    assert.match(message, /needs re-authorization/);
    assert.match(message, new RegExp(`${base}/connect\\?token=cst_`));

    const thrown = await alice.callTool({
      name: 'switchboard_execute',
      arguments: { code: `return await switchboard.acme.whoami({});` },
    });
    assert.equal(thrown.isError, true);
    assert.match(textOf(thrown), /needs re-authorization/);
    assert.match(textOf(thrown), /\/connect\?token=cst_/);

    // The run as the dashboard lists it keeps no bearer link.
    const runs = await t.get(`/api/v1/mcp/servers/${codeServer.id}/code-runs`, key);
    assert.equal(runs.status, 200, runs.text);
    assert.ok(!runs.text.includes('cst_'), 'no connect token in the stored runs');
  });
});
