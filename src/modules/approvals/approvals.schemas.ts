import { Type, type Static } from '@sinclair/typebox';
import { EXECUTION_SOURCES } from '../../engine/types.js';
import { DeliveryRecord } from '../../platform/delivery/delivery.schemas.js';
import { Nullable, Timestamp } from '../../platform/http/schemas.js';
import type { Loose } from '../../platform/loose.js';

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'expired', 'canceled', 'consumed'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

const Json = Type.Record(Type.String(), Type.Unknown());

export const Approval = Type.Object(
  {
    id: Type.String({ description: 'apr_…' }),
    orgId: Type.String(),
    policyId: Nullable(Type.String()),
    policyName: Nullable(Type.String()),
    decision: Type.String({ description: "the policy's decision: require_approval, notify_only or auto_approve" }),
    workspaceId: Nullable(Type.String()),
    endUserId: Nullable(Type.String({ description: "the end user's externalId" })),
    source: Type.String(),
    status: Type.String({ enum: [...APPROVAL_STATUSES] }),
    integrationName: Type.String(),
    integrationAlias: Nullable(Type.String()),
    actionName: Type.String(),
    inputPreview: Json,
    redactedPaths: Type.Array(Type.String()),
    riskReasons: Type.Array(Type.String()),
    approvalAccessMode: Type.String(),
    approvalUrl: Nullable(Type.String()),
    hostedApprovalUrl: Nullable(Type.String({ description: 'the bearer link; shown only when the request is created' })),
    idempotencyKey: Nullable(Type.String()),
    codeRunId: Nullable(Type.String()),
    expiresAt: Timestamp(),
    decidedAt: Nullable(Timestamp()),
    decidedBy: Nullable(Json),
    decisionReason: Nullable(Type.String()),
    decisionMetadata: Nullable(Json),
    reusedFrom: Nullable(Type.String()),
    consumedAt: Nullable(Timestamp()),
    runStatus: Nullable(Type.String({ description: 'success or failed, once the approved call ran' })),
    createdAt: Timestamp(),
    updatedAt: Timestamp(),
  },
  { $id: 'Approval', title: 'Approval' },
);

export const Receipt = Type.Object(
  {
    id: Type.String(),
    approvalId: Type.String(),
    inputHash: Type.String(),
    idempotencyKey: Nullable(Type.String()),
    status: Type.String({ description: 'valid, consumed or expired' }),
    expiresAt: Timestamp(),
    consumedAt: Nullable(Timestamp()),
    createdAt: Timestamp(),
  },
  { $id: 'ApprovalReceipt', title: 'ApprovalReceipt' },
);

export const WebhookDelivery = Type.Composite([DeliveryRecord, Type.Object({ url: Type.String() })]);

export const ApprovalEnvelope = Type.Object({
  approval: Type.Ref('Approval'),
  webhookDeliveries: Type.Optional(
    Type.Array(WebhookDelivery, { description: 'recent deliveries of lifecycle webhooks to webhook approvers' }),
  ),
});
export const DecisionResult = Type.Object({ approval: Type.Ref('Approval'), receipt: Nullable(Type.Ref('ApprovalReceipt')) });
export const ApprovalList = Type.Object({
  approvals: Type.Array(Type.Ref('Approval')),
  total: Type.Integer(),
  nextCursor: Nullable(Type.String()),
});

export const ApprovalIdParams = Type.Object({ id: Type.String({ pattern: '^apr_[A-Za-z0-9_-]{1,64}$', description: 'apr_…' }) });

export const ListApprovalsQuery = Type.Object({
  workspaceId: Type.Optional(Type.String({ format: 'uuid' })),
  status: Type.Optional(Type.String({ enum: [...APPROVAL_STATUSES] })),
  source: Type.Optional(Type.String({ enum: [...EXECUTION_SOURCES] })),
  integrationName: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  actionName: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  policyId: Type.Optional(Type.String({ format: 'uuid' })),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
  cursor: Type.Optional(Type.String({ maxLength: 200, description: 'nextCursor of the previous page' })),
});
export type ListApprovalsInput = Static<typeof ListApprovalsQuery>;

/** The longest decision reason kept. The API refuses a longer one; the hosted pages' forms cut it (`formReason`). */
export const MAX_DECISION_REASON = 1000;

/** A decision reason typed into a page's form: trimmed and cut to the maximum; blank is no reason. */
export const formReason = (raw: string | undefined): string | undefined => raw?.trim().slice(0, MAX_DECISION_REASON) || undefined;

export const DecisionBody = Type.Object({
  reason: Type.Optional(Type.String({ maxLength: MAX_DECISION_REASON })),
  metadata: Type.Optional(Json),
});
export type DecisionInput = Loose<Static<typeof DecisionBody>>;
