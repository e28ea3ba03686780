import type { Executor } from '../../platform/db/database.js';
import type { DeliveryRecordJson } from '../../platform/delivery/delivery.schemas.js';
import { toApproval, toReceipt, type ApprovalView, type ReceiptView } from './approvals.mapper.js';
import type { ReceiptRow, RequestRow } from './approvals.repository.js';

export type ApprovalEventType =
  'approval.requested' | 'approval.approved' | 'approval.rejected' | 'approval.canceled' | 'approval.expired';

/** A lifecycle event, handed to the notifier inside the transaction that made it (an outbox). */
export interface ApprovalEvent {
  type: ApprovalEventType;
  approval: ApprovalView;
  receipt: ReceiptView | null;
  /** The policy's approvers as the request recorded them. */
  approvers: Array<Record<string, unknown>>;
}

/** A lifecycle notification's delivery as GET /approvals/:id shows it. */
export type ApprovalDelivery = DeliveryRecordJson & { url: string };

export interface ApprovalNotifier {
  enqueue(tx: Executor, orgId: string, event: ApprovalEvent): Promise<void>;
  /** The most recent deliveries of a request's events, newest last. */
  deliveriesFor(orgId: string, approvalId: string): Promise<ApprovalDelivery[]>;
}

/** Hands a request's lifecycle event to the notifier, in the caller's transaction. */
export async function emit(
  deps: { notifier: ApprovalNotifier; publicUrl: string },
  tx: Executor,
  type: ApprovalEventType,
  row: RequestRow,
  receipt: ReceiptRow | null,
  linkToken: string | null,
): Promise<void> {
  const approvers = (row.policySnapshot as { approvers?: Array<Record<string, unknown>> }).approvers ?? [];
  await deps.notifier.enqueue(tx, row.orgId, {
    type,
    approval: toApproval(row, deps.publicUrl, linkToken),
    receipt: receipt ? toReceipt(receipt) : null,
    approvers,
  });
}
