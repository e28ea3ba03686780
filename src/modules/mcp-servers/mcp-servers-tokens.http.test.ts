import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { mcpServers, mcpTokens } from '../../platform/db/schema.js';
import { hashToken } from '../../platform/crypto.js';
import { INIT } from '../../../test/mcp.js';
import type { TestApp } from '../../../test/harness.js';
import { mcpServersWorld } from './mcp-servers.fixtures.js';

describe('MCP servers: static bearer, end-user and OAuth tokens', () => {
  let t: TestApp;
  const world = mcpServersWorld();
  const { mcp, setup, server, endUser, perUserIntegration } = world;
  before(async () => {
    await world.start();
    ({ t } = world);
  });
  after(async () => world.close());

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
});
