import { Type, type Static } from '@sinclair/typebox';
import { Uuid } from '../../platform/http/schemas.js';

const IdempotencyKey = Type.String({ minLength: 1, maxLength: 255 });

export const ExecuteBody = Type.Object({
  integrationName: Type.Optional(Type.String({ minLength: 1, maxLength: 214 })),
  actionName: Type.String({ minLength: 1, maxLength: 200 }),
  input: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'default {}' })),
  connectionExternalId: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  authMethodKey: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  workspaceId: Type.Optional(Uuid()),
  workspaceIntegrationId: Type.Optional(Uuid()),
  integrationAlias: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  endUserId: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: "the end user's externalId" })),
  partialIds: Type.Optional(Type.Array(Uuid(), { maxItems: 50, description: '[] runs without default partials' })),
  idempotencyKey: Type.Optional(IdempotencyKey),
  // earlier shape
  pieceName: Type.Optional(Type.String({ minLength: 1, maxLength: 214, description: 'earlier shape: the integration name' })),
  projectId: Type.Optional(Uuid({ description: 'earlier shape: the workspace id' })),
  connectionId: Type.Optional(Uuid({ description: 'earlier shape: the connection id' })),
  externalId: Type.Optional(
    Type.String({ minLength: 1, maxLength: 255, description: "earlier shape: the connection's externalId" }),
  ),
});
export type ExecuteBodyInput = Static<typeof ExecuteBody>;

const CURRENT_OPTIONAL = [
  'input',
  'connectionExternalId',
  'authMethodKey',
  'workspaceIntegrationId',
  'integrationAlias',
  'endUserId',
  'partialIds',
  'idempotencyKey',
] as const;
const EARLIER_OPTIONAL = ['connectionId', 'externalId', 'projectId', 'workspaceId', 'idempotencyKey'] as const;

/**
 * The two request shapes as the OpenAPI document shows them, each with its own required fields. Requests are
 * validated against ExecuteBody, which accepts both; the service tells them apart by `pieceName` and answers a
 * missing required field with VALIDATION_ERROR naming it.
 */
export const ExecuteDocumentedBody = Type.Union([
  Type.Composite(
    [
      Type.Required(Type.Pick(ExecuteBody, ['integrationName', 'actionName', 'workspaceId'])),
      Type.Pick(ExecuteBody, CURRENT_OPTIONAL),
    ],
    { title: 'ExecuteActionRequest', description: 'The current shape.' },
  ),
  Type.Composite(
    [Type.Required(Type.Pick(ExecuteBody, ['pieceName', 'actionName', 'input'])), Type.Pick(ExecuteBody, EARLIER_OPTIONAL)],
    { title: 'EarlierExecuteActionRequest', description: 'The earlier shape (pieceName/projectId); answers with duration.' },
  ),
]);

export const ExecuteHeaders = Type.Object({
  'idempotency-key': Type.Optional(IdempotencyKey),
  'x-idempotency-key': Type.Optional(IdempotencyKey),
  'x-switchboard-source': Type.Optional(Type.String({ enum: ['rest', 'sdk', 'playground'] })),
});

export const ExecuteResult = Type.Object(
  {
    success: Type.Boolean(),
    output: Type.Optional(Type.Unknown({ description: 'the action output; {error, detail} when success is false' })),
    duration: Type.Optional(Type.Number({ description: 'earlier shape: milliseconds' })),
  },
  { additionalProperties: false },
);

export const ApprovalRequired = Type.Object({
  success: Type.Literal(false),
  status: Type.Literal('approval_required'),
  approval: Type.Object({
    id: Type.String(),
    status: Type.String(),
    approvalUrl: Type.Union([Type.String(), Type.Null()]),
    hostedApprovalUrl: Type.Union([Type.String(), Type.Null()]),
    expiresAt: Type.String(),
    retry: Type.Object({ idempotencyKey: Type.String() }),
  }),
});
