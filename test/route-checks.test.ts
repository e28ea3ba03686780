import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, type TestApp } from './harness.js';
import { FIXTURES, type World } from './world.js';
import { buildWorld } from './world-build.js';
import { assertEveryRouteDeclaresAccess } from '../src/app.js';
import type { RouteAccess } from '../src/platform/http/route-access.js';

/**
 * One check applied to every route, driven by the access each route declares (src/platform/http/route-access.ts,
 * published as `x-switchboard-access` in the OpenAPI document): on API-key routes no key, a garbage key, an expired
 * key and a revoked key get 401; another organization's resource gets 404; a workspace-scoped key outside its
 * workspaces gets 403 SCOPE_DENIED where the route declares a reach of `organization` or `workspace`, and is served
 * where it declares `any`; a key without a declared permission gets 403 FORBIDDEN. Session and operator routes refuse
 * everything but their own credential. A route missing from FIXTURES fails the suite, so new routes cannot skip it.
 */
describe('route checks on every API-key route', () => {
  let t: TestApp;
  let a: World;
  let otherOrgKey: string;
  let scopedKey: string;
  let expiredKey: string;
  let revokedKey: string;
  let noDecideKey: string;
  let operations: Array<{ method: string; path: string; access: RouteAccess & { auth: 'apiKey' } }>;
  // Signed-in people (0132): the owner, and a person with the role member who belongs to otherWs only.
  let ownerSession: string;
  let memberSession: string;
  let otherOrgId: string;
  let otherAuth: Array<{ method: string; path: string; auth: 'session' | 'operator' }>;

  before(async () => {
    t = await startApp();
    a = await buildWorld(t);
    const other = await t.tenant();
    otherOrgKey = other.key;
    otherOrgId = other.orgId;
    ownerSession = (await t.post('/api/v1/auth/sign-in', null, a.owner)).body.token;
    const person = { email: `route-member-${Date.now()}@example.com`, password: 'member-password-1', name: 'Route Member' };
    memberSession = (await t.post('/api/v1/auth/sign-up', null, person)).body.token;
    await t.verifyEmail(person.email);
    const inv = await t.post('/api/v1/members/invite', a.key, { email: person.email, role: 'member' });
    const joined = await t.request('POST', `/api/v1/members/invitations/${inv.body.invitation.id}/accept`, {
      key: memberSession,
    });
    assert.equal(joined.status, 200, joined.text);
    const added = await t.post('/api/v1/workspace-members', a.key, { workspaceId: a.otherWs, memberId: joined.body.member.id });
    assert.equal(added.status, 201, added.text);
    scopedKey = await t.scopedKey(a.key, [a.otherWs]);
    const exp = await t.post('/api/v1/api-keys', a.key, {
      name: 'expiring',
      expiresAt: new Date(Date.now() + 1000).toISOString(),
    });
    expiredKey = exp.body.plainKey;
    const rev = await t.post('/api/v1/api-keys', a.key, { name: 'revoked' });
    revokedKey = rev.body.plainKey;
    const noDecide = await t.post('/api/v1/api-keys', a.key, {
      name: 'org key without approvals.decide',
      permissions: { scope: 'org', approvals: { decide: false } },
    });
    noDecideKey = noDecide.body.plainKey;
    assert.equal((await t.get('/api/v1/workspaces', revokedKey)).status, 200);
    assert.equal((await t.delete(`/api/v1/api-keys/${rev.body.apiKey.id}`, a.key)).status, 200);
    await new Promise((r) => setTimeout(r, 1100));

    const doc = (await t.get('/api/v1/openapi.json')).body as {
      paths: Record<string, Record<string, { 'x-switchboard-access'?: RouteAccess }>>;
    };
    operations = [];
    otherAuth = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const access = op['x-switchboard-access'];
        assert.ok(access, `${method.toUpperCase()} ${path} publishes no access declaration`);
        if (access.auth === 'apiKey') operations.push({ method: method.toUpperCase(), path, access });
        else if (access.auth !== 'none') otherAuth.push({ method: method.toUpperCase(), path, auth: access.auth });
      }
    }
  });
  after(async () => t.close());

  it('declares who may call every route; a route without a declaration stops the start', () => {
    const undeclared = t.app.routeList.filter((r) => r.access === undefined).map((r) => `${r.method} ${r.url}`);
    assert.deepEqual(undeclared, []);
    assert.throws(
      () => assertEveryRouteDeclaresAccess([{ method: 'GET', url: '/api/v1/new-thing', access: undefined }]),
      /GET \/api\/v1\/new-thing/,
    );
    assert.throws(
      () => assertEveryRouteDeclaresAccess([{ method: 'GET', url: '/x', access: { auth: 'none', reason: '' } }]),
      /GET \/x/,
    );
  });

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
    assert.ok(otherAuth.some((o) => o.auth === 'session') && otherAuth.some((o) => o.auth === 'operator'));
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

  it('answers 403 SCOPE_DENIED to a workspace-scoped key outside its workspaces where the route declares a reach', async () => {
    const checked = operations.filter((o) => o.access.reach !== 'any');
    assert.ok(checked.some((o) => o.access.reach === 'organization') && checked.some((o) => o.access.reach === 'workspace'));
    for (const { method, path } of checked) {
      const { url, body } = FIXTURES[`${method} ${path}`]!.build(a);
      const res = await t.request(method, url, { key: scopedKey, body });
      assert.equal(res.status, 403, `${method} ${url}: ${res.text}`);
      assert.equal(res.body.error, 'SCOPE_DENIED');
    }
  });

  it("serves a workspace-scoped key on routes that declare reach 'any' (they name no workspace)", async () => {
    const open = operations.filter((o) => o.access.reach === 'any');
    assert.ok(open.length > 0);
    for (const { method, path } of open) {
      const { url, body } = FIXTURES[`${method} ${path}`]!.build(a);
      const res = await t.request(method, url, { key: scopedKey, body });
      assert.ok(res.status < 300, `${method} ${url}: ${res.status} ${res.text}`);
    }
  });

  it('answers 403 FORBIDDEN to a key without the permission a route declares', async () => {
    const gated = operations.filter((o) => o.access.permission);
    assert.deepEqual(
      gated.map((o) => `${o.method} ${o.path}`),
      ['POST /api/v1/approvals/{id}/approve', 'POST /api/v1/approvals/{id}/reject', 'POST /api/v1/approvals/{id}/cancel'],
    );
    for (const { method, path } of gated) {
      const { url, body } = FIXTURES[`${method} ${path}`]!.build(a);
      const res = await t.request(method, url, { key: noDecideKey, body });
      assert.equal(res.status, 403, `${method} ${url}: ${res.text}`);
      assert.equal(res.body.error, 'FORBIDDEN');
      assert.match(res.body.message, /approvals\.decide/);
    }
  });

  const asPerson = (session: string, orgId: string) => ({ key: session, headers: { 'x-switchboard-organization': orgId } });

  it('serves the signed-in owner (session and X-Switchboard-Organization) on every GET API-key route as the org key', async () => {
    for (const { method, path } of operations.filter((o) => o.method === 'GET')) {
      const { url } = FIXTURES[`${method} ${path}`]!.build(a);
      const byKey = await t.request(method, url, { key: a.key });
      const byOwner = await t.request(method, url, asPerson(ownerSession, a.orgId));
      assert.equal(byOwner.status, byKey.status, `${method} ${url}: ${byOwner.text}`);
      assert.ok(byOwner.status < 400, `${method} ${url}: ${byOwner.status} ${byOwner.text}`);
    }
  });

  it('answers the role member 403 SCOPE_DENIED outside their workspaces where the route declares a reach', async () => {
    for (const { method, path, access } of operations) {
      const { url, body } = FIXTURES[`${method} ${path}`]!.build(a);
      const res = await t.request(method, url, { ...asPerson(memberSession, a.orgId), body });
      if (access.reach === 'any') assert.ok(res.status < 300, `${method} ${url}: ${res.status} ${res.text}`);
      else {
        assert.equal(res.status, 403, `${method} ${url}: ${res.text}`);
        assert.equal(res.body.error, 'SCOPE_DENIED', `${method} ${url}`);
      }
    }
  });

  it('answers 403 FORBIDDEN to a person naming an organization they are not in, and 401 without one', async () => {
    for (const { method, path } of operations) {
      const { url, body } = FIXTURES[`${method} ${path}`]!.build(a);
      for (const orgId of [otherOrgId, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
        const res = await t.request(method, url, { ...asPerson(ownerSession, orgId), body });
        assert.equal(res.status, 403, `${method} ${url} in ${orgId}: ${res.text}`);
        assert.equal(res.body.error, 'FORBIDDEN');
      }
      const bare = await t.request(method, url, { key: ownerSession, body });
      assert.equal(bare.status, 401, `${method} ${url} without the header`);
      assert.match(bare.body.message, /X-Switchboard-Organization/i);
    }
  });
});
