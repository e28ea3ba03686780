import type { Executor, Orm } from '../../platform/db/database.js';
import { AppError, isUniqueViolation } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/access.js';
import { newId } from '../../platform/ids.js';
import type { PlanTable } from '../../platform/plans.js';
import { createWithinQuota } from '../../platform/quota.js';
import { lockOrganization } from '../../platform/org-status.js';
import { toInvitation, toMember } from './members.mapper.js';
import * as repo from './members.repository.js';
import type { InviteInput } from './members.schemas.js';

export const INVITATION_DAYS = 7;

/** People of an organization: members, their roles, and invitations to join. */
export class MembersService {
  constructor(private readonly deps: { orm: Orm; plans: PlanTable }) {}

  async list(actor: Actor, page: { limit: number; offset: number }) {
    const [rows, total] = await Promise.all([
      repo.listMembers(this.deps.orm, actor.orgId, page.limit, page.offset),
      repo.countMembers(this.deps.orm, actor.orgId),
    ]);
    return { members: rows.map(toMember), total };
  }

  /** A pending invitation counts toward the member limit, so invitations cannot over-admit. */
  async invite(actor: Actor, input: InviteInput) {
    const { orgId } = actor;
    const email = input.email.trim();
    try {
      const row = await createWithinQuota(
        this.deps.orm,
        this.deps.plans,
        orgId,
        'members',
        async (tx) => (await repo.countMembers(tx, orgId)) + (await repo.countPendingInvitations(tx, orgId)),
        async (tx) => {
          if (await repo.findMemberByEmail(tx, orgId, email)) throw new AppError('DUPLICATE', `${email} is already a member.`);
          await repo.expireLapsedInvitations(tx, orgId, email);
          return repo.insertInvitation(tx, {
            id: newId(),
            orgId,
            email,
            role: input.role ?? 'member',
            expiresAt: new Date(Date.now() + INVITATION_DAYS * 86_400_000),
          });
        },
      );
      return toInvitation(row);
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('DUPLICATE', `${email} already has a pending invitation.`);
      throw err;
    }
  }

  async listInvitations(actor: Actor) {
    const rows = await repo.listPendingInvitations(this.deps.orm, actor.orgId);
    return { invitations: rows.map(toInvitation), total: rows.length };
  }

  async revokeInvitation(actor: Actor, id: string) {
    if (!(await repo.revokeInvitation(this.deps.orm, actor.orgId, id))) throw new AppError('NOT_FOUND', 'Invitation not found.');
    return { deleted: true as const, id };
  }

  /**
   * The signed-in person accepts: their email must match and be verified (anyone can sign up with any address);
   * they become a member with the invited role.
   */
  async accept(user: { userId: string; email: string; emailVerified: boolean }, invitationId: string) {
    const memberId = newId();
    const orgId = await this.deps.orm.transaction(async (t) => {
      const tx = t as unknown as Executor;
      const inv = await repo.lockInvitation(tx, invitationId);
      if (!inv || inv.status !== 'pending') throw new AppError('NOT_FOUND', 'Invitation not found.');
      if (inv.expiresAt.getTime() <= Date.now()) throw new AppError('EXPIRED', 'The invitation has expired; ask for a new one.');
      if (inv.email.toLowerCase() !== user.email.toLowerCase()) {
        throw new AppError('FORBIDDEN', 'This invitation was sent to another email address.');
      }
      if (!user.emailVerified) {
        throw new AppError(
          'EMAIL_NOT_VERIFIED',
          'Verify your email address before accepting: POST /api/v1/auth/verify-email/request, then /confirm with the emailed code.',
        );
      }
      if (await repo.findMemberByEmail(tx, inv.orgId, user.email)) throw new AppError('DUPLICATE', 'You are already a member.');
      await createWithinQuota(
        tx,
        this.deps.plans,
        inv.orgId,
        'members',
        (q) => repo.countMembers(q, inv.orgId),
        async (q) => {
          await repo.insertMember(q, { id: memberId, orgId: inv.orgId, userId: user.userId, role: inv.role });
          await repo.setInvitationStatus(q, inv.id, 'accepted');
        },
      );
      return inv.orgId;
    });
    return toMember((await repo.findMember(this.deps.orm, orgId, memberId))!);
  }

