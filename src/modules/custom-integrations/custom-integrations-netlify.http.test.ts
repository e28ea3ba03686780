import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { TestApp } from '../../../test/harness.js';
import { mcpClient, startHttpApp, textOf } from '../../../test/mcp.js';
import { eventually } from '../../../test/receiver.js';
import { netlifyDocument, startNetlifyApi, type NetlifyApi } from '../../../test/fixtures/openapi/netlify-api.js';

/**
 * A large real-world document: Netlify's published API description (Swagger 2.0, about 180 operations, OAuth2), as
 * shipped in `@netlify/open-api`, imported and used on every surface against a local stand-in for Netlify's API.
 */
describe('a real public API document (Netlify) as an integration', () => {
  let t: TestApp;
  let key: string;
  let ws: string;
  let api: NetlifyApi;
  let connectionId: string;
  const clients: Client[] = [];

  before(async () => {
    ({ t } = await startHttpApp());
    ({ key } = await t.tenant());
    ws = (await t.workspace(key)).id;
    api = await startNetlifyApi();
  });
  after(async () => {
    for (const c of clients) await c.close().catch(() => undefined);
    await api.close();
    await t.close();
  });

  const exec = (actionName: string, input: Record<string, unknown>, connectionExternalId = 'netlify') =>
    t.post('/api/v1/actions/execute', key, {
      integrationName: 'netlify',
      actionName,
      workspaceId: ws,
      connectionExternalId,
      input,
    });

  it('imports the whole document: an action per operation, OAuth2 as an access token, and what it left out', async () => {
    const document = await netlifyDocument(api.host);
    const operations = Object.values(document.paths as Record<string, Record<string, unknown>>).flatMap((item) =>
      Object.keys(item).filter((m) => ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'].includes(m)),
    ).length;
    const r = await t.post('/api/v1/custom-integrations', key, { name: 'netlify', document });
    assert.equal(r.status, 201, r.text);
    const { customIntegration: ci, integration } = r.body;
    assert.equal(ci.sourceVersion, '2.0');
    assert.equal(ci.displayName, "Netlify's API documentation");
    assert.deepEqual(ci.authMethods, ['netlifyAuth']);
    // Every operation is an action, but for those whose body is a file upload, each named in `skipped`.
    const uploads = ci.skipped.filter((s: string) => /request body type/.test(s));
    assert.ok(uploads.length > 0 && operations > 150, `${operations} operations, ${uploads.length} uploads`);
    assert.equal(ci.actions.length, operations - uploads.length);
    assert.equal(new Set(ci.actions).size, ci.actions.length, 'each action name once');
    assert.match(ci.skipped.join('\n'), /netlifyAuth: the OAuth2 implicit flow is not run; a connection gives an access token/);
    for (const name of ['list_sites', 'create_site', 'get_site', 'update_site', 'delete_site', 'get_current_user'])
      assert.ok(ci.actions.includes(name), name);

    const option = integration.authOptions.find((o: { key: string }) => o.key === 'netlifyAuth');
    assert.equal(option.type, 'CUSTOM_AUTH');
    assert.deepEqual(Object.keys(option.props), ['token'], 'one server: no server URL to give');
    const list = integration.actions.list_sites;
    assert.equal(list.displayName, 'List sites', 'the operationId in words, as the document has no summary');
    assert.equal(list.props.filter.type, 'STATIC_DROPDOWN');
    assert.deepEqual(
      list.props.filter.options.options.map((o: { value: string }) => o.value),
      ['all', 'owner', 'guest'],
    );
    assert.equal(list.props.page.type, 'NUMBER');
    assert.equal(integration.actions.get_site.props.site_id.required, true);

    const [row] = await t.db.query<{ revision: number; source_version: string; actions: number }>(
      "SELECT revision, source_version, jsonb_array_length(spec->'actions') AS actions FROM custom_integrations WHERE name = 'netlify'",
    );
    assert.deepEqual({ ...row }, { revision: 1, source_version: '2.0', actions: ci.actions.length });
  });

  it('runs its actions with the access token as bearer, and answers Netlify’s errors as success: false', async () => {
    const conn = await t.post('/api/v1/connections', key, {
      type: 'CUSTOM_AUTH',
      integrationName: 'netlify',
      externalId: 'netlify',
      displayName: 'Netlify',
      props: { token: api.token },
      workspaceId: ws,
    });
    assert.equal(conn.status, 201, conn.text);
    assert.ok(!conn.text.includes(api.token), 'the token is never answered');
    connectionId = conn.body.connection.id;

    const created = await exec('create_site', { body: { name: 'docs-site' } });
    assert.equal(created.body.success, true, created.text);
    const siteId = created.body.output.id as string;
    assert.equal(created.body.output.url, 'https://docs-site.netlify.app');
    const sent = api.received.at(-1)!;
    assert.deepEqual([sent.method, sent.path, sent.authorization], ['POST', '/api/v1/sites', `Bearer ${api.token}`]);
    assert.deepEqual(sent.body, { name: 'docs-site' });

    const listed = await exec('list_sites', { filter: 'owner', page: 1, per_page: 10 });
    assert.equal(listed.body.success, true, listed.text);
    assert.deepEqual(
      listed.body.output.map((s: { name: string }) => s.name),
      ['docs-site'],
    );
    const q = api.received.at(-1)!.query;
    assert.deepEqual([q.get('filter'), q.get('page'), q.get('per_page')], ['owner', '1', '10']);

    const updated = await exec('update_site', { site_id: siteId, body: { name: 'handbook' } });
    assert.equal(updated.body.output.name, 'handbook', updated.text);
    assert.equal(api.received.at(-1)!.method, 'PATCH');
    assert.equal((await exec('get_current_user', {})).body.output.site_count, 1);

    const deleted = await exec('delete_site', { site_id: siteId });
    assert.equal(deleted.body.success, true, deleted.text);
    assert.equal(deleted.body.output, null);
    const missing = await exec('get_site', { site_id: siteId });
    assert.equal(missing.status, 200, missing.text);
    assert.equal(missing.body.success, false);
    assert.equal(missing.body.output.detail.status, 404);
    assert.match(missing.body.output.detail.body, /Not Found/);

    const bad = await exec('list_sites', { filter: 'everyone' });
    assert.equal(bad.status, 400, bad.text);
    assert.equal(bad.body.error, 'VALIDATION_ERROR');

    const wrong = await t.post('/api/v1/connections', key, {
      type: 'CUSTOM_AUTH',
      integrationName: 'netlify',
      externalId: 'stale',
      displayName: 'Stale',
      props: { token: 'nfp_revoked' },
      workspaceId: ws,
    });
    assert.equal(wrong.status, 201, wrong.text);
    const refused = await exec('list_sites', {}, 'stale');
    assert.equal(refused.body.success, false);
    assert.equal(refused.body.output.detail.status, 401);
    assert.ok(!refused.text.includes('nfp_revoked'));

    await eventually(
      async () => {
        const activity = await t.get(`/api/v1/activity?workspaceId=${ws}&integrationName=netlify&actionName=create_site`, key);
        assert.equal(activity.status, 200, activity.text);
        return activity.body.activity.length === 1;
      },
      15_000,
      'the call in the activity log',
    );
  });

  it('is offered as MCP tools and in Code Mode through the official SDK client', async () => {
    const wi = await t.post(`/api/v1/workspaces/${ws}/integrations`, key, {
      integrationName: 'netlify',
      alias: 'netlify',
      connectionId,
      enabledActions: ['list_sites', 'create_site', 'get_site'],
    });
    assert.equal(wi.status, 201, wi.text);
    const server = async (mode: 'TOOLS' | 'CODE') => {
      const s = await t.post('/api/v1/mcp/servers', key, { name: `netlify ${mode}`, workspaceId: ws, mode, authMode: 'bearer' });
      assert.equal(s.status, 201, s.text);
      const client = await mcpClient(s.body.server.mcpEndpoint, s.body.bearerToken);
      clients.push(client);
      return client;
    };

    const tools = await server('TOOLS');
    const { tools: listed } = await tools.listTools();
    assert.deepEqual(
      listed.map((x) => x.name),
      ['netlify__list_sites', 'netlify__create_site', 'netlify__get_site'],
    );
    const filter = (listed[0]!.inputSchema.properties as Record<string, { enum?: unknown[] }>).filter;
    assert.deepEqual(filter?.enum, ['all', 'owner', 'guest']);
    const made = await tools.callTool({ name: 'netlify__create_site', arguments: { body: { name: 'from-mcp' } } });
    assert.equal(made.isError, false, textOf(made));
    assert.equal(JSON.parse(textOf(made)).name, 'from-mcp');

    const code = await server('CODE');
    const r = await code.callTool({
      name: 'switchboard_execute',
      arguments: {
        code: `const sites = await switchboard.netlify.list_sites({ filter: 'all' });
const one = await switchboard.netlify.get_site({ site_id: sites[0].id });
return { count: sites.length, name: one.name };`,
      },
    });
    assert.equal(r.isError, false, textOf(r));
    assert.match(textOf(r), /"count":\s*1/);
    assert.match(textOf(r), /"name":\s*"from-mcp"/);
  });
});
