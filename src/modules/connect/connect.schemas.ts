import { Type, type Static } from '@sinclair/typebox';
import { CONNECTION_SCOPES, VerificationSchema } from '../connections/connections.schemas.js';
import { Nullable, Timestamp, Uuid } from '../../platform/http/schemas.js';

export const SESSION_STATUSES = ['PENDING', 'CONNECTING', 'COMPLETED', 'FAILED'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];
export const OAUTH_APP_MODES = ['service_managed', 'custom'] as const;

/** Hosted connect session token lifetime (spec: 4 hours). */
export const SESSION_TTL_SECONDS = 4 * 3600;
/** End-user connect portal token lifetime bounds and default (spec: 3600 s to 30 days, default 7 days). */
export const PORTAL_TTL = { min: 3600, max: 2_592_000, default: 604_800 } as const;

const SessionVerification = VerificationSchema(
  'set on COMPLETED: verified when the integration accepted the credentials before they were stored (its check, or the OAuth2 sign-in), unverified when they were saved as entered because the integration cannot check them',
);

export const ConnectSession = Type.Object(
  {
    id: Uuid(),
    integrationName: Type.String(),
    connectionName: Type.String(),
    externalId: Type.String(),
    status: Type.String({ enum: [...SESSION_STATUSES] }),
    connectionId: Nullable(Uuid({ description: 'set on COMPLETED' })),
    error: Nullable(Type.String({ description: 'message on FAILED' })),
    verification: Nullable(SessionVerification),
    workspaceId: Uuid(),
    authMethodKey: Type.String(),
    scope: Type.String({ enum: [...CONNECTION_SCOPES] }),
    endUserId: Nullable(Type.String({ description: "the end user's externalId" })),
    expiresAt: Timestamp(),
    createdAt: Timestamp(),
  },
  { $id: 'ConnectSession' },
);

const RedirectUri = Type.String({ format: 'uri', pattern: '^https?://', maxLength: 2000 });

export const CreateConnectTokenBody = Type.Object({
  integrationName: Type.String({ minLength: 1, maxLength: 214 }),
  connectionName: Type.String({ minLength: 1, maxLength: 255, description: 'display name of the resulting connection' }),
  externalId: Type.String({ minLength: 1, maxLength: 255, description: 'externalId of the resulting connection' }),
  workspaceId: Uuid(),
  workspaceIntegrationId: Type.Optional(
    Uuid({ description: 'inherit authMethodKey and the OAuth app policy from this workspace integration' }),
  ),
  authMethodKey: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 100,
      description: 'required when the integration has several auth options and no workspaceIntegrationId',
    }),
  ),
  endUserId: Type.Optional(
    Type.String({ minLength: 1, maxLength: 255, description: "the end user's externalId (created when absent)" }),
  ),
  scope: Type.Optional(
    Type.String({ enum: [...CONNECTION_SCOPES], description: 'ORGANIZATION by default; USER when endUserId is given' }),
  ),
  oauthAppMode: Type.Optional(Type.String({ enum: [...OAUTH_APP_MODES], description: 'service_managed (default) or custom' })),
  oauthAppId: Type.Optional(Uuid({ description: 'required when oauthAppMode is custom' })),
  successRedirectUri: Type.Optional(RedirectUri),
  errorRedirectUri: Type.Optional(RedirectUri),
});
export type CreateConnectTokenInput = Static<typeof CreateConnectTokenBody>;

export const ConnectTokenResponse = Type.Object({
  token: Type.String({ description: 'cst_...; shown once' }),
  connectUrl: Type.String({ description: '{base_url}/connect?token=<token>' }),
  expiresAt: Timestamp(),
  sessionId: Uuid(),
});

export const SessionParams = Type.Object({ sessionId: Type.String({ minLength: 1, maxLength: 100 }) });
export const SessionEnvelope = Type.Object({ session: Type.Ref('ConnectSession') });

export const PollBody = Type.Object({ token: Type.Optional(Type.String({ maxLength: 200, description: 'the cst_ token' })) });
export const PollResponse = Type.Object({
  sessionId: Uuid(),
  status: Type.String({ enum: [...SESSION_STATUSES] }),
  connectionId: Nullable(Uuid()),
  integrationName: Type.String(),
  externalId: Type.String(),
  error: Nullable(Type.String()),
  verification: Nullable(SessionVerification),
});

export const OAuthCallbackQuery = Type.Object({
  state: Type.Optional(Type.String({ maxLength: 500 })),
  code: Type.Optional(Type.String({ maxLength: 4000 })),
  error: Type.Optional(Type.String({ maxLength: 500 })),
  error_description: Type.Optional(Type.String({ maxLength: 2000 })),
});
export type OAuthCallbackInput = Static<typeof OAuthCallbackQuery>;

// ---- end-user connect portal --------------------------------------------------------------------------------

const ExpiresIn = Type.Integer({
  minimum: PORTAL_TTL.min,
  maximum: PORTAL_TTL.max,
  default: PORTAL_TTL.default,
  description: 'seconds, 3600 to 2592000 (30 days); default 604800 (7 days)',
});

export const EndUserConnectTokenBody = Type.Object({
  integrationName: Type.Optional(
    Type.String({ minLength: 1, maxLength: 214, description: 'limit the portal to this integration' }),
  ),
  workspaceIntegrationId: Type.Optional(
    Uuid({ description: 'limit the portal to this workspace integration (inherits its auth method and OAuth app policy)' }),
  ),
  expiresIn: ExpiresIn,
});
export type EndUserConnectTokenInput = Static<typeof EndUserConnectTokenBody>;

export const EndUserInviteBody = Type.Object({
  email: Type.String({ format: 'email', maxLength: 254 }),
  integrationName: Type.Optional(Type.String({ minLength: 1, maxLength: 214 })),
  workspaceIntegrationId: Type.Optional(Uuid()),
  expiresIn: ExpiresIn,
});
export type EndUserInviteInput = Static<typeof EndUserInviteBody>;

export const EndUserConnectTokenResponse = Type.Object({
  connectUrl: Type.String({ description: '{base_url}/connect/portal?token=<token>' }),
  token: Type.String({ description: 'eut_...; shown once' }),
  expiresAt: Timestamp(),
});
export const EndUserInviteResponse = Type.Object({
  connectUrl: Type.String(),
  token: Type.String(),
  expiresAt: Timestamp(),
  emailSent: Type.Boolean(),
});
