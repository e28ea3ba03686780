/**
 * Shared set-up of the emailed-code tests (email verification in auth.http.test.ts, auth-password-reset.http.test.ts):
 * the app with a mail sink and its logs captured, and a sign-up helper.
 */
import assert from 'node:assert/strict';
import { startApp, type TestApp } from '../../../test/harness.js';
import { startSmtpSink } from '../../../test/mail.js';

/** The mail sink `emailedCodeWorld` starts. */
export type MailSink = Awaited<ReturnType<typeof startSmtpSink>>;

/** `start` and `close` belong in the test file's before and after hooks; `t` and `mail` are read after `start`. */
export function emailedCodeWorld() {
  let t: TestApp;
  let mail: MailSink;
  const start = async () => {
    mail = await startSmtpSink();
    t = await startApp(mail.env, { captureLogs: true });
  };
  const close = async () => {
    await t?.close();
    await mail?.stop();
  };

  /** A new person with password123: their session token and user id. */
  const signUp = async (email: string) => {
    const res = await t.post('/api/v1/auth/sign-up', null, { email, password: 'password123', name: 'P' });
    assert.equal(res.status, 201, res.text);
    return { token: res.body.token as string, userId: res.body.user.id as string };
  };

  return {
    start,
    close,
    signUp,
    get t() {
      return t;
    },
    get mail() {
      return mail;
    },
  };
}
