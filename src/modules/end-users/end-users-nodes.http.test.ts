import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { endUsers, mcpTokens } from '../../platform/db/schema.js';
import { startApp, type TestApp } from '../../../test/harness.js';
import { tokenOf } from '../../../test/connect-fixtures.js';

/**
 * End users are cached per node (by id and by externalId); a change or delete on one node must reach the other's
 * cache at once (InvalidationBus), whichever lookup filled it.
 */
describe('end users across two nodes', () => {
  let t: TestApp;
  let nodeB: FastifyInstance;
  let closeB: () => Promise<void>;

  before(async () => {
    t = await startApp();
    ({ app: nodeB, close: closeB } = await t.secondNode());
  });
  after(async () => {
    await closeB();
    await t.close();
  });

  const onB = async (method: 'GET' | 'POST', url: string, key?: string, body?: unknown) => {
    const res = await nodeB.inject({
      method,
      url,
      headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });
    return { status: res.statusCode, text: res.body };
  };

  it('an end user named by externalId or id on one node is not found there once deleted on the other; a new one of the same externalId is', async () => {
    const { key } = await t.tenant();
    const ws = (await t.workspace(key)).id;
    const eu = (await t.post('/api/v1/end-users', key, { workspaceId: ws, externalId: 'by-ref' })).body.endUser;
    const server = (await t.post('/api/v1/mcp/servers', key, { name: 'Refs', workspaceId: ws, authMode: 'oauth_and_bearer' }))
      .body.server;
    const issue = (ref: string) => onB('POST', `/api/v1/mcp/servers/${server.id}/oauth-tokens`, key, { endUserId: ref });
    for (const ref of ['by-ref', eu.id as string]) assert.equal((await issue(ref)).status, 201, `node B finds ${ref}`);

    assert.equal((await t.delete(`/api/v1/end-users/${eu.id}`, key)).status, 200);
    for (const ref of ['by-ref', eu.id as string]) {
      const res = await issue(ref);
      assert.equal(res.status, 404, res.text);
      assert.equal(JSON.parse(res.text).error, 'END_USER_NOT_FOUND');
    }

    const again = (await t.post('/api/v1/end-users', key, { workspaceId: ws, externalId: 'by-ref' })).body.endUser;
    const issued = await issue('by-ref');
    assert.equal(issued.status, 201, issued.text);
    const [row] = await t.db.orm
      .select()
      .from(mcpTokens)
      .where(eq(mcpTokens.id, JSON.parse(issued.text).token.id));
    assert.equal(row?.endUserId, again.id, 'the token is for the new end user');
  });

  it('a token issued against a stale cache entry (the invalidation not yet arrived) looks the end user up again: 404 when gone, the new one when its externalId was taken again', async () => {
    const { key } = await t.tenant();
    const ws = (await t.workspace(key)).id;
    const server = (await t.post('/api/v1/mcp/servers', key, { name: 'Stale', workspaceId: ws, authMode: 'oauth_and_bearer' }))
      .body.server;
    const issue = (ref: string) => onB('POST', `/api/v1/mcp/servers/${server.id}/access-tokens`, key, { endUserId: ref });
    const make = async (externalId: string) =>
      (await t.post('/api/v1/end-users', key, { workspaceId: ws, externalId })).body.endUser as { id: string };

    // Deleted behind the caches' back (no notification at all), as in the window before node B hears of a delete;
    // one end user per way of naming it, so each lookup meets its own stale entry.
    for (const byId of [false, true]) {
      const gone = await make(`gone-${byId}`);
      const ref = byId ? gone.id : `gone-${byId}`;
      assert.equal((await issue(ref)).status, 201, `node B caches ${ref}`);
      await t.db.orm.delete(endUsers).where(eq(endUsers.id, gone.id));
      const res = await issue(ref);
      assert.equal(res.status, 404, res.text);
      assert.equal(JSON.parse(res.text).error, 'END_USER_NOT_FOUND');
    }

    const old = await make('reused');
    assert.equal((await issue('reused')).status, 201);
    await t.db.orm.delete(endUsers).where(eq(endUsers.id, old.id));
    const [fresh] = await t.db.orm
      .insert(endUsers)
      .values({ id: crypto.randomUUID(), orgId: server.orgId as string, workspaceId: ws, externalId: 'reused', metadata: {} })
      .returning();
    const issued = await issue('reused');
    assert.equal(issued.status, 201, issued.text);
    const [row] = await t.db.orm
      .select()
      .from(mcpTokens)
      .where(eq(mcpTokens.id, JSON.parse(issued.text).token.id));
    assert.equal(row?.endUserId, fresh?.id, 'the token is for the end user that holds the externalId now');
  });

  it('a name changed on one node shows in the portal served by the other as soon as the notification arrives', async () => {
    const { key } = await t.tenant();
    const ws = (await t.workspace(key)).id;
    const eu = (await t.post('/api/v1/end-users', key, { workspaceId: ws, externalId: 'renamed', displayName: 'Old Name' })).body
      .endUser;
    const token = tokenOf((await t.post(`/api/v1/end-users/${eu.id}/connect-token`, key, {})).body.connectUrl as string);
    const portal = () => onB('GET', `/connect/portal?token=${encodeURIComponent(token)}`);
    const shown = await portal();
    assert.equal(shown.status, 200, shown.text);
    assert.match(shown.text, /Old Name/);

    assert.equal((await t.patch(`/api/v1/end-users/${eu.id}`, key, { displayName: 'New Name' })).status, 200);
    // Node B hears of the change through LISTEN/NOTIFY, a few milliseconds after node A answered.
    let renamed = await portal();
    for (let i = 0; i < 100 && !/New Name/.test(renamed.text); i++) {
      await new Promise((r) => setTimeout(r, 20));
      renamed = await portal();
    }
    assert.match(renamed.text, /New Name/);
    assert.doesNotMatch(renamed.text, /Old Name/);
  });
});
