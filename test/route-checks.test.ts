import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, type TestApp } from './harness.js';
import { buildWorld, FIXTURES, type World } from './world.js';

/**
 * One check applied to every API-key route the OpenAPI document lists: no key, a garbage key, an expired key and a
 * revoked key get 401; another organization's resource gets 404; a workspace-scoped key outside its workspaces
 * gets 403 SCOPE_DENIED. A route missing from FIXTURES fails the suite, so new routes cannot skip the check.
 */
describe('route checks on every API-key route', () => {
  let t: TestApp;
  let a: World;
  let otherOrgKey: string;
  let scopedKey: string;
  let expiredKey: string;
  let revokedKey: string;
  let operations: Array<{ method: string; path: string }>;
  let otherAuth: Array<{ method: string; path: string; scheme: string }>;

  before(async () => {
    t = await startApp();
    a = await buildWorld(t);
    otherOrgKey = (await t.tenant()).key;
    scopedKey = await t.scopedKey(a.key, [a.otherWs]);
    const exp = await t.post('/api/v1/api-keys', a.key, {
      name: 'expiring',
      expiresAt: new Date(Date.now() + 1000).toISOString(),
    });
    expiredKey = exp.body.plainKey;
    const rev = await t.post('/api/v1/api-keys', a.key, { name: 'revoked' });
    revokedKey = rev.body.plainKey;
    assert.equal((await t.get('/api/v1/workspaces', revokedKey)).status, 200);
    assert.equal((await t.delete(`/api/v1/api-keys/${rev.body.apiKey.id}`, a.key)).status, 200);
    await new Promise((r) => setTimeout(r, 1100));

    const doc = (await t.get('/api/v1/openapi.json')).body as {
      paths: Record<string, Record<string, { security?: Array<Record<string, unknown>> }>>;
    };
    operations = [];
    otherAuth = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (op.security?.some((s) => 'apiKey' in s)) operations.push({ method: method.toUpperCase(), path });
        for (const scheme of ['session', 'operatorToken']) {
          if (op.security?.some((s) => scheme in s)) otherAuth.push({ method: method.toUpperCase(), path, scheme });
        }
      }
    }
  });
  after(async () => t.close());

  it('has a fixture for every API-key route, and no fixture for a route that does not exist', () => {
    const listed = new Set(operations.map((o) => `${o.method} ${o.path}`));
    assert.deepEqual(
      [...listed].filter((k) => !FIXTURES[k]),
      [],
      'routes without a fixture',
    );
    assert.deepEqual(
      Object.keys(FIXTURES).filter((k) => !listed.has(k)),
      [],
      'fixtures without a route',
    );
  });

  it('answers 401 to a missing, garbage, expired or revoked key', async () => {
    for (const { method, path } of operations) {
      const { url, body } = FIXTURES[`${method} ${path}`]!.build(a);
      for (const key of [null, 'garbage', `svc_${'x'.repeat(43)}`, expiredKey, revokedKey]) {
        const res = await t.request(method, url, { key, body });
        assert.equal(res.status, 401, `${method} ${url} with ${key?.slice(0, 8) ?? 'no key'}`);
        assert.equal(res.body.error, 'UNAUTHORIZED');
        assert.equal(typeof res.body.message, 'string');
      }
    }
  });

  it('answers 401 on session and operator routes without their own credential (an API key is not one)', async () => {
    assert.ok(otherAuth.some((o) => o.scheme === 'session') && otherAuth.some((o) => o.scheme === 'operatorToken'));
    for (const { method, path } of otherAuth) {
      const url = path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
      for (const key of [null, 'garbage', a.key]) {
        const res = await t.request(method, url, { key, body: method === 'GET' || method === 'DELETE' ? undefined : {} });
        assert.equal(res.status, 401, `${method} ${url} with ${key?.slice(0, 8) ?? 'no key'}`);
        assert.equal(res.body.error, 'UNAUTHORIZED');
      }
    }
  });

  it("answers 404 to another organization's key", async () => {
    for (const { method, path } of operations) {
      const fixture = FIXTURES[`${method} ${path}`]!;
      if (!fixture.crossOrg) continue;
      const { url, body } = fixture.build(a);
      const res = await t.request(method, url, { key: otherOrgKey, body });
      assert.equal(res.status, 404, `${method} ${url}: ${res.text}`);
    }
  });

  it('answers 403 SCOPE_DENIED to a workspace-scoped key outside its workspaces', async () => {
    for (const { method, path } of operations) {
      const fixture = FIXTURES[`${method} ${path}`]!;
      if (!fixture.scoped) continue;
      const { url, body } = fixture.build(a);
      const res = await t.request(method, url, { key: scopedKey, body });
      assert.equal(res.status, 403, `${method} ${url}: ${res.text}`);
      assert.equal(res.body.error, 'SCOPE_DENIED');
    }
  });
});
