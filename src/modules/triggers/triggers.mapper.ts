import type { DeliveryView } from '../../platform/delivery/delivery.js';
import { toAttemptJson } from '../../platform/delivery/delivery.schemas.js';
import type { EventRow, SourceRow } from './triggers.repository.js';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** Secrets (callback headers, input, state) have no field here. */
export function toTriggerSource(row: SourceRow, webhookUrl: string | null, lastDelivery: Date | null) {
  return {
    id: row.id,
    orgId: row.orgId,
    triggerType: row.triggerType as 'WEBHOOK' | 'POLLING' | 'APP_WEBHOOK',
    integrationName: row.integrationName,
    triggerName: row.triggerName,
    workspaceId: row.workspaceId,
    workspaceIntegrationId: row.workspaceIntegrationId,
    integrationAlias: row.integrationAlias,
    webhookUrl,
    callbackUrl: row.callbackUrl,
    callbackMetadata: row.callbackMetadata ?? {},
    simulate: row.simulate,
    status: row.status === 'DISABLED' ? 'DISABLED' : 'ACTIVE',
    pollingIntervalMinutes: row.pollingIntervalMinutes,
    connectionId: row.connectionId,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    lastDelivery: iso(lastDelivery),
    disabledAt: iso(row.disabledAt),
    lastPolledAt: iso(row.lastPolledAt),
    lastEventAt: iso(row.lastEventAt),
    consecutiveFailures: row.consecutiveFailures,
  };
}

export function toEarlierRecord(row: SourceRow) {
  return {
    id: row.id,
    pieceName: row.integrationName,
    triggerName: row.triggerName,
    status: row.status === 'DISABLED' ? 'DISABLED' : 'ACTIVE',
    webhookUrl: row.callbackUrl,
    connectionId: row.connectionId,
    projectId: row.workspaceId,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toTriggerEvent(e: EventRow, d: DeliveryView) {
  return {
    eventId: e.id,
    triggerSourceId: e.sourceId,
    sequence: e.seq,
    origin: e.origin,
    createdAt: e.createdAt.toISOString(),
    status: d.status,
    attempts: d.attempts,
    maxAttempts: d.maxAttempts,
    nextAttemptAt: iso(d.nextAttemptAt),
    lastAttemptAt: iso(d.lastAttemptAt),
    lastStatusCode: d.lastStatusCode,
    lastError: d.lastError,
    deliveredAt: iso(d.deliveredAt),
    deadAt: iso(d.deadAt),
    history: d.history.map(toAttemptJson),
  };
}

/** A source as organization webhooks name it (trigger.disabled, trigger.recovered): never input or headers. */
export function sourceOfEvent(row: SourceRow) {
  return {
    id: row.id,
    integrationName: row.integrationName,
    integrationAlias: row.integrationAlias,
    triggerName: row.triggerName,
    triggerType: row.triggerType,
    workspaceId: row.workspaceId,
  };
}
