import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.js';
import { connectSessions, endUserPortalTokens } from '../../platform/db/schema.js';
import type { SessionStatus } from './connect.schemas.js';

export type SessionRow = typeof connectSessions.$inferSelect;
export type PortalTokenRow = typeof endUserPortalTokens.$inferSelect;
type SessionPatch = Partial<
  Pick<SessionRow, 'status' | 'connectionId' | 'error' | 'oauthStateHash' | 'oauthPkce' | 'verification'>
>;

export async function insertSession(db: Executor, row: typeof connectSessions.$inferInsert): Promise<SessionRow> {
  const [created] = await db.insert(connectSessions).values(row).returning();
  return created!;
}

export async function findSession(db: Executor, orgId: string, id: string): Promise<SessionRow | null> {
  const [r] = await db
    .select()
    .from(connectSessions)
    .where(and(eq(connectSessions.orgId, orgId), eq(connectSessions.id, id)))
    .limit(1);
  return r ?? null;
}

/** Which organization owns a session id (to tell "another organization's" from "missing"). */
export async function sessionOwner(db: Executor, id: string): Promise<string | null> {
  const [r] = await db.select({ orgId: connectSessions.orgId }).from(connectSessions).where(eq(connectSessions.id, id)).limit(1);
  return r?.orgId ?? null;
}

/** By the token's hash: the token is the credential, so this lookup is not scoped by organization. */
export async function findSessionByToken(db: Executor, tokenHash: string): Promise<SessionRow | null> {
  const [r] = await db.select().from(connectSessions).where(eq(connectSessions.tokenHash, tokenHash)).limit(1);
  return r ?? null;
}

export async function findSessionByState(db: Executor, stateHash: string): Promise<SessionRow | null> {
  const [r] = await db.select().from(connectSessions).where(eq(connectSessions.oauthStateHash, stateHash)).limit(1);
  return r ?? null;
}

/** Moves a session only from one of the `from` states (the one atomic step of every transition); null otherwise. */
export async function transition(
  db: Executor,
  orgId: string,
  id: string,
  from: SessionStatus[],
  patch: SessionPatch,
): Promise<SessionRow | null> {
  const [r] = await db
    .update(connectSessions)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(connectSessions.orgId, orgId), eq(connectSessions.id, id), inArray(connectSessions.status, from)))
    .returning();
  return r ?? null;
}

export async function insertPortalToken(db: Executor, row: typeof endUserPortalTokens.$inferInsert): Promise<PortalTokenRow> {
  const [created] = await db.insert(endUserPortalTokens).values(row).returning();
  return created!;
}

export async function findPortalToken(db: Executor, tokenHash: string): Promise<PortalTokenRow | null> {
  const [r] = await db.select().from(endUserPortalTokens).where(eq(endUserPortalTokens.tokenHash, tokenHash)).limit(1);
  return r ?? null;
}

/** Housekeeping across organizations: sessions and portal tokens expired for more than `graceDays`. */
export async function purgeExpired(db: Executor, graceDays: number): Promise<number> {
  const cutoff = new Date(Date.now() - graceDays * 86_400_000);
  const s = await db.delete(connectSessions).where(lt(connectSessions.expiresAt, cutoff)).returning({ id: connectSessions.id });
  const p = await db
    .delete(endUserPortalTokens)
    .where(lt(endUserPortalTokens.expiresAt, cutoff))
    .returning({ id: endUserPortalTokens.id });
  return s.length + p.length;
}