  async setRole(actor: Actor, id: string, role: 'owner' | 'admin' | 'member') {
    await this.withOwnerCheck(actor.orgId, id, role !== 'owner', async (tx) => repo.setMemberRole(tx, actor.orgId, id, role));
    return toMember((await repo.findMember(this.deps.orm, actor.orgId, id))!);
  }

  async remove(actor: Actor, id: string) {
    await this.withOwnerCheck(actor.orgId, id, true, async (tx) => {
      await repo.deleteMember(tx, actor.orgId, id);
    });
    return { deleted: true as const, id };
  }

  /** A new organization's first owner, inside the transaction that creates it; returns the membership id. */
  async addOwner(db: Executor, orgId: string, userId: string): Promise<string> {
    const id = newId();
    await repo.insertMember(db, { id, orgId, userId, role: 'owner' });
    return id;
  }

  // ---- reads for other modules (members own the table) ------------------------------------------------------

  /** Whether `memberId` is a member of the organization. */
  async exists(orgId: string, memberId: string): Promise<boolean> {
    return repo.memberExists(this.deps.orm, orgId, memberId);
  }

  /** The subset of `userIds` who are members of the organization. */
  async userIdsAmongMembers(orgId: string, userIds: readonly string[]): Promise<Set<string>> {
    return new Set(await repo.memberUserIds(this.deps.orm, orgId, userIds));
  }

  /** Every organization a user belongs to, with its name and the user's role there. */
  async membershipsOf(userId: string): Promise<repo.Membership[]> {
    return repo.membershipsOf(this.deps.orm, userId);
  }

  /** The user's membership of one organization, or null when they are not a member. */
  async membershipIn(orgId: string, userId: string): Promise<repo.Membership | null> {
    const [m] = await repo.membershipsOf(this.deps.orm, userId, orgId);
    return m ?? null;
  }

  /** Runs `change` unless it would leave the organization without an owner (organization row locked). */
  private async withOwnerCheck(orgId: string, memberId: string, losesOwner: boolean, change: (tx: Executor) => Promise<void>) {
    await this.deps.orm.transaction(async (t) => {
      const tx = t as unknown as Executor;
      await lockOrganization(tx, orgId);
      const member = await repo.findMember(tx, orgId, memberId);
      if (!member) throw new AppError('NOT_FOUND', 'Member not found.');
      if (member.role === 'owner' && losesOwner && (await repo.otherOwners(tx, orgId, memberId)) === 0) {
        throw new AppError('LAST_OWNER', 'This is the last owner; make someone else owner first.');
      }
      await change(tx);
    });
  }

  /** How many count toward the plan's limit: members and pending invitations, as invite() counts them. */
  async quotaCount(orgId: string): Promise<number> {
    return (await repo.countMembers(this.deps.orm, orgId)) + (await repo.countPendingInvitations(this.deps.orm, orgId));
  }

  /** A person's organizations with their role in each, by name (their organizations page). */
  async organizationsOf(userId: string) {
    return (await repo.membershipsOf(this.deps.orm, userId)).map((m) => ({
      id: m.orgId,
      name: m.organization,
      plan: m.plan,
      role: m.role,
      memberId: m.memberId,
      status: m.suspended ? ('suspended' as const) : ('active' as const),
    }));
  }

  /**
   * The invitations waiting for a person (by their email), once the address is verified: whoever signs up with an
   * address must not learn which organizations invited it.
   */
  async invitationsFor(person: { email: string; emailVerified: boolean }) {
    if (!person.emailVerified)
      throw new AppError(
        'EMAIL_NOT_VERIFIED',
        'Verify your email address to see the invitations sent to it: POST /api/v1/auth/verify-email/request, then /confirm with the emailed code.',
      );
    const rows = await repo.pendingInvitationsFor(this.deps.orm, person.email);
    return rows.map((r) => ({ ...r, expiresAt: r.expiresAt.toISOString() }));
  }
}
