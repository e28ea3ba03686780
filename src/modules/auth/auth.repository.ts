import { and, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.js';
import { users, userSessions } from '../../platform/db/schema.js';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
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

export async function findUser(db: Executor, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}
