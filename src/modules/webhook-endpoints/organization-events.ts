import type { Executor } from '../../platform/db/database.js';
import type { DeliveryService } from '../../platform/delivery/delivery.js';
import { newId } from '../../platform/ids.js';
import * as repo from './webhook-endpoints.repository.js';
import type { WebhookEndpointRow } from './webhook-endpoints.repository.js';

/**
 * The organization events that really fire, with what each means. Adding an event is one line here and one
 * `organizationEvents.emit(tx, orgId, '<type>', data)` where it happens. See docs/decisions/0139-organization-webhooks.md.
 */
export const ORGANIZATION_EVENTS = {
  'webhook.test': 'A test event sent from the endpoint\'s "send test event" action; data names the endpoint.',
  'connection.deleted':
    'A connection was deleted; data names the connection, integration, externalId, scope, workspace and end user (never credentials).',
  'connection.needs_reauth':
    'A connection stopped working (a refused refresh, the provider’s 401, a failed check): data.connection, health {before, after}, lastError, and reconnect, the request that makes a hosted connect link repairing the same connection.',
  'connection.recovered':
    'A connection that was degraded or needed re-authorization works again; data as for connection.needs_reauth.',
  'trigger.disabled':
    'A polling trigger source was disabled after SWITCHBOARD_TRIGGER_MAX_FAILED_POLLS failed polls in a row; data.triggerSource, consecutiveFailures and lastError.',
  'trigger.recovered':
    'A trigger source that had been failing was enabled again (POST /triggers/:id/enable); data.triggerSource and previousFailures.',
  'connection.expiring':
    'A connection’s credentials expire within SWITCHBOARD_CONNECTION_EXPIRING_WINDOW_HOURS (an OAuth2 refresh token with a stated expiry, or an access token that cannot be refreshed); sent once per expiry: data.connection, expiresAt, and reconnect as for connection.needs_reauth.',
  'connection.refresh_failed':
    'Refreshing an OAuth2 token failed (refused, or the token endpoint was down); data as for connection.needs_reauth, lastError.code says which.',
} as const;

export type OrganizationEventType = keyof typeof ORGANIZATION_EVENTS;
export const ORGANIZATION_EVENT_TYPES = Object.keys(ORGANIZATION_EVENTS) as OrganizationEventType[];

export const isOrganizationEventType = (t: string): t is OrganizationEventType =>
  Object.prototype.hasOwnProperty.call(ORGANIZATION_EVENTS, t);

/** Deliveries of organization events: the producer label and one stream per endpoint (order per endpoint holds). */
export const ENDPOINT_PRODUCER = 'webhook_endpoint';
export const endpointStream = (endpointId: string) => `webhook-endpoint:${endpointId}`;

/** What another module receives (through the module system) to emit an organization event. */
export interface OrganizationEventEmitter {
  emit(tx: Executor, orgId: string, type: OrganizationEventType, data: Record<string, unknown>): Promise<number>;
}

/**
 * Emits signed organization events through the durable delivery component: inside the producer's transaction
 * (the event exists exactly when the change does), one delivery per enabled endpoint subscribed to the type,
 * body `{id, type, createdAt, organizationId, data}`, header X-Service-Event.
 */
export class OrganizationEvents implements OrganizationEventEmitter {
  constructor(private readonly deps: { delivery: DeliveryService }) {}

  /** Returns how many endpoints the event was queued for. */
  async emit(tx: Executor, orgId: string, type: OrganizationEventType, data: Record<string, unknown>): Promise<number> {
    const endpoints = await repo.subscribedEndpoints(tx, orgId, type);
    await this.deliver(tx, orgId, endpoints, type, data);
    return endpoints.length;
  }

  /** Queues one event to the given endpoints (also used for the test event, which goes to one endpoint only). */
  async deliver(
    tx: Executor,
    orgId: string,
    endpoints: WebhookEndpointRow[],
    type: OrganizationEventType,
    data: Record<string, unknown>,
  ): Promise<string[]> {
    if (endpoints.length === 0) return [];
    const eventId = newId();
    const body = { id: eventId, type, createdAt: new Date().toISOString(), organizationId: orgId, data };
    const ids = await this.deps.delivery.enqueueMany(
      tx,
      endpoints.map((e) => ({
        orgId,
        producer: ENDPOINT_PRODUCER,
        subjectId: e.id,
        streamKey: endpointStream(e.id),
        url: e.url,
        headers: { 'X-Service-Event': type },
        body,
      })),
    );
    await repo.insertEndpointDeliveries(
      tx,
      endpoints.map((e, i) => ({ id: ids[i]!.id, orgId, endpointId: e.id, eventId, eventType: type })),
    );
    return ids.map((d) => d.id);
  }
}
