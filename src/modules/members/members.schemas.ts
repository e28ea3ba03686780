import { Type, type Static } from '@sinclair/typebox';
import { Nullable, PageQuery, Timestamp, Uuid } from '../../platform/http/schemas.js';

const MemberRole = Type.Union([Type.Literal('owner'), Type.Literal('admin'), Type.Literal('member')]);
const InviteRole = Type.Union([Type.Literal('admin'), Type.Literal('member')]);

export const Member = Type.Object(
  {
    id: Uuid(),
    organizationId: Uuid(),
    userId: Uuid(),
    role: Type.String({ description: 'owner, admin or member' }),
    userName: Type.String(),
    userEmail: Type.String(),
    userImage: Nullable(Type.String()),
    createdAt: Timestamp(),
  },
  { $id: 'Member' },
);

export const Invitation = Type.Object(
  {
    id: Uuid(),
    email: Type.String(),
    organizationId: Uuid(),
    role: Type.String({ description: 'admin or member' }),
    status: Type.String({ description: "'pending' until accepted or revoked" }),
    expiresAt: Timestamp(),
    createdAt: Timestamp(),
  },
  { $id: 'Invitation' },
);

export const InviteBody = Type.Object({
  email: Type.String({ format: 'email', maxLength: 254 }),
  role: Type.Optional(InviteRole),
});
export type InviteInput = Static<typeof InviteBody>;

export const UpdateMemberBody = Type.Object({ role: MemberRole });
export const ListMembersQuery = Type.Object(PageQuery);
export const InvitationParams = Type.Object({ invitationId: Uuid() });

export const MemberEnvelope = Type.Object({ member: Type.Ref('Member') });
export const MemberList = Type.Object({ members: Type.Array(Type.Ref('Member')), total: Type.Integer() });
export const InvitationEnvelope = Type.Object({ invitation: Type.Ref('Invitation') });
export const InvitationList = Type.Object({ invitations: Type.Array(Type.Ref('Invitation')), total: Type.Integer() });
