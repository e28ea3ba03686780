import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { OPERATOR_TOKEN, startApp, type TestApp } from './harness.js';
import { buildWorld, FIXTURES, type World } from './world.js';

/**
 * Property: no malformed body sent to any create or update endpoint yields a 5xx. Bodies are arbitrary JSON and
 * objects built from the endpoint's own field names with values of every type (seeded, so a failure reproduces).
 */
type Op = { method: string; path: string; fields: string[]; auth: 'apiKey' | 'operator' | 'session' | 'none' };

describe('robustness: malformed bodies never yield a 5xx', () => {
  let t: TestApp;
  let w: World;
  let session: string;
  let ops: Op[];

  before(async () => {
    t = await startApp();
    w = await buildWorld(t);
    const up = await t.post('/api/v1/auth/sign-up', null, { email: 'fuzz@example.com', password: 'fuzz-password', name: 'Fuzz' });
    session = up.body.token;
    const doc = (await t.get('/api/v1/openapi.json')).body;
    ops = [];
    for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      for (const [method, op] of Object.entries(methods)) {
        if (!['post', 'patch'].includes(method) || !op.requestBody) continue;
        const schema = op.requestBody.content?.['application/json']?.schema ?? {};
        const sec = (op.security ?? []) as Array<Record<string, unknown>>;
        const auth = sec.some((s) => 'apiKey' in s)
          ? 'apiKey'
          : sec.some((s) => 'operatorToken' in s)
            ? 'operator'
            : sec.some((s) => 'session' in s)
              ? 'session'
              : 'none';
        ops.push({ method: method.toUpperCase(), path, fields: Object.keys(schema.properties ?? {}), auth });
      }
    }
  });
  after(async () => t.close());

  const jsonValue = fc.jsonValue({ maxDepth: 3 });
  const weird = fc.oneof(
    jsonValue,
    fc.string({ maxLength: 300 }),
    fc.constantFrom(
      '',
      ' ',
      'x'.repeat(5000),
      '00000000-0000-0000-0000-000000000000',
      'not-a-uuid',
      '2020-01-01T00:00:00Z',
      -1,
      0,
      1e308,
      null,
      true,
      [],
      {},
    ),
  );

  it('every POST and PATCH with a body', async () => {
    assert.ok(ops.length >= 6, `found ${ops.length} operations`);
    for (const op of ops) {
      const url =
        op.auth === 'apiKey'
          ? FIXTURES[`${op.method} ${op.path}`]!.build(w).url
          : op.path.replace('{id}', '00000000-0000-4000-8000-000000000000');
      const key = op.auth === 'apiKey' ? w.key : op.auth === 'operator' ? OPERATOR_TOKEN : op.auth === 'session' ? session : null;
      const body = fc.oneof(
        jsonValue,
        fc.dictionary(fc.constantFrom(...op.fields, 'unexpected', '__proto__', 'constructor'), weird, { maxKeys: 6 }),
      );
      await fc.assert(
        fc.asyncProperty(body, async (b) => {
          const res = await t.request(op.method, url, {
            key,
            raw: JSON.stringify(b) ?? 'null',
            headers: { 'content-type': 'application/json' },
          });
          assert.ok(res.status < 500, `${op.method} ${url} ${JSON.stringify(b)?.slice(0, 200)} -> ${res.status} ${res.text}`);
          assert.equal(typeof res.body?.error === 'string' || res.status < 300, true);
        }),
        { seed: 20261122, numRuns: 60 },
      );
    }
  });
});
