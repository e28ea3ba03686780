import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { invitations, members } from '../../platform/db/schema.js';
import { PURGE_INVITATIONS_JOB } from './members.jobs.js';
import { startApp, type TestApp } from '../../../test/harness.js';
import { startSmtpSink } from '../../../test/mail.js';

describe('members and invitations', () => {
  let t: TestApp;
  before(async () => {
    t = await startApp();
  });
  after(async () => t.close());

  /** A person who can sign in; verified, as accepting an invitation needs (that rule is tested below through the real code). */
  const person = async (email = `p-${randomBytes(4).toString('hex')}@example.com`) => {
    const res = await t.post('/api/v1/auth/sign-up', null, { email, password: 'password-123', name: email.split('@')[0] });
    assert.equal(res.status, 201);
    await t.verifyEmail(email);
    return { email, token: res.body.token as string, userId: res.body.user.id as string };
  };
  /** An organization with an owner who can sign in. */
  const ownedTenant = async (plan = 'enterprise') => {
    const owner = await person();
    const res = await t.operator('POST', '/operator/v1/organizations', {
      name: 'Owned',
      plan,
      owner: { email: owner.email, name: 'Owner' },
    });
    assert.equal(res.status, 201);
    return {
      key: res.body.plainKey as string,
      orgId: res.body.organization.id as string,
      ownerMemberId: res.body.owner.memberId as string,
      owner,
    };
  };

  it('invites, lists invitations, accepts as the invited person, and lists members', async () => {
    const { key, orgId } = await ownedTenant();
    const invitee = await person('Invitee@Example.com');
    const inv = await t.post('/api/v1/members/invite', key, { email: 'invitee@example.com', role: 'admin' });
    assert.equal(inv.status, 201);
    const invitation = inv.body.invitation;
    assert.equal(invitation.email, 'invitee@example.com');
    assert.equal(invitation.organizationId, orgId);
    assert.equal(invitation.role, 'admin');
    assert.equal(invitation.status, 'pending');
    const days = (Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt)) / 86_400_000;
    assert.ok(Math.abs(days - 7) < 0.001, `expires 7 days after creation (${days})`);

    const pending = await t.get('/api/v1/members/invitations', key);
    assert.equal(pending.status, 200);
    assert.deepEqual(
      pending.body.invitations.map((i: { id: string }) => i.id),
      [invitation.id],
    );

    const accepted = await t.post(`/api/v1/members/invitations/${invitation.id}/accept`, invitee.token);
    assert.equal(accepted.status, 200);
    const member = accepted.body.member;
    assert.equal(member.userId, invitee.userId);
    assert.equal(member.role, 'admin');
    assert.equal(member.organizationId, orgId);
    assert.equal(member.userEmail, 'Invitee@Example.com');
    const [inv2] = await t.db.orm.select().from(invitations).where(eq(invitations.id, invitation.id));
    assert.equal(inv2?.status, 'accepted');

    const list = await t.get('/api/v1/members', key);
    assert.equal(list.status, 200);
    assert.equal(list.body.total, 2);
    const listed = list.body.members.find((m: { id: string }) => m.id === member.id);
    assert.deepEqual(Object.keys(listed).sort(), [
      'createdAt',
      'id',
      'organizationId',
      'role',
      'userEmail',
      'userId',
      'userImage',
      'userName',
    ]);
    assert.equal((await t.get('/api/v1/members/invitations', key)).body.invitations.length, 0);
    const again = await t.post(`/api/v1/members/invitations/${invitation.id}/accept`, invitee.token);
    assert.equal(again.status, 404, 'an accepted invitation cannot be accepted again');
  });

  it('accepts by session cookie too, and refuses without a session', async () => {
    const { key } = await ownedTenant();
    const invitee = await person();
    const inv = (await t.post('/api/v1/members/invite', key, { email: invitee.email })).body.invitation;
    assert.equal(inv.role, 'member');
    assert.equal((await t.post(`/api/v1/members/invitations/${inv.id}/accept`, null)).status, 401);
    assert.equal((await t.post(`/api/v1/members/invitations/${inv.id}/accept`, key)).status, 401, 'an API key is not a person');
    const ok = await t.request('POST', `/api/v1/members/invitations/${inv.id}/accept`, {
      headers: { cookie: `sb_session=${invitee.token}` },
    });
    assert.equal(ok.status, 200);
  });

  it('answers FORBIDDEN to another email, EXPIRED after expiry, NOT_FOUND when revoked', async () => {
    const { key } = await ownedTenant();
    const right = await person();
    const wrong = await person();
    const inv = (await t.post('/api/v1/members/invite', key, { email: right.email })).body.invitation;
    const forbidden = await t.post(`/api/v1/members/invitations/${inv.id}/accept`, wrong.token);
    assert.equal(forbidden.status, 403);
    assert.equal(forbidden.body.error, 'FORBIDDEN');

    await t.db.orm
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, inv.id));
    const expired = await t.post(`/api/v1/members/invitations/${inv.id}/accept`, right.token);
    assert.equal(expired.status, 400);
    assert.equal(expired.body.error, 'EXPIRED');
    // an expired invitation does not block a new one
    const fresh = await t.post('/api/v1/members/invite', key, { email: right.email });
    assert.equal(fresh.status, 201);

    const del = await t.delete(`/api/v1/members/invitations/${fresh.body.invitation.id}`, key);
    assert.deepEqual(del.body, { deleted: true, id: fresh.body.invitation.id });
    const [row] = await t.db.orm.select().from(invitations).where(eq(invitations.id, fresh.body.invitation.id));
    assert.equal(row?.status, 'revoked');
    assert.equal((await t.post(`/api/v1/members/invitations/${fresh.body.invitation.id}/accept`, right.token)).status, 404);
    assert.equal((await t.delete(`/api/v1/members/invitations/${fresh.body.invitation.id}`, key)).status, 404);
    assert.equal((await t.post(`/api/v1/members/invitations/${randomUUID()}/accept`, right.token)).status, 404);
  });

  it('refuses duplicates: a pending invitation, an existing member', async () => {
    const { key, owner } = await ownedTenant();
    const p = await person();
    assert.equal((await t.post('/api/v1/members/invite', key, { email: p.email })).status, 201);
    const dupInv = await t.post('/api/v1/members/invite', key, { email: p.email.toUpperCase() });
    assert.equal(dupInv.status, 409);
    assert.equal(dupInv.body.error, 'DUPLICATE');
    const dupMember = await t.post('/api/v1/members/invite', key, { email: owner.email });
    assert.equal(dupMember.status, 409);
    assert.equal(dupMember.body.error, 'DUPLICATE');
  });

  it('changes roles and removes members, never the last owner', async () => {
    const { key, ownerMemberId, orgId } = await ownedTenant();
    const p = await person();
    const inv = (await t.post('/api/v1/members/invite', key, { email: p.email })).body.invitation;
    const member = (await t.post(`/api/v1/members/invitations/${inv.id}/accept`, p.token)).body.member;

    const lastDemote = await t.patch(`/api/v1/members/${ownerMemberId}`, key, { role: 'admin' });
    assert.equal(lastDemote.status, 409);
    assert.equal(lastDemote.body.error, 'LAST_OWNER');
    const lastRemove = await t.delete(`/api/v1/members/${ownerMemberId}`, key);
    assert.equal(lastRemove.status, 409);

    const promoted = await t.patch(`/api/v1/members/${member.id}`, key, { role: 'owner' });
    assert.equal(promoted.status, 200);
    assert.equal(promoted.body.member.role, 'owner');
    assert.equal((await t.patch(`/api/v1/members/${ownerMemberId}`, key, { role: 'member' })).status, 200);
    const [stored] = await t.db.orm.select().from(members).where(eq(members.id, ownerMemberId));
    assert.equal(stored?.role, 'member');
    const removed = await t.delete(`/api/v1/members/${ownerMemberId}`, key);
    assert.deepEqual(removed.body, { deleted: true, id: ownerMemberId });
    assert.equal((await t.db.orm.select().from(members).where(eq(members.orgId, orgId))).length, 1);
    assert.equal((await t.delete(`/api/v1/members/${ownerMemberId}`, key)).status, 404);
  });

  it('validates input', async () => {
    const { key, ownerMemberId } = await ownedTenant();
    for (const body of [
      {},
      { email: 'nope' },
      { email: 'a@example.com', role: 'owner' },
      { email: 'a@example.com', role: 'god' },
    ]) {
      const res = await t.post('/api/v1/members/invite', key, body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.body.error, 'VALIDATION_ERROR');
    }
    for (const body of [{}, { role: 'god' }]) {
      const res = await t.patch(`/api/v1/members/${ownerMemberId}`, key, body);
      assert.equal(res.status, 400);
      assert.equal(res.body.error, 'VALIDATION_ERROR');
    }
    assert.equal((await t.get('/api/v1/members?limit=101', key)).status, 400);
    assert.equal((await t.delete('/api/v1/members/invitations/not-a-uuid', key)).status, 400);
  });

  it('isolates tenants and refuses workspace-scoped keys', async () => {
    const a = await ownedTenant();
    const b = await ownedTenant();
    const inv = (await t.post('/api/v1/members/invite', a.key, { email: 'x@example.com' })).body.invitation;
    assert.equal((await t.patch(`/api/v1/members/${a.ownerMemberId}`, b.key, { role: 'admin' })).status, 404);
    assert.equal((await t.delete(`/api/v1/members/${a.ownerMemberId}`, b.key)).status, 404);
    assert.equal((await t.delete(`/api/v1/members/invitations/${inv.id}`, b.key)).status, 404);
    assert.ok(!(await t.get('/api/v1/members', b.key)).body.members.some((m: { id: string }) => m.id === a.ownerMemberId));
    const ws = await t.workspace(a.key);
    const scoped = await t.scopedKey(a.key, [ws.id]);
    for (const res of [
      await t.get('/api/v1/members', scoped),
      await t.post('/api/v1/members/invite', scoped, { email: 'y@example.com' }),
      await t.get('/api/v1/members/invitations', scoped),
      await t.delete(`/api/v1/members/invitations/${inv.id}`, scoped),
      await t.patch(`/api/v1/members/${a.ownerMemberId}`, scoped, { role: 'owner' }),
      await t.delete(`/api/v1/members/${a.ownerMemberId}`, scoped),
    ]) {
      assert.equal(res.status, 403);
      assert.equal(res.body.error, 'SCOPE_DENIED');
    }
  });

  it('counts pending invitations toward the member limit, and re-checks on accept', async () => {
    const t2 = await startApp({ SWITCHBOARD_PLANS: JSON.stringify({ free: { members: 2 } }) });
    try {
      const owner = await t2.post('/api/v1/auth/sign-up', null, { email: 'o@example.com', password: 'password-123', name: 'O' });
      const org = await t2.operator('POST', '/operator/v1/organizations', {
        name: 'Small',
        plan: 'free',
        owner: { email: 'o@example.com', name: 'O' },
      });
      const key = org.body.plainKey as string;
      assert.ok(owner.body.token);
      const first = await t2.post('/api/v1/members/invite', key, { email: 'one@example.com' });
      assert.equal(first.status, 201);
      const second = await t2.post('/api/v1/members/invite', key, { email: 'two@example.com' });
      assert.equal(second.status, 403);
      assert.deepEqual(
        [second.body.error, second.body.current, second.body.limit, second.body.plan],
        ['QUOTA_EXCEEDED', 2, 2, 'free'],
      );
      // Someone was added meanwhile (members now at the limit): accepting re-checks it.
      const orgId = org.body.organization.id;
      const one = await t2.post('/api/v1/auth/sign-up', null, {
        email: 'one@example.com',
        password: 'password-123',
        name: 'One',
      });
      await t2.verifyEmail('one@example.com');
      const extra = await t2.post('/api/v1/auth/sign-up', null, {
        email: 'extra@example.com',
        password: 'password-123',
        name: 'E',
      });
      await t2.db.orm.insert(members).values({ id: randomUUID(), orgId, userId: extra.body.user.id, role: 'member' });
      const acc = await t2.post(`/api/v1/members/invitations/${first.body.invitation.id}/accept`, one.body.token);
      assert.equal(acc.status, 403);
      assert.equal(acc.body.error, 'QUOTA_EXCEEDED');
      const [inv] = await t2.db.orm.select().from(invitations).where(eq(invitations.id, first.body.invitation.id));
      assert.equal(inv?.status, 'pending', 'a refused accept writes nothing');
    } finally {
      await t2.close();
    }
  });

  it('purges old invitations with the real job runner', async () => {
    const { orgId } = await ownedTenant();
    const old = randomUUID();
    const recent = randomUUID();
    const day = 86_400_000;
    await t.db.orm.insert(invitations).values([
      {
        id: old,
        orgId,
        email: 'old@example.com',
        role: 'member',
        expiresAt: new Date(Date.now() - 31 * day),
        createdAt: new Date(Date.now() - 38 * day),
      },
      {
        id: recent,
        orgId,
        email: 'recent@example.com',
        role: 'member',
        expiresAt: new Date(Date.now() - day),
        createdAt: new Date(Date.now() - 8 * day),
      },
    ]);
    const jobId = await t.app.services.jobs.send(PURGE_INVITATIONS_JOB, {});
    assert.ok(jobId);
    assert.equal(await t.app.services.jobs.waitFor(PURGE_INVITATIONS_JOB, jobId), 'completed');
    const left = (await t.db.orm.select().from(invitations).where(eq(invitations.orgId, orgId))).map((i) => i.id);
    assert.ok(!left.includes(old), 'expired more than 30 days ago: purged');
    assert.ok(left.includes(recent), 'recently expired: kept');
    const p = await t.post('/api/v1/auth/sign-up', null, { email: 'recent@example.com', password: 'password-123', name: 'R' });
    const res = await t.post(`/api/v1/members/invitations/${recent}/accept`, p.body.token);
    assert.equal(res.body.error, 'EXPIRED');
  });

  it('refuses an unverified account with the invited address (403 EMAIL_NOT_VERIFIED), and writes nothing', async () => {
    const { key, orgId } = await ownedTenant();
    const squatter = await t.post('/api/v1/auth/sign-up', null, {
      email: 'victim@corp.example',
      password: 'password-123',
      name: 'Not the victim',
    });
    const inv = (await t.post('/api/v1/members/invite', key, { email: 'victim@corp.example', role: 'admin' })).body.invitation;
    const res = await t.post(`/api/v1/members/invitations/${inv.id}/accept`, squatter.body.token);
    assert.equal(res.status, 403);
    assert.equal(res.body.error, 'EMAIL_NOT_VERIFIED');
    assert.match(res.body.message, /verify-email/);
    const [row] = await t.db.orm.select().from(invitations).where(eq(invitations.id, inv.id));
    assert.equal(row?.status, 'pending');
    assert.equal((await t.db.orm.select().from(members).where(eq(members.orgId, orgId))).length, 1, 'only the owner');
  });
});

