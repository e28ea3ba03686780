import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { defineIntegration, Property } from '../../integrations/framework.js';
import type { TestApp } from '../../../test/harness.js';
import { connectionsWorld } from './connections.fixtures.js';

/** A test-only integration with two auth methods of the same type (AUTH_METHOD_REQUIRED needs one). */
const twoKeys = defineIntegration({
  name: 'test-two-keys',
  displayName: 'Two keys',
  description: 'test integration with two SECRET_TEXT auth methods',
  logoUrl: '/static/integrations/test-two-keys.svg',
  categories: ['test'],
  runtime: 'builtin',
  version: '1.0.0',
  auth: [
    { key: 'live_key', type: 'SECRET_TEXT', displayName: 'Live key' },
    { key: 'test_key', type: 'SECRET_TEXT', displayName: 'Test key' },
    {
      key: 'account',
      type: 'CUSTOM_AUTH',
      displayName: 'Account',
      props: {
        account: Property.ShortText({ displayName: 'Account', required: true }),
        region: Property.ShortText({ displayName: 'Region' }),
      },
    },
  ],
  actions: [
    { name: 'noop', displayName: 'Noop', description: 'does nothing', props: {}, requireAuth: true, run: async () => ({}) },
  ],
});

const SECRETS = [
  'sg-secret-AAAA-1111',
  'trello-pass-BBBB-2222',
  'xoxb-custom-CCCC-3333',
  'oauth-access-DDDD-4444',
  'oauth-refresh-EEEE-5555',
  'platform-FFFF-6666',
];

