import { randomInt } from 'node:crypto';
import type { Executor, Orm } from '../../platform/db/database.js';
import { hashToken, safeEqual } from '../../platform/crypto.js';
import { AppError, invalidField } from '../../platform/errors.js';
import type { Mailer } from '../../platform/mailer.js';
import * as repo from './auth.repository.js';

export const CODE_DIGITS = 8;
export const CODE_TTL_MS = 15 * 60_000;
export const MAX_ATTEMPTS = 5;
export const RESEND_INTERVAL_MS = 60_000;
/** At most this many codes per person in a window of a day, so a squatted address cannot be flooded; see 0084. */
export const DAILY_CODES = 10;
export const DAILY_WINDOW_MS = 24 * 60 * 60_000;

/** Bound to the person, so a stored hash is worth nothing for another account. Only this digest is stored. */
const hashCode = (userId: string, code: string) => hashToken(`email-verification:${userId}:${code}`);

/** 8 random digits. */
export const newCode = () => String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');

/** A code as typed (spaces and dashes ignored); an empty field is not a guess and spends no try. */
export function codeInput(input: string, source: string): string {
  const code = input.replace(/[\s-]/g, '');
  if (code === '') throw invalidField('code', `is required: enter the code from ${source}`);
  return code;
}

export const wrongCode = (attempts: number) => {
  const attemptsLeft = MAX_ATTEMPTS - attempts;
  return new AppError(
    'INVALID_VERIFICATION_CODE',
    attemptsLeft > 0
      ? `The code is wrong; ${attemptsLeft} ${attemptsLeft === 1 ? 'try' : 'tries'} left.`
      : 'The code is wrong, and no tries are left; request a new code.',
    { attemptsLeft },
  );
};

export const rateLimited = (waitMs: number, message: (retryAfter: number) => string) => {
  const retryAfter = Math.max(1, Math.ceil(waitMs / 1000));
  return new AppError('RATE_LIMITED', message(retryAfter), { retryAfter, headers: { 'Retry-After': retryAfter } });
};

export const notConfigured = (what: 'verification' | 'password reset') =>
  new AppError(
    'EMAIL_NOT_CONFIGURED',
    what === 'verification'
      ? 'Email sending is not configured on this service, so no verification code can be sent. The operator sets SWITCHBOARD_SMTP_URL, or marks the address verified with `switchboard users verify-email <email>`.'
      : 'Email sending is not configured on this service, so no password reset code can be sent. The operator sets SWITCHBOARD_SMTP_URL, or sets the password with `switchboard users set-password <email>`.',
  );

export const noCodePending = () =>
  new AppError(
    'VERIFICATION_CODE_EXPIRED',
    'No valid code is pending: it expired, was used, or too many wrong codes were entered. Request a new code.',
  );

const verifyEmail = (code: string, address: string) => ({
  subject: 'Your Switchboard verification code',
  text: `Your verification code is ${code}.\n\nEnter it where you were asked to verify ${address}. It works for 15 minutes.\nIf you did not ask for it, someone typed your address; ignore this message.\n`,
  html: `<p>Your verification code is <strong style="font-size:20px;letter-spacing:2px">${code}</strong>.</p><p>Enter it where you were asked to verify your email address. It works for 15 minutes.</p><p>If you did not ask for it, someone typed your address; ignore this message.</p>`,
});

/**
 * Proves that a person controls their account's email address: a one-time code of 8 digits, emailed, valid 15
 * minutes and 5 attempts, one new code a minute and ten a day. The code is never logged, stored or returned; see
 * 0070 and 0084.
 */
export class EmailVerificationService {
  constructor(private readonly deps: { orm: Orm; mailer: Mailer; log: { warn(o: object, m?: string): void } }) {}

  get canSend(): boolean {
    return this.deps.mailer.configured;
  }

  /** Whether a code was sent and can still be entered. */
  async pending(userId: string): Promise<boolean> {
    const row = await repo.findVerificationCode(this.deps.orm, userId);
    return !!row && !row.consumedAt && row.expiresAt.getTime() > Date.now() && row.attempts < MAX_ATTEMPTS;
  }

