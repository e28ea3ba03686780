import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { mcpToolPartials } from '../../platform/db/schema.js';
import type { TestApp } from '../../../test/harness.js';
import { mcpServersWorld } from './mcp-servers.fixtures.js';

describe('MCP servers: tools, execute-code and declarations', () => {
  let t: TestApp;
  const world = mcpServersWorld();
  const { mcp, setup, server } = world;
  before(async () => {
    await world.start();
    ({ t } = world);
  });
  after(async () => world.close());

  it('adds, updates and removes tools with every refusal', async () => {
    const { key, ws } = await setup();
    const { server: s } = await server(key, { workspaceId: ws });
    const tools = mcp(`/${s.id}/tools`);
    const add = await t.post(tools, key, {
      integrationName: 'hash-encode',
      actionName: 'hash',
      displayName: 'SHA it',
      description: 'Hash things',
      inputDefaults: { algorithm: 'md5' },
      sortOrder: 2,
    });
    assert.equal(add.status, 201, add.text);
    const tool = add.body.tool;
    assert.deepEqual(
      { ...tool, id: undefined, createdAt: undefined, updatedAt: undefined },
      {
        id: undefined,
        mcpServerId: s.id,
        integrationName: 'hash-encode',
        integrationAlias: 'hash-encode',
        actionName: 'hash',
        toolType: 'ACTION',
        connectionId: null,
        displayName: 'SHA it',
        description: 'Hash things',
        inputDefaults: { algorithm: 'md5' },
        sortOrder: 2,
        partialIds: [],
        createdAt: undefined,
        updatedAt: undefined,
      },
    );
    assert.deepEqual((await t.get(mcp(`/${s.id}`), key)).body.tools, [tool]);
    // The same integration under another alias is fine.
    const second = await t.post(tools, key, { integrationName: 'hash-encode', integrationAlias: 'hasher', actionName: 'hash' });
    assert.equal(second.status, 201);

    const refuse = async (method: 'POST' | 'PATCH', url: string, body: unknown, status: number, error: string) => {
      const res = await t.request(method, url, { key, body });
      assert.equal(res.status, status, `${JSON.stringify(body)}: ${res.text}`);
      assert.equal(res.body.error, error);
    };
    await refuse('POST', tools, { integrationName: 'hash-encode', actionName: 'hash' }, 409, 'DUPLICATE');
    await refuse('POST', tools, { integrationName: 'nope', actionName: 'x' }, 404, 'INTEGRATION_NOT_FOUND');
    await refuse('POST', tools, { integrationName: 'hash-encode', actionName: 'nope' }, 400, 'VALIDATION_ERROR');
    await refuse(
      'POST',
      tools,
      { integrationName: 'datetime', integrationAlias: 'hasher', actionName: 'date_math' },
      409,
      'ALIAS_CONFLICT',
    );
    await refuse(
      'POST',
      tools,
      { integrationName: 'hash-encode', integrationAlias: 'Bad Alias', actionName: 'hash' },
      400,
      'VALIDATION_ERROR',
    );
    await refuse(
      'POST',
      tools,
      { integrationName: 'hash-encode', actionName: 'encode', toolType: 'TRIGGER' },
      400,
      'VALIDATION_ERROR',
    );
    await refuse(
      'POST',
      tools,
      { integrationName: 'acme', actionName: 'whoami', connectionId: '00000000-0000-4000-8000-000000000000' },
      404,
      'CONNECTION_NOT_FOUND',
    );
    assert.equal(
      (await t.post(`/api/v1/workspaces/${ws}/integrations`, key, { integrationName: 'datetime', alias: 'clock' })).status,
      201,
    );
    await refuse(
      'POST',
      tools,
      { integrationName: 'hash-encode', integrationAlias: 'clock', actionName: 'hash' },
      409,
      'ALIAS_CONFLICT',
    );

    // Connections must belong to the integration and be visible from the workspace.
    const acmeConn = await t.post('/api/v1/connections', key, {
      type: 'SECRET_TEXT',
      integrationName: 'acme',
      externalId: 'org-acme',
      displayName: 'Acme',
      secretText: 'k',
    });
    assert.equal(acmeConn.status, 201, acmeConn.text);
    const withConn = await t.post(tools, key, {
      integrationName: 'acme',
      actionName: 'whoami',
      connectionId: acmeConn.body.connection.id,
    });
    assert.equal(withConn.status, 201, withConn.text);
    assert.equal(withConn.body.tool.connectionId, acmeConn.body.connection.id);
    await refuse('PATCH', `${tools}/${tool.id}`, { connectionId: acmeConn.body.connection.id }, 400, 'VALIDATION_ERROR');
    const otherWs = await t.workspace(key);
    const foreign = await t.post('/api/v1/connections', key, {
      type: 'SECRET_TEXT',
      integrationName: 'acme',
      externalId: 'ws-acme',
      displayName: 'Acme',
      secretText: 'k',
      workspaceId: otherWs.id,
      scope: 'WORKSPACE',
    });
    await refuse(
      'POST',
      tools,
      { integrationName: 'acme', actionName: 'send_message', connectionId: foreign.body.connection.id },
      404,
      'CONNECTION_NOT_FOUND',
    );

    // Partials must match the tool's integration, alias and action; [] clears; deleting a partial removes it.
    const partial = await t.post('/api/v1/partials', key, {
      workspaceId: ws,
      integrationName: 'hash-encode',
      actionName: 'hash',
      name: 'b64',
      values: { encoding: 'base64' },
    });
    assert.equal(partial.status, 201, partial.text);
    const wrong = await t.post('/api/v1/partials', key, {
      workspaceId: ws,
      integrationName: 'hash-encode',
      actionName: 'encode',
      name: 'enc',
      values: {},
    });
    await refuse('PATCH', `${tools}/${tool.id}`, { partialIds: [wrong.body.partial.id] }, 400, 'VALIDATION_ERROR');
    await refuse(
      'PATCH',
      `${tools}/${tool.id}`,
      { partialIds: ['00000000-0000-4000-8000-000000000000'] },
      400,
      'VALIDATION_ERROR',
    );
    const upd = await t.patch(`${tools}/${tool.id}`, key, {
      partialIds: [partial.body.partial.id, partial.body.partial.id],
      displayName: null,
      description: null,
      inputDefaults: null,
      sortOrder: -1,
    });
    assert.equal(upd.status, 200, upd.text);
    assert.deepEqual(
      {
        partialIds: upd.body.tool.partialIds,
        displayName: upd.body.tool.displayName,
        description: upd.body.tool.description,
        inputDefaults: upd.body.tool.inputDefaults,
        sortOrder: upd.body.tool.sortOrder,
      },
      { partialIds: [partial.body.partial.id], displayName: null, description: null, inputDefaults: null, sortOrder: -1 },
    );
    await refuse('PATCH', `${tools}/${tool.id}`, { integrationAlias: 'hasher' }, 409, 'DUPLICATE');
    await refuse('PATCH', `${tools}/${tool.id}`, {}, 400, 'NO_UPDATES');
    assert.equal((await t.delete(`/api/v1/partials/${partial.body.partial.id}`, key)).status, 200);
    assert.deepEqual((await t.db.orm.select().from(mcpToolPartials).where(eq(mcpToolPartials.toolId, tool.id))).length, 0);
    const after = await t.get(mcp(`/${s.id}`), key);
    assert.deepEqual(after.body.tools.find((x: any) => x.id === tool.id).partialIds, []);
    const withPartial = await t.post('/api/v1/partials', key, {
      workspaceId: ws,
      integrationName: 'hash-encode',
      actionName: 'hash',
      name: 'again',
      values: {},
    });
    await t.patch(`${tools}/${tool.id}`, key, { partialIds: [withPartial.body.partial.id] });
    const clear = await t.patch(`${tools}/${tool.id}`, key, { partialIds: [] });
    assert.deepEqual(clear.body.tool.partialIds, []);

    const del = await t.delete(`${tools}/${tool.id}`, key);
    assert.deepEqual(del.body, { deleted: true, id: tool.id });
    assert.equal((await t.delete(`${tools}/${tool.id}`, key)).status, 404);
    assert.equal((await t.patch(`${tools}/${tool.id}`, key, { sortOrder: 1 })).status, 404);
  });

  it('execute-code and declarations refuse bad requests', async () => {
    const { key, ws } = await setup();
    const { server: tools } = await server(key, { workspaceId: ws });
    const { server: code } = await server(key, { workspaceId: ws, mode: 'CODE' });
    const exec = (id: string, body: unknown) => t.post(mcp(`/${id}/execute-code`), key, body);
    assert.equal((await exec(code.id, {})).body.error, 'VALIDATION_ERROR');
    assert.equal((await exec(code.id, { code: 'return 1', approvalId: 'apr_x' })).body.error, 'VALIDATION_ERROR');
    assert.equal((await exec(code.id, { approvalId: 'not-an-approval' })).body.error, 'VALIDATION_ERROR');
    assert.equal((await exec(code.id, { approvalId: 'apr_x', waitForApprovalSeconds: 61 })).body.error, 'VALIDATION_ERROR');
    assert.equal((await exec(tools.id, { code: 'return 1' })).body.error, 'VALIDATION_ERROR');
    const unknown = await exec(code.id, { approvalId: 'apr_unknown' });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.error, 'NOT_FOUND');
    const decl = await t.get(mcp(`/${code.id}/declarations/nothing`), key);
    assert.equal(decl.status, 404);
    assert.equal(decl.body.error, 'NOT_FOUND');
  });
});
