import { Type, type Static } from '@sinclair/typebox';
import { Nullable, NullableTimestamp, PageQuery, Timestamp, Uuid } from '../../platform/http/schemas.js';

export const Permissions = Type.Object(
  {
    scope: Type.Union([Type.Literal('org'), Type.Literal('workspace')], { description: "'org' (full access) or 'workspace'" }),
    workspaceIds: Type.Optional(Type.Array(Uuid(), { maxItems: 100, description: "Required when scope is 'workspace'" })),
    approvals: Type.Optional(
      Type.Object({
        decide: Type.Optional(Type.Boolean({ description: 'May approve, reject and cancel Human Gates requests' })),
      }),
    ),
  },
  { $id: 'ApiKeyPermissions' },
);

export const ApiKey = Type.Object(
  {
    id: Uuid(),
    orgId: Uuid(),
    name: Type.String(),
    keyPrefix: Type.String({ description: 'First 8 characters of the key' }),
    permissions: Nullable(Type.Ref('ApiKeyPermissions')),
    lastUsedAt: NullableTimestamp(),
    expiresAt: NullableTimestamp(),
    createdAt: Timestamp(),
  },
  { $id: 'ApiKey' },
);

export const CreateApiKeyBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  expiresAt: Type.Optional(Nullable(Type.String({ format: 'date-time' }))),
  permissions: Type.Optional(Nullable(Permissions)),
});
export type CreateApiKeyInput = Static<typeof CreateApiKeyBody>;
export type PermissionsInput = Static<typeof Permissions>;

export const ListApiKeysQuery = Type.Object(PageQuery);

export const ApiKeyList = Type.Object({ apiKeys: Type.Array(Type.Ref('ApiKey')), total: Type.Integer() });
export const CreatedApiKey = Type.Object({
  apiKey: Type.Ref('ApiKey'),
  plainKey: Type.String({ description: 'The key itself, shown only in this response' }),
});
export const ApiKeyPermissionsSchemas = [Permissions, ApiKey];
