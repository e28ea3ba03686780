import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.js';
import { passwordResetCodes } from '../../platform/db/schema.js';

export type ResetCodeRow = typeof passwordResetCodes.$inferSelect;

/**
 * Adds a person's reset code unless one was made after `notAfter` or `cap` were made since `windowStart` (rows
 * before the window are deleted first). Under a per-person lock, so concurrent requests cannot exceed either limit.
 */
export async function addResetCode(
  db: Executor,
  row: { id: string; userId: string; resetHash: string; linkHash: string; codeHash: string; expiresAt: Date },
  limits: { notAfter: Date; windowStart: Date; cap: number },
): Promise<'added' | 'minute' | 'day'> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Executor;
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`password-reset:${row.userId}`}, 0))`);
    await tx
      .delete(passwordResetCodes)
      .where(and(eq(passwordResetCodes.userId, row.userId), lt(passwordResetCodes.createdAt, limits.windowStart)));
    const [made] = await tx
      .select({ count: sql<number>`count(*)::int`, latest: sql<string | null>`max(${passwordResetCodes.createdAt})` })
      .from(passwordResetCodes)
      .where(eq(passwordResetCodes.userId, row.userId));
    if (made?.latest && new Date(made.latest) > limits.notAfter) return 'minute';
    if ((made?.count ?? 0) >= limits.cap) return 'day';
    await tx.insert(passwordResetCodes).values({ ...row, attempts: 0, createdAt: new Date() });
    return 'added';
  });
}

export async function deleteResetCode(db: Executor, id: string): Promise<void> {
  await db.delete(passwordResetCodes).where(eq(passwordResetCodes.id, id));
}

/**
 * Spends one try of the live code of this reset id, before the comparison, so concurrent guesses cannot exceed the
 * limit. Null when there is none: unknown id, used, expired or out of tries.
 */
export async function spendResetAttempt(db: Executor, resetHash: string, maxAttempts: number) {
  const [row] = await db
    .update(passwordResetCodes)
    .set({ attempts: sql`${passwordResetCodes.attempts} + 1` })
    .where(
      and(
        eq(passwordResetCodes.resetHash, resetHash),
        gt(passwordResetCodes.expiresAt, new Date()),
        lt(passwordResetCodes.attempts, maxAttempts),
      ),
    )
    .returning({
      id: passwordResetCodes.id,
      userId: passwordResetCodes.userId,
      codeHash: passwordResetCodes.codeHash,
      attempts: passwordResetCodes.attempts,
    });
  return row ?? null;
}

/** The live request whose emailed link carries this token (the link proves the inbox; it spends no tries). */
export async function findByLink(db: Executor, linkHash: string): Promise<{ id: string; userId: string } | null> {
  const [row] = await db
    .select({ id: passwordResetCodes.id, userId: passwordResetCodes.userId })
    .from(passwordResetCodes)
    .where(and(eq(passwordResetCodes.linkHash, linkHash), gt(passwordResetCodes.expiresAt, new Date())))
    .limit(1);
  return row ?? null;
}

/** Uses up the code (true once, for one caller) and every other pending code of the person. */
export async function consumeResetCodes(db: Executor, id: string, userId: string): Promise<boolean> {
  const used = await db.delete(passwordResetCodes).where(eq(passwordResetCodes.id, id)).returning({ id: passwordResetCodes.id });
  if (used.length === 0) return false;
  await db.delete(passwordResetCodes).where(eq(passwordResetCodes.userId, userId));
  return true;
}

export async function deleteResetCodesOf(db: Executor, userId: string): Promise<void> {
  await db.delete(passwordResetCodes).where(eq(passwordResetCodes.userId, userId));
}