  /** Emails a new code (replacing any earlier one). Already verified: nothing is sent. */
  async request(userId: string): Promise<{ emailVerified: boolean; sent: boolean; expiresAt: string | null }> {
    const user = await this.user(userId);
    if (user.emailVerifiedAt) return { emailVerified: true, sent: false, expiresAt: null };
    const expiresAt = await this.sendCode(user);
    return { emailVerified: false, sent: true, expiresAt: expiresAt.toISOString() };
  }

  /** A new code for the person (replacing any earlier one), counted against the limits, and emailed. */
  private async sendCode(user: repo.UserRow): Promise<Date> {
    if (!this.deps.mailer.configured) throw notConfigured('verification');
    const userId = user.id;
    const code = newCode();
    const expiresAt = new Date(Date.now() + CODE_TTL_MS);
    const row = { userId, codeHash: hashCode(userId, code), expiresAt };
    // Counted in the database before anything is written, so every node shares the cap; taken back when no code
    // goes out (refused by the per-minute limit, or the SMTP server failed).
    const daily = await repo.countVerificationSend(this.deps.orm, userId, DAILY_CODES, DAILY_WINDOW_MS);
    if (!daily.counted) {
      const next = new Date(daily.windowStart.getTime() + DAILY_WINDOW_MS);
      throw rateLimited(
        next.getTime() - Date.now(),
        () => `At most ${DAILY_CODES} verification codes are sent a day; request another after ${next.toISOString()}.`,
      );
    }
    if (!(await repo.putVerificationCode(this.deps.orm, row, new Date(Date.now() - RESEND_INTERVAL_MS)))) {
      await repo.uncountVerificationSend(this.deps.orm, userId);
      const previous = await repo.findVerificationCode(this.deps.orm, userId);
      const wait = previous ? previous.createdAt.getTime() + RESEND_INTERVAL_MS - Date.now() : RESEND_INTERVAL_MS;
      throw rateLimited(wait, (retryAfter) => `A code was sent less than a minute ago; request another in ${retryAfter} s.`);
    }
    try {
      await this.deps.mailer.send({ to: user.email, ...verifyEmail(code, user.email) });
    } catch (err) {
      // Not the code, and not the message: only why sending failed.
      this.deps.log.warn({ err: { message: (err as Error).message }, userId }, 'verification email not sent');
      await repo.deleteVerificationCode(this.deps.orm, userId);
      await repo.uncountVerificationSend(this.deps.orm, userId);
      throw new AppError('SERVICE_UNAVAILABLE', 'The verification email could not be sent; try again later.');
    }
    return expiresAt;
  }

  /** Checks a code; each try spends an attempt. Right: the address is verified and the code used up. */
  async confirm(userId: string, input: string): Promise<{ emailVerified: true }> {
    const user = await this.user(userId);
    if (user.emailVerifiedAt) return { emailVerified: true };
    await this.checkCode(userId, input);
    await this.deps.orm.transaction(async (t) => {
      const tx = t as unknown as Executor;
      await repo.consumeVerificationCode(tx, userId);
      await repo.markEmailVerified(tx, userId);
      await repo.clearVerificationSends(tx, userId);
    });
    return { emailVerified: true };
  }

  /** Spends one try of the person's live code on `input` (spaces and dashes ignored); throws unless it is right. */
  private async checkCode(userId: string, input: string): Promise<void> {
    const code = codeInput(input, 'the verification email');
    const live = await repo.spendVerificationAttempt(this.deps.orm, userId, MAX_ATTEMPTS);
    if (!live) throw noCodePending();
    if (!safeEqual(live.codeHash, hashCode(userId, code))) throw wrongCode(live.attempts);
  }

  /** The operator vouches for an address (CLI), e.g. when no SMTP server is configured. */
  async markVerifiedByEmail(email: string) {
    const user = await repo.findUserByEmail(this.deps.orm, email.trim());
    if (!user) throw new AppError('NOT_FOUND', `No account has the email ${email}.`);
    await repo.markEmailVerified(this.deps.orm, user.id);
    await repo.deleteVerificationCode(this.deps.orm, user.id);
    await repo.clearVerificationSends(this.deps.orm, user.id);
    const after = (await repo.findUser(this.deps.orm, user.id))!;
    return { id: after.id, email: after.email, emailVerifiedAt: after.emailVerifiedAt!.toISOString() };
  }

  private async user(userId: string) {
    const user = await repo.findUser(this.deps.orm, userId);
    if (!user) throw new AppError('UNAUTHORIZED', 'The session is invalid or has expired.');
    return user;
  }
}
