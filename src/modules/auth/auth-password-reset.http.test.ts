import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { passwordResetCodes, userSessions, users } from '../../platform/db/schema.js';
import type { TestApp } from '../../../test/harness.js';
import { decodeMail } from '../../../test/mail.js';
import { emailedCodeWorld, type MailSink } from './auth.fixtures.js';

describe('password reset by emailed code', () => {
  let t: TestApp;
  let mail: MailSink;
  const world = emailedCodeWorld();
  const { signUp } = world;
  before(async () => {
    await world.start();
    ({ t, mail } = world);
  });
  after(async () => world.close());

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
