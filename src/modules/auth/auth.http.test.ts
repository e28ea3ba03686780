import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { emailVerificationCodes, emailVerificationSends, userSessions, users } from '../../platform/db/schema.js';
import { startApp, type TestApp } from '../../../test/harness.js';
import { emailedCodeWorld, type MailSink } from './auth.fixtures.js';

describe('person accounts and sessions', () => {
  let t: TestApp;
  before(async () => {
    t = await startApp();
  });
  after(async () => t.close());

  it('signs up, reads the session by bearer token and by cookie, signs out', async () => {
    const up = await t.post('/api/v1/auth/sign-up', null, {
      email: 'ada@example.com',
      password: 'analytical engine',
      name: 'Ada',
    });
    assert.equal(up.status, 201);
    assert.equal(up.body.user.email, 'ada@example.com');
    assert.equal(up.body.user.emailVerified, false);
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

  it('cannot send a verification code without SMTP, and says how the operator fixes it', async () => {
    const up = await t.post('/api/v1/auth/sign-up', null, { email: 'nosmtp@example.com', password: 'password123', name: 'No' });
    const res = await t.post('/api/v1/auth/verify-email/request', up.body.token);
    assert.equal(res.status, 400);
    assert.equal(res.body.error, 'EMAIL_NOT_CONFIGURED');
    assert.match(res.body.message, /SWITCHBOARD_SMTP_URL/);
    assert.match(res.body.message, /switchboard users verify-email/);
    const confirm = await t.post('/api/v1/auth/verify-email/confirm', up.body.token, { code: '12345678' });
    assert.equal(confirm.status, 400);
    assert.equal(confirm.body.error, 'VERIFICATION_CODE_EXPIRED');
    assert.equal((await t.post('/api/v1/auth/verify-email/request', null)).status, 401);
    assert.equal((await t.post('/api/v1/auth/verify-email/confirm', null, { code: '1' })).status, 401);
    assert.equal((await t.post('/api/v1/auth/verify-email/confirm', up.body.token, {})).body.error, 'VALIDATION_ERROR');

    await t.verifyEmail('NoSmtp@Example.com'); // the operator's escape hatch (CLI) goes through the same service
    assert.equal((await t.get('/api/v1/auth/session', up.body.token)).body.user.emailVerified, true);
    const again = await t.post('/api/v1/auth/verify-email/request', up.body.token);
    assert.equal(again.status, 200);
    assert.deepEqual(again.body, { emailVerified: true, sent: false, expiresAt: null });
  });

  it('cannot send a password reset code without SMTP, whether or not an account has the address', async () => {
    await t.post('/api/v1/auth/sign-up', null, { email: 'nosmtp-reset@example.com', password: 'password123', name: 'N' });
    for (const email of ['nosmtp-reset@example.com', 'nobody-at-all@example.com']) {
      const res = await t.post('/api/v1/auth/password-reset/request', null, { email });
      assert.equal(res.status, 400, res.text);
      assert.equal(res.body.error, 'EMAIL_NOT_CONFIGURED');
      assert.match(res.body.message, /SWITCHBOARD_SMTP_URL/);
    }
  });
});

describe('email verification by emailed code', () => {
  let t: TestApp;
  let mail: MailSink;
  const world = emailedCodeWorld();
  const { signUp } = world;
  before(async () => {
    await world.start();
    ({ t, mail } = world);
  });
  after(async () => world.close());

  const codeRow = async (userId: string) =>
    (await t.db.orm.select().from(emailVerificationCodes).where(eq(emailVerificationCodes.userId, userId)))[0];

  it('emails a code, stores only its hash, and verifies the address with it', async () => {
    const { token, userId } = await signUp('vera@example.com');
    const sent = await t.post('/api/v1/auth/verify-email/request', token);
    assert.equal(sent.status, 200, sent.text);
    assert.equal(sent.body.sent, true);
    assert.equal(sent.body.emailVerified, false);
    assert.ok(Math.abs(Date.parse(sent.body.expiresAt) - Date.now() - 15 * 60_000) < 5000, 'valid 15 minutes');
    const code = await mail.codeFor('vera@example.com');
    assert.match(code, /^\d{8}$/);
    assert.ok(!sent.text.includes(code), 'the API never returns the code');
    const [message] = mail.mailsTo('vera@example.com');
    assert.equal(message!.from, 'no-reply@switchboard.test');

    const row = await codeRow(userId);
    assert.equal(row?.attempts, 0);
    assert.match(row?.codeHash ?? '', /^[0-9a-f]{64}$/);
    const dump = await t.dumpDatabase();
    assert.ok(!dump.includes(code), 'the code is not stored');
    assert.ok(!t.logs.join('').includes(code), 'the code is not logged');

    const blank = await t.post('/api/v1/auth/verify-email/confirm', token, { code: ' - ' });
    assert.equal(blank.status, 400);
    assert.equal(blank.body.error, 'VALIDATION_ERROR');
    assert.equal((await codeRow(userId))?.attempts, 0, 'a blank code spends no try');

    const wrong = await t.post('/api/v1/auth/verify-email/confirm', token, {
      code: code === '00000000' ? '11111111' : '00000000',
    });
    assert.equal(wrong.status, 400);
    assert.equal(wrong.body.error, 'INVALID_VERIFICATION_CODE');
    assert.equal(wrong.body.attemptsLeft, 4);
    assert.equal((await t.get('/api/v1/auth/session', token)).body.user.emailVerified, false);

    const ok = await t.post('/api/v1/auth/verify-email/confirm', token, { code: `${code.slice(0, 4)} ${code.slice(4)}` });
    assert.equal(ok.status, 200, ok.text);
    assert.deepEqual(ok.body, { emailVerified: true });
    assert.equal((await t.get('/api/v1/auth/session', token)).body.user.emailVerified, true);
    const [user] = await t.db.orm.select().from(users).where(eq(users.id, userId));
    assert.ok(user?.emailVerifiedAt);
    assert.ok((await codeRow(userId))?.consumedAt, 'the code is used up');
    assert.ok(!t.logs.join('').includes(code), 'the code is not logged');
  });

  it('refuses an expired code, and a code after too many wrong tries', async () => {
    const a = await signUp('expired@example.com');
    await t.post('/api/v1/auth/verify-email/request', a.token);
    const codeA = await mail.codeFor('expired@example.com');
    await t.db.orm
      .update(emailVerificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailVerificationCodes.userId, a.userId));
    const expired = await t.post('/api/v1/auth/verify-email/confirm', a.token, { code: codeA });
    assert.equal(expired.status, 400);
    assert.equal(expired.body.error, 'VERIFICATION_CODE_EXPIRED');

    const b = await signUp('guesser@example.com');
    await t.post('/api/v1/auth/verify-email/request', b.token);
    const codeB = await mail.codeFor('guesser@example.com');
    const wrongCode = codeB === '00000000' ? '11111111' : '00000000';
    const lefts: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await t.post('/api/v1/auth/verify-email/confirm', b.token, { code: wrongCode });
      assert.equal(r.body.error, 'INVALID_VERIFICATION_CODE');
      lefts.push(r.body.attemptsLeft);
    }
    assert.deepEqual(lefts, [4, 3, 2, 1, 0]);
    const late = await t.post('/api/v1/auth/verify-email/confirm', b.token, { code: codeB });
    assert.equal(late.status, 400);
    assert.equal(late.body.error, 'VERIFICATION_CODE_EXPIRED', 'the right code no longer works after five wrong ones');
    assert.equal((await t.get('/api/v1/auth/session', b.token)).body.user.emailVerified, false);
  });

  it('sends at most one code a minute; a new code replaces the old one', async () => {
    const { token, userId } = await signUp('resend@example.com');
    const both = await Promise.all([
      t.post('/api/v1/auth/verify-email/request', token),
      t.post('/api/v1/auth/verify-email/request', token),
    ]);
    assert.deepEqual(both.map((r) => r.status).sort(), [200, 429], 'two requests at once send one code');
    const first = await mail.codeFor('resend@example.com');
    const soon = await t.post('/api/v1/auth/verify-email/request', token);
    assert.equal(soon.status, 429);
    assert.equal(soon.body.error, 'RATE_LIMITED');
    assert.ok(Number(soon.headers['retry-after']) > 0 && Number(soon.headers['retry-after']) <= 60);
    assert.equal(mail.mailsTo('resend@example.com').length, 1);

    // A minute later (moved back in the database rather than waited for).
    await t.db.orm
      .update(emailVerificationCodes)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(eq(emailVerificationCodes.userId, userId));
    assert.equal((await t.post('/api/v1/auth/verify-email/request', token)).status, 200);
    const second = await mail.codeFor('resend@example.com', 2);
    if (first !== second) {
      const old = await t.post('/api/v1/auth/verify-email/confirm', token, { code: first });
      assert.equal(old.body.error, 'INVALID_VERIFICATION_CODE', 'the earlier code stops working');
    }
    assert.equal((await t.post('/api/v1/auth/verify-email/confirm', token, { code: second })).status, 200);
  });

  const sendsRow = async (userId: string) =>
    (await t.db.orm.select().from(emailVerificationSends).where(eq(emailVerificationSends.userId, userId)))[0];
  const sendCount = async (userId: string) => (await sendsRow(userId))?.count;
  const aMinuteLater = (userId: string) =>
    t.db.orm
      .update(emailVerificationCodes)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(eq(emailVerificationCodes.userId, userId));

  it('sends at most ten codes a day, counted in the database, with Retry-After until the day is over', async () => {
    const { token, userId } = await signUp('daily@example.com');
    for (let i = 1; i <= 10; i++) {
      const res = await t.post('/api/v1/auth/verify-email/request', token);
      assert.equal(res.status, 200, `code ${i}: ${res.text}`);
      await aMinuteLater(userId);
    }
    assert.equal(await sendCount(userId), 10);
    const capped = await t.post('/api/v1/auth/verify-email/request', token);
    assert.equal(capped.status, 429);
    assert.equal(capped.body.error, 'RATE_LIMITED');
    assert.match(capped.body.message, /At most 10 verification codes are sent a day/);
    const retryAfter = Number(capped.headers['retry-after']);
    assert.ok(retryAfter > 60 && retryAfter <= 24 * 3600, `Retry-After ${retryAfter}`);
    assert.equal(capped.body.retryAfter, retryAfter);
    await mail.codeFor('daily@example.com', 10);
    assert.equal(mail.mailsTo('daily@example.com').length, 10, 'the eleventh code is not sent');
    assert.equal(await sendCount(userId), 10, 'a refusal is not counted');

    // The tenth code still works: the refusal replaced nothing.
    const tenth = await mail.codeFor('daily@example.com', 10);
    // A day later (the window moved back in the database) a new code can be sent again.
    const started = new Date(Date.now() - 24 * 3600_000 - 1000);
    await t.db.orm
      .update(emailVerificationSends)
      .set({ windowStart: started, count: 10 })
      .where(eq(emailVerificationSends.userId, userId));
    const nextDay = await t.post('/api/v1/auth/verify-email/request', token);
    assert.equal(nextDay.status, 200, nextDay.text);
    assert.equal(await sendCount(userId), 1, 'a new window starts');
    const eleventh = await mail.codeFor('daily@example.com', 11);
    if (eleventh !== tenth) {
      assert.equal(
        (await t.post('/api/v1/auth/verify-email/confirm', token, { code: tenth })).body.error,
        'INVALID_VERIFICATION_CODE',
      );
    }
    assert.equal((await t.post('/api/v1/auth/verify-email/confirm', token, { code: eleventh })).status, 200);
    assert.equal(await sendsRow(userId), undefined, 'a verified address needs no count');
  });

  it('answers 503 when the SMTP server refuses the message, and leaves no code and nothing counted', async () => {
    const { token, userId } = await signUp('rejected@example.com');
    // More failures than the daily cap: none of them counts, and none holds the per-minute limit.
    for (let i = 0; i <= 10; i++) {
      const res = await t.post('/api/v1/auth/verify-email/request', token);
      assert.equal(res.status, 503, res.text);
      assert.deepEqual(res.body, {
        error: 'SERVICE_UNAVAILABLE',
        message: 'The verification email could not be sent; try again later.',
      });
      assert.equal(await codeRow(userId), undefined, 'no code is left behind');
    }
    assert.equal(await sendCount(userId), 0, 'failed sends are not counted');
    const confirm = await t.post('/api/v1/auth/verify-email/confirm', token, { code: '12345678' });
    assert.equal(confirm.status, 400);
    assert.equal(confirm.body.error, 'VERIFICATION_CODE_EXPIRED', 'no code can be entered');
    assert.equal(mail.mailsTo('rejected@example.com').length, 0);
    const logged = t.logs.filter((l) => l.includes('verification email not sent'));
    assert.equal(logged.length, 11);
    assert.match(logged[0]!, /550/);
    assert.ok(!logged.some((l) => /verification code is/.test(l)), 'the message is not logged');
  });
});