describe('connections', () => {
  let t: TestApp;
  let key: string;
  let ws: string;
  const world = connectionsWorld({ integrations: [twoKeys] });
  const { create, base } = world;

  before(async () => {
    await world.start();
    ({ t, key, ws } = world);
  });
  after(async () => world.close());

  it('stores every type, derives the auth method, returns no credential and encrypts it at rest', async () => {
    const made = [
      await create(base({ externalId: 'sg', secretText: SECRETS[0] })),
      await create({
        type: 'BASIC_AUTH',
        integrationName: 'trello',
        externalId: 'tr',
        displayName: 'Trello',
        username: 'me',
        password: SECRETS[1],
      }),
      await create({
        type: 'CUSTOM_AUTH',
        integrationName: 'slack',
        externalId: 'sl',
        displayName: 'Slack bot',
        props: { botToken: SECRETS[2] },
      }),
      await create({
        type: 'OAUTH2',
        integrationName: 'slack',
        externalId: 'sl',
        displayName: 'Slack user',
        accessToken: SECRETS[3],
        refreshToken: SECRETS[4],
        expiresIn: 3600,
        scope_oauth: 'chat:write',
        data: { team: 'T1' },
      }),
      await create({
        type: 'PLATFORM_OAUTH2',
        integrationName: 'hubspot',
        externalId: 'hs',
        displayName: 'HubSpot',
        accessToken: SECRETS[5],
      }),
    ];
    for (const r of made) assert.equal(r.status, 201, r.text);
    const [sg, tr, slackCustom, slackOauth, hs] = made.map((r) => r.body.connection);
    assert.deepEqual(
      Object.keys(sg).sort(),
      [
        'authMethodKey',
        'createdAt',
        'credentialExpiresAt',
        'displayName',
        'endUserId',
        'externalId',
        'health',
        'id',
        'integrationName',
        'lastCheckedAt',
        'lastError',
        'lastUsedAt',
        'oauthAppId',
        'scope',
        'status',
        'statusMessage',
        'suspended',
        'tokenExpiresAt',
        'type',
        'updatedAt',
        'verification',
        'workspaceId',
      ].sort(),
    );
    assert.equal(sg.authMethodKey, 'secret_text');
    assert.equal(sg.scope, 'ORGANIZATION');
    assert.equal(sg.status, 'ACTIVE');
    assert.equal(tr.authMethodKey, 'basic_auth');
    assert.equal(slackCustom.authMethodKey, 'custom_auth');
    assert.equal(slackOauth.authMethodKey, 'oauth2', 'same externalId, another auth method: a separate credential');
    assert.equal(hs.type, 'PLATFORM_OAUTH2');

    const rows = await t.db.query<{ id: string; credentials: string; token_expires_at: Date | null }>(
      'SELECT id, credentials, token_expires_at FROM connections',
    );
    for (const row of rows) assert.match(row.credentials, /^v1\.[0-9a-f]{12}\./, 'an AES-256-GCM envelope');
    assert.ok(rows.find((r) => r.id === slackOauth.id)?.token_expires_at, 'the OAuth2 expiry is kept for refresh');
    const decrypted = await t.app.services.connections.credentials(
      (await t.app.services.connections.find(await orgOf(sg.id), sg.id))!,
    );
    assert.deepEqual(decrypted.value, { secret_text: SECRETS[0] });

    // No secret anywhere: responses, lists, logs, and the whole database in clear.
    const everything = [
      JSON.stringify(made.map((r) => r.body)),
      (await t.get('/api/v1/connections', key)).text,
      (await t.get(`/api/v1/connections/${sg.id}`, key)).text,
      t.logs.join('\n'),
      await t.dumpDatabase(),
    ].join('\n');
    for (const secret of SECRETS) assert.ok(!everything.includes(secret), `${secret} leaked`);
  });

  async function orgOf(id: string) {
    return (await t.db.query<{ org_id: string }>('SELECT org_id FROM connections WHERE id = $1', [id]))[0]!.org_id;
  }

  it('answers every validation error with the field named', async () => {
    const cases: Array<[Record<string, unknown>, number, string, RegExp?]> = [
      [{ ...base(), type: undefined }, 400, 'VALIDATION_ERROR', /^type/],
      [{ ...base(), externalId: undefined }, 400, 'VALIDATION_ERROR', /^externalId/],
      [{ ...base(), displayName: undefined }, 400, 'VALIDATION_ERROR', /^displayName/],
      [{ ...base(), integrationName: undefined }, 400, 'VALIDATION_ERROR', /^integrationName/],
      [base({ type: 'NOPE' }), 400, 'VALIDATION_ERROR', /type/],
      [base({ secretText: undefined }), 400, 'VALIDATION_ERROR', /^secretText/],
      [
        { type: 'BASIC_AUTH', integrationName: 'trello', externalId: 'b1', displayName: 'x', password: 'p' },
        400,
        'VALIDATION_ERROR',
        /^username/,
      ],
      [
        { type: 'BASIC_AUTH', integrationName: 'trello', externalId: 'b1', displayName: 'x', username: 'u' },
        400,
        'VALIDATION_ERROR',
        /^password/,
      ],
      [{ type: 'CUSTOM_AUTH', integrationName: 'slack', externalId: 'c1', displayName: 'x' }, 400, 'VALIDATION_ERROR', /^props/],
      [
        { type: 'CUSTOM_AUTH', integrationName: 'test-two-keys', externalId: 'c1', displayName: 'x', props: { region: 'eu' } },
        400,
        'VALIDATION_ERROR',
        /^props\.account/,
      ],
      [{ type: 'OAUTH2', integrationName: 'slack', externalId: 'o1', displayName: 'x' }, 400, 'VALIDATION_ERROR', /^accessToken/],
      [base({ integrationName: 'no-such-integration' }), 404, 'INTEGRATION_NOT_FOUND'],
      [base({ integrationName: 'hash-encode' }), 400, 'VALIDATION_ERROR', /takes no connection/],
      [base({ type: 'BASIC_AUTH', username: 'u', password: 'p' }), 400, 'VALIDATION_ERROR', /^type/],
      [base({ authMethodKey: 'nope' }), 400, 'INVALID_AUTH_METHOD'],
      [
        {
          type: 'CUSTOM_AUTH',
          integrationName: 'slack',
          externalId: 'c2',
          displayName: 'x',
          props: { botToken: 'x' },
          authMethodKey: 'oauth2',
        },
        400,
        'INVALID_AUTH_METHOD',
      ],
      [
        { type: 'SECRET_TEXT', integrationName: 'test-two-keys', externalId: 'two', displayName: 'x', secretText: 'k' },
        400,
        'AUTH_METHOD_REQUIRED',
      ],
      [base({ oauthAppId: '00000000-0000-4000-8000-000000000000' }), 400, 'INVALID_OAUTH_APP'],
      [
        {
          type: 'OAUTH2',
          integrationName: 'slack',
          externalId: 'o2',
          displayName: 'x',
          accessToken: 'a',
          oauthAppId: '00000000-0000-4000-8000-000000000000',
        },
        404,
        'OAUTH_APP_NOT_FOUND',
      ],
      [
        {
          type: 'PLATFORM_OAUTH2',
          integrationName: 'hubspot',
          externalId: 'o3',
          displayName: 'x',
          accessToken: 'a',
          oauthAppId: '00000000-0000-4000-8000-000000000000',
        },
        400,
        'INVALID_OAUTH_APP',
      ],
      [base({ scope: 'ORGANIZATION', workspaceId: ws }), 400, 'VALIDATION_ERROR', /^scope/],
      [base({ scope: 'WORKSPACE' }), 400, 'VALIDATION_ERROR', /^workspaceId/],
      [base({ scope: 'USER', workspaceId: ws }), 400, 'VALIDATION_ERROR', /^endUserId/],
      [base({ scope: 'WORKSPACE', workspaceId: ws, endUserId: 'u' }), 400, 'VALIDATION_ERROR', /^endUserId/],
      [base({ workspaceId: 'not-a-uuid' }), 400, 'VALIDATION_ERROR', /workspaceId/],
      [base({ workspaceId: '00000000-0000-4000-8000-000000000000' }), 404, 'NOT_FOUND'],
      [base({ externalId: 'x'.repeat(256) }), 400, 'VALIDATION_ERROR', /externalId/],
    ];
    for (const [body, status, code, message] of cases) {
      const r = await create(body);
      assert.equal(r.status, status, `${JSON.stringify(body)} → ${r.text}`);
      assert.equal(r.body.error, code, r.text);
      if (message) assert.match(r.body.message, message);
    }
    const two = await create({
      type: 'SECRET_TEXT',
      integrationName: 'test-two-keys',
      externalId: 'two',
      displayName: 'x',
      secretText: 'k',
      authMethodKey: 'test_key',
    });
    assert.equal(two.status, 201, two.text);
    assert.equal(two.body.connection.authMethodKey, 'test_key');
    assert.equal(
      (await t.db.query('SELECT 1 FROM connections WHERE external_id = $1', ['b1'])).length,
      0,
      'nothing half-written',
    );
  });

  it('scopes connections to the organization, a workspace, or an end user (created or resolved by externalId)', async () => {
    const org = await create(base());
    assert.equal(org.body.connection.workspaceId, null);
    const wsConn = await create(base({ workspaceId: ws }));
    assert.equal(wsConn.status, 201, wsConn.text);
    assert.equal(wsConn.body.connection.scope, 'WORKSPACE', 'workspaceId alone implies WORKSPACE');
    const user = await create(base({ workspaceId: ws, endUserId: 'alice' }));
    assert.equal(user.body.connection.scope, 'USER');
    const again = await create(base({ workspaceId: ws, endUserId: 'alice', scope: 'USER' }));
    assert.equal(again.body.connection.endUserId, user.body.connection.endUserId, 'the same end user is resolved');
    const endUser = await t.get(`/api/v1/end-users/${user.body.connection.endUserId}`, key);
    assert.equal(endUser.body.endUser.externalId, 'alice');
    assert.equal(endUser.body.endUser.connectionCount, 2);
    assert.deepEqual(
      endUser.body.connections.map((c: { id: string }) => c.id).sort(),
      [user.body.connection.id, again.body.connection.id].sort(),
    );
  });

  it('refuses a duplicate credential identity, and allows it under another auth method', async () => {
    const body = base({ externalId: 'dup' });
    assert.equal((await create(body)).status, 201);
    const dup = await create({ ...body, displayName: 'other', secretText: 'other-secret' });
    assert.equal(dup.status, 409);
    assert.equal(dup.body.error, 'DUPLICATE');
    const a = await create({
      type: 'SECRET_TEXT',
      integrationName: 'test-two-keys',
      externalId: 'k2',
      displayName: 'x',
      secretText: 'k',
      authMethodKey: 'live_key',
    });
    const b = await create({
      type: 'SECRET_TEXT',
      integrationName: 'test-two-keys',
      externalId: 'k2',
      displayName: 'x',
      secretText: 'k',
      authMethodKey: 'test_key',
    });
    assert.equal(a.status, 201);
    assert.equal(b.status, 201);
  });

  it('creates through the earlier shape (pieceName, value, projectId)', async () => {
    const r = await create({
      pieceName: 'sendgrid',
      displayName: 'Old style',
      projectId: ws,
      externalId: 'old-1',
      value: { type: 'SECRET_TEXT', secret_text: 'old-secret-123' },
    });
    assert.equal(r.status, 201, r.text);
    assert.equal(r.body.pieceName, 'sendgrid');
    assert.equal(r.body.projectId, ws);
    assert.equal(r.body.status, 'ACTIVE');
    assert.ok(!r.text.includes('old-secret-123'));
    const oauth = await create({
      pieceName: 'slack',
      displayName: 'Old oauth',
      externalId: 'old-2',
      value: { type: 'OAUTH2', access_token: 'old-access-1', refresh_token: 'r', expires_in: 60 },
    });
    assert.equal(oauth.status, 201, oauth.text);
    assert.equal(oauth.body.type, 'OAUTH2');
    const bad = await create({ pieceName: 'sendgrid', displayName: 'x', value: { type: 'SECRET_TEXT' } });
    assert.equal(bad.status, 400);
    assert.match(bad.body.message, /^value\.secret_text/);
    assert.match((await create({ pieceName: 'sendgrid', displayName: 'x' })).body.message, /^value/);
    assert.match((await create({ pieceName: 'sendgrid', displayName: 'x', value: { type: 'X' } })).body.message, /^value\.type/);
  });

  it('enforces the plan limit exactly, also under concurrent creates', async () => {
    const { key: k } = await t.tenant('free');
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => create(base({ externalId: `q${i}` }), k)));
    assert.equal(results.filter((r) => r.status === 201).length, 3);
    const refused = results.find((r) => r.status === 403)!;
    assert.deepEqual(
      { error: refused.body.error, current: refused.body.current, limit: refused.body.limit, plan: refused.body.plan },
      { error: 'QUOTA_EXCEEDED', current: 3, limit: 3, plan: 'free' },
    );
  });
});
