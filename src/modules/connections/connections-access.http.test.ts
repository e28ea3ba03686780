import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { TestApp } from '../../../test/harness.js';
import { connectionsWorld } from './connections.fixtures.js';

describe('connections: listing, resolving, suspension and tenancy', () => {
  let t: TestApp;
  let key: string;
  let ws: string;
  const world = connectionsWorld();
  const { create, base } = world;

  before(async () => {
    await world.start();
    ({ t, key, ws } = world);
  });
  after(async () => world.close());

  it('lists, pages, filters, gets and deletes; the earlier shapes answer in their own vocabulary', async () => {
    const { key: k } = await t.tenant();
    const w = (await t.workspace(k)).id;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await create(base({ externalId: `l${i}`, workspaceId: w }), k)).body.connection.id);
    await create(
      { type: 'CUSTOM_AUTH', integrationName: 'slack', externalId: 'l-slack', displayName: 'S', props: { botToken: 'b' } },
      k,
    );
    const page = await t.get('/api/v1/connections?limit=2&offset=1', k);
    assert.equal(page.status, 200);
    assert.equal(page.body.total, 4);
    assert.equal(page.body.connections.length, 2);
    assert.equal((await t.get('/api/v1/connections?integrationName=slack', k)).body.total, 1);
    assert.equal((await t.get(`/api/v1/connections?workspaceId=${w}`, k)).body.total, 3);
    assert.equal((await t.get(`/api/v1/connections?id=${ids[0]}`, k)).body.connection.id, ids[0]);
    assert.equal((await t.get('/api/v1/connections?limit=101', k)).body.error, 'VALIDATION_ERROR');

    const earlier = await t.get(`/api/v1/connections?pieceName=sendgrid&projectId=${w}`, k);
    assert.equal(earlier.body.data.length, 3);
    assert.deepEqual(
      Object.keys(earlier.body.data[0]).filter((f) =>
        ['id', 'pieceName', 'displayName', 'externalId', 'projectId', 'status', 'createdAt', 'updatedAt'].includes(f),
      ).length,
      8,
    );
    const one = await t.get(`/api/v1/connections/${ids[0]}`, k);
    assert.equal(one.body.pieceName, 'sendgrid');
    assert.equal(one.body.projectId, w);

    const del = await t.delete(`/api/v1/connections/${ids[0]}`, k);
    assert.deepEqual(del.body, { deleted: true, id: ids[0], success: true });
    assert.equal((await t.delete(`/api/v1/connections/${ids[0]}`, k)).status, 404);
    assert.equal((await t.get(`/api/v1/connections/${ids[0]}`, k)).status, 404);
  });

  it('resolves the connection a call would use, most specific first; 404 CONNECTION_NOT_FOUND otherwise', async () => {
    const { key: k } = await t.tenant();
    const w = (await t.workspace(k)).id;
    const resolve = (body: Record<string, unknown>) =>
      t.post('/api/v1/connections/resolve', k, { integrationName: 'sendgrid', workspaceId: w, ...body });
    let r = await resolve({});
    assert.equal(r.status, 404);
    assert.equal(r.body.error, 'CONNECTION_NOT_FOUND');
    const org = (await create(base({ externalId: 'r-org' }), k)).body.connection;
    assert.equal((await resolve({})).body.connection.id, org.id);
    const wsc = (await create(base({ externalId: 'r-ws', workspaceId: w }), k)).body.connection;
    assert.equal((await resolve({})).body.connection.id, wsc.id);
    const mine = (await create(base({ externalId: 'r-bob', workspaceId: w, endUserId: 'bob' }), k)).body.connection;
    assert.equal((await resolve({ endUserId: 'bob' })).body.connection.id, mine.id);
    assert.equal((await resolve({ endUserId: 'nobody' })).body.connection.id, wsc.id, 'an unknown end user is not created');
    assert.equal((await t.get(`/api/v1/end-users?workspaceId=${w}`, k)).body.total, 1);
    assert.equal((await resolve({ externalId: 'r-org' })).body.connection.id, org.id);
    r = await resolve({ externalId: 'missing' });
    assert.equal(r.body.error, 'CONNECTION_NOT_FOUND');
    assert.equal((await resolve({ integrationName: 'nope' })).body.error, 'INTEGRATION_NOT_FOUND');
    assert.equal((await resolve({ integrationName: 'hash-encode' })).body.error, 'CONNECTION_NOT_FOUND');
  });

  it('suspends the newest connections beyond a downgraded plan, and refuses to use them', async () => {
    const { orgId, key: k } = await t.tenant('pro');
    const w = (await t.workspace(k)).id;
    const made: Array<{ id: string }> = [];
    for (let i = 0; i < 4; i++) made.push((await create(base({ externalId: `s${i}`, workspaceId: w }), k)).body.connection);
    await t.operator('PATCH', `/operator/v1/organizations/${orgId}`, { plan: 'free' });
    const k2 = k;
    const listed = await t.get('/api/v1/connections', k2);
    assert.equal(listed.body.total, 3);
    const all = await t.get('/api/v1/connections?includeSuspended=true', k2);
    assert.equal(all.body.total, 4);
    assert.equal(all.body.connections.find((c: { id: string }) => c.id === made[3]!.id).suspended, true);
    const run = await t.post('/api/v1/actions/execute', k2, {
      integrationName: 'sendgrid',
      actionName: Object.keys(t.app.services.registry.get('sendgrid')!.actions)[0],
      workspaceId: w,
      connectionExternalId: 's3',
      input: {},
    });
    assert.equal(run.status, 403, run.text);
    assert.equal(run.body.error, 'RESOURCE_SUSPENDED');
  });

  it('isolates tenants and workspaces', async () => {
    const mine = (await create(base({ externalId: 'iso', workspaceId: ws }))).body.connection;
    const orgWide = (await create(base({ externalId: 'iso-org' }))).body.connection;
    const other = (await t.tenant()).key;
    assert.equal((await t.get(`/api/v1/connections/${mine.id}`, other)).status, 404);
    assert.equal((await t.delete(`/api/v1/connections/${mine.id}`, other)).status, 404);
    assert.equal((await t.get(`/api/v1/connections?id=${mine.id}`, other)).status, 404);
    assert.equal((await t.get('/api/v1/connections', other)).body.total, 0);
    const otherWs = (await t.workspace(key)).id;
    const scoped = await t.scopedKey(key, [otherWs]);
    assert.equal((await t.get(`/api/v1/connections/${mine.id}`, scoped)).body.error, 'SCOPE_DENIED');
    assert.equal((await t.get(`/api/v1/connections/${orgWide.id}`, scoped)).body.error, 'SCOPE_DENIED');
    assert.equal(
      (await create(base({ externalId: 'iso-2' }), scoped)).body.error,
      'SCOPE_DENIED',
      'an org connection needs an org key',
    );
    assert.equal((await create(base({ externalId: 'iso-3', workspaceId: ws }), scoped)).body.error, 'SCOPE_DENIED');
    assert.equal((await create(base({ externalId: 'iso-4', workspaceId: otherWs }), scoped)).status, 201);
    assert.equal((await t.get('/api/v1/connections', scoped)).body.total, 1, 'a scoped key lists only its workspaces');
  });

  it('resolve shows a workspace-scoped key what GET shows it: an organization connection is SCOPE_DENIED to both', async () => {
    const { key: k } = await t.tenant();
    const w = (await t.workspace(k)).id;
    const scoped = await t.scopedKey(k, [w]);
    const resolve = (key: string) => t.post('/api/v1/connections/resolve', key, { integrationName: 'sendgrid', workspaceId: w });
    const org = (await create(base({ externalId: 'agree-org' }), k)).body.connection;
    assert.equal((await resolve(k)).body.connection.id, org.id, 'an org key resolves the org connection');
    assert.equal((await t.get(`/api/v1/connections/${org.id}`, scoped)).body.error, 'SCOPE_DENIED');
    const denied = await resolve(scoped);
    assert.equal(denied.status, 403, denied.text);
    assert.equal(denied.body.error, 'SCOPE_DENIED');
    assert.equal(denied.body.connection, undefined, 'no part of the org connection is shown');
    const wsc = (await create(base({ externalId: 'agree-ws', workspaceId: w }), scoped)).body.connection;
    const mine = await resolve(scoped);
    assert.equal(mine.status, 200, mine.text);
    assert.equal(mine.body.connection.id, wsc.id, 'its own workspace connection resolves, as GET reads it');
    assert.equal((await t.get(`/api/v1/connections/${wsc.id}`, scoped)).status, 200);
  });
});
