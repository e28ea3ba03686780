import type { Executor, Orm } from '../../platform/db/database.js';
import { hashToken, safeEqual } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
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
import type { SignInThrottle } from './sign-in-throttle.js';
import { checkPassword, type PasswordResetConfirmInput } from './auth.schemas.js';

/** Bound to the request's row, so a stored digest is worth nothing for another request. Only this digest is stored. */
const hashResetCode = (id: string, code: string) => hashToken(`password-reset:${id}:${code}`);

const resetEmail = (code: string, link: string) => ({
  subject: 'Your Switchboard password reset code',
  text: `To set a new password, open ${link}\n\nOr enter the code ${code} where you asked for it. Both work for 15 minutes, once, and sign out every session of the account.\nIf you did not ask for it, someone typed your address; ignore this message: your password stays as it is.\n`,
  html: `<p><a href="${link}">Set a new password</a>, or enter this code where you asked for it: <strong style="font-size:20px;letter-spacing:2px">${code}</strong>.</p><p>Both work for 15 minutes, once, and sign out every session of the account.</p><p>If you did not ask for it, someone typed your address; ignore this message: your password stays as it is.</p>`,
});

const messageOf = (err: unknown) => String((err as { message?: unknown } | null)?.message ?? err);

/** What a reset ends besides sessions: the person's MCP OAuth grants, their tokens and unused authorization codes. */
export interface GrantsPort {
  /** Revokes them within the reset's transaction; the ids of the grants revoked. */
  revokeOf(tx: Executor, userId: string): Promise<string[]>;
  /** After the commit: every node drops them from its caches. */
  announce(grantIds: string[]): Promise<void>;
}

/**
 * Password reset by emailed code or link (0088). A request is answered at once with a reset id, the same for every
 * address; then, if an account has it and it is within its limits, a code and a link are emailed. The code works
 * only with that reset id (5 tries), so a stranger who only knows the address cannot spend its tries; the link's own
 * token proves the inbox by itself, so a stranger who asked and spent the tries still cannot stop the owner. A reset
 * sets the password, verifies the address, and ends the account's sessions and MCP OAuth grants.
 */
