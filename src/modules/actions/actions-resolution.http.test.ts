import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startActionsApp, type ActionsApp, type SeenRequest } from './actions.fixtures.js';
import type { TestApp } from '../../../test/harness.js';

describe('POST /api/v1/actions/execute: connections and partials', () => {
  let t: TestApp;
  let base: string;
  let close: () => Promise<void>;
  let exec: ActionsApp['exec'];
  let seen: SeenRequest[];

  before(async () => {
    ({ t, base, seen, close, exec } = await startActionsApp());
  });
  after(async () => close());

  describe('connection strategies', () => {
    let key: string;
    let ws: string;
    const call = (alias: string, endUserId?: string) =>
      exec(key, {
        integrationName: 'slack',
        actionName: 'custom_api_call',
        workspaceId: ws,
        integrationAlias: alias,
        ...(endUserId ? { endUserId } : {}),
        input: { url: { url: `${base}/api/auth.test` }, method: 'POST', headers: {}, queryParams: {} },
      });
    const tokenOf = async (alias: string, endUserId?: string) => {
      const before = seen.length;
      const r = await call(alias, endUserId);
      if (r.status !== 200) return r.body.error as string;
      assert.equal(r.body.success, true, r.text);
      return seen
        .slice(before)
        .find((s) => s.url === '/api/auth.test')
        ?.authorization?.replace('Bearer ', '');
    };

    before(async () => {
      ({ key } = await t.tenant());
      ws = (await t.workspace(key)).id;
      const conn = async (body: Record<string, unknown>) =>
        (
          await t.post('/api/v1/connections', key, {
            type: 'CUSTOM_AUTH',
            integrationName: 'slack',
            displayName: 'Slack',
            ...body,
          })
        ).body.connection.id as string;
      const shared = await conn({ externalId: 'shared', props: { botToken: 'xoxb-shared' } });
      await conn({ externalId: 'alice-slack', workspaceId: ws, endUserId: 'alice', props: { botToken: 'xoxb-alice' } });
      await t.post('/api/v1/end-users', key, { workspaceId: ws, externalId: 'bob' });
      const wi = (body: Record<string, unknown>) =>
        t.post(`/api/v1/workspaces/${ws}/integrations`, key, { integrationName: 'slack', authMethodKey: 'custom_auth', ...body });
      assert.equal((await wi({ alias: 'slack-fixed', connectionId: shared })).status, 201);
      assert.equal((await wi({ alias: 'slack-user', connectionStrategy: 'per_user' })).status, 201);
      assert.equal(
        (await wi({ alias: 'slack-fallback', connectionStrategy: 'per_user_with_fallback', connectionId: shared })).status,
        201,
      );
    });

    it('fixed / per_user / per_user_with_fallback × end user with, without a connection, and no end user', async () => {
      const matrix: Array<[string, string | undefined, string]> = [
        ['slack-fixed', 'alice', 'xoxb-shared'],
        ['slack-fixed', 'bob', 'xoxb-shared'],
        ['slack-fixed', undefined, 'xoxb-shared'],
        ['slack-user', 'alice', 'xoxb-alice'],
        ['slack-user', 'bob', 'CONNECTION_REQUIRED'],
        ['slack-user', undefined, 'CONNECTION_REQUIRED'],
        ['slack-fallback', 'alice', 'xoxb-alice'],
        ['slack-fallback', 'bob', 'xoxb-shared'],
        ['slack-fallback', undefined, 'xoxb-shared'],
      ];
      for (const [alias, endUser, expected] of matrix)
        assert.equal(await tokenOf(alias, endUser), expected, `${alias} × ${endUser ?? 'no end user'}`);
    });

    it('selects a connection directly by externalId, only where it may be used', async () => {
      const direct = (externalId: string, endUserId?: string) =>
        exec(key, {
          integrationName: 'slack',
          actionName: 'custom_api_call',
          workspaceId: ws,
          integrationAlias: 'slack-user',
          connectionExternalId: externalId,
          ...(endUserId ? { endUserId } : {}),
          input: { url: { url: `${base}/api/x` }, method: 'GET', headers: {}, queryParams: {} },
        });
      assert.equal((await direct('shared')).body.success, true);
      assert.equal((await direct('alice-slack', 'alice')).body.success, true);
      const notBobs = await direct('alice-slack', 'bob');
      assert.equal(notBobs.status, 400);
      assert.equal(notBobs.body.error, 'CONNECTION_NOT_FOUND', "another end user's connection is not usable");
      const otherWs = (await t.workspace(key)).id;
      const elsewhere = await exec(key, {
        integrationName: 'slack',
        actionName: 'custom_api_call',
        workspaceId: otherWs,
        connectionExternalId: 'alice-slack',
        input: { url: { url: `${base}/api/x` }, method: 'GET', headers: {}, queryParams: {} },
      });
      assert.equal(elsewhere.body.error, 'CONNECTION_NOT_FOUND', "a workspace's connection is not usable from another workspace");
    });

    it('never returns or logs the credential', async () => {
      await call('slack-fixed');
      const all = `${t.logs.join('\n')}\n${(await call('slack-user', 'alice')).text}\n${(await t.get('/api/v1/activity', key)).text}`;
      assert.ok(!all.includes('xoxb-shared') && !all.includes('xoxb-alice'));
    });

    it("resolves dropdown options with the caller's connection and merged input", async () => {
      await t.post('/api/v1/connections', key, {
        type: 'CUSTOM_AUTH',
        integrationName: 'openai',
        externalId: 'oa',
        displayName: 'OpenAI',
        props: { apiKey: 'sk-test-options-1', baseUrl: `${base}/v1` },
      });
      const before = seen.length;
      const r = await t.post('/api/v1/integrations/openai/properties/options', key, {
        actionName: 'ask_chatgpt',
        propertyName: 'model',
        workspaceId: ws,
        connectionExternalId: 'oa',
        input: {},
      });
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(r.body.options.map((o: { value: string }) => o.value).sort(), ['model-a', 'model-b']);
      assert.equal(seen.slice(before).find((s) => s.url === '/v1/models')?.authorization, 'Bearer sk-test-options-1');
      const stray = await t.post('/api/v1/integrations/openai/properties/options', key, {
        actionName: 'ask_chatgpt',
        propertyName: 'model',
        connectionExternalId: 'oa',
        input: {},
      });
      assert.match(stray.body.message, /^workspaceId is required/);
    });
  });

  it('merges defaults, partials, input and enforced values in order; partialIds [] runs without defaults', async () => {
    const { key } = await t.tenant();
    const ws = (await t.workspace(key)).id;
    await t.post(`/api/v1/workspaces/${ws}/integrations`, key, { integrationName: 'hash-encode', alias: 'hasher' });
    await t.post(`/api/v1/workspaces/${ws}/integrations`, key, { integrationName: 'hash-encode', alias: 'other-hasher' });
    const partial = async (body: Record<string, unknown>) =>
      (await t.post('/api/v1/partials', key, { workspaceId: ws, integrationName: 'hash-encode', ...body })).body.partial
        .id as string;
    await partial({ name: 'wide', integrationAlias: 'hasher', values: { encoding: 'base64' }, isDefault: true });
    await partial({ name: 'md5', integrationAlias: 'hasher', actionName: 'hash', values: { algorithm: 'md5' }, isDefault: true });
    const enforced = await partial({
      name: 'sha1 only',
      integrationAlias: 'hasher',
      actionName: 'hash',
      values: { algorithm: 'sha1', text: 'enforced text' },
      enforcedKeys: ['algorithm'],
    });
    const foreign = await partial({ name: 'foreign', integrationAlias: 'other-hasher', values: { encoding: 'hex' } });
    const encodeOnly = await partial({
      name: 'encode',
      integrationAlias: 'hasher',
      actionName: 'encode',
      values: { encoding: 'hex' },
    });
    const run = async (extra: Record<string, unknown>) => {
      const r = await exec(key, {
        integrationName: 'hash-encode',
        actionName: 'hash',
        workspaceId: ws,
        integrationAlias: 'hasher',
        input: { text: 'hello' },
        ...extra,
      });
      return r.status === 200 ? r.body.output : r.body;
    };
    assert.deepEqual(
      await run({}),
      { hash: 'XUFAKrxLKna5cZ2REBfFkg==', algorithm: 'md5', encoding: 'base64' },
      'both default partials, integration-wide first',
    );
    assert.equal(
      (await run({ input: { text: 'hello', algorithm: 'sha512' } })).algorithm,
      'sha512',
      'runtime input beats partial values',
    );
    const only = await run({ partialIds: [enforced], input: { text: 'hello', algorithm: 'sha512' } });
    assert.deepEqual(
      [only.algorithm, only.encoding],
      ['sha1', 'hex'],
      'enforced values win; only the given partials apply; props defaults fill the rest',
    );
    assert.equal(
      only.hash,
      'aaf4c61ddcc5e8a2dabede0f3b482cd9aea9434d',
      'a non-enforced partial value (text) yields to the runtime input',
    );
    assert.deepEqual(await run({ partialIds: [] }), {
      hash: '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824',
      algorithm: 'sha256',
      encoding: 'hex',
    });
    const wrongAlias = await run({ partialIds: [foreign] });
    assert.equal(wrongAlias.error, 'VALIDATION_ERROR');
    assert.match(wrongAlias.message, /^partialIds\[0\] belongs to the alias "other-hasher"/);
    assert.match((await run({ partialIds: [encodeOnly] })).message, /^partialIds\[0\] is for the action encode/);
    assert.equal(
      (
        await exec(key, {
          integrationName: 'hash-encode',
          actionName: 'hash',
          workspaceId: ws,
          integrationAlias: 'other-hasher',
          input: { text: 'hello' },
        })
      ).body.output.encoding,
      'hex',
      "another alias does not get hasher's defaults",
    );
  });
});
