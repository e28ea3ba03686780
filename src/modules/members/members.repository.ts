import { and, count, desc, eq, gt, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.js';
import { invitations, members, organizations, users } from '../../platform/db/schema.js';

export type InvitationRow = typeof invitations.$inferSelect;
export interface MemberView {
  id: string;
  orgId: string;
  userId: string;
  role: string;
  createdAt: Date;
  userName: string;
  userEmail: string;
  userImage: string | null;
}

/** A user's membership as other modules see it: the organization, its name, and the role there. */
export interface Membership {
  orgId: string;
  memberId: string;
  role: string;
  organization: string;
  plan: string;
  suspended: boolean;
}

const memberView = {
  id: members.id,
  orgId: members.orgId,
  userId: members.userId,
  role: members.role,
  createdAt: members.createdAt,
  userName: users.name,
  userEmail: users.email,
  userImage: users.image,
};

export async function listMembers(db: Executor, orgId: string, limit: number, offset: number): Promise<MemberView[]> {
  return db
    .select(memberView)
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(eq(members.orgId, orgId))
    .orderBy(members.createdAt, members.id)
    .limit(limit)
    .offset(offset);
}

export async function countMembers(db: Executor, orgId: string): Promise<number> {
  const [r] = await db.select({ n: count() }).from(members).where(eq(members.orgId, orgId));
  return r?.n ?? 0;
}

export async function findMember(db: Executor, orgId: string, id: string): Promise<MemberView | null> {
  const [r] = await db
    .select(memberView)
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(and(eq(members.orgId, orgId), eq(members.id, id)))
    .limit(1);
  return r ?? null;
}

export async function findMemberByEmail(db: Executor, orgId: string, email: string): Promise<MemberView | null> {
  const [r] = await db
    .select(memberView)
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(and(eq(members.orgId, orgId), sql`lower(${users.email}) = lower(${email})`))
    .limit(1);
  return r ?? null;
}

export async function memberExists(db: Executor, orgId: string, id: string): Promise<boolean> {
  const [r] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.orgId, orgId), eq(members.id, id)))
    .limit(1);
  return Boolean(r);
}

/** Which of `userIds` are members of the organization. */
export async function memberUserIds(db: Executor, orgId: string, userIds: readonly string[]): Promise<string[]> {
  const rows = await db
    .select({ userId: members.userId })
    .from(members)
    .where(and(eq(members.orgId, orgId), inArray(members.userId, userIds)));
  return rows.map((r) => r.userId);
}

/** A user's memberships with their organization's name (in one organization when `orgId` is given). */
export async function membershipsOf(db: Executor, userId: string, orgId?: string): Promise<Membership[]> {
  return db
    .select({
      orgId: members.orgId,
      memberId: members.id,
      role: members.role,
      organization: organizations.name,
      plan: organizations.plan,
      suspended: organizations.suspended,
    })
    .from(members)
    .innerJoin(organizations, eq(organizations.id, members.orgId))
    .where(orgId ? and(eq(members.userId, userId), eq(members.orgId, orgId)) : eq(members.userId, userId))
    .orderBy(organizations.name, organizations.id);
}

export async function insertMember(db: Executor, row: typeof members.$inferInsert): Promise<void> {
  await db.insert(members).values(row);
}

export async function setMemberRole(db: Executor, orgId: string, id: string, role: string): Promise<void> {
  await db
    .update(members)
    .set({ role })
    .where(and(eq(members.orgId, orgId), eq(members.id, id)));
}

export async function deleteMember(db: Executor, orgId: string, id: string): Promise<boolean> {
  return (
    (
      await db
        .delete(members)
        .where(and(eq(members.orgId, orgId), eq(members.id, id)))
        .returning({ id: members.id })
    ).length > 0
  );
}

/** Owners other than `exceptId` (call with the organization row locked, so two demotions cannot both pass). */
export async function otherOwners(db: Executor, orgId: string, exceptId: string): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(members)
    .where(and(eq(members.orgId, orgId), eq(members.role, 'owner'), ne(members.id, exceptId)));
  return r?.n ?? 0;
}

const pendingLive = (orgId: string) =>
  and(eq(invitations.orgId, orgId), eq(invitations.status, 'pending'), gt(invitations.expiresAt, new Date()));

export async function listPendingInvitations(db: Executor, orgId: string): Promise<InvitationRow[]> {
  return db.select().from(invitations).where(pendingLive(orgId)).orderBy(desc(invitations.createdAt));
}

/** Pending, unexpired invitations addressed to `email` (any case), with their organization's name. */
export async function pendingInvitationsFor(db: Executor, email: string) {
  return db
    .select({
      id: invitations.id,
      organizationId: invitations.orgId,
      organizationName: organizations.name,
      role: invitations.role,
      expiresAt: invitations.expiresAt,
    })
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.orgId))
    .where(
      and(
        sql`lower(${invitations.email}) = lower(${email})`,
        eq(invitations.status, 'pending'),
        gt(invitations.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(invitations.createdAt));
}

export async function countPendingInvitations(db: Executor, orgId: string): Promise<number> {
  const [r] = await db.select({ n: count() }).from(invitations).where(pendingLive(orgId));
  return r?.n ?? 0;
}

/** Marks this organization's lapsed pending invitations for `email` expired, freeing the unique slot. */
export async function expireLapsedInvitations(db: Executor, orgId: string, email: string): Promise<void> {
  await db
    .update(invitations)
    .set({ status: 'expired' })
    .where(
      and(
        eq(invitations.orgId, orgId),
        eq(invitations.status, 'pending'),
        sql`lower(${invitations.email}) = lower(${email})`,
        lt(invitations.expiresAt, new Date()),
      ),
    );
}

export async function insertInvitation(db: Executor, row: typeof invitations.$inferInsert): Promise<InvitationRow> {
  const [created] = await db.insert(invitations).values(row).returning();
  return created!;
}

export async function findInvitation(db: Executor, id: string): Promise<InvitationRow | null> {
  const [r] = await db.select().from(invitations).where(eq(invitations.id, id)).limit(1);
  return r ?? null;
}

export async function lockInvitation(db: Executor, id: string): Promise<InvitationRow | null> {
  const [r] = await db.select().from(invitations).where(eq(invitations.id, id)).for('update').limit(1);
  return r ?? null;
}

export async function setInvitationStatus(db: Executor, id: string, status: string): Promise<void> {
  await db.update(invitations).set({ status }).where(eq(invitations.id, id));
}

export async function revokeInvitation(db: Executor, orgId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(invitations)
    .set({ status: 'revoked' })
    .where(and(eq(invitations.orgId, orgId), eq(invitations.id, id), eq(invitations.status, 'pending')))
    .returning({ id: invitations.id });
  return rows.length > 0;
}

/** Retention: invitations that expired, or were accepted or revoked, more than `days` ago. */
export async function purgeOldInvitations(db: Executor, days: number): Promise<number> {
  const cutoff = new Date(Date.now() - days * 86_400_000);
  const rows = await db
    .delete(invitations)
    .where(or(lt(invitations.expiresAt, cutoff), and(ne(invitations.status, 'pending'), lt(invitations.createdAt, cutoff))))
    .returning({ id: invitations.id });
  return rows.length;
}
