import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AppError } from '../../platform/errors.js';
import { startApp, type TestApp } from '../../../test/harness.js';

describe('workspace integrations', () => {
  let t: TestApp;
  let key: string;
  let ws: string;
  let sgOrg: string; // an organization SendGrid connection
  let sgWs: string; // a workspace SendGrid connection
  let sgUser: string; // an end user's SendGrid connection

  before(async () => {
    t = await startApp();
    ({ key } = await t.tenant());
    ws = (await t.workspace(key)).id;
    const conn = async (body: Record<string, unknown>) => {
      const r = await t.post('/api/v1/connections', key, {
        type: 'SECRET_TEXT',
        integrationName: 'sendgrid',
        displayName: 'SG',
        secretText: 'sg-key-123456',
        ...body,
      });
      assert.equal(r.status, 201, r.text);
      return r.body.connection.id as string;
    };
    sgOrg = await conn({ externalId: 'sg-org' });
    sgWs = await conn({ externalId: 'sg-ws', workspaceId: ws });
    sgUser = await conn({ externalId: 'sg-user', workspaceId: ws, endUserId: 'u1' });
  });
  after(async () => t.close());

  const url = (w = ws) => `/api/v1/workspaces/${w}/integrations`;
  const create = (body: Record<string, unknown>, w = ws, k = key) => t.post(url(w), k, body);

  it('configures a built-in with the documented defaults', async () => {
    const r = await create({ integrationName: 'hash-encode' });
    assert.equal(r.status, 201, r.text);
    const i = r.body.integration;
    assert.deepEqual(
      {
        alias: i.alias,
        displayName: i.displayName,
        connectionStrategy: i.connectionStrategy,
        authMethodKey: i.authMethodKey,
        oauthAppMode: i.oauthAppMode,
        oauthAppId: i.oauthAppId,
        connectionId: i.connectionId,
        enabledActions: i.enabledActions,
        settings: i.settings,
        sortOrder: i.sortOrder,
        workspaceId: i.workspaceId,
      },
      {
        alias: 'hash-encode',
        displayName: null,
        connectionStrategy: 'fixed',
        authMethodKey: 'none',
        oauthAppMode: 'service_managed',
        oauthAppId: null,
        connectionId: null,
        enabledActions: null,
        settings: {},
        sortOrder: 0,
        workspaceId: ws,
      },
    );
    const second = await create({
      integrationName: 'hash-encode',
      alias: 'hash_two',
      displayName: 'Second',
      enabledActions: ['hash', 'hash'],
      sortOrder: -1,
    });
    assert.equal(second.status, 201, 'several aliases of one integration coexist');
    assert.deepEqual(second.body.integration.enabledActions, ['hash']);
    const dup = await create({ integrationName: 'datetime', alias: 'hash_two' });
    assert.equal(dup.status, 409);
    assert.equal(dup.body.error, 'DUPLICATE');
  });

  it('answers every rule with its error', async () => {
    const cases: Array<[Record<string, unknown>, number, string, RegExp?]> = [
      [{}, 400, 'VALIDATION_ERROR', /integrationName/],
      [{ integrationName: 'nope' }, 404, 'INTEGRATION_NOT_FOUND'],
      [{ integrationName: 'datetime', alias: 'Bad Alias' }, 400, 'VALIDATION_ERROR', /alias/],
      [{ integrationName: 'datetime', alias: `a${'b'.repeat(64)}` }, 400, 'VALIDATION_ERROR', /alias/],
      [{ integrationName: 'datetime', alias: '1abc' }, 400, 'VALIDATION_ERROR', /alias/],
      [{ integrationName: 'datetime', connectionStrategy: 'sometimes' }, 400, 'VALIDATION_ERROR', /connectionStrategy/],
      [{ integrationName: 'datetime', enabledActions: ['parse_date', 'nope'] }, 400, 'VALIDATION_ERROR', /^enabledActions\[1\]/],
      [{ integrationName: 'datetime', authMethodKey: 'secret_text' }, 400, 'INVALID_AUTH_METHOD'],
      [{ integrationName: 'datetime', connectionId: sgOrg }, 400, 'VALIDATION_ERROR', /^connectionId/],
      [{ integrationName: 'datetime', oauthAppMode: 'custom' }, 400, 'INVALID_OAUTH_APP'],
      [{ integrationName: 'sendgrid' }, 400, 'VALIDATION_ERROR', /^connectionId is required for fixed/],
      [{ integrationName: 'sendgrid', connectionStrategy: 'per_user_with_fallback' }, 400, 'VALIDATION_ERROR', /^connectionId/],
      [
        { integrationName: 'sendgrid', connectionStrategy: 'per_user', connectionId: sgOrg },
        400,
        'VALIDATION_ERROR',
        /^connectionId/,
      ],
      [{ integrationName: 'sendgrid', connectionId: '00000000-0000-4000-8000-000000000000' }, 404, 'CONNECTION_NOT_FOUND'],
      [{ integrationName: 'sendgrid', connectionId: sgUser }, 400, 'VALIDATION_ERROR', /end user/],
      [
        { integrationName: 'sendgrid', connectionId: sgWs, connectionStrategy: 'ENFORCED_ORG' },
        400,
        'VALIDATION_ERROR',
        /ORGANIZATION/,
      ],
      [
        { integrationName: 'sendgrid', connectionId: sgOrg, connectionStrategy: 'ENFORCED_PROJECT' },
        400,
        'VALIDATION_ERROR',
        /WORKSPACE/,
      ],
      [{ integrationName: 'sendgrid', connectionId: sgOrg, oauthAppMode: 'custom' }, 400, 'INVALID_OAUTH_APP'],
      [{ integrationName: 'slack', connectionStrategy: 'per_user' }, 400, 'AUTH_METHOD_REQUIRED'],
      [{ integrationName: 'slack', connectionStrategy: 'per_user', authMethodKey: 'api_key' }, 400, 'INVALID_AUTH_METHOD'],
      [
        { integrationName: 'slack', connectionStrategy: 'per_user', authMethodKey: 'oauth2', oauthAppMode: 'custom' },
        400,
        'INVALID_OAUTH_APP',
      ],
      [
        {
          integrationName: 'slack',
          connectionStrategy: 'per_user',
          authMethodKey: 'oauth2',
          oauthAppId: '00000000-0000-4000-8000-000000000000',
        },
        400,
        'INVALID_OAUTH_APP',
      ],
      [
        {
          integrationName: 'slack',
          connectionStrategy: 'per_user',
          authMethodKey: 'oauth2',
          oauthAppMode: 'custom',
          oauthAppId: '00000000-0000-4000-8000-000000000000',
        },
        404,
        'OAUTH_APP_NOT_FOUND',
      ],
      [
        { integrationName: 'slack', connectionStrategy: 'fixed', authMethodKey: 'custom_auth', connectionId: sgOrg },
        400,
        'VALIDATION_ERROR',
        /sendgrid connection/,
      ],
      [
        { integrationName: 'hash-encode', alias: 'h-set', settings: { persistence: { scope: 'workspace' } } },
        400,
        'VALIDATION_ERROR',
        /^settings\.persistence/,
      ],
      [
        { integrationName: 'kv-store', alias: 'kv-bad', settings: { persistence: { scope: 'everywhere' } } },
        400,
        'VALIDATION_ERROR',
        /^settings\.persistence\.scope/,
      ],
      [
        { integrationName: 'kv-store', alias: 'kv-bad', settings: { persistence: { scope: 'external' } } },
        400,
        'VALIDATION_ERROR',
        /^settings\.persistence\.externalId/,
      ],
      [
        { integrationName: 'kv-store', alias: 'kv-bad', settings: { advancedCode: {} } },
        400,
        'VALIDATION_ERROR',
        /^settings\.advancedCode/,
      ],
      [
        { integrationName: 'kv-store', alias: 'kv-bad', settings: { colour: 'blue' } },
        400,
        'VALIDATION_ERROR',
        /^settings\.colour/,
      ],
      [
        { integrationName: 'advanced-code', settings: { advancedCode: { timeoutSeconds: 0 } } },
        400,
        'VALIDATION_ERROR',
        /^settings\.advancedCode\.timeoutSeconds/,
      ],
      [
        { integrationName: 'advanced-code', settings: { advancedCode: { storageMountScope: 'external' } } },
        400,
        'VALIDATION_ERROR',
        /^settings\.advancedCode\.storageExternalId/,
      ],
      [{ integrationName: 'datetime', sortOrder: 'first' }, 400, 'VALIDATION_ERROR', /sortOrder/],
    ];
    for (const [body, status, code, message] of cases) {
      const r = await create(body);
      assert.equal(r.status, status, `${JSON.stringify(body)} → ${r.text}`);
      assert.equal(r.body.error, code, `${JSON.stringify(body)} → ${r.text}`);
      if (message) assert.match(r.body.message, message, JSON.stringify(body));
    }
    assert.equal((await t.db.query("SELECT 1 FROM workspace_integrations WHERE alias = 'kv-bad'")).length, 0);
  });

  it('takes every strategy, the earlier policy names, settings and the auth method of multi-auth integrations', async () => {
    const fixed = await create({ integrationName: 'sendgrid', alias: 'sg-fixed', connectionId: sgOrg });
    assert.equal(fixed.status, 201, fixed.text);
    assert.equal(fixed.body.integration.authMethodKey, 'secret_text');
    const perUser = await create({ integrationName: 'sendgrid', alias: 'sg-user', connectionStrategy: 'per_user' });
    assert.equal(perUser.body.integration.connectionId, null);
    const fallback = await create({
      integrationName: 'sendgrid',
      alias: 'sg-fallback',
      connectionStrategy: 'USER_WITH_DEFAULT',
      connectionId: sgWs,
    });
    assert.equal(fallback.body.integration.connectionStrategy, 'per_user_with_fallback', 'stored under the current name');
    const enforced = await create({
      integrationName: 'sendgrid',
      alias: 'sg-enforced',
      connectionStrategy: 'ENFORCED_PROJECT',
      connectionId: sgWs,
    });
    assert.equal(enforced.body.integration.connectionStrategy, 'fixed');
    const slack = await create({ integrationName: 'slack', connectionStrategy: 'per_user', authMethodKey: 'oauth2' });
    assert.equal(slack.status, 201, slack.text);
    assert.equal(slack.body.integration.oauthAppMode, 'service_managed');
    const kv = await create({
      integrationName: 'kv-store',
      settings: { persistence: { scope: 'external', externalId: 'shared-state' } },
    });
    assert.deepEqual(kv.body.integration.settings, { persistence: { scope: 'external', externalId: 'shared-state' } });
    const code = await create({
      integrationName: 'advanced-code',
      settings: { advancedCode: { timeoutSeconds: 20, sandboxPersistence: 'persistent' }, persistence: { scope: 'workspace' } },
    });
    assert.equal(code.status, 201, code.text);
  });

  it('lists in sort order with where each connection stands', async () => {
    const { key: k } = await t.tenant();
    const w = (await t.workspace(k)).id;
    const c = await t.post('/api/v1/connections', k, {
      type: 'SECRET_TEXT',
      integrationName: 'sendgrid',
      externalId: 'l',
      displayName: 'Listed SG',
      secretText: 'sg-123456',
    });
    await create({ integrationName: 'sendgrid', connectionId: c.body.connection.id, sortOrder: 2 }, w, k);
    await create({ integrationName: 'datetime', sortOrder: 1 }, w, k);
    await create({ integrationName: 'sendgrid', alias: 'sg-per-user', connectionStrategy: 'per_user', sortOrder: 3 }, w, k);
    const list = await t.get(url(w), k);
    assert.equal(list.status, 200);
    assert.equal(list.body.total, 3);
    assert.deepEqual(
      list.body.integrations.map((i: Record<string, unknown>) => [
        i.alias,
        i.connectionStatus,
        i.connectionDisplayName,
        i.connectionExternalId,
      ]),
      [
        ['datetime', 'NOT_REQUIRED', null, null],
        ['sendgrid', 'ACTIVE', 'Listed SG', 'l'],
        ['sg-per-user', 'PER_USER', null, null],
      ],
    );
    await t.delete(`/api/v1/connections/${c.body.connection.id}`, k);
    const after = await t.get(url(w), k);
    assert.equal(
      after.body.integrations[1].connectionStatus,
      'MISSING',
      'a deleted connection leaves the integration without one',
    );
  });

  it('updates field by field, resets with null, and re-checks the whole configuration', async () => {
    const made = (
      await create({
        integrationName: 'sendgrid',
        alias: 'sg-patch',
        connectionId: sgOrg,
        enabledActions: [Object.keys(t.app.services.registry.get('sendgrid')!.actions)[0]!],
        settings: { persistence: { scope: 'workspace' } },
      })
    ).body.integration;
    const at = `${url()}/${made.id}`;
    assert.equal((await t.patch(at, key, {})).body.error, 'NO_UPDATES');
    let r = await t.patch(at, key, { alias: 'sg-renamed', displayName: 'Renamed', sortOrder: 5 });
    assert.equal(r.status, 200, r.text);
    assert.deepEqual(
      [r.body.integration.alias, r.body.integration.displayName, r.body.integration.sortOrder],
      ['sg-renamed', 'Renamed', 5],
    );
    r = await t.patch(at, key, { displayName: null, enabledActions: null, settings: null });
    assert.deepEqual(
      [r.body.integration.displayName, r.body.integration.enabledActions, r.body.integration.settings],
      [null, null, {}],
    );
    r = await t.patch(at, key, { connectionStrategy: 'per_user' });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.integration.connectionId, null, 'moving to per_user drops the shared connection');
    r = await t.patch(at, key, { connectionStrategy: 'fixed' });
    assert.equal(r.body.error, 'VALIDATION_ERROR', 'fixed needs its connection again');
    r = await t.patch(at, key, { connectionStrategy: 'fixed', connectionId: sgWs });
    assert.equal(r.body.integration.connectionId, sgWs);
    assert.equal((await t.patch(at, key, { alias: 'hash-encode' })).body.error, 'DUPLICATE');
    assert.equal((await t.patch(at, key, { enabledActions: ['nope'] })).body.error, 'VALIDATION_ERROR');
    assert.equal((await t.patch(`${url()}/00000000-0000-4000-8000-000000000000`, key, { sortOrder: 1 })).status, 404);
    assert.equal((await t.get(at, key)).body.integration.alias, 'sg-renamed');
  });

  it('deletes an integration and its partials', async () => {
    const made = (await create({ integrationName: 'datetime', alias: 'dt-gone' })).body.integration;
    const p = await t.post('/api/v1/partials', key, {
      workspaceId: ws,
      integrationName: 'datetime',
      workspaceIntegrationId: made.id,
      name: 'zone',
      values: { timezone: 'Europe/Paris' },
    });
    assert.equal(p.status, 201, p.text);
    const del = await t.delete(`${url()}/${made.id}`, key);
    assert.deepEqual(del.body, { deleted: true, id: made.id });
    assert.equal((await t.get(`/api/v1/partials/${p.body.partial.id}`, key)).status, 404);
    assert.equal((await t.delete(`${url()}/${made.id}`, key)).status, 404);
  });

  it('asks the strict per-user guards before a change to per_user', async () => {
    const guarded = (await t.workspace(key)).id;
    t.app.services.moduleHooks.strictPerUser.push(async (_org, workspaceId) => {
      if (workspaceId === guarded) throw new AppError('MCP_BEARER_BLOCKS_PER_USER');
    });
    const r = await create({ integrationName: 'sendgrid', connectionStrategy: 'per_user' }, guarded);
    assert.equal(r.status, 409);
    assert.equal(r.body.error, 'MCP_BEARER_BLOCKS_PER_USER');
    const fixed = await create({ integrationName: 'sendgrid', connectionId: sgOrg }, guarded);
    assert.equal(fixed.status, 201);
    assert.equal(
      (await t.patch(`${url(guarded)}/${fixed.body.integration.id}`, key, { connectionStrategy: 'per_user' })).body.error,
      'MCP_BEARER_BLOCKS_PER_USER',
    );
    assert.equal(
      (await t.patch(`${url(guarded)}/${fixed.body.integration.id}`, key, { connectionStrategy: 'per_user_with_fallback' }))
        .status,
      200,
    );
  });

  it('isolates tenants and workspaces', async () => {
    const made = (await create({ integrationName: 'datetime', alias: 'dt-iso' })).body.integration;
    const other = (await t.tenant()).key;
    assert.equal((await t.get(url(), other)).status, 404);
    assert.equal((await t.get(`${url()}/${made.id}`, other)).status, 404);
    assert.equal((await t.patch(`${url()}/${made.id}`, other, { sortOrder: 1 })).status, 404);
    assert.equal((await create({ integrationName: 'datetime' }, ws, other)).status, 404);
    const elsewhere = (await t.workspace(key)).id;
    assert.equal(
      (await t.get(`${url(elsewhere)}/${made.id}`, key)).status,
      404,
      'the id is looked up inside the named workspace',
    );
    const scoped = await t.scopedKey(key, [elsewhere]);
    assert.equal((await t.get(url(), scoped)).body.error, 'SCOPE_DENIED');
    assert.equal((await t.delete(`${url()}/${made.id}`, scoped)).body.error, 'SCOPE_DENIED');
    assert.equal((await create({ integrationName: 'datetime' }, elsewhere, scoped)).status, 201);
  });
});
