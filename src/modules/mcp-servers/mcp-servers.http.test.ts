import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { mcpServers, mcpTokens, mcpToolPartials } from '../../platform/db/schema.js';
import { hashToken } from '../../platform/crypto.js';
import { startApp, type TestApp } from '../../../test/harness.js';
import { INIT } from '../../../test/mcp.js';
import { startAcmeApi, type AcmeApi } from '../../../test/fixtures/acme-api.js';

describe('MCP servers: management API', () => {
  let t: TestApp;
  let acme: AcmeApi;
  before(async () => {
    t = await startApp();
    acme = await startAcmeApi();
    t.app.services.registry.register(acme.integration);
  });
  after(async () => {
    await t.close();
    await acme.close();
  });

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

  it('returns a static bearer token once, stored only as a hash', async () => {
    const { key, ws } = await setup();
    const created = await server(key, {
      workspaceId: ws,
      authMode: 'bearer',
      mode: 'CODE',
      description: 'd',
      createdBy: 'ci',
      settings: { codeMode: { approvalWaitSeconds: 30 }, mcpApp: { enabled: true } },
    });
    assert.match(created.bearerToken!, /^mcp_[A-Za-z0-9_-]{40,}$/);
    assert.deepEqual(created.server.auth, {
      oauthEnabled: false,
      bearerEnabled: true,
      staticBearerEnabled: true,
      endUserBearerTokensEnabled: true,
      accessTokensEnabled: true,
    });
    assert.deepEqual(created.server.settings, { codeMode: { approvalWaitSeconds: 30 }, mcpApp: { enabled: true } });
    assert.equal(created.server.createdBy, 'ci');
    const rows = await t.db.orm.select().from(mcpTokens).where(eq(mcpTokens.mcpServerId, created.server.id));
    assert.equal(rows.length, 1);
    assert.equal(rows[0]!.tokenHash, hashToken(created.bearerToken!));
    assert.equal(rows[0]!.kind, 'static');
    assert.ok(!JSON.stringify(rows).includes(created.bearerToken!), 'the plain token is not stored');
    const again = await t.get(mcp(`/${created.server.id}`), key);
    assert.ok(!again.text.includes(created.bearerToken!), 'never shown again');
  });

  it('withholds the static token when the workspace needs strict per-user credentials, unless the server has an end user', async () => {
    const { key, ws } = await setup();
    assert.equal((await perUserIntegration(key, ws)).status, 201);
    const shared = await server(key, { workspaceId: ws, authMode: 'oauth_and_bearer' });
    assert.equal(shared.bearerToken, undefined);
    assert.equal(shared.server.auth.staticBearerEnabled, false);
    assert.equal(shared.server.auth.endUserBearerTokensEnabled, true);
    const regen = await t.post(mcp(`/${shared.server.id}/regenerate-token`), key);
    assert.equal(regen.status, 409);
    assert.equal(regen.body.error, 'MCP_STATIC_BEARER_INCOMPATIBLE');

    const alice = await endUser(key, ws, 'alice');
    const scoped = await server(key, { workspaceId: ws, authMode: 'bearer', endUserId: 'alice' });
    assert.match(scoped.bearerToken!, /^mcp_/);
    assert.equal(scoped.server.endUserId, 'alice');
    assert.equal(scoped.server.auth.staticBearerEnabled, true);
    // Removing the end user of a server holding a static token in a strict workspace is refused.
    const unscope = await t.patch(mcp(`/${scoped.server.id}`), key, { endUserId: null });
    assert.equal(unscope.status, 409);
    assert.equal(unscope.body.error, 'MCP_STATIC_BEARER_INCOMPATIBLE');
    // by internal id works too
    const byId = await server(key, { workspaceId: ws, authMode: 'bearer', endUserId: alice.id });
    assert.equal(byId.server.endUserId, 'alice');
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

  it('leaving bearer mode invalidates the static token; regenerate-token replaces it', async () => {
    const { key, ws } = await setup();
    const { server: s, bearerToken } = await server(key, { workspaceId: ws, authMode: 'oauth_and_bearer' });
    const regen = await t.post(mcp(`/${s.id}/regenerate-token`), key);
    assert.equal(regen.status, 200);
    assert.equal(regen.body.mcpEndpoint, s.mcpEndpoint);
    assert.notEqual(regen.body.bearerToken, bearerToken);
    const hashes = (await t.db.orm.select().from(mcpTokens).where(eq(mcpTokens.mcpServerId, s.id))).map((r) => r.tokenHash);
    assert.deepEqual(hashes, [hashToken(regen.body.bearerToken)]);
    await t.patch(mcp(`/${s.id}`), key, { authMode: 'oauth' });
    assert.equal((await t.db.orm.select().from(mcpTokens).where(eq(mcpTokens.mcpServerId, s.id))).length, 0);
    const disabled = await t.post(mcp(`/${s.id}/regenerate-token`), key);
    assert.equal(disabled.status, 409);
    assert.equal(disabled.body.error, 'MCP_BEARER_DISABLED');
  });

  it('issues end-user bearer tokens and MCP OAuth tokens with scopes, lifetimes and every refusal', async () => {
    const { key, ws } = await setup();
    const carol = await endUser(key, ws, 'carol');
    const { server: tools } = await server(key, { workspaceId: ws, authMode: 'oauth_and_bearer' });
    const { server: code } = await server(key, { workspaceId: ws, authMode: 'oauth_and_bearer', mode: 'CODE' });

    const issued = await t.post(mcp(`/${tools.id}/access-tokens`), key, { endUserId: 'carol' });
    assert.equal(issued.status, 201, issued.text);
    assert.match(issued.body.accessToken, /^mcp_/);
    assert.equal(issued.body.bearerToken, issued.body.accessToken);
    assert.equal(issued.body.mcpEndpoint, tools.mcpEndpoint);
    const rec = issued.body.token;
    assert.deepEqual(Object.keys(rec).sort(), [
      'authMethod',
      'createdAt',
      'endUserId',
      'expiresAt',
      'id',
      'scopes',
      'tokenPrefix',
      'tokenType',
    ]);
    assert.deepEqual(
      { scopes: rec.scopes, endUserId: rec.endUserId, authMethod: rec.authMethod, tokenType: rec.tokenType },
      { scopes: ['mcp:tools'], endUserId: 'carol', authMethod: 'bearer', tokenType: 'mcp_bearer' },
    );
    assert.ok(issued.body.accessToken.startsWith(rec.tokenPrefix));
    const days = (Date.parse(rec.expiresAt) - Date.parse(rec.createdAt)) / 86_400_000;
    assert.ok(Math.abs(days - 30) < 0.01, `default 30 days, got ${days}`);
    const [row] = await t.db.orm.select().from(mcpTokens).where(eq(mcpTokens.id, rec.id));
    assert.equal(row!.tokenHash, hashToken(issued.body.accessToken));
    assert.equal(row!.endUserId, carol.id);

    const codeDefaults = await t.post(mcp(`/${code.id}/access-tokens`), key, { endUserId: carol.id, expiresIn: 300 });
    assert.deepEqual(codeDefaults.body.token.scopes, ['mcp:tools', 'mcp:code']);
    assert.equal((Date.parse(codeDefaults.body.token.expiresAt) - Date.parse(codeDefaults.body.token.createdAt)) / 1000, 300);
    const oauth = await t.post(mcp(`/${code.id}/oauth-tokens`), key, {
      endUserId: 'carol',
      scopes: ['mcp:code'],
      expiresIn: 7_776_000,
    });
    assert.equal(oauth.status, 201, oauth.text);
    assert.match(oauth.body.accessToken, /^mcpo_/);
    assert.equal(oauth.body.bearerToken, undefined);
    assert.deepEqual(
      { scopes: oauth.body.token.scopes, authMethod: oauth.body.token.authMethod, tokenType: oauth.body.token.tokenType },
      { scopes: ['mcp:code'], authMethod: 'oauth', tokenType: 'mcp_oauth' },
    );

    const refuse = async (path: string, body: unknown, status: number, error: string) => {
      const res = await t.post(mcp(path), key, body);
      assert.equal(res.status, status, `${path} ${JSON.stringify(body)}: ${res.text}`);
      assert.equal(res.body.error, error);
    };
    await refuse(`/${tools.id}/access-tokens`, { endUserId: 'carol', scopes: ['mcp:code'] }, 400, 'INVALID_MCP_SCOPES');
    await refuse(`/${code.id}/access-tokens`, { endUserId: 'carol', scopes: ['mcp:admin'] }, 400, 'INVALID_MCP_SCOPES');
    await refuse(`/${tools.id}/access-tokens`, { endUserId: 'nobody' }, 404, 'END_USER_NOT_FOUND');
    await refuse(`/${tools.id}/oauth-tokens`, { endUserId: 'nobody' }, 404, 'END_USER_NOT_FOUND');
    await refuse(`/${tools.id}/access-tokens`, { endUserId: 'carol', expiresIn: 299 }, 400, 'VALIDATION_ERROR');
    await refuse(`/${tools.id}/access-tokens`, { endUserId: 'carol', expiresIn: 7_776_001 }, 400, 'VALIDATION_ERROR');
    await refuse(`/${tools.id}/access-tokens`, { scopes: ['mcp:tools'] }, 400, 'VALIDATION_ERROR');
    await refuse(`/${tools.id}/access-tokens`, { endUserId: 'carol', scopes: [] }, 400, 'VALIDATION_ERROR');

    const { server: oauthOnly } = await server(key, { workspaceId: ws });
    await refuse(`/${oauthOnly.id}/access-tokens`, { endUserId: 'carol' }, 409, 'MCP_BEARER_DISABLED');
    const { server: bearerOnly } = await server(key, { workspaceId: ws, authMode: 'bearer' });
    await refuse(`/${bearerOnly.id}/oauth-tokens`, { endUserId: 'carol' }, 409, 'MCP_OAUTH_DISABLED');

    // A server that is not bound to a workspace cannot issue tokens.
    await t.db.orm.update(mcpServers).set({ workspaceId: null }).where(eq(mcpServers.id, tools.id));
    await refuse(`/${tools.id}/access-tokens`, { endUserId: 'carol' }, 400, 'WORKSPACE_REQUIRED');
    await refuse(`/${tools.id}/oauth-tokens`, { endUserId: 'carol' }, 400, 'WORKSPACE_REQUIRED');

    // A server scoped to one end user issues tokens only for that end user.
    await endUser(key, ws, 'dave');
    const { server: scoped } = await server(key, { workspaceId: ws, authMode: 'bearer', endUserId: 'carol' });
    await refuse(`/${scoped.id}/access-tokens`, { endUserId: 'dave' }, 400, 'VALIDATION_ERROR');
  });

  it('revokes one issued token: it stops working at the endpoint at once, the others keep working; every refusal', async () => {
    const { key, ws } = await setup();
    await endUser(key, ws, 'dave');
    const { server: s, bearerToken } = await server(key, { workspaceId: ws, authMode: 'oauth_and_bearer' });
    const { server: other } = await server(key, { workspaceId: ws, authMode: 'oauth_and_bearer' });
    const bearer = (await t.post(mcp(`/${s.id}/access-tokens`), key, { endUserId: 'dave' })).body;
    const oauth = (await t.post(mcp(`/${s.id}/oauth-tokens`), key, { endUserId: 'dave' })).body;
    const kept = (await t.post(mcp(`/${s.id}/access-tokens`), key, { endUserId: 'dave' })).body;
    const endpoint = new URL(s.mcpEndpoint as string).pathname;
    const init = (token: string) =>
      t.request('POST', endpoint, { key: token, body: INIT(), headers: { accept: 'application/json, text/event-stream' } });
    for (const tok of [bearer.accessToken, oauth.accessToken, kept.accessToken]) assert.equal((await init(tok)).status, 200);

    for (const issued of [bearer, oauth]) {
      const res = await t.delete(mcp(`/${s.id}/tokens/${issued.token.id}`), key);
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(res.body, { revoked: true, id: issued.token.id });
      assert.equal((await init(issued.accessToken)).status, 401, 'the revoked token stops working at once (cached before)');
      const [row] = await t.db.orm.select().from(mcpTokens).where(eq(mcpTokens.id, issued.token.id));
      assert.ok(row!.revokedAt);
      assert.deepEqual(
        (await t.delete(mcp(`/${s.id}/tokens/${issued.token.id}`), key)).body,
        { revoked: true, id: issued.token.id },
        'again: the same answer',
      );
    }
    assert.equal((await init(kept.accessToken)).status, 200, 'the other tokens keep working');

    const missing = async (url: string) => {
      const res = await t.delete(mcp(url), key);
      assert.equal(res.status, 404, `${url}: ${res.text}`);
      assert.equal(res.body.error, 'NOT_FOUND');
    };
    await missing(`/${other.id}/tokens/${kept.token.id}`); // another server's token
    await missing(`/${s.id}/tokens/${randomUUID()}`);
    const [staticRow] = await t.db.orm
      .select()
      .from(mcpTokens)
      .where(eq(mcpTokens.tokenHash, hashToken(bearerToken!)));
    await missing(`/${s.id}/tokens/${staticRow!.id}`); // the static token: regenerate-token replaces it
    assert.equal((await t.delete(mcp(`/${s.id}/tokens/not-a-uuid`), key)).body.error, 'VALIDATION_ERROR');
    assert.equal((await init(kept.accessToken)).status, 200);
  });

  it('refuses a workspace integration change to per_user while a static-bearer server without end user exists', async () => {
    const { key, ws } = await setup();
    const { server: s } = await server(key, { workspaceId: ws, authMode: 'bearer' });
    const blocked = await perUserIntegration(key, ws);
    assert.equal(blocked.status, 409);
    assert.equal(blocked.body.error, 'MCP_BEARER_BLOCKS_PER_USER');
    assert.match(blocked.body.message, /static bearer/);
    const fixed = await t.post(`/api/v1/workspaces/${ws}/integrations`, key, {
      integrationName: 'acme',
      alias: 'acme',
      connectionStrategy: 'per_user_with_fallback',
    });
    assert.equal(fixed.status, 400, 'per_user_with_fallback without a connection is refused for its own reason');
    const hash = await t.post(`/api/v1/workspaces/${ws}/integrations`, key, { integrationName: 'hash-encode' });
    assert.equal(hash.status, 201);
    // Another workspace is not affected.
    const other = await t.workspace(key);
    assert.equal((await perUserIntegration(key, other.id)).status, 201);
    // Switching the server to OAuth lifts the block.
    await t.patch(`/api/v1/mcp/servers/${s.id}`, key, { authMode: 'oauth' });
    const ok = await perUserIntegration(key, ws);
    assert.equal(ok.status, 201, ok.text);
    const patch = await t.patch(`/api/v1/mcp/servers/${s.id}`, key, { authMode: 'bearer' });
    assert.equal(patch.status, 200);
    assert.equal((await t.post(mcp(`/${s.id}/regenerate-token`), key)).body.error, 'MCP_STATIC_BEARER_INCOMPATIBLE');
  });

  it('refuses changing an existing integration to per_user while a static-bearer server exists', async () => {
    const { key, ws } = await setup();
    const conn = await t.post('/api/v1/connections', key, {
      type: 'SECRET_TEXT',
      integrationName: 'acme',
      externalId: 'team',
      displayName: 'Team',
      secretText: 'k',
      workspaceId: ws,
      scope: 'WORKSPACE',
    });
    assert.equal(conn.status, 201, conn.text);
    const wi = await t.post(`/api/v1/workspaces/${ws}/integrations`, key, {
      integrationName: 'acme',
      connectionId: conn.body.connection.id,
    });
    assert.equal(wi.status, 201, wi.text);
    await server(key, { workspaceId: ws, authMode: 'oauth_and_bearer' });
    const res = await t.patch(`/api/v1/workspaces/${ws}/integrations/${wi.body.integration.id}`, key, {
      connectionStrategy: 'per_user',
    });
    assert.equal(res.status, 409);
    assert.equal(res.body.error, 'MCP_BEARER_BLOCKS_PER_USER');
  });

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

  it('deletes a server with its tools and tokens', async () => {
    const { key, ws } = await setup();
    const { server: s } = await server(key, { workspaceId: ws, authMode: 'bearer' });
    await t.post(mcp(`/${s.id}/tools`), key, { integrationName: 'hash-encode', actionName: 'hash' });
    const del = await t.delete(mcp(`/${s.id}`), key);
    assert.deepEqual(del.body, { deleted: true, id: s.id });
    assert.equal((await t.get(mcp(`/${s.id}`), key)).status, 404);
    assert.equal((await t.db.orm.select().from(mcpTokens).where(eq(mcpTokens.mcpServerId, s.id))).length, 0);
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
