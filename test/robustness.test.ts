import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { OPERATOR_TOKEN, startApp, type TestApp } from './harness.js';
import { hostileRequests, type HostileRequest, type Operation } from './hostile-requests.js';
import { FIXTURES, type World } from './world.js';
import { buildWorld } from './world-build.js';

type Auth = 'apiKey' | 'operator' | 'session' | 'none' | 'mcp';
type Op = Operation & { auth: Auth; envelope: 'rest' | 'json-rpc' | 'oauth' };

const SEED = 20261122;
const FAKE_ID = '00000000-0000-4000-8000-000000000000';

/**
 * Properties over the whole API, generated from the OpenAPI document so that new routes are covered: no malformed or
 * hostile request yields a 5xx, every 4xx carries the error envelope, and the process serves on (issue 17). Seeded,
 * so a failure reproduces.
 */
describe('robustness: malformed and hostile requests never yield a 5xx', () => {
  let t: TestApp;
  let w: World;
  let session: string;
  let mcpToken: string;
  let ops: Op[];

  before(async () => {
    t = await startApp();
    w = await buildWorld(t);
    const up = await t.post('/api/v1/auth/sign-up', null, { email: 'fuzz@example.com', password: 'fuzz-password', name: 'Fuzz' });
    session = up.body.token;
    mcpToken = (await t.post(`/api/v1/mcp/servers/${w.ids.mcpServer}/access-tokens`, w.key, { endUserId: 'world-user' })).body
      .accessToken;
    const orgId = (await t.operator('GET', '/operator/v1/organizations')).body.organizations[0].id as string;
    const doc = (await t.get('/api/v1/openapi.json')).body;
    ops = [];
    for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      for (const [method, op] of Object.entries(methods)) {
        const sec = (op.security ?? []) as Array<Record<string, unknown>>;
        const auth: Auth = sec.some((s) => 'apiKey' in s)
          ? 'apiKey'
          : sec.some((s) => 'operatorToken' in s)
            ? 'operator'
            : sec.some((s) => 'session' in s)
              ? 'session'
              : 'none';
        const schema = op.requestBody?.content?.['application/json']?.schema ?? {};
        const fixture = auth === 'apiKey' ? FIXTURES[`${method.toUpperCase()} ${path}`]!.build(w) : null;
        const url =
          fixture?.url ??
          path
            .replace('{integrationName}/{id}', `webhook/${w.ids.triggerSource}`)
            .replace('{integrationName}', 'webhook')
            .replace('/organizations/{id}', `/organizations/${orgId}`)
            .replace(/\{[^}]+\}/g, FAKE_ID) + (path === '/api/v1/files/{id}' ? '?expires=1700000000&signature=abcdefghijkl' : '');
        ops.push({
          method: method.toUpperCase(),
          path,
          url,
          auth,
          envelope: 'rest',
          // Every field of the body, and of each documented shape where it lists several (actions/execute).
          fields: [
            ...new Map(
              [schema, ...((schema.anyOf ?? schema.oneOf ?? []) as any[])]
                .flatMap((shape) => Object.entries((shape.properties ?? {}) as Record<string, { type?: string }>))
                .map(([name, s]) => [name, { name, object: s.type === 'object' }] as const),
            ).values(),
          ],
          query: ((op.parameters ?? []) as Array<{ in: string; name: string }>)
            .filter((p) => p.in === 'query')
            .map((p) => p.name),
          base: (fixture?.body as Record<string, unknown> | undefined) ?? null,
        });
      }
    }
  });
  after(async () => t.close());

  const keyFor = (auth: Auth) => ({ apiKey: w.key, operator: OPERATOR_TOKEN, session, mcp: mcpToken, none: null })[auth] ?? null;

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

  it('every POST and PATCH with a body: arbitrary JSON and the fields of its schema', async () => {
    const withBody = ops.filter((op) => ['POST', 'PATCH'].includes(op.method) && op.fields.length > 0);
    assert.ok(withBody.length >= 6, `found ${withBody.length} operations`);
    for (const op of withBody) {
      const names = op.fields.map((f) => f.name);
      const body = fc.oneof(
        jsonValue,
        fc.dictionary(fc.constantFrom(...names, 'unexpected', '__proto__', 'constructor'), weird, { maxKeys: 6 }),
      );
      await fc.assert(
        fc.asyncProperty(body, async (b) => {
          const res = await t.request(op.method, op.url, {
            key: keyFor(op.auth),
            raw: JSON.stringify(b) ?? 'null',
            headers: { 'content-type': 'application/json' },
          });
          assert.ok(res.status < 500, `${op.method} ${op.url} ${JSON.stringify(b)?.slice(0, 200)} -> ${res.status} ${res.text}`);
          assert.equal(typeof res.body?.error === 'string' || res.status < 300, true);
        }),
        { seed: SEED, numRuns: 40 },
      );
    }
  });

  it(
    'every operation, and the endpoints outside the document that read JSON: deep, wide, huge numbers, unpaired surrogates, NUL, oversized; and the process serves on',
    { timeout: 600_000 },
    async () => {
      assert.ok(ops.length >= 100, `found ${ops.length} operations`);
      const extras: Op[] = [
        {
          method: 'POST',
          path: '/mcp/srv_{id}',
          url: `/mcp/srv_${w.ids.mcpServer}`,
          auth: 'mcp',
          envelope: 'json-rpc',
          fields: ['jsonrpc', 'id', 'method'].map((name) => ({ name, object: false })).concat({ name: 'params', object: true }),
          query: [],
          base: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'datetime_date_math', arguments: {} } },
        },
        {
          method: 'POST',
          path: '/mcp/oauth/register',
          url: '/mcp/oauth/register',
          auth: 'none',
          envelope: 'oauth',
          fields: [
            { name: 'redirect_uris', object: false },
            { name: 'client_name', object: false },
          ],
          query: [],
          base: { redirect_uris: ['https://example.com/cb'], client_name: 'fuzz' },
        },
      ];
      // Deletions last, so the operations before them reach real resources.
      const order = [...ops, ...extras].sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
      const faults: unknown[] = [];
      const onFault = (reason: unknown) => faults.push(reason);
      process.on('unhandledRejection', onFault);
      const failures: string[] = [];
      let sent = 0;
      try {
        for (const [i, op] of order.entries()) {
          const seed = SEED + i;
          for (const req of hostileRequests(op, seed, t.config.bodyLimit)) {
            sent++;
            const problem = await check(t, op, req, keyFor(op.auth));
            if (problem) failures.push(`${op.method} ${op.path} [${req.family}, seed ${seed}] ${req.what}: ${problem}`);
          }
        }
      } finally {
        process.off('unhandledRejection', onFault);
      }
      assert.deepEqual(failures.slice(0, 20), [], `${failures.length} of ${sent} requests failed`);
      assert.deepEqual(faults, [], 'no unhandled rejection');
      assert.equal((await t.get('/healthz')).status, 200);
      // A piece action still runs: the workers serve too.
      const run = await t.post('/api/v1/actions/execute', w.key, {
        integrationName: 'data-mapper',
        actionName: 'advanced_mapping',
        workspaceId: w.otherWs,
        input: { mapping: { ok: 'yes' } },
      });
      assert.equal(run.status, 200, run.text);
    },
  );
});

/** What is wrong with the answer to one hostile request, or null. */
async function check(t: TestApp, op: Op, req: HostileRequest, key: string | null): Promise<string | null> {
  const headers = op.envelope === 'json-rpc' ? { ...req.headers, accept: 'application/json, text/event-stream' } : req.headers;
  const res = await t.request(req.method, req.url, { key, headers, ...(req.raw !== undefined ? { raw: req.raw } : {}) });
  const answer = `${res.status} ${res.text.slice(0, 200)}`;
  if (res.status >= 500) return answer;
  if (res.status < 400) return null;
  const b = res.body;
  // The OAuth callback is a page a browser lands on: it answers problems as a page.
  if (op.path === '/api/v1/connect/oauth-callback' && String(res.headers['content-type']).startsWith('text/html')) return null;
  const enveloped =
    op.envelope === 'json-rpc'
      ? b?.jsonrpc === '2.0' && typeof b.error?.code === 'number' && typeof b.error?.message === 'string'
      : op.envelope === 'oauth'
        ? typeof b?.error === 'string'
        : typeof b?.error === 'string' && typeof b?.message === 'string';
  return enveloped ? null : `no error envelope: ${answer}`;
}
