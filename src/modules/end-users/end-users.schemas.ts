import { Type, type Static } from '@sinclair/typebox';
import { Nullable, PageQuery, Timestamp, Uuid } from '../../platform/http/schemas.js';

export const EndUser = Type.Object(
  {
    id: Uuid(),
    workspaceId: Uuid(),
    externalId: Type.String(),
    displayName: Nullable(Type.String()),
    email: Nullable(Type.String()),
    metadata: Type.Record(Type.String(), Type.Unknown()),
    type: Type.String({ description: "'external'" }),
    connectionCount: Type.Integer(),
    createdAt: Timestamp(),
    updatedAt: Timestamp(),
  },
  { $id: 'EndUser' },
);

const DisplayName = Type.String({ maxLength: 200 });
const Email = Type.String({ format: 'email', maxLength: 254 });
const Metadata = Type.Record(Type.String(), Type.Unknown(), { description: 'arbitrary JSON object' });

export const CreateEndUserBody = Type.Object({
  workspaceId: Uuid(),
  externalId: Type.String({ minLength: 1, maxLength: 255, description: "the caller's identifier, unique within the workspace" }),
  displayName: Type.Optional(DisplayName),
  email: Type.Optional(Email),
  metadata: Type.Optional(Metadata),
});
export type CreateEndUserInput = Static<typeof CreateEndUserBody>;

export const UpdateEndUserBody = Type.Object({
  displayName: Type.Optional(Nullable(DisplayName)),
  email: Type.Optional(Nullable(Email)),
  metadata: Type.Optional(Metadata),
});
export type UpdateEndUserInput = Static<typeof UpdateEndUserBody>;

export const ListEndUsersQuery = Type.Object({ workspaceId: Uuid(), ...PageQuery });

export const EndUserConnection = Type.Object({
  id: Uuid(),
  externalId: Type.String(),
  displayName: Type.String(),
  integrationName: Type.String(),
  type: Type.String(),
  status: Type.String(),
  createdAt: Timestamp(),
  updatedAt: Timestamp(),
});

export const EndUserEnvelope = Type.Object({ endUser: Type.Ref('EndUser') });
export const EndUserWithConnections = Type.Object({ endUser: Type.Ref('EndUser'), connections: Type.Array(EndUserConnection) });
export const EndUserList = Type.Object({ endUsers: Type.Array(Type.Ref('EndUser')), total: Type.Integer() });
export const EndUserDeleted = Type.Object({ deleted: Type.Literal(true), id: Uuid(), connectionsDeleted: Type.Integer() });
