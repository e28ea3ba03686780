import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { startApp, type TestApp } from '../../../test/harness.js';
import { startPetApi, type PetApi } from '../../../test/fixtures/openapi/pet-api.js';
import { eventually } from '../../../test/receiver.js';

const FIXTURES = path.join(import.meta.dirname, '../../../test/fixtures/openapi');

describe('custom integrations: an OpenAPI document imported and used like any integration', () => {
  let t: TestApp;
  let key: string;
  let orgId: string;
  let ws: string;
  let petstore: string;
  let api: PetApi;
  let connectionId: string;

  before(async () => {
    t = await startApp({ SWITCHBOARD_EGRESS_ALLOW: '127.0.0.1' });
    ({ key, orgId } = await t.tenant());
    ws = (await t.workspace(key)).id;
    petstore = await readFile(path.join(FIXTURES, 'petstore.yaml'), 'utf8');
    api = await startPetApi();
  });
  after(async () => {
    await api.close();
    await t.close();
  });

  const importDoc = (body: Record<string, unknown>, k = key) => t.post('/api/v1/custom-integrations', k, body);
  const connect = (name: string, externalId: string, props: Record<string, unknown>, k = key) =>
    t.post('/api/v1/connections', k, { type: 'CUSTOM_AUTH', integrationName: name, externalId, displayName: externalId, props });
  const exec = (name: string, actionName: string, input: Record<string, unknown>, connectionExternalId = 'pets', k = key) =>
    t.post('/api/v1/actions/execute', k, { integrationName: name, actionName, workspaceId: ws, connectionExternalId, input });

  it('imports a YAML document: one action per operation, props typed from the parameters and the JSON body', async () => {
    const r = await importDoc({ name: 'petstore', document: petstore });
    assert.equal(r.status, 201, r.text);
    const { customIntegration: ci, integration } = r.body;
    assert.equal(ci.name, 'petstore');
    assert.equal(ci.displayName, 'Pet Store', 'the display name defaults to the document title');
    assert.equal(ci.scope, 'organization');
    assert.equal(ci.sourceVersion, '3.0');
    assert.equal(ci.revision, 1);
    assert.deepEqual(ci.actions, ['list_pets', 'create_pet', 'get_pet_by_id', 'delete_pet', 'get_inventory']);
    assert.deepEqual(ci.authMethods, ['apiKey']);
    assert.deepEqual(ci.skipped, []);

    assert.equal(integration.runtime, 'openapi');
    const list = integration.actions.list_pets;
    assert.equal(list.displayName, 'List pets');
    assert.equal(list.props.limit.type, 'NUMBER');
    assert.equal(list.props.limit.required, false);
    assert.equal(list.props.limit.description, 'How many pets to return at most.');
    assert.equal(list.props.status.type, 'STATIC_DROPDOWN');
    assert.deepEqual(
      list.props.status.options.options.map((o: { value: string }) => o.value),
      ['available', 'pending', 'sold'],
    );
    assert.equal(list.props.tags.type, 'ARRAY');
    const create = integration.actions.create_pet;
    assert.equal(create.props.name.required, true);
    assert.equal(create.props.name.type, 'SHORT_TEXT');
    assert.equal(create.props.birthday.type, 'DATE_TIME');
    assert.equal(create.props.owner.type, 'OBJECT');
    assert.equal(integration.actions.get_pet_by_id.props.petId.required, true, 'a path parameter is always required');
    assert.equal(integration.actions.delete_pet.props['X-Reason'].type, 'LONG_TEXT');
    // The auth option asks for the key and, as the document lists two servers, for the server URL.
    const option = integration.authOptions.find((o: { key: string }) => o.key === 'apiKey');
    assert.equal(option.type, 'CUSTOM_AUTH');
    assert.ok(option.props.api_key, JSON.stringify(option));
    assert.ok(option.props.server_url, JSON.stringify(option));

    // Its logo is served like any integration's: a monogram from its display name, asked for without a key; the
    // address names nothing of the organization, and without the display name the name alone is unknown.
    assert.equal(integration.logoUrl, 'http://switchboard.test/api/v1/integrations/petstore/logo?label=Pet%20Store');
    const logo = await t.get('/api/v1/integrations/petstore/logo?label=Pet%20Store', null);
    assert.equal(logo.status, 200, logo.text);
    assert.equal(logo.headers['content-type'], 'image/svg+xml');
    assert.match(logo.text, /aria-label="Pet Store".*>PS<\/text>/s);
    assert.equal((await t.get('/api/v1/integrations/petstore/logo', null)).status, 404);
    assert.equal((await t.get(`/api/v1/integrations/petstore/logo?label=${'x'.repeat(201)}`, null)).status, 400);

    const [row] = await t.db.query<{ org_id: string; name: string; revision: number; source_version: string }>(
      "SELECT org_id, name, revision, source_version FROM custom_integrations WHERE name = 'petstore'",
    );
    assert.deepEqual({ ...row }, { org_id: orgId, name: 'petstore', revision: 1, source_version: '3.0' });
  });

  it('runs its actions against the API with the connection’s key and server, and answers errors as success: false', async () => {
    const c = await connect('petstore', 'pets', { api_key: api.apiKey, server_url: api.url });
    assert.equal(c.status, 201, c.text);
    connectionId = c.body.connection?.id ?? c.body.id;

    const created = await exec('petstore', 'create_pet', {
      name: 'Rex',
      tag: 'dog',
      status: 'available',
      owner: { name: 'Ann' },
    });
    assert.equal(created.status, 200, created.text);
    assert.equal(created.body.success, true, created.text);
    assert.deepEqual(created.body.output, { id: 1, name: 'Rex', tag: 'dog', status: 'available', owner: { name: 'Ann' } });
    const sent = api.received.at(-1)!;
    assert.equal(sent.method, 'POST');
    assert.equal(sent.path, '/v1/pets');
    assert.equal(sent.headers['x-api-key'], api.apiKey);
    assert.equal(sent.headers['content-type'], 'application/json');

    await exec('petstore', 'create_pet', { name: 'Tom', tag: 'cat', status: 'sold' });
    const listed = await exec('petstore', 'list_pets', { status: 'sold', limit: 5, tags: ['cat', 'bird'] });
    assert.equal(listed.body.success, true, listed.text);
    assert.deepEqual(
      listed.body.output.map((p: { name: string }) => p.name),
      ['Tom'],
    );
    const q = api.received.at(-1)!.query;
    assert.deepEqual([q.get('status'), q.get('limit'), q.getAll('tags')], ['sold', '5', ['cat', 'bird']]);

    const got = await exec('petstore', 'get_pet_by_id', { petId: 1 });
    assert.equal(got.body.output.name, 'Rex');
    assert.equal(api.received.at(-1)!.path, '/v1/pets/1');

    const missing = await exec('petstore', 'get_pet_by_id', { petId: 99 });
    assert.equal(missing.status, 200, missing.text);
    assert.equal(missing.body.success, false);
    assert.match(missing.body.output.error, /answered 404/);
    assert.equal(missing.body.output.detail.status, 404);
    assert.match(missing.body.output.detail.body, /no pet 99/);

    const deleted = await exec('petstore', 'delete_pet', { petId: 1, 'X-Reason': 'adopted' });
    assert.equal(deleted.body.success, true, deleted.text);
    assert.equal(deleted.body.output, null, 'an empty answer is null');
    assert.equal(api.received.at(-1)!.headers['x-reason'], 'adopted');

    const bad = await exec('petstore', 'list_pets', { status: 'lost' });
    assert.equal(bad.status, 400, bad.text);
    assert.equal(bad.body.error, 'VALIDATION_ERROR');
    assert.match(bad.body.message, /status/);
    const noName = await exec('petstore', 'create_pet', { tag: 'x' });
    assert.equal(noName.status, 400, noName.text);
    assert.match(noName.body.message, /name/);
  });

  it('is used through workspace integrations and partials like any integration', async () => {
    const wi = await t.post(`/api/v1/workspaces/${ws}/integrations`, key, {
      integrationName: 'petstore',
      alias: 'shop',
      connectionId,
    });
    assert.equal(wi.status, 201, wi.text);
    const partial = await t.post('/api/v1/partials', key, {
      workspaceId: ws,
      integrationName: 'petstore',
      actionName: 'create_pet',
      name: 'cats',
      values: { tag: 'cat' },
      enforcedKeys: ['tag'],
    });
    assert.equal(partial.status, 201, partial.text);
    const r = await t.post('/api/v1/actions/execute', key, {
      integrationName: 'petstore',
      integrationAlias: 'shop',
      actionName: 'create_pet',
      workspaceId: ws,
      connectionExternalId: 'pets',
      partialIds: [partial.body.partial.id],
      input: { name: 'Kit', tag: 'dog' },
    });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.output.tag, 'cat', 'the enforced partial value wins');
  });

  it('is paused by Human Gates like any integration, and runs once approved', async () => {
    const policy = await t.post('/api/v1/approval-policies', key, {
      name: 'Gate pets',
      riskMode: 'always',
      integrationNames: ['petstore'],
    });
    assert.equal(policy.status, 201, policy.text);
    const call = {
      integrationName: 'petstore',
      actionName: 'create_pet',
      workspaceId: ws,
      connectionExternalId: 'pets',
      input: { name: 'Gated' },
    };
    const sentBefore = api.received.length;
    const first = await t.post('/api/v1/actions/execute', key, call);
    assert.equal(first.status, 202, first.text);
    assert.equal(first.body.status, 'approval_required');
    const approval = first.body.approval;
    assert.equal((await t.get(`/api/v1/approvals/${approval.id}`, key)).body.approval.integrationName, 'petstore');
    assert.equal(api.received.length, sentBefore, 'nothing was sent');
    assert.equal((await t.post(`/api/v1/approvals/${approval.id}/approve`, key, {})).status, 200);
    const retry = await t.post('/api/v1/actions/execute', key, { ...call, idempotencyKey: approval.retry.idempotencyKey });
    assert.equal(retry.status, 200, retry.text);
    assert.equal(retry.body.output.name, 'Gated');
    assert.equal(api.received.length, sentBefore + 1);
    assert.equal((await t.delete(`/api/v1/approval-policies/${policy.body.policy.id}`, key)).status, 200);
  });

  it('re-imports in place: the connection stays, the answer says what changed', async () => {
    // What names an action the new document drops goes with it; the rest stays.
    const partial = async (actionName: string | undefined, name: string) => {
      const r = await t.post('/api/v1/partials', key, {
        workspaceId: ws,
        integrationName: 'petstore',
        ...(actionName ? { actionName } : {}),
        name,
        values: { limit: 5 },
      });
      assert.equal(r.status, 201, r.text);
      return r.body.partial.id as string;
    };
    const inventoryPartial = await partial('get_inventory', 'inventory preset');
    const listPartial = await partial('list_pets', 'list preset');
    const wholePartial = await partial(undefined, 'every action');
    const mcp = await t.post('/api/v1/mcp/servers', key, { name: 'pets tools', workspaceId: ws, authMode: 'bearer' });
    assert.equal(mcp.status, 201, mcp.text);
    const tool = async (actionName: string, partialIds: string[]) => {
      const r = await t.post(`/api/v1/mcp/servers/${mcp.body.server.id}/tools`, key, {
        integrationName: 'petstore',
        actionName,
        connectionId,
        partialIds,
      });
      assert.equal(r.status, 201, r.text);
      return r.body.tool.id as string;
    };
    const inventoryTool = await tool('get_inventory', [inventoryPartial]);
    const listTool = await tool('list_pets', [listPartial, wholePartial]);

    const changed = petstore
      .replace('operationId: getInventory', 'operationId: getStock')
      .replace('description: How many pets to return at most.', 'description: At most this many.');
    const r = await t.request('PUT', '/api/v1/custom-integrations/petstore', { key, body: { document: changed } });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.customIntegration.revision, 2);
    assert.deepEqual(r.body.changes, {
      added: ['get_stock'],
      removed: ['get_inventory'],
      changed: ['list_pets'],
      triggersAdded: [],
      triggersRemoved: [],
      partialsRemoved: [inventoryPartial],
      mcpToolsRemoved: [inventoryTool],
    });
    assert.equal((await t.get(`/api/v1/partials/${inventoryPartial}`, key)).status, 404);
    assert.equal((await t.get(`/api/v1/partials/${listPartial}`, key)).status, 200);
    assert.equal((await t.get(`/api/v1/partials/${wholePartial}`, key)).status, 200);
    const server = await t.get(`/api/v1/mcp/servers/${mcp.body.server.id}`, key);
    assert.deepEqual(
      server.body.tools.map((x: { id: string; partialIds: string[] }) => [x.id, x.partialIds]),
      [[listTool, [listPartial, wholePartial]]],
    );
    for (const table of ['input_partials', 'mcp_tools']) {
      const left = await t.db.query(
        `SELECT id FROM ${table} WHERE integration_name = 'petstore' AND action_name = 'get_inventory'`,
      );
      assert.deepEqual(left, [], `no ${table} row names the removed action`);
    }
    const listed = await exec('petstore', 'list_pets', {});
    assert.equal(listed.body.success, true, listed.text);
    const gone = await exec('petstore', 'get_inventory', {});
    assert.equal(gone.status, 400, gone.text);
    assert.match(gone.body.message, /"get_inventory" is not an action of petstore/);

    const narrowed = await t.request('PUT', '/api/v1/custom-integrations/petstore', {
      key,
      body: { document: changed, selection: { tags: ['store'] } },
    });
    assert.equal(narrowed.status, 200, narrowed.text);
    assert.deepEqual(narrowed.body.customIntegration.actions, ['get_stock']);
    const stock = await exec('petstore', 'get_stock', {});
    assert.equal(stock.body.success, true, stock.text);
    assert.equal(api.received.at(-1)!.path, '/v1/store/inventory');
  });

  it('belongs to its organization: another sees nothing, a workspace key cannot import', async () => {
    const other = await t.tenant();
    const otherWs = (await t.workspace(other.key)).id;
    assert.equal((await t.get('/api/v1/custom-integrations/petstore', other.key)).status, 404);
    assert.deepEqual((await t.get('/api/v1/custom-integrations', other.key)).body.customIntegrations, []);
    const conn = await connect('petstore', 'theirs', { api_key: 'x', server_url: api.url }, other.key);
    assert.equal(conn.body.error, 'INTEGRATION_NOT_FOUND', conn.text);
    const run = await t.post('/api/v1/actions/execute', other.key, {
      integrationName: 'petstore',
      actionName: 'list_pets',
      workspaceId: otherWs,
      input: {},
    });
    assert.equal(run.status, 400, run.text);
    assert.equal(run.body.error, 'INTEGRATION_NOT_FOUND');
    const catalog = await t.get('/api/v1/integrations?summary=true', null);
    assert.ok(!catalog.body.integrations.some((i: { name: string }) => i.name === 'petstore'), 'not in the public catalog');
    // The other organization may use the same name for its own document.
    const theirs = await importDoc({ name: 'petstore', document: petstore, displayName: 'Their pets' }, other.key);
    assert.equal(theirs.status, 201, theirs.text);
    assert.equal((await t.get('/api/v1/custom-integrations/petstore', key)).body.customIntegration.displayName, 'Pet Store');

    const scoped = await t.scopedKey(key, [ws]);
    const denied = await importDoc({ name: 'scoped-pets', document: petstore }, scoped);
    assert.equal(denied.status, 403, denied.text);
    assert.equal(denied.body.error, 'SCOPE_DENIED');
    assert.equal((await t.get('/api/v1/custom-integrations/petstore', scoped)).status, 200, 'a workspace key can read it');
  });

  it('answers 400 naming what is wrong with a document, and never stores a half-made one', async () => {
    const bad = async (body: Record<string, unknown>, pattern: RegExp) => {
      const r = await importDoc({ name: 'broken', ...body });
      assert.equal(r.status, 400, r.text);
      assert.equal(r.body.error, 'VALIDATION_ERROR');
      assert.match(r.body.message, pattern);
    };
    await bad({ document: 'openapi: 3.0.0\ninfo: [unclosed' }, /not valid YAML/);
    await bad({ document: '{"openapi": "3.0.0",' }, /not valid JSON/);
    await bad(
      { document: { openapi: '3.0.3', info: { title: 'x', version: '1' }, paths: { '/a': { get: { responses: 'no' } } } } },
      /\/paths\/~1a\/get\/responses/,
    );
    await bad(
      { document: { openapi: '4.0.0', info: { title: 'x', version: '1' }, paths: {} } },
      /OpenAPI 4\.0\.0 is not supported/,
    );
    await bad({ document: { swagger: '1.2', info: { title: 'x', version: '1' }, paths: {} } }, /Swagger 1\.2 is not supported/);
    await bad({ document: petstore, selection: { tags: ['nothing'] } }, /matches no operation/);
    await bad({ document: petstore, url: 'https://example.com/openapi.json' }, /not both/);
    await bad({}, /not both/);
    const selfRef = {
      openapi: '3.1.0',
      info: { title: 'x', version: '1' },
      paths: {
        '/a': {
          get: {
            responses: {
              '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/A' } } } },
            },
          },
        },
      },
      components: { schemas: { A: { $ref: '#/components/schemas/A' } } },
    };
    await bad({ document: selfRef }, /reference to itself: #\/components\/schemas\/A/);
    let deep: unknown = { type: 'string' };
    for (let i = 0; i < 80; i++) deep = { type: 'object', properties: { x: deep } };
    const deepDoc = JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'x', version: '1' },
      paths: {
        '/a': {
          post: {
            requestBody: { content: { 'application/json': { schema: deep } } },
            responses: { '200': { description: 'ok' } },
          },
        },
      },
    });
    await bad({ document: deepDoc }, /nested deeper than 64 levels/);
    await bad({ url: 'http://169.254.169.254/openapi.json' }, /not allowed/);
    const huge = `openapi: 3.0.0\ninfo: {title: x, version: "1"}\npaths: {}\n#${'x'.repeat(5 * 1024 * 1024)}`;
    const tooLarge = await importDoc({ name: 'broken', document: huge });
    assert.ok([400, 413].includes(tooLarge.status), tooLarge.text);

    const names = await t.db.query<{ name: string }>('SELECT name FROM custom_integrations WHERE org_id = $1', [orgId]);
    assert.deepEqual(
      names.map((r) => r.name),
      ['petstore'],
    );
  });

  it('refuses a name already in the catalog or in the organization', async () => {
    for (const name of ['http', 'petstore']) {
      const r = await importDoc({ name, document: petstore });
      assert.equal(r.status, 409, r.text);
      assert.equal(r.body.error, 'DUPLICATE');
    }
    const r = await importDoc({ name: 'Not A Name', document: petstore });
    assert.equal(r.status, 400, r.text);
  });

  it('imports a Swagger 2.0 document and one fetched by URL, through the egress guard', async () => {
    const swagger = {
      swagger: '2.0',
      info: { title: 'Old pets', version: '1' },
      host: 'pets.example.com',
      basePath: '/v1',
      schemes: ['https'],
      securityDefinitions: { key: { type: 'apiKey', in: 'query', name: 'api_key' } },
      security: [{ key: [] }],
      paths: {
        '/pets': {
          post: {
            operationId: 'addPet',
            consumes: ['application/json'],
            parameters: [
              {
                in: 'body',
                name: 'body',
                required: true,
                schema: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
              },
            ],
            responses: { '200': { description: 'ok' } },
          },
        },
      },
    };
    const r = await importDoc({ name: 'old-pets', document: swagger });
    assert.equal(r.status, 201, r.text);
    assert.equal(r.body.customIntegration.sourceVersion, '2.0');
    assert.equal(r.body.integration.actions.add_pet.props.name.required, true);

    const served = await servePetstoreDocument(petstore);
    try {
      const byUrl = await importDoc({ name: 'pets-by-url', url: served.url, selection: { methods: ['get'] } });
      assert.equal(byUrl.status, 201, byUrl.text);
      assert.equal(byUrl.body.customIntegration.sourceUrl, served.url);
      assert.deepEqual(byUrl.body.customIntegration.actions, ['list_pets', 'get_pet_by_id', 'get_inventory']);
    } finally {
      await served.close();
    }
  });

  it('is published by the operator to every organization, and every node of the cluster follows each change', async () => {
    const node = await t.secondNode({ SWITCHBOARD_EGRESS_ALLOW: '127.0.0.1' });
    try {
      const onB = async (url: string, k: string, body: unknown) => {
        const res = await node.app.inject({
          method: 'POST',
          url,
          headers: { authorization: `Bearer ${k}`, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        return { status: res.statusCode, body: JSON.parse(res.body) };
      };
      const pub = await t.operator('POST', '/operator/v1/custom-integrations', {
        name: 'shared-pets',
        document: petstore,
        selection: { operationIds: ['listPets'] },
      });
      assert.equal(pub.status, 201, pub.text);
      assert.equal(pub.body.customIntegration.scope, 'published');
      assert.equal(
        (await t.request('POST', '/operator/v1/custom-integrations', { key, body: { name: 'x', document: petstore } })).status,
        401,
      );

      const other = await t.tenant();
      const otherWs = (await t.workspace(other.key)).id;
      const listed = (await t.get('/api/v1/custom-integrations', other.key)).body.customIntegrations;
      assert.deepEqual(
        listed.map((c: { name: string; scope: string }) => [c.name, c.scope]),
        [['shared-pets', 'published']],
      );
      const catalog = await t.get('/api/v1/integrations?name=shared-pets', null);
      assert.equal(catalog.body.integration?.runtime, 'openapi', 'a published one is in the public catalog');
      // An organization uses it but cannot change or delete it, nor import another of that name.
      assert.equal((await t.delete('/api/v1/custom-integrations/shared-pets', other.key)).status, 404);
      assert.equal((await importDoc({ name: 'shared-pets', document: petstore }, other.key)).status, 409);

      const conn = await connect('shared-pets', 'shared', { api_key: api.apiKey, server_url: api.url }, other.key);
      assert.equal(conn.status, 201, conn.text);
      const call = {
        integrationName: 'shared-pets',
        actionName: 'list_pets',
        workspaceId: otherWs,
        connectionExternalId: 'shared',
        input: {},
      };
      const onNodeB = await eventually(
        async () => {
          const r = await onB('/api/v1/actions/execute', other.key, call);
          return r.status === 200 ? r : null;
        },
        15_000,
        'node B to know shared-pets',
      );
      assert.equal(onNodeB.body.success, true, JSON.stringify(onNodeB.body));

      // Node B learns of an organization's own import, and of its deletion, from the invalidation bus.
      const own = await importDoc(
        { name: 'own-pets', document: petstore, selection: { operationIds: ['getInventory'] } },
        other.key,
      );
      assert.equal(own.status, 201, own.text);
      const inventory = { integrationName: 'own-pets', actionName: 'get_inventory', workspaceId: otherWs, input: {} };
      await eventually(
        async () => (await onB('/api/v1/actions/execute', other.key, inventory)).status === 200,
        15_000,
        'node B to know own-pets',
      );
      assert.equal((await t.delete('/api/v1/custom-integrations/own-pets', other.key)).status, 200);
      await eventually(
        async () => (await onB('/api/v1/actions/execute', other.key, inventory)).body.error === 'INTEGRATION_NOT_FOUND',
        15_000,
        'node B to forget own-pets',
      );

      // The operator's re-import removes what any organization had made for an action it drops.
      const preset = await t.post('/api/v1/partials', other.key, {
        workspaceId: otherWs,
        integrationName: 'shared-pets',
        actionName: 'list_pets',
        name: 'few',
        values: { limit: 1 },
      });
      assert.equal(preset.status, 201, preset.text);
      const narrowed = await t.operator('PUT', '/operator/v1/custom-integrations/shared-pets', {
        document: petstore,
        selection: { operationIds: ['getInventory'] },
      });
      assert.equal(narrowed.status, 200, narrowed.text);
      assert.deepEqual(narrowed.body.changes.removed, ['list_pets']);
      assert.deepEqual(narrowed.body.changes.partialsRemoved, [preset.body.partial.id]);
      assert.equal((await t.get(`/api/v1/partials/${preset.body.partial.id}`, other.key)).status, 404);

      const inUse = await t.operator('DELETE', '/operator/v1/custom-integrations/shared-pets');
      assert.equal(inUse.status, 409, inUse.text);
      assert.equal((await t.delete(`/api/v1/connections/${conn.body.connection.id}`, other.key)).status, 200);
      const gone = await t.operator('DELETE', '/operator/v1/custom-integrations/shared-pets');
      assert.equal(gone.status, 200, gone.text);
      assert.equal((await t.get('/api/v1/integrations?name=shared-pets', null)).status, 404);
    } finally {
      await node.close();
    }
  });

  it('is deleted only when nothing uses it', async () => {
    const inUse = await t.delete('/api/v1/custom-integrations/petstore', key);
    assert.equal(inUse.status, 409, inUse.text);
    assert.equal(inUse.body.error, 'INTEGRATION_IN_USE');
    const unused = await t.delete('/api/v1/custom-integrations/old-pets', key);
    assert.equal(unused.status, 200, unused.text);
    assert.equal((await t.get('/api/v1/custom-integrations/old-pets', key)).status, 404);
    const run = await t.post('/api/v1/actions/execute', key, {
      integrationName: 'old-pets',
      actionName: 'add_pet',
      workspaceId: ws,
      input: { name: 'x' },
    });
    assert.equal(run.body.error, 'INTEGRATION_NOT_FOUND', run.text);
  });
});

/** The document served over HTTP on 127.0.0.1, as a customer's API serves its own. */
async function servePetstoreDocument(text: string): Promise<{ url: string; close(): Promise<void> }> {
  const http = await import('node:http');
  const server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/yaml' }).end(text));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as import('node:net').AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/openapi.yaml`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
