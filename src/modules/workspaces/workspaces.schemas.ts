import { Type, type Static } from '@sinclair/typebox';
import { PageQuery, Timestamp, Uuid } from '../../platform/http/schemas.js';

export const SLUG_PATTERN = '^[a-z0-9][a-z0-9-]*$';

export const Workspace = Type.Object(
  {
    id: Uuid(),
    orgId: Uuid(),
    name: Type.String(),
    slug: Type.String(),
    suspended: Type.Boolean({ description: 'true when the plan no longer covers this workspace' }),
    createdAt: Timestamp(),
    updatedAt: Timestamp(),
  },
  { $id: 'Workspace' },
);

const Name = Type.String({ minLength: 1, maxLength: 100 });
const Slug = Type.String({ minLength: 1, maxLength: 50, pattern: SLUG_PATTERN });

export const CreateWorkspaceBody = Type.Object({ name: Name, slug: Slug });
export const UpdateWorkspaceBody = Type.Object({ name: Type.Optional(Name), slug: Type.Optional(Slug) });
export const ListWorkspacesQuery = Type.Object({
  ...PageQuery,
  includeSuspended: Type.Boolean({ default: false }),
});

export type CreateWorkspaceInput = Static<typeof CreateWorkspaceBody>;
export type UpdateWorkspaceInput = Static<typeof UpdateWorkspaceBody>;

export const WorkspaceEnvelope = Type.Object({ workspace: Type.Ref('Workspace') });
export const WorkspaceList = Type.Object({ workspaces: Type.Array(Type.Ref('Workspace')), total: Type.Integer() });
