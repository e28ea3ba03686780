import { Type, type Static } from '@sinclair/typebox';
import { Nullable, NullableTimestamp, PageQuery, Timestamp, Uuid } from '../../platform/http/schemas.js';
import type { Loose } from '../../platform/loose.js';
import { HEALTH_STATES } from './connection-health.js';

export const CONNECTION_TYPES = ['SECRET_TEXT', 'BASIC_AUTH', 'CUSTOM_AUTH', 'OAUTH2', 'PLATFORM_OAUTH2'] as const;
export type ConnectionType = (typeof CONNECTION_TYPES)[number];
export const CONNECTION_SCOPES = ['ORGANIZATION', 'WORKSPACE', 'USER'] as const;
export type ConnectionScope = (typeof CONNECTION_SCOPES)[number];
/** ACTIVE: usable. ERROR: the credentials stopped working (refresh failed); reconnect repairs the same id. */
export const CONNECTION_STATUSES = ['ACTIVE', 'ERROR'] as const;
/** Whether the integration accepted the credentials before they were stored (docs/decisions/0095). */
export const VERIFICATIONS = ['verified', 'unverified'] as const;
export type Verification = (typeof VERIFICATIONS)[number];
export const VerificationSchema = (description: string) => Type.String({ enum: [...VERIFICATIONS], description });

export const Connection = Type.Object(
  {
    id: Uuid(),
    externalId: Type.String(),
    displayName: Type.String(),
    integrationName: Type.String(),
    authMethodKey: Type.String(),
    type: Type.String({ enum: [...CONNECTION_TYPES] }),
    status: Type.String({ description: 'ACTIVE, or ERROR when the credentials stopped working (see statusMessage)' }),
    statusMessage: Nullable(Type.String()),
    verification: VerificationSchema(
      'verified: the integration accepted the credentials before they were stored (its check, or an OAuth2 sign-in); unverified: stored as given, not checked (the integration has no check, or they came through this API)',
    ),
    scope: Type.String({ enum: [...CONNECTION_SCOPES] }),
    workspaceId: Nullable(Uuid()),
    endUserId: Nullable(Uuid({ description: "the end user's internal id (USER scope)" })),
    oauthAppId: Nullable(Uuid()),
    suspended: Type.Boolean(),
    health: Type.String({
      enum: [...HEALTH_STATES],
      description:
        'healthy; degraded (a transient failure: the token endpoint unreachable, or the provider refused a call with 403); needs_reauth (the credentials stopped working: reconnect, which keeps the id). From refresh outcomes and the provider’s answers on use.',
    }),
    lastError: Nullable(
      Type.Object(
        { code: Type.String(), message: Type.String() },
        { description: 'why the connection is not healthy (never a secret); null when healthy' },
      ),
    ),
    lastCheckedAt: NullableTimestamp({ description: 'the last check of the credentials (an OAuth2 refresh)' }),
    lastUsedAt: NullableTimestamp({ description: 'the last call that used the connection (to the minute)' }),
    tokenExpiresAt: NullableTimestamp({ description: 'OAuth2: when the access token expires (it is refreshed before)' }),
    credentialExpiresAt: NullableTimestamp({
      description:
        'when the credentials stop working unless a person reconnects: an OAuth2 refresh token’s own expiry when the provider states it, or an access token that cannot be refreshed; null when unknown or never. connection.expiring is sent ahead of it.',
    }),
    createdAt: Timestamp(),
    updatedAt: Timestamp(),
  },
  { $id: 'Connection' },
);

/** The earlier record shape (piece/project vocabulary), with the current fields alongside. */
export const EarlierConnection = Type.Object(
  {
    id: Uuid(),
    pieceName: Type.String(),
    displayName: Type.String(),
    externalId: Type.String(),
    projectId: Nullable(Uuid()),
    status: Type.String(),
    createdAt: Timestamp(),
    updatedAt: Timestamp(),
    integrationName: Type.String(),
    workspaceId: Nullable(Uuid()),
    type: Type.String(),
    scope: Type.String(),
    authMethodKey: Type.String(),
  },
  { $id: 'EarlierConnection' },
);

