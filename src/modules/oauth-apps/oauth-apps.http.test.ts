import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CLI } from '../../../test/cli-command.js';
import { startApp, testDatabase, type TestApp } from '../../../test/harness.js';

describe('OAuth apps: custom apps (API) and service-managed apps (operator API, CLI)', () => {
  let t: TestApp;
  before(async () => {
    t = await startApp();
  });
  after(async () => t.close());

  const body = (extra: Record<string, unknown> = {}) => ({
    integrationName: 'asana',
    clientId: 'client-1',
    clientSecret: 'very-secret-1',
    ...extra,
  });

  it('creates, reads, updates and deletes a custom app; the secret is encrypted and never returned', async () => {
    const { key } = await t.tenant('team');
    const created = await t.post('/api/v1/oauth-apps', key, body({ scopes: ['default', 'tasks:read'] }));
    assert.equal(created.status, 201, created.text);
    const app = created.body.oauthApp;
    assert.deepEqual(
      { ...app, id: undefined, createdAt: undefined, updatedAt: undefined },
      {
        id: undefined,
        integrationName: 'asana',
        name: 'Asana',
        clientId: 'client-1',
        scopes: ['default', 'tasks:read'],
        authUrl: null,
        tokenUrl: null,
        serviceManaged: false,
        createdAt: undefined,
        updatedAt: undefined,
      },
    );
    const [row] = await t.db.query<{ client_secret: string; org_id: string }>(
      'SELECT client_secret, org_id FROM oauth_apps WHERE id = $1',
      [app.id],
    );
    assert.ok(row!.client_secret.startsWith('v1.') && !row!.client_secret.includes('very-secret-1'));
    for (const res of [await t.get(`/api/v1/oauth-apps/${app.id}`, key), await t.get('/api/v1/oauth-apps', key)]) {
      assert.equal(res.status, 200);
      assert.ok(!res.text.includes('very-secret') && !res.text.includes('clientSecret'));
    }
    const list = await t.get('/api/v1/oauth-apps?integrationName=asana', key);
    assert.equal(list.body.total, 1);
    assert.equal((await t.get('/api/v1/oauth-apps?integrationName=gmail', key)).body.total, 0);

    const patched = await t.patch(`/api/v1/oauth-apps/${app.id}`, key, {
      name: 'Our Asana',
      clientSecret: 'rotated-secret',
      tokenUrl: 'https://token.example.com/t',
    });
    assert.equal(patched.status, 200, patched.text);
    assert.equal(patched.body.oauthApp.name, 'Our Asana');
    assert.equal(patched.body.oauthApp.tokenUrl, 'https://token.example.com/t');
    const client = await t.app.services.oauthApps.clientForConnection(
      { orgId: row!.org_id, type: 'OAUTH2', oauthAppId: app.id, integrationName: 'asana' },
      t.app.services.registry.get('asana')!.auth[0]!,
    );
    assert.equal(client?.clientSecret, 'rotated-secret');
    assert.equal(client?.tokenUrl, 'https://token.example.com/t');
    assert.deepEqual(client?.scopes, ['default', 'tasks:read']);
    assert.equal((await t.patch(`/api/v1/oauth-apps/${app.id}`, key, { tokenUrl: null })).body.oauthApp.tokenUrl, null);

    assert.ok((await t.get('/api/v1/integrations/oauth-status', key)).body.configured.includes('asana'));
    const del = await t.delete(`/api/v1/oauth-apps/${app.id}`, key);
    assert.deepEqual(del.body, { deleted: true, id: app.id });
    assert.equal((await t.get(`/api/v1/oauth-apps/${app.id}`, key)).status, 404);
    assert.ok(!(await t.get('/api/v1/integrations/oauth-status', key)).body.configured.includes('asana'));
  });

  it('answers 409 OAUTH_APP_IN_USE when a workspace integration takes the app between the usage check and the delete', async () => {
    const { key } = await t.tenant('team');
    const app = (await t.post('/api/v1/oauth-apps', key, body())).body.oauthApp;
    const ws = await t.workspace(key);
    const wi = await t.post(`/api/v1/workspaces/${ws.id}/integrations`, key, {
      integrationName: 'asana',
      connectionStrategy: 'per_user',
    });
    assert.equal(wi.status, 201, wi.text);
    // The race made deterministic: a database trigger points the workspace integration at the app as it is deleted.
    await t.db.exec(`CREATE FUNCTION take_app_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN UPDATE workspace_integrations SET oauth_app_id = OLD.id WHERE id = '${wi.body.integration.id}'; RETURN OLD; END $$;
      CREATE TRIGGER take_app_on_delete BEFORE DELETE ON oauth_apps FOR EACH ROW EXECUTE FUNCTION take_app_on_delete();`);
    try {
      const del = await t.delete(`/api/v1/oauth-apps/${app.id}`, key);
      assert.equal(del.status, 409, del.text);
      assert.equal(del.body.error, 'OAUTH_APP_IN_USE');
    } finally {
      await t.db.exec('DROP TRIGGER take_app_on_delete ON oauth_apps; DROP FUNCTION take_app_on_delete();');
    }
    assert.equal((await t.get(`/api/v1/oauth-apps/${app.id}`, key)).status, 200, 'the app is still there');
  });

  it('refuses bad input, plans without custom apps, other organizations and scoped keys', async () => {
    const { key } = await t.tenant('team');
    const expect = async (res: { status: number; body: any; text: string }, status: number, code: string) => {
      assert.equal(res.status, status, res.text);
      assert.equal(res.body.error, code);
    };
    await expect(await t.post('/api/v1/oauth-apps', key, body({ integrationName: 'nope' })), 404, 'INTEGRATION_NOT_FOUND');
    await expect(await t.post('/api/v1/oauth-apps', key, body({ integrationName: 'sendgrid' })), 400, 'VALIDATION_ERROR');
    await expect(await t.post('/api/v1/oauth-apps', key, body({ clientSecret: '' })), 400, 'VALIDATION_ERROR');
    await expect(await t.post('/api/v1/oauth-apps', key, { integrationName: 'asana', clientId: 'x' }), 400, 'VALIDATION_ERROR');
    await expect(await t.post('/api/v1/oauth-apps', key, body({ authUrl: 'javascript:alert(1)' })), 400, 'VALIDATION_ERROR');
    await expect(await t.post('/api/v1/oauth-apps', key, body({ scopes: ['has space'] })), 400, 'VALIDATION_ERROR');
    const app = (await t.post('/api/v1/oauth-apps', key, body())).body.oauthApp;
    await expect(await t.patch(`/api/v1/oauth-apps/${app.id}`, key, {}), 400, 'NO_UPDATES');
    await expect(await t.patch(`/api/v1/oauth-apps/${randomUUID()}`, key, { name: 'x' }), 404, 'NOT_FOUND');
    await expect(await t.delete(`/api/v1/oauth-apps/${randomUUID()}`, key), 404, 'NOT_FOUND');

    const free = await t.tenant('free');
    await expect(await t.post('/api/v1/oauth-apps', free.key, body()), 403, 'CUSTOM_OAUTH_APP_PLAN_REQUIRED');
    assert.equal((await t.get('/api/v1/oauth-apps', free.key)).status, 200, 'listing stays possible on any plan');

    const other = await t.tenant('team');
    await expect(await t.get(`/api/v1/oauth-apps/${app.id}`, other.key), 404, 'NOT_FOUND');
    await expect(await t.patch(`/api/v1/oauth-apps/${app.id}`, other.key, { name: 'x' }), 404, 'NOT_FOUND');
    await expect(await t.delete(`/api/v1/oauth-apps/${app.id}`, other.key), 404, 'NOT_FOUND');
    assert.equal((await t.get('/api/v1/oauth-apps', other.key)).body.total, 0);

    const ws = await t.workspace(key);
    const scoped = await t.scopedKey(key, [ws.id]);
    await expect(await t.get('/api/v1/oauth-apps', scoped), 403, 'SCOPE_DENIED');
    await expect(await t.post('/api/v1/oauth-apps', scoped, body()), 403, 'SCOPE_DENIED');

    // In use by a workspace integration: 409 OAUTH_APP_IN_USE until the configuration changes.
    const wi = await t.post(`/api/v1/workspaces/${ws.id}/integrations`, key, {
      integrationName: 'asana',
      connectionStrategy: 'per_user',
      oauthAppMode: 'custom',
      oauthAppId: app.id,
    });
    assert.equal(wi.status, 201, wi.text);
    await expect(await t.delete(`/api/v1/oauth-apps/${app.id}`, key), 409, 'OAUTH_APP_IN_USE');
    await t.patch(`/api/v1/workspaces/${ws.id}/integrations/${wi.body.integration.id}`, key, { oauthAppMode: 'service_managed' });
    assert.equal((await t.delete(`/api/v1/oauth-apps/${app.id}`, key)).status, 200);
  });

  it('operator API: one service-managed app per integration, used by every organization', async () => {
    const created = await t.operator(
      'POST',
      '/operator/v1/oauth-apps',
      body({ integrationName: 'dropbox', clientId: 'platform-dropbox', clientSecret: 'platform-secret' }),
    );
    assert.equal(created.status, 201, created.text);
    assert.equal(created.body.oauthApp.serviceManaged, true);
    assert.ok(!created.text.includes('platform-secret'));
    const dup = await t.operator('POST', '/operator/v1/oauth-apps', body({ integrationName: 'dropbox' }));
    assert.equal(dup.status, 409);
    assert.equal(dup.body.error, 'DUPLICATE');
    const list = await t.operator('GET', '/operator/v1/oauth-apps?integrationName=dropbox');
    assert.equal(list.body.total, 1);
    const patched = await t.operator('PATCH', `/operator/v1/oauth-apps/${created.body.oauthApp.id}`, {
      scopes: ['files.content.read'],
    });
    assert.deepEqual(patched.body.oauthApp.scopes, ['files.content.read']);
    assert.equal((await t.operator('PATCH', `/operator/v1/oauth-apps/${created.body.oauthApp.id}`, {})).body.error, 'NO_UPDATES');

    // Every organization sees it in oauth-status, and cannot reach it through the custom-app API.
    const { key } = await t.tenant('free');
    assert.ok((await t.get('/api/v1/integrations/oauth-status', key)).body.configured.includes('dropbox'));
    assert.equal((await t.get(`/api/v1/oauth-apps/${created.body.oauthApp.id}`, key)).status, 404);
    const ws = await t.workspace(key);
    const token = await t.post('/api/v1/connect/token', key, {
      integrationName: 'dropbox',
      connectionName: 'Box',
      externalId: 'box',
      workspaceId: ws.id,
    });
    assert.equal(token.status, 201, token.text);

    assert.equal((await t.request('GET', '/operator/v1/oauth-apps', { key })).status, 401);
    assert.equal((await t.request('GET', '/operator/v1/oauth-apps', { key: 'wrong' })).status, 401);
    assert.deepEqual((await t.operator('DELETE', `/operator/v1/oauth-apps/${created.body.oauthApp.id}`)).body, {
      deleted: true,
      id: created.body.oauthApp.id,
    });
    assert.equal(
      (
        await t.post('/api/v1/connect/token', key, {
          integrationName: 'dropbox',
          connectionName: 'Box',
          externalId: 'box',
          workspaceId: ws.id,
        })
      ).body.error,
      'NO_OAUTH_APP',
    );
  });

  it('CLI: oauth-apps set (secret from standard input) and remove', async () => {
    const root = path.resolve(import.meta.dirname, '../../..');
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sb-oauth-cli-'));
    const server = process.env.DATABASE_URL ? await testDatabase() : null;
    await server?.db.close();
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      SWITCHBOARD_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SWITCHBOARD_DEFAULT_PIECES: 'true',
    };
    if (server) Object.assign(env, { DATABASE_URL: server.url!, SWITCHBOARD_ENCRYPTION_KEY: randomBytes(32).toString('base64') });
    const cli = (args: string[], input?: string) =>
      spawnSync(process.execPath, [...CLI, ...args], {
        env,
        cwd: root,
        encoding: 'utf8',
        input,
        timeout: 90_000,
      });
    try {
      const set = cli(
        ['oauth-apps', 'set', 'asana', '--client-id', 'cli-client', '--client-secret', '-', '--scopes', 'default,tasks:read'],
        'cli-secret-value\n',
      );
      assert.equal(set.status, 0, set.stderr);
      const app = JSON.parse(set.stdout).oauthApp;
      assert.equal(app.clientId, 'cli-client');
      assert.deepEqual(app.scopes, ['default', 'tasks:read']);
      assert.ok(!set.stdout.includes('cli-secret-value'));
      const bad = cli(['oauth-apps', 'set', 'asana', '--client-id', 'x', '--client-secret', 'y', '--auth-url', 'ftp://nope']);
      assert.equal(bad.status, 1);
      assert.match(bad.stderr, /--auth-url must be an http\(s\) URL/);
      const removed = cli(['oauth-apps', 'remove', 'asana']);
      assert.equal(removed.status, 0, removed.stderr);
      assert.equal(JSON.parse(removed.stdout).deleted, true);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
      if (server) {
        const pg = (await import('pg')).default;
        const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS ${new URL(server.url!).pathname.slice(1)} WITH (FORCE)`);
        await admin.end();
      }
    }
  });
});
