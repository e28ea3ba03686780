import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.js';
import { emailVerificationCodes, emailVerificationSends, users, userSessions } from '../../platform/db/schema.js';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row ?? null;
}

export async function insertUser(db: Executor, row: typeof users.$inferInsert): Promise<UserRow> {
  const [created] = await db.insert(users).values(row).returning();
  return created!;
}

export async function insertSession(db: Executor, row: typeof userSessions.$inferInsert): Promise<void> {
  await db.insert(userSessions).values(row);
}

export async function findLiveSession(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({ sessionId: userSessions.id, expiresAt: userSessions.expiresAt, user: users })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .where(and(eq(userSessions.tokenHash, tokenHash), gt(userSessions.expiresAt, new Date())))
    .limit(1);
  return row ?? null;
}

export async function deleteSession(db: Executor, sessionId: string): Promise<void> {
  await db.delete(userSessions).where(eq(userSessions.id, sessionId));
}

/** Ends every session of the person (a password reset). */
export async function deleteSessionsOf(db: Executor, userId: string): Promise<void> {
  await db.delete(userSessions).where(eq(userSessions.userId, userId));
}

export async function setPassword(db: Executor, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function findUser(db: Executor, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export type VerificationCodeRow = typeof emailVerificationCodes.$inferSelect;

export async function markEmailVerified(db: Executor, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function findVerificationCode(db: Executor, userId: string): Promise<VerificationCodeRow | null> {
  const [row] = await db.select().from(emailVerificationCodes).where(eq(emailVerificationCodes.userId, userId)).limit(1);
  return row ?? null;
}

/**
 * Replaces the person's pending code (one at a time; a new code resets the attempts) unless the current one was
 * made after `notAfter`: false then. One statement, so two requests at once cannot both send a code.
 */
export async function putVerificationCode(
  db: Executor,
  row: { userId: string; codeHash: string; expiresAt: Date },
  notAfter: Date,
): Promise<boolean> {
  const values = { ...row, attempts: 0, consumedAt: null, createdAt: new Date() };
  const written = await db
    .insert(emailVerificationCodes)
    .values(values)
    .onConflictDoUpdate({
      target: emailVerificationCodes.userId,
      set: values,
      setWhere: lt(emailVerificationCodes.createdAt, notAfter),
    })
    .returning({ userId: emailVerificationCodes.userId });
  return written.length > 0;
}

export async function deleteVerificationCode(db: Executor, userId: string): Promise<void> {
  await db.delete(emailVerificationCodes).where(eq(emailVerificationCodes.userId, userId));
}

/**
 * Spends one attempt on the live code, atomically, before the comparison, so concurrent guesses cannot exceed
 * the limit. Null when there is no live code: none sent, used, expired or out of attempts.
 */
export async function spendVerificationAttempt(db: Executor, userId: string, maxAttempts: number) {
  const [row] = await db
    .update(emailVerificationCodes)
    .set({ attempts: sql`${emailVerificationCodes.attempts} + 1` })
    .where(
      and(
        eq(emailVerificationCodes.userId, userId),
        isNull(emailVerificationCodes.consumedAt),
        gt(emailVerificationCodes.expiresAt, new Date()),
        lt(emailVerificationCodes.attempts, maxAttempts),
      ),
    )
    .returning({ codeHash: emailVerificationCodes.codeHash, attempts: emailVerificationCodes.attempts });
  return row ?? null;
}

export async function consumeVerificationCode(db: Executor, userId: string): Promise<void> {
  await db.update(emailVerificationCodes).set({ consumedAt: new Date() }).where(eq(emailVerificationCodes.userId, userId));
}

/**
 * Counts one more code in the person's window of `windowMs`, in one statement so that every node sees the same
 * count; a window older than `windowMs` starts over. When `cap` codes were already counted, nothing is written and
 * the answer says when the current window began.
 */
export async function countVerificationSend(
  db: Executor,
  userId: string,
  cap: number,
  windowMs: number,
): Promise<{ counted: true } | { counted: false; windowStart: Date }> {
  const now = new Date();
  const stale = sql`${emailVerificationSends.windowStart} <= ${new Date(now.getTime() - windowMs).toISOString()}::timestamptz`;
  const written = await db
    .insert(emailVerificationSends)
    .values({ userId, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: emailVerificationSends.userId,
      set: {
        windowStart: sql`CASE WHEN ${stale} THEN ${now.toISOString()}::timestamptz ELSE ${emailVerificationSends.windowStart} END`,
        count: sql`CASE WHEN ${stale} THEN 1 ELSE ${emailVerificationSends.count} + 1 END`,
      },
      setWhere: sql`${stale} OR ${emailVerificationSends.count} < ${cap}`,
    })
    .returning({ userId: emailVerificationSends.userId });
  if (written.length > 0) return { counted: true };
  const [row] = await db
    .select({ windowStart: emailVerificationSends.windowStart })
    .from(emailVerificationSends)
    .where(eq(emailVerificationSends.userId, userId));
  return { counted: false, windowStart: row?.windowStart ?? now };
}

/** Takes back one counted code (it was never sent). */
export async function uncountVerificationSend(db: Executor, userId: string): Promise<void> {
  await db
    .update(emailVerificationSends)
    .set({ count: sql`greatest(0, ${emailVerificationSends.count} - 1)` })
    .where(eq(emailVerificationSends.userId, userId));
}

/** Once the address is verified no code is sent again: the count is dropped. */
export async function clearVerificationSends(db: Executor, userId: string): Promise<void> {
  await db.delete(emailVerificationSends).where(eq(emailVerificationSends.userId, userId));
}
