import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { mcpTokens } from '../../platform/db/schema.js';
import type { TestApp } from '../../../test/harness.js';
import { mcpServersWorld } from './mcp-servers.fixtures.js';

describe('MCP servers: management API', () => {
  let t: TestApp;
  const world = mcpServersWorld();
  const { mcp, setup, server, endUser } = world;
  before(async () => {
    await world.start();
    ({ t } = world);
  });
  after(async () => world.close());

  it('creates a server with the spec defaults, an endpoint and no token for OAuth-only servers', async () => {
    const { key, orgId, ws } = await setup();
    const created = await server(key, { workspaceId: ws });
    const s = created.server;
    assert.equal(created.mcpEndpoint, `http://switchboard.test/mcp/srv_${s.id}`);
    assert.equal(s.mcpEndpoint, created.mcpEndpoint);
    assert.equal(created.bearerToken, undefined);
    assert.deepEqual(
      {
        orgId: s.orgId,
        workspaceId: s.workspaceId,
        mode: s.mode,
        authMode: s.authMode,
        endUserAccess: s.endUserAccess,
        description: s.description,
        endUserId: s.endUserId,
        settings: s.settings,
      },
      {
        orgId,
        workspaceId: ws,
        mode: 'TOOLS',
        authMode: 'oauth',
        endUserAccess: 'restricted',
        description: '',
        endUserId: null,
        settings: { codeMode: { approvalWaitSeconds: 0 }, mcpApp: { enabled: false } },
      },
    );
    assert.deepEqual(s.auth, {
      oauthEnabled: true,
      bearerEnabled: false,
      staticBearerEnabled: false,
      endUserBearerTokensEnabled: false,
      accessTokensEnabled: true,
    });
    const got = await t.get(mcp(`/${s.id}`), key);
    assert.equal(got.status, 200);
    assert.deepEqual(got.body, { server: s, tools: [] });
  });

  it('refuses bad create bodies, unknown workspaces and unknown end users', async () => {
    const { key, ws } = await setup();
    for (const body of [
      { workspaceId: ws, name: '' },
      { workspaceId: ws, mode: 'SQL' },
      { workspaceId: ws, authMode: 'basic' },
      { workspaceId: ws, endUserAccess: 'everyone' },
      { workspaceId: ws, settings: { codeMode: { approvalWaitSeconds: 61 } } },
      { workspaceId: 'not-a-uuid' },
      { name: 'no workspace' },
    ]) {
      const res = await t.post(mcp(), key, { name: 'x', ...body });
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.body.error, 'VALIDATION_ERROR');
    }
    const missingWs = await t.post(mcp(), key, { name: 'x', workspaceId: '00000000-0000-4000-8000-000000000000' });
    assert.equal(missingWs.status, 404);
    const noUser = await t.post(mcp(), key, { name: 'x', workspaceId: ws, endUserId: 'nobody' });
    assert.equal(noUser.status, 404);
    assert.equal(noUser.body.error, 'END_USER_NOT_FOUND');
    assert.equal((await t.get(mcp(), key)).body.total, 0, 'nothing half-written');
  });

  it('enforces the mcpServers plan limit', async () => {
    const { key, ws } = await setup('free');
    await server(key, { workspaceId: ws });
    await server(key, { workspaceId: ws });
    const third = await t.post(mcp(), key, { name: 'third', workspaceId: ws });
    assert.equal(third.status, 403);
    assert.equal(third.body.error, 'QUOTA_EXCEEDED');
    assert.deepEqual(
      { current: third.body.current, limit: third.body.limit, plan: third.body.plan },
      { current: 2, limit: 2, plan: 'free' },
    );
  });

  it('lists with workspace filter, paging, scoped keys and suspended servers', async () => {
    const { key, orgId, ws } = await setup('pro');
    const other = (await t.workspace(key)).id;
    const a = await server(key, { workspaceId: ws, name: 'a' });
    const b = await server(key, { workspaceId: ws, name: 'b' });
    const c = await server(key, { workspaceId: other, name: 'c' });
    const all = await t.get(mcp(), key);
    assert.deepEqual(
      all.body.servers.map((s: any) => s.name),
      ['c', 'b', 'a'],
    );
    assert.equal(all.body.total, 3);
    const inWs = await t.get(mcp(`?workspaceId=${ws}&limit=1&offset=1`), key);
    assert.deepEqual(
      inWs.body.servers.map((s: any) => s.name),
      ['a'],
    );
    assert.equal(inWs.body.total, 2);
    const scoped = await t.scopedKey(key, [other]);
    assert.deepEqual(
      (await t.get(mcp(), scoped)).body.servers.map((s: any) => s.name),
      ['c'],
    );
    assert.equal((await t.get(mcp(`?workspaceId=${ws}`), scoped)).status, 403);
    assert.equal((await t.get(mcp('?limit=101'), key)).status, 400);

    // Downgrade to free (2 servers): the newest is suspended, hidden, and cannot be used.
    assert.equal((await t.operator('PATCH', `/operator/v1/organizations/${orgId}`, { plan: 'free' })).status, 200);
    const visible = await t.get(mcp(), key);
    assert.deepEqual(
      visible.body.servers.map((s: any) => s.name),
      ['b', 'a'],
    );
    const withSuspended = await t.get(mcp('?includeSuspended=true'), key);
    assert.deepEqual(
      withSuspended.body.servers.map((s: any) => [s.name, s.suspended]),
      [
        ['c', true],
        ['b', false],
        ['a', false],
      ],
    );
    const use = await t.post(mcp(`/${c.server.id}/oauth-tokens`), key, { endUserId: 'x' });
    assert.equal(use.status, 403);
    assert.equal(use.body.error, 'RESOURCE_SUSPENDED');
    assert.equal((await t.operator('PATCH', `/operator/v1/organizations/${orgId}`, { plan: 'pro' })).status, 200);
    assert.equal((await t.get(mcp(), key)).body.total, 3);
    void a;
    void b;
  });

  it('updates fields, merges settings, scopes to an end user and refuses empty or bad updates', async () => {
    const { key, ws } = await setup();
    await endUser(key, ws, 'bob');
    const { server: s } = await server(key, { workspaceId: ws, settings: { mcpApp: { enabled: true } } });
    const res = await t.patch(mcp(`/${s.id}`), key, {
      name: 'Renamed',
      description: 'New',
      mode: 'CODE',
      endUserAccess: 'open',
      settings: { codeMode: { approvalWaitSeconds: 10 } },
      endUserId: 'bob',
    });
    assert.equal(res.status, 200, res.text);
    const u = res.body.server;
    assert.deepEqual(
      {
        name: u.name,
        description: u.description,
        mode: u.mode,
        endUserAccess: u.endUserAccess,
        settings: u.settings,
        endUserId: u.endUserId,
      },
      {
        name: 'Renamed',
        description: 'New',
        mode: 'CODE',
        endUserAccess: 'open',
        settings: { codeMode: { approvalWaitSeconds: 10 }, mcpApp: { enabled: true } },
        endUserId: 'bob',
      },
    );
    assert.ok(Date.parse(u.updatedAt) >= Date.parse(s.updatedAt));
    const cleared = await t.patch(mcp(`/${s.id}`), key, { endUserId: null });
    assert.equal(cleared.body.server.endUserId, null);
    assert.equal((await t.patch(mcp(`/${s.id}`), key, {})).body.error, 'NO_UPDATES');
    assert.equal((await t.patch(mcp(`/${s.id}`), key, { endUserId: 'ghost' })).body.error, 'END_USER_NOT_FOUND');
    assert.equal((await t.patch(mcp(`/${s.id}`), key, { mode: 'X' })).status, 400);
    assert.equal((await t.patch(mcp('/00000000-0000-4000-8000-000000000000'), key, { name: 'x' })).status, 404);
  });

  it('deletes a server with its tools and tokens', async () => {
    const { key, ws } = await setup();
    const { server: s } = await server(key, { workspaceId: ws, authMode: 'bearer' });
    await t.post(mcp(`/${s.id}/tools`), key, { integrationName: 'hash-encode', actionName: 'hash' });
    const del = await t.delete(mcp(`/${s.id}`), key);
    assert.deepEqual(del.body, { deleted: true, id: s.id });
    assert.equal((await t.get(mcp(`/${s.id}`), key)).status, 404);
    assert.equal((await t.db.orm.select().from(mcpTokens).where(eq(mcpTokens.mcpServerId, s.id))).length, 0);
  });

  it("isolates tenants: another organization's key gets 404, a key for other workspaces 403", async () => {
    const { key, ws } = await setup();
    const { server: s } = await server(key, { workspaceId: ws, authMode: 'bearer' });
    const tool = await t.post(mcp(`/${s.id}/tools`), key, { integrationName: 'hash-encode', actionName: 'hash' });
    const other = (await t.tenant()).key;
    const scoped = await t.scopedKey(key, [(await t.workspace(key)).id]);
    const calls: Array<[string, string, unknown?]> = [
      ['GET', mcp(`/${s.id}`)],
      ['PATCH', mcp(`/${s.id}`), { name: 'x' }],
      ['DELETE', mcp(`/${s.id}`)],
      ['POST', mcp(`/${s.id}/regenerate-token`)],
      ['POST', mcp(`/${s.id}/access-tokens`), { endUserId: 'x' }],
      ['POST', mcp(`/${s.id}/oauth-tokens`), { endUserId: 'x' }],
      ['POST', mcp(`/${s.id}/tools`), { integrationName: 'hash-encode', actionName: 'encode' }],
      ['PATCH', mcp(`/${s.id}/tools/${tool.body.tool.id}`), { sortOrder: 3 }],
      ['DELETE', mcp(`/${s.id}/tools/${tool.body.tool.id}`)],
      ['POST', mcp(`/${s.id}/execute-code`), { code: 'return 1' }],
      ['GET', mcp(`/${s.id}/declarations/hash-encode`)],
    ];
    for (const [method, url, body] of calls) {
      assert.equal((await t.request(method, url, { key: other, body })).status, 404, `${method} ${url} cross-org`);
      const denied = await t.request(method, url, { key: scoped, body });
      assert.equal(denied.status, 403, `${method} ${url} scoped`);
      assert.equal(denied.body.error, 'SCOPE_DENIED');
    }
    assert.equal((await t.post(mcp(), scoped, { name: 'x', workspaceId: ws })).status, 403);
    assert.equal((await t.get(mcp(`/${s.id}`), key)).status, 200, 'untouched');
  });
});
