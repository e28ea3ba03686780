import type { Orm } from '../../platform/db/database.js';
import type { DeliveryService } from '../../platform/delivery/delivery.js';
import { toDeliveryJson } from '../../platform/delivery/delivery.schemas.js';
import { AppError } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/access.js';
import { newId } from '../../platform/ids.js';
import {
  endpointStream,
  isOrganizationEventType,
  ORGANIZATION_EVENTS,
  ORGANIZATION_EVENT_TYPES,
  type OrganizationEvents,
} from './organization-events.js';
import * as repo from './webhook-endpoints.repository.js';
import type { EndpointDeliveryRow, WebhookEndpointRow } from './webhook-endpoints.repository.js';
import type { CreateWebhookEndpointInput, UpdateWebhookEndpointInput } from './webhook-endpoints.schemas.js';

/** At most this many endpoints per organization, on every plan (decision 0139). */
export const MAX_WEBHOOK_ENDPOINTS = 10;

const notFound = () => new AppError('NOT_FOUND', 'Webhook endpoint not found.');

function toEndpoint(r: WebhookEndpointRow) {
  return {
    id: r.id,
    url: r.url,
    events: r.events,
    description: r.description,
    enabled: r.enabled,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** Event types known and unique, in catalog order; UNKNOWN_EVENT_TYPE names the first unknown one. */
function checkEvents(events: string[]): string[] {
  const unknown = events.find((e) => !isOrganizationEventType(e));
  if (unknown !== undefined)
    throw new AppError(
      'UNKNOWN_EVENT_TYPE',
      `events: "${unknown.slice(0, 100)}" is not an event type; known types: ${ORGANIZATION_EVENT_TYPES.join(', ')}.`,
      { details: [{ field: 'events', message: 'contains an unknown event type' }] },
    );
  return ORGANIZATION_EVENT_TYPES.filter((t) => events.includes(t));
}

/**
 * The organization's outbound webhook endpoints (organization-level: org-wide keys, owners and admins) and their
 * deliveries. Events are emitted by {@link OrganizationEvents}. See docs/decisions/0139-organization-webhooks.md.
 */
export class WebhookEndpointsService {
  constructor(private readonly deps: { orm: Orm; delivery: DeliveryService; events: OrganizationEvents }) {}

  catalog() {
    return { events: ORGANIZATION_EVENT_TYPES.map((type) => ({ type, description: ORGANIZATION_EVENTS[type] })) };
  }

  async list(actor: Actor) {
    const rows = await repo.listEndpoints(this.deps.orm, actor.orgId);
    return { webhookEndpoints: rows.map(toEndpoint), total: rows.length };
  }

  async get(actor: Actor, id: string) {
    return toEndpoint(await this.find(actor, id));
  }

  async create(actor: Actor, input: CreateWebhookEndpointInput) {
    const events = checkEvents(input.events);
    const url = await this.deps.delivery.assertDeliverableUrl(input.url, 'url');
    const row = await this.deps.orm.transaction(async (tx) => {
      if (!(await repo.lockOrganization(tx, actor.orgId))) throw new AppError('NOT_FOUND', 'Organization not found.');
      const current = await repo.countEndpoints(tx, actor.orgId);
      if (current >= MAX_WEBHOOK_ENDPOINTS)
        throw new AppError(
          'QUOTA_EXCEEDED',
          `An organization may have ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints; this one has ${current}.`,
          { current, limit: MAX_WEBHOOK_ENDPOINTS },
        );
      return repo.insertEndpoint(tx, {
        id: newId(),
        orgId: actor.orgId,
        url,
        events,
        description: input.description?.trim() || null,
        enabled: input.enabled ?? true,
      });
    });
    return toEndpoint(row);
  }

  async update(actor: Actor, id: string, input: UpdateWebhookEndpointInput) {
    await this.find(actor, id);
    if (Object.keys(input).length === 0)
      throw new AppError('NO_UPDATES', 'Give at least one of url, events, description, enabled.');
    const patch: Parameters<typeof repo.updateEndpoint>[3] = {};
    if (input.events !== undefined) patch.events = checkEvents(input.events);
    if (input.url !== undefined) patch.url = await this.deps.delivery.assertDeliverableUrl(input.url, 'url');
    if (input.description !== undefined) patch.description = input.description?.trim() || null;
    if (input.enabled !== undefined) patch.enabled = input.enabled;
    const row = await repo.updateEndpoint(this.deps.orm, actor.orgId, id, patch);
    if (!row) throw notFound();
    return toEndpoint(row);
  }

  /** Deletes the endpoint; what it still had to send is canceled, and no attempt of it is in flight afterwards. */
  async delete(actor: Actor, id: string) {
    await this.deps.orm.transaction(async (tx) => {
      await this.deps.delivery.cancelStream(tx, actor.orgId, endpointStream(id));
      if (!(await repo.deleteEndpoint(tx, actor.orgId, id))) throw notFound();
    });
    await this.deps.delivery.waitForStream(actor.orgId, endpointStream(id));
    return { deleted: true as const, id };
  }

  /** Sends a webhook.test event to this endpoint only (whatever it subscribes to, enabled or not). */
  async sendTest(actor: Actor, id: string) {
    const endpoint = await this.find(actor, id);
    const [deliveryId] = await this.deps.orm.transaction((tx) =>
      this.deps.events.deliver(tx, actor.orgId, [endpoint], 'webhook.test', {
        webhookEndpoint: { id: endpoint.id, url: endpoint.url, description: endpoint.description },
        message: 'This is a test event.',
      }),
    );
    return { delivery: await this.deliveryView(actor, id, deliveryId!) };
  }

  /** The endpoint's deliveries, newest first, with every attempt. */
  async deliveries(actor: Actor, id: string, q: { limit: number; offset: number }) {
    await this.find(actor, id);
    const [rows, total] = await Promise.all([
      repo.listEndpointDeliveries(this.deps.orm, actor.orgId, id, q.limit, q.offset),
      repo.countEndpointDeliveries(this.deps.orm, actor.orgId, id),
    ]);
    const views = await this.deps.delivery.views(
      actor.orgId,
      rows.map((r) => r.id),
    );
    return { deliveries: rows.flatMap((r) => (views.has(r.id) ? [toEndpointDelivery(r, views.get(r.id)!)] : [])), total };
  }

  /** Replays a delivery (same event id and body) with a fresh round of attempts. */
  async redeliver(actor: Actor, id: string, deliveryId: string) {
    await this.find(actor, id);
    const row = await repo.findEndpointDelivery(this.deps.orm, actor.orgId, id, deliveryId);
    if (!row || !(await this.deps.delivery.rearm(this.deps.orm, actor.orgId, deliveryId)))
      throw new AppError('NOT_FOUND', 'Delivery not found on this webhook endpoint.');
    return { delivery: await this.deliveryView(actor, id, deliveryId) };
  }

  private async deliveryView(actor: Actor, endpointId: string, deliveryId: string) {
    const row = await repo.findEndpointDelivery(this.deps.orm, actor.orgId, endpointId, deliveryId);
    const view = await this.deps.delivery.get(actor.orgId, deliveryId);
    if (!row || !view) throw new AppError('NOT_FOUND', 'Delivery not found on this webhook endpoint.');
    return toEndpointDelivery(row, view);
  }

  private async find(actor: Actor, id: string): Promise<WebhookEndpointRow> {
    const row = await repo.findEndpoint(this.deps.orm, actor.orgId, id);
    if (!row) throw notFound();
    return row;
  }
}

function toEndpointDelivery(r: EndpointDeliveryRow, v: Parameters<typeof toDeliveryJson>[0]) {
  return { ...toDeliveryJson(v), eventId: r.eventId, eventType: r.eventType, createdAt: r.createdAt.toISOString() };
}
