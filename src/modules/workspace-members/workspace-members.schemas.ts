import { Type, type Static } from '@sinclair/typebox';
import { PageQuery, Timestamp, Uuid } from '../../platform/http/schemas.js';

export const WorkspaceMember = Type.Object(
  {
    id: Uuid(),
    workspaceId: Uuid(),
    memberId: Uuid(),
    role: Type.String({ description: 'admin or member' }),
    createdAt: Timestamp(),
  },
  { $id: 'WorkspaceMember' },
);

export const AddWorkspaceMemberBody = Type.Object({
  workspaceId: Uuid(),
  memberId: Uuid(),
  role: Type.Optional(Type.Union([Type.Literal('admin'), Type.Literal('member')])),
});
export type AddWorkspaceMemberInput = Static<typeof AddWorkspaceMemberBody>;

export const ListWorkspaceMembersQuery = Type.Object({ workspaceId: Uuid(), ...PageQuery });
export const WorkspaceMemberEnvelope = Type.Object({ projectMember: Type.Ref('WorkspaceMember') });
export const WorkspaceMemberList = Type.Object({
  projectMembers: Type.Array(Type.Ref('WorkspaceMember')),
  total: Type.Integer(),
});
