import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, type TestApp } from '../../../test/harness.js';

/** GET and PATCH /api/v1/organization: the caller's own organization, renamed by its owners (0138). */
describe('own organization', () => {
  let t: TestApp;
  let key: string;
  let orgId: string;
  const owner = { email: `own-${Date.now()}@example.com`, password: 'owner-password-1', name: 'Oona Owner' };
  const storedName = async (id = orgId) =>
    (await t.db.query<{ name: string; plan: string }>('SELECT name, plan FROM organizations WHERE id = $1', [id]))[0];

  before(async () => {
    t = await startApp();
    const org = await t.operator('POST', '/operator/v1/organizations', { name: 'Before', plan: 'team', owner });
    key = org.body.plainKey;
    orgId = org.body.organization.id;
  });
  after(() => t?.close());

  it('answers the organization to any of its keys, scoped ones included', async () => {
    const ws = await t.workspace(key);
    const scoped = await t.scopedKey(key, [ws.id]);
    for (const k of [key, scoped]) {
      const r = await t.get('/api/v1/organization', k);
      assert.equal(r.status, 200, r.text);
      assert.deepEqual(
        { id: r.body.organization.id, name: r.body.organization.name, plan: r.body.organization.plan },
        { id: orgId, name: 'Before', plan: 'team' },
      );
    }
  });

  it('is renamed by an organization-wide key, trimmed; the plan stays with the operator', async () => {
    const r = await t.patch('/api/v1/organization', key, { name: '  Acme Robotics ', plan: 'enterprise' });
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.organization.name, 'Acme Robotics');
    assert.deepEqual(await storedName(), { name: 'Acme Robotics', plan: 'team' });
    assert.equal((await t.get('/api/v1/organization', key)).body.organization.name, 'Acme Robotics');
  });

  it('refuses a scoped key and a member, and lets an owner’s session rename it', async () => {
    const ws = await t.workspace(key);
    const scoped = await t.scopedKey(key, [ws.id]);
    const denied = await t.patch('/api/v1/organization', scoped, { name: 'Scoped' });
    assert.equal(denied.status, 403);
    assert.equal(denied.body.error, 'SCOPE_DENIED');

    const person = { email: `own-m-${Date.now()}@example.com`, password: 'member-password-1', name: 'Mo Member' };
    const memberToken = (await t.post('/api/v1/auth/sign-up', null, person)).body.token;
    await t.verifyEmail(person.email);
    const inv = await t.post('/api/v1/members/invite', key, { email: person.email, role: 'member' });
    await t.request('POST', `/api/v1/members/invitations/${inv.body.invitation.id}/accept`, { key: memberToken });
    const headers = { 'x-switchboard-organization': orgId };
    const member = await t.request('PATCH', '/api/v1/organization', { key: memberToken, headers, body: { name: 'Member' } });
    assert.equal(member.body.error, 'SCOPE_DENIED');
    assert.equal((await storedName())?.name, 'Acme Robotics');

    const ownerToken = (await t.post('/api/v1/auth/sign-in', null, owner)).body.token;
    const renamed = await t.request('PATCH', '/api/v1/organization', { key: ownerToken, headers, body: { name: 'By Owner' } });
    assert.equal(renamed.status, 200, renamed.text);
    assert.equal((await storedName())?.name, 'By Owner');
    const mine = await t.request('GET', '/api/v1/me/organizations', { key: ownerToken });
    assert.equal(mine.body.data.find((o: { id: string }) => o.id === orgId).name, 'By Owner');
  });

  it('answers bad names with the envelope and changes nothing, and touches no other organization', async () => {
    const other = await t.operator('POST', '/operator/v1/organizations', { name: 'Other Org', plan: 'free' });
    const before = await storedName();
    for (const body of [{}, { name: '' }, { name: '   ' }, { name: 'x'.repeat(101) }, { name: 42 }]) {
      const r = await t.patch('/api/v1/organization', key, body);
      assert.equal(r.status, 400, `${JSON.stringify(body)}: ${r.text}`);
      assert.equal(r.body.error, 'VALIDATION_ERROR');
      assert.equal(typeof r.body.message, 'string');
    }
    assert.deepEqual(await storedName(), before);
    await t.patch('/api/v1/organization', key, { name: 'Mine Only' });
    assert.equal((await storedName(other.body.organization.id))?.name, 'Other Org');
    assert.equal((await t.patch('/api/v1/organization', 'svc_not-a-key', { name: 'x' })).status, 401);
  });
});
