import type { Executor, Orm } from '../../platform/db/database.js';
import { hashToken } from '../../platform/crypto.js';
import { AppError, isUniqueViolation } from '../../platform/errors.js';
import type { Principal } from '../../platform/http/auth.js';
import { newId, newToken, TOKEN_PREFIX } from '../../platform/ids.js';
import { hashPassword, verifyPassword } from './passwords.js';
import * as repo from './auth.repository.js';
import type { SignInInput, SignUpInput } from './auth.schemas.js';
import { SignInThrottle } from './sign-in-throttle.js';

const SESSION_DAYS = 30;

export function toUser(row: repo.UserRow) {
  return {
    id: row.id,
    email: row.email,
    emailVerified: row.emailVerifiedAt !== null,
    name: row.name,
    image: row.image,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Person accounts (members sign in as people) and their sessions. Session tokens are stored hashed. */
export class AuthService {
  /** Every sign-in form goes through `signIn`, so through this one throttle (0115). */
  readonly throttle: SignInThrottle;

  constructor(private readonly deps: { orm: Orm; throttle?: SignInThrottle }) {
    this.throttle = deps.throttle ?? new SignInThrottle(deps.orm);
  }

  async signUp(input: SignUpInput) {
    try {
      const user = await this.createUser(this.deps.orm, input);
      return this.openSession(user);
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('DUPLICATE', 'An account with this email already exists.');
      throw err;
    }
  }

  /** The person with this email (inside the caller's transaction). */
  async findUserByEmail(db: Executor, email: string) {
    return repo.findUserByEmail(db, email);
  }

  /** Creates a person; used by sign-up and by the operator when creating an organization with an owner. */
  async createUser(db: Executor, input: { email: string; name: string; password: string; image?: string }) {
    return repo.insertUser(db, {
      id: newId(),
      email: input.email.trim(),
      name: input.name,
      image: input.image ?? null,
      passwordHash: await hashPassword(input.password),
    });
  }

  /**
   * Signs in from a client address (the request's, see SWITCHBOARD_TRUST_PROXY). While that account or address has
   * failed too often, 429 RATE_LIMITED comes before the password is even checked.
   */
  async signIn(input: SignInInput, from: { address: string }) {
    const ticket = await this.throttle.begin(input.email, from.address);
    const user = await repo.findUserByEmail(this.deps.orm, input.email);
    const ok = await verifyPassword(input.password, user?.passwordHash ?? null);
    if (!user || !ok) throw new AppError('INVALID_CREDENTIALS');
    await this.throttle.succeeded(ticket);
    return this.openSession(user);
  }

  async signOut(sessionId: string) {
    await repo.deleteSession(this.deps.orm, sessionId);
    return { signedOut: true as const };
  }

  async me(userId: string) {
    const user = await repo.findUser(this.deps.orm, userId);
    if (!user) throw new AppError('UNAUTHORIZED', 'The session is invalid or has expired.');
    return toUser(user);
  }

  async verifySession(token: string): Promise<Principal & { kind: 'user' }> {
    if (!token.startsWith(TOKEN_PREFIX.userSession)) throw new AppError('UNAUTHORIZED', 'The session is invalid or has expired.');
    const found = await repo.findLiveSession(this.deps.orm, hashToken(token));
    if (!found) throw new AppError('UNAUTHORIZED', 'The session is invalid or has expired.');
    return {
      kind: 'user',
      userId: found.user.id,
      email: found.user.email,
      emailVerified: found.user.emailVerifiedAt !== null,
      sessionId: found.sessionId,
      sessionExpiresAt: found.expiresAt,
    };
  }

  private async openSession(user: repo.UserRow) {
    const token = newToken(TOKEN_PREFIX.userSession);
    const expiresAt = new Date(Date.now() + SESSION_DAYS * 86_400_000);
    await repo.insertSession(this.deps.orm, { id: newId(), userId: user.id, tokenHash: hashToken(token), expiresAt });
    return { user: toUser(user), token, expiresAt: expiresAt.toISOString() };
  }
}
