import { Type, type Static } from '@sinclair/typebox';
import { DeliveryRecord } from '../../platform/delivery/delivery.schemas.js';
import { Nullable, PageQuery, Timestamp, Uuid } from '../../platform/http/schemas.js';

const Url = Type.String({
  minLength: 1,
  maxLength: 2048,
  description: 'absolute http(s) URL without credentials, not a private or loopback address',
});
const Events = Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
  minItems: 1,
  maxItems: 50,
  description: 'event types to receive, from GET /api/v1/webhook-endpoints/events',
});
const Description = Type.String({ maxLength: 500 });

export const WebhookEndpoint = Type.Object(
  {
    id: Uuid(),
    url: Type.String(),
    events: Type.Array(Type.String()),
    description: Nullable(Type.String()),
    enabled: Type.Boolean({ description: 'a disabled endpoint receives no events (a test event still goes out)' }),
    createdAt: Timestamp(),
    updatedAt: Timestamp(),
  },
  { $id: 'WebhookEndpoint' },
);

export const WebhookEndpointEnvelope = Type.Object({ webhookEndpoint: Type.Ref('WebhookEndpoint') });
export const WebhookEndpointList = Type.Object({
  webhookEndpoints: Type.Array(Type.Ref('WebhookEndpoint')),
  total: Type.Integer(),
});

export const CreateWebhookEndpointBody = Type.Object(
  { url: Url, events: Events, description: Type.Optional(Description), enabled: Type.Optional(Type.Boolean({ default: true })) },
  { additionalProperties: false },
);
export type CreateWebhookEndpointInput = Static<typeof CreateWebhookEndpointBody>;

export const UpdateWebhookEndpointBody = Type.Object(
  {
    url: Type.Optional(Url),
    events: Type.Optional(Events),
    description: Type.Optional(Nullable(Description)),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type UpdateWebhookEndpointInput = Static<typeof UpdateWebhookEndpointBody>;

export const EventCatalog = Type.Object({
  events: Type.Array(Type.Object({ type: Type.String(), description: Type.String() })),
});

export const EndpointDelivery = Type.Object({
  ...DeliveryRecord.properties,
  eventId: Uuid({ description: "the event's id (body.id); the same for every endpoint that got the event" }),
  eventType: Type.String({ description: 'the event type (X-Service-Event)' }),
  createdAt: Timestamp(),
});
export const EndpointDeliveryList = Type.Object({ deliveries: Type.Array(EndpointDelivery), total: Type.Integer() });
export const EndpointDeliveryEnvelope = Type.Object({ delivery: EndpointDelivery });
export const DeliveriesQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 20, description: 'Page size (1 to 100)' }),
  offset: PageQuery.offset,
});
export const DeliveryParams = Type.Object({ id: Type.String({ format: 'uuid' }), deliveryId: Type.String({ format: 'uuid' }) });
