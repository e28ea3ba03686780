import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, type TestApp } from '../../../test/harness.js';

describe('input partials', () => {
  let t: TestApp;
  let key: string;
  let ws: string;
  let wiId: string;

  before(async () => {
    t = await startApp();
    ({ key } = await t.tenant());
    ws = (await t.workspace(key)).id;
    wiId = (await t.post(`/api/v1/workspaces/${ws}/integrations`, key, { integrationName: 'hash-encode', alias: 'hasher' })).body
      .integration.id;
  });
  after(async () => t.close());

  const create = (body: Record<string, unknown>, k = key) =>
    t.post('/api/v1/partials', k, { workspaceId: ws, integrationName: 'hash-encode', ...body });

  it('creates partials with their defaults, for one instance (by id or alias), every alias, an action or a trigger', async () => {
    const wide = await create({ name: 'wide' });
    assert.equal(wide.status, 201, wide.text);
    const p = wide.body.partial;
    assert.deepEqual(
      {
        integrationAlias: p.integrationAlias,
        workspaceIntegrationId: p.workspaceIntegrationId,
        actionName: p.actionName,
        triggerName: p.triggerName,
        description: p.description,
        values: p.values,
        enforcedKeys: p.enforcedKeys,
        isDefault: p.isDefault,
      },
      {
        integrationAlias: null,
        workspaceIntegrationId: null,
        actionName: null,
        triggerName: null,
        description: null,
        values: {},
        enforcedKeys: [],
        isDefault: false,
      },
    );
    const byId = (
      await create({
        name: 'by-id',
        workspaceIntegrationId: wiId,
        actionName: 'hash',
        values: { algorithm: 'sha1' },
        enforcedKeys: ['algorithm'],
        description: 'sha1 only',
      })
    ).body.partial;
    assert.deepEqual(
      [byId.integrationAlias, byId.workspaceIntegrationId, byId.actionName, byId.enforcedKeys],
      ['hasher', wiId, 'hash', ['algorithm']],
    );
    const byAlias = (await create({ name: 'by-alias', integrationAlias: 'hasher' })).body.partial;
    assert.equal(byAlias.workspaceIntegrationId, wiId, 'an alias of a configured instance links to it');
    const implicit = (await create({ name: 'implicit', integrationAlias: 'hash-encode' })).body.partial;
    assert.deepEqual([implicit.integrationAlias, implicit.workspaceIntegrationId], ['hash-encode', null]);
    const trig = await t.post('/api/v1/partials', key, {
      workspaceId: ws,
      integrationName: 'webhook',
      triggerName: Object.keys(t.app.services.registry.get('webhook')!.triggers)[0],
      name: 'trigger preset',
    });
    assert.equal(trig.status, 201, trig.text);
  });

  it('answers every rule with its error', async () => {
    const cases: Array<[Record<string, unknown>, number, string, RegExp?]> = [
      [{ name: undefined }, 400, 'VALIDATION_ERROR', /name/],
      [{ name: 'x'.repeat(101) }, 400, 'VALIDATION_ERROR', /name/],
      [{ name: 'd', description: 'x'.repeat(501) }, 400, 'VALIDATION_ERROR', /description/],
      [{ name: 'i', integrationName: 'nope' }, 404, 'INTEGRATION_NOT_FOUND'],
      [{ name: 'w', workspaceId: '00000000-0000-4000-8000-000000000000' }, 404, 'NOT_FOUND'],
      [{ name: 'a', actionName: 'hash', triggerName: 'x' }, 400, 'VALIDATION_ERROR', /^triggerName/],
      [{ name: 'a', actionName: 'nope' }, 400, 'VALIDATION_ERROR', /^actionName/],
      [{ name: 'a', triggerName: 'nope' }, 400, 'VALIDATION_ERROR', /^triggerName/],
      [{ name: 'e', values: { a: 1 }, enforcedKeys: ['b'] }, 400, 'VALIDATION_ERROR', /^enforcedKeys\[0\]/],
      [{ name: 'v', values: 'text' }, 400, 'VALIDATION_ERROR', /values/],
      [
        { name: 'wi', workspaceIntegrationId: '00000000-0000-4000-8000-000000000000' },
        400,
        'VALIDATION_ERROR',
        /^workspaceIntegrationId/,
      ],
      [
        { name: 'wi', integrationName: 'datetime', workspaceIntegrationId: wiId },
        400,
        'VALIDATION_ERROR',
        /^workspaceIntegrationId/,
      ],
      [{ name: 'wi', workspaceIntegrationId: wiId, integrationAlias: 'other' }, 400, 'VALIDATION_ERROR', /^integrationAlias/],
      [{ name: 'al', integrationName: 'datetime', integrationAlias: 'hasher' }, 400, 'VALIDATION_ERROR', /^integrationAlias/],
      [{ name: 'al', integrationAlias: 'Not An Alias' }, 400, 'VALIDATION_ERROR', /integrationAlias/],
    ];
    for (const [body, status, code, message] of cases) {
      const r = await create(body);
      assert.equal(r.status, status, `${JSON.stringify(body)} → ${r.text}`);
      assert.equal(r.body.error, code, r.text);
      if (message) assert.match(r.body.message, message);
    }
    assert.equal((await create({ name: 'same', actionName: 'hash' })).status, 201);
    const dup = await create({ name: 'same', actionName: 'hash' });
    assert.equal(dup.status, 409);
    assert.equal(dup.body.error, 'DUPLICATE');
    assert.equal((await create({ name: 'same', actionName: 'encode' })).status, 201, 'another scope');
    assert.equal((await create({ name: 'same', actionName: 'hash', integrationAlias: 'hasher' })).status, 201, 'another alias');
  });

  it('lists with filters, gets, updates (values and enforcedKeys replace) and deletes', async () => {
    const { key: k } = await t.tenant();
    const w = (await t.workspace(k)).id;
    const mk = (body: Record<string, unknown>) =>
      t.post('/api/v1/partials', k, { workspaceId: w, integrationName: 'hash-encode', ...body });
    const a = (
      await mk({ name: 'a', actionName: 'hash', values: { algorithm: 'md5', encoding: 'hex' }, enforcedKeys: ['algorithm'] })
    ).body.partial;
    await mk({ name: 'b', actionName: 'encode' });
    await t.post('/api/v1/partials', k, { workspaceId: w, integrationName: 'datetime', name: 'c' });
    assert.equal((await t.get(`/api/v1/partials?workspaceId=${w}`, k)).body.total, 3);
    assert.equal((await t.get(`/api/v1/partials?workspaceId=${w}&integrationName=hash-encode`, k)).body.total, 2);
    assert.equal((await t.get(`/api/v1/partials?workspaceId=${w}&actionName=hash`, k)).body.partials[0].id, a.id);
    assert.equal((await t.get('/api/v1/partials', k)).body.error, 'VALIDATION_ERROR', 'workspaceId is required');
    assert.equal((await t.get(`/api/v1/partials/${a.id}`, k)).body.partial.name, 'a');

    assert.equal((await t.patch(`/api/v1/partials/${a.id}`, k, {})).body.error, 'NO_UPDATES');
    assert.match(
      (await t.patch(`/api/v1/partials/${a.id}`, k, { values: { encoding: 'base64' } })).body.message,
      /^values must keep the enforced key "algorithm"/,
    );
    let r = await t.patch(`/api/v1/partials/${a.id}`, k, { values: { encoding: 'base64' }, enforcedKeys: [] });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual([r.body.partial.values, r.body.partial.enforcedKeys], [{ encoding: 'base64' }, []]);
    r = await t.patch(`/api/v1/partials/${a.id}`, k, { name: 'renamed', description: 'now described' });
    assert.deepEqual([r.body.partial.name, r.body.partial.description], ['renamed', 'now described']);
    assert.equal((await t.patch(`/api/v1/partials/${a.id}`, k, { description: null })).body.partial.description, null);
    assert.deepEqual((await t.delete(`/api/v1/partials/${a.id}`, k)).body, { deleted: true, id: a.id });
    assert.equal((await t.get(`/api/v1/partials/${a.id}`, k)).status, 404);
    assert.equal((await t.patch(`/api/v1/partials/${a.id}`, k, { name: 'x' })).status, 404);
  });

  it('keeps one default per scope', async () => {
    const first = (await create({ name: 'd1', actionName: 'decode', isDefault: true })).body.partial;
    assert.equal(first.isDefault, true);
    const second = (await create({ name: 'd2', actionName: 'decode' })).body.partial;
    const set = await t.post(`/api/v1/partials/${second.id}/set-default`, key, { isDefault: true });
    assert.equal(set.status, 200, set.text);
    assert.equal(set.body.partial.isDefault, true);
    assert.equal(
      (await t.get(`/api/v1/partials/${first.id}`, key)).body.partial.isDefault,
      false,
      'the previous default of the scope is cleared',
    );
    const otherScope = (await create({ name: 'd3', actionName: 'generate_uuid', isDefault: true })).body.partial;
    assert.equal((await t.get(`/api/v1/partials/${second.id}`, key)).body.partial.isDefault, true, 'other scopes keep theirs');
    assert.equal(otherScope.isDefault, true);
    assert.equal(
      (await t.post(`/api/v1/partials/${second.id}/set-default`, key, { isDefault: false })).body.partial.isDefault,
      false,
    );
    assert.equal((await t.post(`/api/v1/partials/${second.id}/set-default`, key, {})).body.error, 'VALIDATION_ERROR');
    // Concurrent set-default calls leave exactly one default.
    const many = await Promise.all(
      [0, 1, 2, 3].map((i) => create({ name: `race-${i}`, actionName: 'hash', integrationAlias: 'hasher' })),
    );
    await Promise.all(many.map((m) => t.post(`/api/v1/partials/${m.body.partial.id}/set-default`, key, { isDefault: true })));
    const defaults = (
      await t.get(`/api/v1/partials?workspaceId=${ws}&integrationAlias=hasher&actionName=hash`, key)
    ).body.partials.filter((p: { isDefault: boolean }) => p.isDefault);
    assert.equal(defaults.length, 1);
  });

  it('isolates tenants and workspaces', async () => {
    const p = (await create({ name: 'iso' })).body.partial;
    const other = (await t.tenant()).key;
    assert.equal((await t.get(`/api/v1/partials/${p.id}`, other)).status, 404);
    assert.equal((await t.delete(`/api/v1/partials/${p.id}`, other)).status, 404);
    assert.equal((await t.get(`/api/v1/partials?workspaceId=${ws}`, other)).status, 404);
    assert.equal((await create({ name: 'x' }, other)).status, 404);
    const scoped = await t.scopedKey(key, [(await t.workspace(key)).id]);
    assert.equal((await t.get(`/api/v1/partials/${p.id}`, scoped)).body.error, 'SCOPE_DENIED');
    assert.equal((await t.patch(`/api/v1/partials/${p.id}`, scoped, { name: 'y' })).body.error, 'SCOPE_DENIED');
    assert.equal((await t.post(`/api/v1/partials/${p.id}/set-default`, scoped, { isDefault: true })).body.error, 'SCOPE_DENIED');
    assert.equal((await create({ name: 'x' }, scoped)).body.error, 'SCOPE_DENIED');
  });
});
