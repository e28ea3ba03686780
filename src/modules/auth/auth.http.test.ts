import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { userSessions, users } from '../../platform/db/schema.js';
import { startApp, type TestApp } from '../../../test/harness.js';

describe('person accounts and sessions', () => {
  let t: TestApp;
  before(async () => {
    t = await startApp();
  });
  after(async () => t.close());

  it('signs up, reads the session by bearer token and by cookie, signs out', async () => {
    const up = await t.post('/api/v1/auth/sign-up', null, { email: 'ada@example.com', password: 'analytical engine', name: 'Ada' });
    assert.equal(up.status, 201);
    assert.equal(up.body.user.email, 'ada@example.com');
    assert.match(up.body.token, /^uss_/);
    const cookie = String(up.headers['set-cookie']);
    assert.match(cookie, /sb_session=uss_/);
    assert.match(cookie, /HttpOnly/);
    assert.match(cookie, /SameSite=Lax/);
    assert.equal('passwordHash' in up.body.user, false);

    const [user] = await t.db.orm.select().from(users).where(eq(users.id, up.body.user.id));
    assert.ok(user?.passwordHash?.startsWith('scrypt$'));
    assert.ok(!user?.passwordHash?.includes('analytical engine'));
    const [session] = await t.db.orm.select().from(userSessions).where(eq(userSessions.userId, up.body.user.id));
    assert.equal(session?.tokenHash, createHash('sha256').update(up.body.token).digest('hex'));

    const byBearer = await t.get('/api/v1/auth/session', up.body.token);
    assert.equal(byBearer.status, 200);
    assert.equal(byBearer.body.user.id, up.body.user.id);
    const byCookie = await t.get('/api/v1/auth/session', null, { cookie: `sb_session=${up.body.token}` });
    assert.equal(byCookie.status, 200);

    const out = await t.post('/api/v1/auth/sign-out', up.body.token);
    assert.equal(out.status, 200);
    assert.equal((await t.get('/api/v1/auth/session', up.body.token)).status, 401);
  });

  it('signs in with the right password only', async () => {
    await t.post('/api/v1/auth/sign-up', null, { email: 'bob@example.com', password: 'hunter2hunter2', name: 'Bob' });
    const ok = await t.post('/api/v1/auth/sign-in', null, { email: 'BOB@example.com', password: 'hunter2hunter2' });
    assert.equal(ok.status, 200);
    const wrong = await t.post('/api/v1/auth/sign-in', null, { email: 'bob@example.com', password: 'nope-nope' });
    assert.equal(wrong.status, 401);
    assert.equal(wrong.body.error, 'INVALID_CREDENTIALS');
    const nobody = await t.post('/api/v1/auth/sign-in', null, { email: 'nobody@example.com', password: 'whatever1' });
    assert.equal(nobody.status, 401);
    assert.equal(nobody.body.error, 'INVALID_CREDENTIALS');
  });

  it('rejects duplicates and bad input', async () => {
    await t.post('/api/v1/auth/sign-up', null, { email: 'carol@example.com', password: 'password123', name: 'Carol' });
    const dup = await t.post('/api/v1/auth/sign-up', null, { email: 'Carol@Example.com', password: 'password123', name: 'C' });
    assert.equal(dup.status, 409);
    assert.equal(dup.body.error, 'DUPLICATE');
    for (const body of [
      { email: 'not-an-email', password: 'password123', name: 'X' },
      { email: 'x@example.com', password: 'short', name: 'X' },
      { email: 'x@example.com', password: 'password123' },
      { email: 'x@example.com', password: 'password123', name: '' },
    ]) {
      const res = await t.post('/api/v1/auth/sign-up', null, body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.body.error, 'VALIDATION_ERROR');
    }
  });

  it('refuses session routes without a valid session, and API keys are not sessions', async () => {
    assert.equal((await t.get('/api/v1/auth/session')).status, 401);
    assert.equal((await t.get('/api/v1/auth/session', 'uss_forged')).status, 401);
    const { key } = await t.tenant();
    assert.equal((await t.get('/api/v1/auth/session', key)).status, 401);
  });
});
