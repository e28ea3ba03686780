import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { members, organizations, users } from '../../platform/db/schema.js';
import { startApp, type TestApp } from '../../../test/harness.js';

describe('operator API', () => {
  let t: TestApp;
  before(async () => {
    t = await startApp();
  });
  after(async () => t.close());

  it('needs the operator token', async () => {
    for (const key of [null, 'wrong-token', 'svc_abcdefghijklmnopqrstuvwxyz0123456789']) {
      const res = await t.request('GET', '/operator/v1/organizations', { key });
      assert.equal(res.status, 401);
      assert.equal(res.body.error, 'UNAUTHORIZED');
    }
    const { key } = await t.tenant();
    assert.equal((await t.get('/operator/v1/organizations', key)).status, 401, 'an API key is not an operator token');
  });

  it('creates an organization with its first working API key', async () => {
    const res = await t.operator('POST', '/operator/v1/organizations', { name: 'Acme' });
    assert.equal(res.status, 201);
    const { organization, apiKey, plainKey } = res.body;
    assert.equal(organization.name, 'Acme');
    assert.equal(organization.plan, 'free');
    assert.equal(organization.suspended, false);
    assert.match(organization.createdAt, /T/);
    assert.equal(apiKey.orgId, organization.id);
    assert.match(plainKey, /^svc_/);
    const [row] = await t.db.orm.select().from(organizations).where(eq(organizations.id, organization.id));
    assert.equal(row?.plan, 'free');
    assert.equal((await t.get('/api/v1/workspaces', plainKey)).status, 200);
  });

  it('creates an organization with an owner who can sign in', async () => {
    const res = await t.operator('POST', '/operator/v1/organizations', {
      name: 'Owned',
      plan: 'team',
      owner: { email: 'Owner@Example.com', name: 'Olive Owner', password: 'correct horse battery' },
    });
    assert.equal(res.status, 201);
    assert.equal(res.body.organization.plan, 'team');
    const [member] = await t.db.orm.select().from(members).where(eq(members.orgId, res.body.organization.id));
    assert.equal(member?.role, 'owner');
    const [user] = await t.db.orm.select().from(users).where(eq(users.id, member.userId));
    assert.equal(user?.email, 'Owner@Example.com');
    assert.ok(user?.passwordHash?.startsWith('scrypt$'));
    const signIn = await t.post('/api/v1/auth/sign-in', null, { email: 'owner@example.com', password: 'correct horse battery' });
    assert.equal(signIn.status, 200);

    // An existing account is linked, no password needed.
    const second = await t.operator('POST', '/operator/v1/organizations', {
      name: 'Second',
      owner: { email: 'owner@example.com', name: 'Olive' },
    });
    assert.equal(second.status, 201);
    assert.equal(second.body.owner.userId, member.userId);

    const missing = await t.operator('POST', '/operator/v1/organizations', {
      name: 'X',
      owner: { email: 'new@example.com', name: 'New' },
    });
    assert.equal(missing.status, 400);
    assert.equal(missing.body.error, 'VALIDATION_ERROR');
    assert.match(missing.body.message, /owner\.password/);
    const count = await t.db.orm.select().from(organizations).where(eq(organizations.name, 'X'));
    assert.equal(count.length, 0, 'no half-written organization');
  });

  it('lists, gets and updates organizations', async () => {
    const { orgId } = await t.tenant('pro');
    const list = await t.operator('GET', '/operator/v1/organizations?limit=100');
    assert.equal(list.status, 200);
    assert.ok(list.body.total >= 1);
    assert.ok(list.body.organizations.some((o: { id: string }) => o.id === orgId));
    const got = await t.operator('GET', `/operator/v1/organizations/${orgId}`);
    assert.equal(got.body.organization.plan, 'pro');
    const patched = await t.operator('PATCH', `/operator/v1/organizations/${orgId}`, { name: 'Renamed', plan: 'scale' });
    assert.equal(patched.status, 200);
    assert.equal(patched.body.organization.name, 'Renamed');
    assert.equal(patched.body.organization.plan, 'scale');
    const [row] = await t.db.orm.select().from(organizations).where(eq(organizations.id, orgId));
    assert.equal(row?.plan, 'scale');
  });

  it('validates input', async () => {
    const { orgId } = await t.tenant();
    const cases: Array<[string, string, unknown, number, string]> = [
      ['POST', '/operator/v1/organizations', {}, 400, 'VALIDATION_ERROR'],
      ['POST', '/operator/v1/organizations', { name: 'x'.repeat(101) }, 400, 'VALIDATION_ERROR'],
      ['POST', '/operator/v1/organizations', { name: 'a', plan: 'platinum' }, 400, 'VALIDATION_ERROR'],
      ['PATCH', `/operator/v1/organizations/${orgId}`, {}, 400, 'NO_UPDATES'],
      ['PATCH', `/operator/v1/organizations/${orgId}`, { suspended: 'yes' }, 400, 'VALIDATION_ERROR'],
      ['PATCH', '/operator/v1/organizations/00000000-0000-4000-8000-000000000000', { name: 'a' }, 404, 'NOT_FOUND'],
      ['GET', '/operator/v1/organizations/00000000-0000-4000-8000-000000000000', undefined, 404, 'NOT_FOUND'],
      ['GET', '/operator/v1/organizations/not-a-uuid', undefined, 400, 'VALIDATION_ERROR'],
      ['GET', '/operator/v1/organizations?limit=101', undefined, 400, 'VALIDATION_ERROR'],
    ];
    for (const [method, url, body, status, code] of cases) {
      const res = await t.operator(method, url, body);
      assert.equal(res.status, status, `${method} ${url} ${JSON.stringify(body)}`);
      assert.equal(res.body.error, code);
    }
  });
});
