import type { Registry } from 'prom-client';
import type { Executor } from '../../platform/db/database.js';
import { readGauge, totalsCounter } from '../../platform/metrics.js';
import type { ApprovalDelivery, ApprovalEvent, ApprovalNotifier } from './approval-events.js';

/**
 * Human Gates metrics (decision 0141): lifecycle events (requested, approved, rejected, canceled, expired) counted as
 * the notifier receives them, and the requests pending now (read from the database when scraped).
 */
export function approvalMetrics(
  registry: Registry,
  notifier: ApprovalNotifier,
  pending: () => Promise<number>,
): ApprovalNotifier {
  const events = new Map<string, number>();
  totalsCounter(
    registry,
    {
      name: 'switchboard_approval_events_total',
      help: 'Approval lifecycle events by type: approval.requested, approval.approved, approval.rejected, approval.canceled, approval.expired',
      labelNames: ['event'] as const,
    },
    () => [...events].map(([event, n]) => [{ event }, n]),
  );
  readGauge(
    registry,
    { name: 'switchboard_approvals_pending', help: 'Approval requests waiting for a decision', labelNames: [] },
    async () => [[{}, await pending()]],
  );
  return {
    async enqueue(tx: Executor, orgId: string, event: ApprovalEvent): Promise<void> {
      await notifier.enqueue(tx, orgId, event);
      events.set(event.type, (events.get(event.type) ?? 0) + 1);
    },
    deliveriesFor: (orgId: string, approvalId: string): Promise<ApprovalDelivery[]> => notifier.deliveriesFor(orgId, approvalId),
  };
}
