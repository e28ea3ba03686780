import type { InvitationRow, MemberView } from './members.repository.js';

export function toMember(m: MemberView) {
  return {
    id: m.id,
    organizationId: m.orgId,
    userId: m.userId,
    role: m.role,
    userName: m.userName,
    userEmail: m.userEmail,
    userImage: m.userImage,
    createdAt: m.createdAt.toISOString(),
  };
}

export function toInvitation(i: InvitationRow) {
  return {
    id: i.id,
    email: i.email,
    organizationId: i.orgId,
    role: i.role,
    status: i.status,
    expiresAt: i.expiresAt.toISOString(),
    createdAt: i.createdAt.toISOString(),
  };
}
