import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, type TestApp } from './harness.js';

type Schema = Record<string, any>;

/** Every object schema reachable from `schema` (through properties, items and combinators), with its JSON path. */
function* objectSchemas(
  schema: unknown,
  where: string,
  components: Record<string, Schema>,
  seen = new Set<unknown>(),
): Generator<[Schema, string]> {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return;
  seen.add(schema);
  const s = schema as Schema;
  if (typeof s.$ref === 'string') {
    const name = s.$ref.split('/').pop() as string;
    yield* objectSchemas(components[name], `${where}→${name}`, components, seen);
    return;
  }
  if (s.properties) yield [s, where];
  for (const [k, v] of Object.entries((s.properties ?? {}) as Record<string, unknown>)) {
    yield* objectSchemas(v, `${where}.${k}`, components, seen);
  }
  for (const key of ['items', 'additionalProperties', 'not']) yield* objectSchemas(s[key], `${where}.${key}`, components, seen);
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    for (const [i, v] of ((s[key] ?? []) as unknown[]).entries())
      yield* objectSchemas(v, `${where}.${key}[${i}]`, components, seen);
  }
}

describe('OpenAPI document', () => {
  let t: TestApp;
  let doc: Schema;

  before(async () => {
    t = await startApp();
    doc = (await t.get('/api/v1/openapi.json')).body;
  });
  after(async () => t.close());

  it('marks no parameter that has a default as required, on any route', () => {
    const offenders: string[] = [];
    let withDefault = 0;
    for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, Schema>>)) {
      for (const [method, op] of Object.entries(methods)) {
        for (const p of (op.parameters ?? []) as Schema[]) {
          if (p.schema?.default === undefined) continue;
          withDefault++;
          if (p.required === true) offenders.push(`${method.toUpperCase()} ${path} ${p.in} ${p.name}`);
        }
      }
    }
    assert.deepEqual(offenders, []);
    assert.ok(withDefault > 10, `the document has parameters with defaults to check (${withDefault})`);
  });

  it('documents the catalog summary flag and the activity page size as optional with their defaults', () => {
    const param = (path: string, name: string) =>
      ((doc.paths[path].get.parameters ?? []) as Schema[]).find((p) => p.name === name) as Schema;
    const summary = param('/api/v1/integrations', 'summary');
    assert.equal(summary.schema.default, false);
    assert.notEqual(summary.required, true);
    const limit = param('/api/v1/activity', 'limit');
    assert.equal(limit.schema.default, 50);
    assert.notEqual(limit.required, true);
  });

  it('lists no body field that has a default as required, on any route', () => {
    const components = (doc.components?.schemas ?? {}) as Record<string, Schema>;
    const offenders: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, Schema>>)) {
      for (const [method, op] of Object.entries(methods)) {
        const body = op.requestBody?.content?.['application/json']?.schema;
        for (const [obj, where] of objectSchemas(body, `${method.toUpperCase()} ${path} body`, components)) {
          for (const name of (obj.required ?? []) as string[]) {
            if (obj.properties?.[name]?.default !== undefined) offenders.push(`${where}.${name}`);
          }
        }
      }
    }
    assert.deepEqual(offenders, []);
  });

  it('documents the two execute request shapes, each with its own required fields', async () => {
    const body = doc.paths['/api/v1/actions/execute'].post.requestBody.content['application/json'].schema as Schema;
    const shapes = (body.anyOf ?? body.oneOf) as Schema[];
    assert.deepEqual(
      shapes.map((s) => [s.title, [...s.required].sort()]),
      [
        ['ExecuteActionRequest', ['actionName', 'integrationName', 'workspaceId']],
        ['EarlierExecuteActionRequest', ['actionName', 'input', 'pieceName']],
      ],
    );
    assert.ok(!('pieceName' in shapes[0]!.properties) && !('integrationAlias' in shapes[1]!.properties));
    // Validation still accepts both (and names what is missing), as before.
    const { key, ws } = await t.tenant().then(async (x) => ({ ...x, ws: (await t.workspace(x.key)).id }));
    const current = await t.post('/api/v1/actions/execute', key, {
      integrationName: 'hash-encode',
      actionName: 'hash',
      workspaceId: ws,
      input: { text: 'a', algorithm: 'sha256' },
    });
    assert.equal(current.status, 200, current.text);
    const missing = await t.post('/api/v1/actions/execute', key, { integrationName: 'hash-encode', actionName: 'hash' });
    assert.equal(missing.status, 400);
    assert.equal(missing.body.error, 'VALIDATION_ERROR');
    assert.match(missing.body.message, /workspaceId/);
  });

  it("names every operation once, as <group>.<method>, the SDKs' method for it (0129)", () => {
    const ids: string[] = [];
    const offenders: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, Schema>>)) {
      for (const [method, op] of Object.entries(methods)) {
        const id = op.operationId;
        if (typeof id !== 'string' || !/^[a-z][A-Za-z]*\.[a-z][A-Za-z]*$/.test(id)) offenders.push(`${method} ${path}: ${id}`);
        else ids.push(id);
      }
    }
    assert.deepEqual(offenders, []);
    assert.equal(new Set(ids).size, ids.length, 'operation ids are unique');
    assert.ok(ids.includes('actions.execute') && ids.includes('inboundWebhooks.sourcePost') && ids.includes('approvals.approve'));
  });
});
