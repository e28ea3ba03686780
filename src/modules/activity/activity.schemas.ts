import { Type, type Static } from '@sinclair/typebox';
import { EXECUTION_SOURCES } from '../../engine/types.js';
import { Nullable, Timestamp, Uuid } from '../../platform/http/schemas.js';

export const ACTIVITY_STATUSES = ['success', 'failed', 'error', 'approval_required', 'blocked'] as const;

export const ActivityEntry = Type.Object(
  {
    id: Uuid(),
    workspaceId: Nullable(Uuid()),
    apiKeyId: Nullable(Uuid()),
    endUserId: Nullable(Uuid()),
    endUserExternalId: Nullable(Type.String()),
    source: Type.String({ enum: [...EXECUTION_SOURCES] }),
    integrationName: Type.String(),
    integrationAlias: Nullable(Type.String()),
    actionName: Type.String(),
    connectionId: Nullable(Uuid()),
    mcpServerId: Nullable(Uuid()),
    triggerSourceId: Nullable(Uuid()),
    approvalId: Nullable(Type.String()),
    status: Type.String({
      enum: [...ACTIVITY_STATUSES],
      description:
        'success; failed (the action ran and failed upstream); error (refused or could not run: see errorCode); approval_required; blocked',
    }),
    errorCode: Nullable(Type.String()),
    errorMessage: Nullable(Type.String()),
    durationMs: Type.Integer(),
    createdAt: Timestamp(),
    traceId: Nullable(Type.String({ description: "the call's OpenTelemetry trace id when tracing is on (decision 0142)" })),
  },
  { $id: 'ActivityEntry' },
);

export const ListActivityQuery = Type.Object({
  workspaceId: Type.Optional(Uuid()),
  source: Type.Optional(Type.String({ enum: [...EXECUTION_SOURCES] })),
  integrationName: Type.Optional(Type.String({ maxLength: 214 })),
  actionName: Type.Optional(Type.String({ maxLength: 200 })),
  status: Type.Optional(Type.String({ enum: [...ACTIVITY_STATUSES] })),
  endUserId: Type.Optional(Type.String({ maxLength: 255, description: "the end user's externalId" })),
  since: Type.Optional(Type.String({ format: 'date-time' })),
  until: Type.Optional(Type.String({ format: 'date-time' })),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
  cursor: Type.Optional(Type.String({ maxLength: 200, description: 'nextCursor of the previous page' })),
});
export type ListActivityQueryInput = Static<typeof ListActivityQuery>;

export const ActivityList = Type.Object({ activity: Type.Array(Type.Ref('ActivityEntry')), nextCursor: Nullable(Type.String()) });
