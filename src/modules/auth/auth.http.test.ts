import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  emailVerificationCodes,
  emailVerificationSends,
  passwordResetCodes,
  userSessions,
  users,
} from '../../platform/db/schema.js';
import { startApp, type TestApp } from '../../../test/harness.js';
import { decodeMail, startSmtpSink } from '../../../test/mail.js';

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
  let mail: Awaited<ReturnType<typeof startSmtpSink>>;
  before(async () => {
    mail = await startSmtpSink();
    t = await startApp(mail.env, { captureLogs: true });
  });
  after(async () => {
    await t?.close();
    await mail?.stop();
  });

  const signUp = async (email: string) => {
    const res = await t.post('/api/v1/auth/sign-up', null, { email, password: 'password123', name: 'P' });
    assert.equal(res.status, 201, res.text);
    return { token: res.body.token as string, userId: res.body.user.id as string };
  };
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

  const signInAs = (email: string, password: string) => t.post('/api/v1/auth/sign-in', null, { email, password });
  /** A reset request, and the work it leaves for after the answer (the code made and emailed) done. */
  const requestReset = async (email: string) => {
    const res = await t.post('/api/v1/auth/password-reset/request', null, { email });
    assert.equal(res.status, 202, res.text);
    assert.deepEqual(Object.keys(res.body).sort(), ['expiresAt', 'requested', 'resetId']);
    assert.match(res.body.resetId, /^prs_[A-Za-z0-9_-]{43}$/);
    await t.app.services.passwordReset.settle();
    return res.body.resetId as string;
  };
  const resetRows = (userId: string) => t.db.orm.select().from(passwordResetCodes).where(eq(passwordResetCodes.userId, userId));
  const confirmReset = (body: Record<string, unknown>) => t.post('/api/v1/auth/password-reset/confirm', null, body);
  const resetMails = (to: string) => mail.mailsTo(to).filter((m) => /password reset code/.test(m.raw));
  /** The reset page's form post, as the email's link leads to it. */
  const linkReset = (link: string, password: string) =>
    t.request('POST', '/auth/reset-password', {
      raw: new URLSearchParams({ action: 'link', token: new URL(link).searchParams.get('token')!, password }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });

  it('resets a password with an emailed code: the address is verified, every session ends, only the new password works', async () => {
    // Someone signed up with the address and holds two sessions; the owner of the inbox takes the account back.
    const squatter = await signUp('owner@example.com');
    const second = (await signInAs('owner@example.com', 'password123')).body.token as string;
    const before = (await t.db.orm.select().from(users).where(eq(users.id, squatter.userId)))[0]!;

    const resetId = await requestReset('OWNER@example.com');
    const code = await mail.codeFor('owner@example.com');
    const link = await mail.resetLinkFor('owner@example.com');
    assert.match(resetMails('owner@example.com')[0]!.raw, /Subject: Your Switchboard password reset code/);
    assert.ok(link.startsWith('http://switchboard.test/auth/reset-password?token=prl_'), link);
    assert.ok(!decodeMail(resetMails('owner@example.com')[0]!.raw).includes(resetId), "the requester's id is not in the email");
    const [row] = await resetRows(squatter.userId);
    assert.match(row!.codeHash, /^[0-9a-f]{64}$/);
    assert.match(row!.resetHash, /^[0-9a-f]{64}$/);
    assert.match(row!.linkHash, /^[0-9a-f]{64}$/);

    const weak = await confirmReset({ resetId, code, password: 'short' });
    assert.equal(weak.status, 400);
    assert.equal(weak.body.error, 'VALIDATION_ERROR');
    assert.match(weak.body.message, /password/);
    const blank = await confirmReset({ resetId, code: ' ', password: 'a new passphrase' });
    assert.equal(blank.body.error, 'VALIDATION_ERROR');
    assert.equal((await resetRows(squatter.userId))[0]?.attempts, 0, 'neither a weak password nor a blank code spends a try');
    const wrong = await confirmReset({
      resetId,
      code: code === '00000000' ? '11111111' : '00000000',
      password: 'a new passphrase',
    });
    assert.equal(wrong.status, 400);
    assert.equal(wrong.body.error, 'INVALID_VERIFICATION_CODE');
    assert.equal(wrong.body.attemptsLeft, 4);
    // The code works only with the reset id of the request that sent it.
    const otherId = await requestReset('owner@example.com');
    assert.equal(resetMails('owner@example.com').length, 1, 'within the minute: the same answer, and no email');
    assert.equal((await resetRows(squatter.userId)).length, 1);
    const foreign = await confirmReset({ resetId: otherId, code, password: 'a new passphrase' });
    assert.equal(foreign.body.error, 'VERIFICATION_CODE_EXPIRED');
    assert.equal((await t.get('/api/v1/auth/session', second)).status, 200, 'nothing changed yet');

    const done = await confirmReset({ resetId, code: `${code.slice(0, 4)}-${code.slice(4)}`, password: 'a new passphrase' });
    assert.equal(done.status, 200, done.text);
    assert.deepEqual(done.body, { passwordReset: true, emailVerified: true });
    for (const token of [squatter.token, second])
      assert.equal((await t.get('/api/v1/auth/session', token)).status, 401, 'every session ended');
    assert.equal((await t.db.orm.select().from(userSessions).where(eq(userSessions.userId, squatter.userId))).length, 0);
    assert.equal((await signInAs('owner@example.com', 'password123')).status, 401, 'the old password no longer works');
    const signedIn = await signInAs('owner@example.com', 'a new passphrase');
    assert.equal(signedIn.status, 200, signedIn.text);
    assert.equal(signedIn.body.user.emailVerified, true);
    const after = (await t.db.orm.select().from(users).where(eq(users.id, squatter.userId)))[0]!;
    assert.notEqual(after.passwordHash, before.passwordHash);
    assert.ok(after.passwordHash?.startsWith('scrypt$'));
    assert.equal((await resetRows(squatter.userId)).length, 0, 'the code is used up');
    const dump = await t.dumpDatabase();
    const linkToken = new URL(link).searchParams.get('token')!;
    for (const secret of [code, 'a new passphrase', resetId, linkToken]) {
      assert.ok(!dump.includes(secret), 'neither the code, the reset id, the link nor the password is stored');
      assert.ok(!t.logs.join('').includes(secret), 'neither the code, the reset id, the link nor the password is logged');
    }

    const reused = await confirmReset({ resetId, code, password: 'yet another one' });
    assert.equal(reused.status, 400);
    assert.equal(reused.body.error, 'VERIFICATION_CODE_EXPIRED', 'a code works once');
    assert.equal((await linkReset(link, 'yet another one')).status, 400, 'and so does its link');
  });

  it('answers an address without an account like any other, sends nothing to it and takes no code for it', async () => {
    const resetId = await requestReset('ghost@example.com');
    const confirm = await confirmReset({ resetId, code: '12345678', password: 'whatever123' });
    assert.equal(confirm.status, 400);
    assert.equal(confirm.body.error, 'VERIFICATION_CODE_EXPIRED');
    assert.equal(mail.mailsTo('ghost@example.com').length, 0);
    for (const body of [{}, { email: 'not-an-address' }, { email: 42 }]) {
      const bad = await t.post('/api/v1/auth/password-reset/request', null, body);
      assert.equal(bad.status, 400, JSON.stringify(body));
      assert.equal(bad.body.error, 'VALIDATION_ERROR');
    }
    assert.equal((await confirmReset({ resetId, password: 'whatever123' })).body.error, 'VALIDATION_ERROR');
    assert.equal((await confirmReset({ code: '12345678', password: 'whatever123' })).body.error, 'VALIDATION_ERROR');
  });

  it("a stranger who asks first and spends the code's tries cannot stop the owner: the emailed link works by itself", async () => {
    const { userId } = await signUp('targeted@example.com');
    const strangers = await requestReset('targeted@example.com');
    assert.equal(resetMails('targeted@example.com').length, 1);
    // The owner asks within the minute: nothing more is sent (the limit holds whoever asked).
    await requestReset('targeted@example.com');
    assert.equal(resetMails('targeted@example.com').length, 1);
    assert.ok(t.logs.some((l) => l.includes('password reset code not sent: over the limit') && l.includes('one a minute')));
    // The stranger knows their reset id, not the code: they spend its tries.
    for (let i = 0; i < 5; i++)
      assert.equal(
        (await confirmReset({ resetId: strangers, code: `9999999${i}`, password: 'stolen account' })).body.error,
        'INVALID_VERIFICATION_CODE',
      );
    assert.equal(
      (await confirmReset({ resetId: strangers, code: await mail.codeFor('targeted@example.com'), password: 'stolen account' }))
        .body.error,
      'VERIFICATION_CODE_EXPIRED',
    );
    // The owner reads the email: its link needs no code.
    const page = await linkReset(await mail.resetLinkFor('targeted@example.com'), 'mine again');
    assert.equal(page.status, 200, page.text);
    assert.match(page.text, /The password of targeted@example.com is set/);
    assert.equal((await signInAs('targeted@example.com', 'mine again')).status, 200);
    assert.equal((await resetRows(userId)).length, 0);
  });

  it('sends at most ten reset codes a day to an address; requests made at once make one', async () => {
    const { userId } = await signUp('limits-reset@example.com');
    const together = await Promise.all(
      Array.from({ length: 5 }, () => t.post('/api/v1/auth/password-reset/request', null, { email: 'limits-reset@example.com' })),
    );
    assert.deepEqual(
      together.map((r) => r.status),
      [202, 202, 202, 202, 202],
    );
    await t.app.services.passwordReset.settle();
    assert.equal((await resetRows(userId)).length, 1, 'one code for five requests at once');
    await mail.codeFor('limits-reset@example.com');
    // Ten a day: earlier codes are made older than a minute each time, as if requested over the day.
    const earlier = () =>
      t.db.orm
        .update(passwordResetCodes)
        .set({ createdAt: new Date(Date.now() - 120_000) })
        .where(eq(passwordResetCodes.userId, userId));
    for (let n = 2; n <= 10; n++) {
      await earlier();
      await requestReset('limits-reset@example.com');
    }
    await earlier();
    await requestReset('limits-reset@example.com');
    assert.equal((await resetRows(userId)).length, 10, 'the eleventh was not made');
    assert.ok(t.logs.some((l) => l.includes('password reset code not sent: over the limit') && l.includes('10 a day')));
    await mail.codeFor('limits-reset@example.com', 10);
    assert.equal(resetMails('limits-reset@example.com').length, 10);
  });

  it('uses a code once when two resets with it arrive together', async () => {
    await signUp('race-reset@example.com');
    const resetId = await requestReset('race-reset@example.com');
    const code = await mail.codeFor('race-reset@example.com');
    const both = await Promise.all(
      ['first of two', 'second of two'].map((password) => confirmReset({ resetId, code, password })),
    );
    assert.deepEqual(both.map((r) => r.status).sort(), [200, 400]);
    assert.equal(both.find((r) => r.status === 400)!.body.error, 'VERIFICATION_CODE_EXPIRED');
    const winner = both[0]!.status === 200 ? 'first of two' : 'second of two';
    assert.equal((await signInAs('race-reset@example.com', winner)).status, 200, 'the password of the one that won');
  });

  it('drops the code when the SMTP server refuses the reset email, and answers as always', async () => {
    const { userId } = await signUp('rejected-reset@example.com');
    await requestReset('rejected-reset@example.com');
    assert.equal((await resetRows(userId)).length, 0, 'the code went with the failed send');
    const logged = t.logs.filter((l) => l.includes('password reset email not sent'));
    assert.equal(logged.length, 1);
    assert.match(logged[0]!, /550/);
    // Nothing holds the per-minute limit: the next request makes a code again (and its send fails again).
    await requestReset('rejected-reset@example.com');
    assert.equal(t.logs.filter((l) => l.includes('password reset email not sent')).length, 2);
  });
});