describe('accepting an invitation after verifying the email through the emailed code', () => {
  let t: TestApp;
  let mail: Awaited<ReturnType<typeof startSmtpSink>>;
  before(async () => {
    mail = await startSmtpSink();
    t = await startApp(mail.env);
  });
  after(async () => {
    await t?.close();
    await mail?.stop();
  });

  it('is refused until the person enters the code sent to the invited address', async () => {
    const { key } = await t.tenant();
    const inv = (await t.post('/api/v1/members/invite', key, { email: 'newhire@example.com' })).body.invitation;
    const up = await t.post('/api/v1/auth/sign-up', null, {
      email: 'newhire@example.com',
      password: 'password-123',
      name: 'New',
    });
    const token = up.body.token as string;
    assert.equal((await t.post(`/api/v1/members/invitations/${inv.id}/accept`, token)).body.error, 'EMAIL_NOT_VERIFIED');
    assert.equal((await t.post('/api/v1/auth/verify-email/request', token)).status, 200);
    const code = await mail.codeFor('newhire@example.com');
    assert.equal((await t.post('/api/v1/auth/verify-email/confirm', token, { code })).status, 200);
    const ok = await t.post(`/api/v1/members/invitations/${inv.id}/accept`, token);
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.body.member.userId, up.body.user.id);
  });
});