export class PasswordResetService {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly deps: {
      orm: Orm;
      mailer: Mailer;
      publicUrl: string;
      log: { info(o: object, m?: string): void; warn(o: object, m?: string): void };
      grants: GrantsPort;
      /** A reset clears the account's failed sign-ins, so the owner gets straight in with the new password (0115). */
      throttle: SignInThrottle;
    },
  ) {}

  request(email: string): { requested: true; resetId: string; expiresAt: string } {
    if (!this.deps.mailer.configured) throw notConfigured('password reset');
    const resetId = newToken(TOKEN_PREFIX.passwordReset);
    const expiresAt = new Date(Date.now() + CODE_TTL_MS);
    // After the answer, so neither its status nor its timing says whether an account has the address.
    const work = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.issue(email.trim(), resetId, expiresAt))
      .catch((err: unknown) => this.deps.log.warn({ err: { message: messageOf(err) } }, 'password reset request failed'));
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work));
    return { requested: true, resetId, expiresAt: expiresAt.toISOString() };
  }

  /** Waits for the requests still being handled (the app's shutdown). */
  async settle(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }

  async confirm(input: PasswordResetConfirmInput): Promise<{ passwordReset: true; emailVerified: true; email: string }> {
    // A password that breaks the rule spends no try, like a blank code.
    checkPassword(input.password);
    const code = codeInput(input.code, 'the password reset email');
    const live = await repo.spendResetAttempt(this.deps.orm, hashToken(input.resetId), MAX_ATTEMPTS);
    if (!live) throw noCodePending();
    if (!safeEqual(live.codeHash, hashResetCode(live.id, code))) throw wrongCode(live.attempts);
    return this.reset(live, input.password);
  }

  /** The email's link: its token proves the inbox by itself (256 bits), so it needs no code and spends no tries. */
  async confirmWithLink(token: string, password: string): Promise<{ passwordReset: true; emailVerified: true; email: string }> {
    checkPassword(password);
    const live = await repo.findByLink(this.deps.orm, hashToken(token));
    if (!live) throw new AppError('VERIFICATION_CODE_EXPIRED', 'This link expired or was used. Ask for a new one.');
    return this.reset(live, password);
  }

  /** Sets the password of a request's person and ends what they had signed in and allowed; the request is used up. */
  private async reset(live: { id: string; userId: string }, password: string) {
    const passwordHash = await hashPassword(password);
    const grantIds = await this.deps.orm.transaction(async (t) => {
      const tx = t as unknown as Executor;
      // Whoever uses the request first: a second use at the same time finds it gone.
      if (!(await repo.consumeResetCodes(tx, live.id, live.userId))) throw noCodePending();
      await authRepo.setPassword(tx, live.userId, passwordHash);
      await authRepo.markEmailVerified(tx, live.userId);
      await authRepo.deleteVerificationCode(tx, live.userId);
      await authRepo.clearVerificationSends(tx, live.userId);
      await authRepo.deleteSessionsOf(tx, live.userId);
      const person = await authRepo.findUser(tx, live.userId);
      if (person) await this.deps.throttle.clearAccount(tx, person.email);
      return this.deps.grants.revokeOf(tx, live.userId);
    });
    await this.deps.grants.announce(grantIds);
    const user = await authRepo.findUser(this.deps.orm, live.userId);
    return { passwordReset: true as const, emailVerified: true as const, email: user?.email ?? '' };
  }

  /**
   * The operator sets a person's password (CLI, e.g. without SMTP): sessions, MCP OAuth grants and pending reset
   * codes end as with a reset; the address stays as verified or unverified as it was.
   */
  async setByOperator(email: string, password: string) {
    checkPassword(password);
    const user = await authRepo.findUserByEmail(this.deps.orm, email.trim());
    if (!user) throw new AppError('NOT_FOUND', `No account has the email ${email}.`);
    const passwordHash = await hashPassword(password);
    const grantIds = await this.deps.orm.transaction(async (t) => {
      const tx = t as unknown as Executor;
      await authRepo.setPassword(tx, user.id, passwordHash);
      await repo.deleteResetCodesOf(tx, user.id);
      await authRepo.deleteSessionsOf(tx, user.id);
      await this.deps.throttle.clearAccount(tx, user.email);
      return this.deps.grants.revokeOf(tx, user.id);
    });
    await this.deps.grants.announce(grantIds);
    return { id: user.id, email: user.email, passwordSet: true as const, sessionsEnded: true as const };
  }

  /** Makes and emails the code of a request, if an account has the address and it is within its limits. */
  private async issue(email: string, resetId: string, expiresAt: Date): Promise<void> {
    const user = await authRepo.findUserByEmail(this.deps.orm, email);
    if (!user) return;
    const id = newId();
    const code = newCode();
    const linkToken = newToken(TOKEN_PREFIX.passwordResetLink);
    const now = Date.now();
    const added = await repo.addResetCode(
      this.deps.orm,
      {
        id,
        userId: user.id,
        resetHash: hashToken(resetId),
        linkHash: hashToken(linkToken),
        codeHash: hashResetCode(id, code),
        expiresAt,
      },
      { notAfter: new Date(now - RESEND_INTERVAL_MS), windowStart: new Date(now - DAILY_WINDOW_MS), cap: DAILY_CODES },
    );
    if (added !== 'added') {
      this.deps.log.info(
        { userId: user.id, limit: added === 'minute' ? 'one a minute' : `${DAILY_CODES} a day` },
        'password reset code not sent: over the limit',
      );
      return;
    }
    const link = `${this.deps.publicUrl}/auth/reset-password?token=${encodeURIComponent(linkToken)}`;
    try {
      await this.deps.mailer.send({ to: user.email, ...resetEmail(code, link) });
    } catch (err) {
      // Not the code, and not the message: only why sending failed. The code goes, so it holds no limit.
      this.deps.log.warn({ err: { message: messageOf(err) }, userId: user.id }, 'password reset email not sent');
      await repo.deleteResetCode(this.deps.orm, id);
    }
  }
}
