import type { Executor } from '../../platform/db/database.js';
import type { DeliveryService } from '../../platform/delivery/delivery.js';
import { toDeliveryJson } from '../../platform/delivery/delivery.schemas.js';
import type { ApprovalDelivery, ApprovalEvent, ApprovalNotifier } from './approval-events.js';

export const APPROVAL_PRODUCER = 'approval';
const RECENT_DELIVERIES = 20;

/**
 * Approval lifecycle webhooks to the policy's webhook approvers, through the durable delivery component (outbox
 * rows written in the transaction that changed the request; retried with backoff; signed with the organization's
 * secret). Bodies carry only the redacted preview. See docs/decisions/0064-approval-webhooks.md.
 */
export class ApprovalWebhooks implements ApprovalNotifier {
  constructor(private readonly deps: { delivery: DeliveryService; publicUrl: string }) {}

  async enqueue(tx: Executor, orgId: string, event: ApprovalEvent): Promise<void> {
    const urls = [
      ...new Set(
        event.approvers
          .filter((a) => a.type === 'webhook' && typeof a.webhookUrl === 'string')
          .map((a) => a.webhookUrl as string),
      ),
    ];
    if (urls.length === 0) return;
    const a = event.approval;
    const api = `${this.deps.publicUrl}/api/v1/approvals/${a.id}`;
    const preview = a.inputPreview as { type?: unknown } & Record<string, unknown>;
    const codeRun =
      preview.type === 'mcp_code_batch_run'
        ? {
            type: 'mcp_code_batch_run',
            codeRunId: preview.codeRunId ?? a.codeRunId,
            codeHash: preview.codeHash ?? null,
            toolSurfaceHash: preview.toolSurfaceHash ?? null,
            approvalGroups: preview.approvalGroups ?? [],
            analysisConfidence: preview.analysisConfidence ?? null,
            dynamicSignals: preview.dynamicSignals ?? [],
            continuation: { tool: 'execute_code', arguments: { approvalId: a.id } },
          }
        : undefined;
    const body = {
      event: event.type,
      createdAt: new Date().toISOString(),
      approval: {
        ...a,
        api: { detailUrl: api, approveUrl: `${api}/approve`, rejectUrl: `${api}/reject`, cancelUrl: `${api}/cancel` },
        ...(codeRun ? { codeRun } : {}),
      },
      receipt: event.receipt,
    };
    for (const url of urls) {
      await this.deps.delivery.enqueue(tx, {
        orgId,
        producer: APPROVAL_PRODUCER,
        subjectId: a.id,
        // One stream per request and receiver: requested always arrives before approved/rejected.
        streamKey: `approval:${a.id}:${url}`,
        url,
        headers: { 'X-Service-Event': event.type, 'X-Service-Approval': a.id },
        body,
      });
    }
  }

  /** The most recent deliveries of a request's events (newest last), for GET /approvals/:id. */
  async deliveriesFor(orgId: string, approvalId: string): Promise<ApprovalDelivery[]> {
    const views = await this.deps.delivery.listForSubjects(orgId, APPROVAL_PRODUCER, [approvalId]);
    return views.slice(-RECENT_DELIVERIES).map((v) => ({ ...toDeliveryJson(v), url: v.url }));
  }
}
