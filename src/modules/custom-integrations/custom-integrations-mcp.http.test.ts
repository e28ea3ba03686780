import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { TestApp } from '../../../test/harness.js';
import { mcpClient, startHttpApp, textOf } from '../../../test/mcp.js';
import { startPetApi, type PetApi } from '../../../test/fixtures/openapi/pet-api.js';

/** An imported OpenAPI document as MCP tools and in Code Mode, through the official MCP SDK client. */
describe('custom integrations over MCP', () => {
  let t: TestApp;
  let key: string;
  let ws: string;
  let api: PetApi;
  const clients: Client[] = [];

  const server = async (mode: 'TOOLS' | 'CODE') => {
    const s = await t.post('/api/v1/mcp/servers', key, { name: `pets ${mode}`, workspaceId: ws, mode, authMode: 'bearer' });
    assert.equal(s.status, 201, s.text);
    const client = await mcpClient(s.body.server.mcpEndpoint, s.body.bearerToken);
    clients.push(client);
    return client;
  };

  before(async () => {
    ({ t } = await startHttpApp());
    ({ key } = await t.tenant());
    ws = (await t.workspace(key)).id;
    api = await startPetApi();
    const document = await readFile(path.join(import.meta.dirname, '../../../test/fixtures/openapi/petstore.yaml'), 'utf8');
    const imported = await t.post('/api/v1/custom-integrations', key, { name: 'petstore', document });
    assert.equal(imported.status, 201, imported.text);
    const conn = await t.post('/api/v1/connections', key, {
      type: 'CUSTOM_AUTH',
      integrationName: 'petstore',
      externalId: 'pets',
      displayName: 'Pets',
      props: { api_key: api.apiKey, server_url: api.url },
      workspaceId: ws,
    });
    assert.equal(conn.status, 201, conn.text);
    const wi = await t.post(`/api/v1/workspaces/${ws}/integrations`, key, {
      integrationName: 'petstore',
      alias: 'pets',
      connectionId: conn.body.connection.id,
      enabledActions: ['list_pets', 'create_pet', 'get_pet_by_id'],
    });
    assert.equal(wi.status, 201, wi.text);
  });
  after(async () => {
    for (const c of clients) await c.close().catch(() => undefined);
    await api.close();
    await t.close();
  });

  it('lists one tool per enabled action, with the input schema from the document, and calls it', async () => {
    const client = await server('TOOLS');
    const { tools } = await client.listTools();
    assert.deepEqual(
      tools.map((x) => x.name),
      ['pets__list_pets', 'pets__create_pet', 'pets__get_pet_by_id'],
    );
    const create = tools.find((x) => x.name === 'pets__create_pet')!;
    assert.deepEqual(create.inputSchema.required, ['name']);
    const status = (create.inputSchema.properties as Record<string, { enum?: unknown[] }>).status;
    assert.deepEqual(status?.enum, ['available', 'pending', 'sold']);

    const r = await client.callTool({ name: 'pets__create_pet', arguments: { name: 'Mo', status: 'pending' } });
    assert.equal(r.isError, false, textOf(r));
    assert.equal(JSON.parse(textOf(r)).name, 'Mo');
    assert.equal(api.received.at(-1)!.headers['x-api-key'], api.apiKey);
    const missing = await client.callTool({ name: 'pets__get_pet_by_id', arguments: { petId: 404 } });
    assert.equal(missing.isError, true);
    assert.match(textOf(missing), /answered 404/);
  });

  it('is called from Code Mode like any integration', async () => {
    const client = await server('CODE');
    const r = await client.callTool({
      name: 'switchboard_execute',
      arguments: {
        code: `const made = await switchboard.pets.create_pet({ name: 'Ida', tag: 'cat' });
return { made: made.name, all: (await switchboard.pets.list_pets({})).map((p) => p.name) };`,
      },
    });
    assert.equal(r.isError, false, textOf(r));
    assert.match(textOf(r), /"made":\s*"Ida"/);
    assert.match(textOf(r), /"all":\s*\[\s*"Mo",\s*"Ida"\s*\]/);
    const read = await client.callTool({ name: 'switchboard_read_api', arguments: { aliases: ['pets'] } });
    assert.match(textOf(read), /create_pet/);
  });
});
