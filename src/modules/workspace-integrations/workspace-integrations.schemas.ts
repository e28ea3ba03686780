import { Type, type Static } from '@sinclair/typebox';
import { CONNECTION_STRATEGIES } from '../../engine/types.js';
import { Nullable, Timestamp, Uuid } from '../../platform/http/schemas.js';

export const ALIAS_PATTERN = '^[a-z][a-z0-9_-]*$';
/** Earlier connection policy names, accepted as connectionStrategy values and stored as the current ones. */
export const EARLIER_POLICIES = ['ENFORCED_ORG', 'ENFORCED_PROJECT', 'USER_REQUIRED', 'USER_WITH_DEFAULT'] as const;
export const OAUTH_APP_MODES = ['service_managed', 'custom'] as const;

export const WorkspaceIntegration = Type.Object(
  {
    id: Uuid(),
    workspaceId: Uuid(),
    orgId: Uuid(),
    integrationName: Type.String(),
    alias: Type.String(),
    displayName: Nullable(Type.String()),
    connectionStrategy: Type.String({ enum: [...CONNECTION_STRATEGIES] }),
    authMethodKey: Type.String({ description: "'none' for integrations that take no connection" }),
    oauthAppMode: Type.String({ enum: [...OAUTH_APP_MODES] }),
    oauthAppId: Nullable(Uuid()),
    connectionId: Nullable(Uuid()),
    enabledActions: Nullable(Type.Array(Type.String())),
    settings: Type.Record(Type.String(), Type.Unknown()),
    sortOrder: Type.Number(),
    connectionStatus: Type.Optional(
      Type.String({ description: 'list responses: ACTIVE or ERROR (the connection), NOT_REQUIRED, PER_USER or MISSING' }),
    ),
    connectionDisplayName: Type.Optional(Nullable(Type.String())),
    connectionExternalId: Type.Optional(Nullable(Type.String())),
    createdAt: Timestamp(),
    updatedAt: Timestamp(),
  },
  { $id: 'WorkspaceIntegration' },
);

const Alias = Type.String({ minLength: 1, maxLength: 64, pattern: ALIAS_PATTERN });
const Strategy = Type.String({ enum: [...CONNECTION_STRATEGIES, ...EARLIER_POLICIES] });
const ActionList = Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 500 });
const Settings = Type.Record(Type.String(), Type.Unknown());
const DisplayName = Type.String({ minLength: 1, maxLength: 200 });
const SortOrder = Type.Number({ minimum: -1e9, maximum: 1e9 });

export const CreateWorkspaceIntegrationBody = Type.Object({
  integrationName: Type.String({ minLength: 1, maxLength: 214 }),
  alias: Type.Optional(Alias),
  connectionStrategy: Type.Optional(Strategy),
  authMethodKey: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  oauthAppMode: Type.Optional(Type.String({ enum: [...OAUTH_APP_MODES] })),
  oauthAppId: Type.Optional(Uuid()),
  connectionId: Type.Optional(Uuid()),
  displayName: Type.Optional(DisplayName),
  enabledActions: Type.Optional(ActionList),
  settings: Type.Optional(Settings),
  sortOrder: Type.Optional(SortOrder),
});
export type CreateWorkspaceIntegrationInput = Static<typeof CreateWorkspaceIntegrationBody>;

export const UpdateWorkspaceIntegrationBody = Type.Object({
  alias: Type.Optional(Alias),
  connectionStrategy: Type.Optional(Strategy),
  authMethodKey: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  oauthAppMode: Type.Optional(Type.String({ enum: [...OAUTH_APP_MODES] })),
  oauthAppId: Type.Optional(Nullable(Uuid())),
  connectionId: Type.Optional(Nullable(Uuid())),
  displayName: Type.Optional(Nullable(DisplayName)),
  enabledActions: Type.Optional(Nullable(ActionList)),
  settings: Type.Optional(Nullable(Settings)),
  sortOrder: Type.Optional(SortOrder),
});
export type UpdateWorkspaceIntegrationInput = Static<typeof UpdateWorkspaceIntegrationBody>;

export const WorkspaceParams = Type.Object({ workspaceId: Uuid() });
export const WorkspaceIntegrationParams = Type.Object({ workspaceId: Uuid(), id: Uuid() });

export const WorkspaceIntegrationEnvelope = Type.Object({ integration: Type.Ref('WorkspaceIntegration') });
export const WorkspaceIntegrationList = Type.Object({
  integrations: Type.Array(Type.Ref('WorkspaceIntegration')),
  total: Type.Integer(),
});