const ExternalId = Type.String({ minLength: 1, maxLength: 255 });
const DisplayName = Type.String({ minLength: 1, maxLength: 255 });
const IntegrationName = Type.String({ minLength: 1, maxLength: 214 });

/**
 * POST /api/v1/connections takes the current shape (integrationName, type, credential fields) or the earlier one
 * (pieceName, value, projectId); the service tells them apart by pieceName and checks each shape's rules.
 */
export const CreateConnectionBody = Type.Object({
  type: Type.Optional(Type.String({ enum: [...CONNECTION_TYPES] })),
  externalId: Type.Optional(ExternalId),
  displayName: Type.Optional(DisplayName),
  integrationName: Type.Optional(IntegrationName),
  authMethodKey: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  workspaceId: Type.Optional(Uuid()),
  endUserId: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: "the end user's externalId" })),
  scope: Type.Optional(Type.String({ enum: [...CONNECTION_SCOPES] })),
  oauthAppId: Type.Optional(Uuid()),
  secretText: Type.Optional(Type.String({ minLength: 1, maxLength: 10_000 })),
  username: Type.Optional(Type.String({ maxLength: 1000 })),
  password: Type.Optional(Type.String({ maxLength: 10_000 })),
  props: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  accessToken: Type.Optional(Type.String({ minLength: 1, maxLength: 20_000 })),
  refreshToken: Type.Optional(Type.String({ maxLength: 20_000 })),
  tokenType: Type.Optional(Type.String({ maxLength: 50 })),
  expiresIn: Type.Optional(Type.Integer({ minimum: 0 })),
  scope_oauth: Type.Optional(Type.String({ maxLength: 5000 })),
  data: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  // earlier shape
  pieceName: Type.Optional(Type.String({ minLength: 1, maxLength: 214, description: 'earlier shape: the integration name' })),
  projectId: Type.Optional(Uuid({ description: 'earlier shape: the workspace id' })),
  value: Type.Optional(
    Type.Record(Type.String(), Type.Unknown(), { description: 'earlier shape: {type, ...credential fields}' }),
  ),
});
export type CreateConnectionInput = Loose<Static<typeof CreateConnectionBody>>;

export const ListConnectionsQuery = Type.Object({
  id: Type.Optional(Uuid({ description: 'return {connection} for this id' })),
  ...PageQuery,
  includeSuspended: Type.Boolean({ default: false }),
  integrationName: Type.Optional(Type.String({ maxLength: 214 })),
  workspaceId: Type.Optional(Uuid()),
  externalId: Type.Optional(Type.String({ maxLength: 255 })),
  health: Type.Optional(Type.String({ enum: [...HEALTH_STATES], description: 'only connections in this health' })),
  // earlier shape filters: answer {data: [...]}
  pieceName: Type.Optional(Type.String({ maxLength: 214 })),
  projectId: Type.Optional(Uuid()),
});
export type ListConnectionsQueryInput = Static<typeof ListConnectionsQuery>;

export const ResolveConnectionBody = Type.Object({
  integrationName: IntegrationName,
  workspaceId: Uuid(),
  externalId: Type.Optional(ExternalId),
  authMethodKey: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  endUserId: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: "the end user's externalId" })),
});
export type ResolveConnectionInput = Static<typeof ResolveConnectionBody>;

export const ConnectionEnvelope = Type.Object({ connection: Type.Ref('Connection') });
export const ConnectionListResponse = Type.Union([
  Type.Object({ connections: Type.Array(Type.Ref('Connection')), total: Type.Integer() }),
  Type.Object({ connection: Type.Ref('Connection') }),
  Type.Object({ data: Type.Array(Type.Ref('EarlierConnection')), total: Type.Integer() }),
]);
export const CreateConnectionResponse = Type.Union([ConnectionEnvelope, Type.Ref('EarlierConnection')]);
export const ConnectionDeleted = Type.Object({
  deleted: Type.Literal(true),
  id: Uuid(),
  success: Type.Literal(true, { description: 'for callers of the earlier shape' }),
});
