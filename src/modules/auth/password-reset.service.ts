import type { Executor, Orm } from '../../platform/db/database.js';
import { hashToken, safeEqual } from '../../platform/crypto.js';
import { AppError, invalidField } from '../../platform/errors.js';
import { newId, newToken, TOKEN_PREFIX } from '../../platform/ids.js';
import type { Mailer } from '../../platform/mailer.js';
import * as authRepo from './auth.repository.js';
import {
  CODE_TTL_MS,
  codeInput,
  DAILY_CODES,
  DAILY_WINDOW_MS,
  MAX_ATTEMPTS,
  newCode,
  noCodePending,
  notConfigured,
  RESEND_INTERVAL_MS,
  wrongCode,
} from './email-verification.service.js';
import { hashPassword } from './passwords.js';
import * as repo from './password-reset.repository.js';
import type { PasswordResetConfirmInput } from './auth.schemas.js';

/** Bound to the request's row, so a stored digest is worth nothing for another request. Only this digest is stored. */
const hashResetCode = (id: string, code: string) => hashToken(`password-reset:${id}:${code}`);

const resetEmail = (code: string) => ({
  subject: 'Your Switchboard password reset code',
  text: `Your password reset code is ${code}.\n\nEnter it with a new password where you asked to reset it. It works for 15 minutes, and signs out every session of the account.\nIf you did not ask for it, someone typed your address; ignore this message: your password stays as it is.\n`,
  html: `<p>Your password reset code is <strong style="font-size:20px;letter-spacing:2px">${code}</strong>.</p><p>Enter it with a new password where you asked to reset it. It works for 15 minutes, and signs out every session of the account.</p><p>If you did not ask for it, someone typed your address; ignore this message: your password stays as it is.</p>`,
});

/**
 * Password reset by emailed code (0088). A request gets a reset id; the code is emailed to the account's address and
 * only works with that id, so someone else cannot spend its tries. The answer to a request is the same whether or
 * not an account has the address, over a limit or not; the email goes out after it. A reset sets the password,
 * verifies the address (the code proves the inbox), and ends the account's sessions and MCP OAuth grants.
 */
export class PasswordResetService {
  constructor(
    private readonly deps: {
      orm: Orm;
      mailer: Mailer;
      log: { info(o: object, m?: string): void; warn(o: object, m?: string): void };
      /** Ends what the person authorized outside sessions (MCP OAuth grants and their tokens). */
      endGrants: (userId: string) => Promise<void>;
    },
  ) {}

  async request(email: string): Promise<{ requested: true; resetId: string; expiresAt: string }> {
    if (!this.deps.mailer.configured) throw notConfigured('password reset');
    const resetId = newToken(TOKEN_PREFIX.passwordReset);
    const expiresAt = new Date(Date.now() + CODE_TTL_MS);
    const answer = { requested: true as const, resetId, expiresAt: expiresAt.toISOString() };
    const user = await authRepo.findUserByEmail(this.deps.orm, email.trim());
    if (!user) return answer;
    const id = newId();
    const code = newCode();
    const now = Date.now();
    const added = await repo.addResetCode(
      this.deps.orm,
      { id, userId: user.id, resetHash: hashToken(resetId), codeHash: hashResetCode(id, code), expiresAt },
      { notAfter: new Date(now - RESEND_INTERVAL_MS), windowStart: new Date(now - DAILY_WINDOW_MS), cap: DAILY_CODES },
    );
    if (added !== 'added') {
      this.deps.log.info({ userId: user.id, limit: added === 'minute' ? 'one a minute' : `${DAILY_CODES} a day` }, 'password reset code not sent: over the limit');
      return answer;
    }
    void this.send(user.email, user.id, id, code);
    return answer;
  }

  async confirm(input: PasswordResetConfirmInput): Promise<{ passwordReset: true; emailVerified: true }> {
    const code = codeInput(input.code, 'the password reset email');
    const live = await repo.spendResetAttempt(this.deps.orm, hashToken(input.resetId), MAX_ATTEMPTS);
    if (!live) throw noCodePending();
    if (!safeEqual(live.codeHash, hashResetCode(live.id, code))) throw wrongCode(live.attempts);
    const passwordHash = await hashPassword(input.password);
    await this.deps.orm.transaction(async (t) => {
      const tx = t as unknown as Executor;
      // Whoever uses the code first: a second use at the same time finds it gone.
      if (!(await repo.consumeResetCodes(tx, live.id, live.userId))) throw noCodePending();
      await authRepo.setPassword(tx, live.userId, passwordHash);
      await authRepo.markEmailVerified(tx, live.userId);
      await authRepo.deleteVerificationCode(tx, live.userId);
      await authRepo.clearVerificationSends(tx, live.userId);
      await authRepo.deleteSessionsOf(tx, live.userId);
    });
    await this.deps.endGrants(live.userId);
    return { passwordReset: true, emailVerified: true };
  }

  /**
   * The operator sets a person's password (CLI, e.g. without SMTP): sessions, MCP OAuth grants and pending reset
   * codes end as with a reset; the address stays as verified or unverified as it was.
   */
  async setByOperator(email: string, password: string) {
    const length = [...password].length;
    if (length < 8 || length > 200) throw invalidField('password', 'must have 8 to 200 characters');
    const user = await authRepo.findUserByEmail(this.deps.orm, email.trim());
    if (!user) throw new AppError('NOT_FOUND', `No account has the email ${email}.`);
    const passwordHash = await hashPassword(password);
    await this.deps.orm.transaction(async (t) => {
      const tx = t as unknown as Executor;
      await authRepo.setPassword(tx, user.id, passwordHash);
      await repo.deleteResetCodesOf(tx, user.id);
      await authRepo.deleteSessionsOf(tx, user.id);
    });
    await this.deps.endGrants(user.id);
    return { id: user.id, email: user.email, passwordSet: true as const, sessionsEnded: true as const };
  }

  /** After the answer: a failure is logged (never the code) and the code deleted, so it holds no limit. */
  private async send(to: string, userId: string, id: string, code: string): Promise<void> {
    try {
      await this.deps.mailer.send({ to, ...resetEmail(code) });
    } catch (err) {
      this.deps.log.warn({ err: { message: (err as Error).message }, userId }, 'password reset email not sent');
      await repo.deleteResetCode(this.deps.orm, id).catch(() => undefined);
    }
  }
}
