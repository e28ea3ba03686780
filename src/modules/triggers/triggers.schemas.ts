import { Type, type Static } from '@sinclair/typebox';
import { DeliveryAttempt } from '../../platform/delivery/delivery.schemas.js';
import { Nullable, NullableTimestamp, PageQuery, Timestamp, Uuid } from '../../platform/http/schemas.js';

export const TRIGGER_TYPES = ['WEBHOOK', 'POLLING', 'APP_WEBHOOK'] as const;

export const TriggerSource = Type.Object(
  {
    id: Uuid(),
    orgId: Uuid(),
    triggerType: Type.Union(
      TRIGGER_TYPES.map((t) => Type.Literal(t)),
      { description: 'WEBHOOK, POLLING or APP_WEBHOOK (the pieces framework spellings)' },
    ),
    integrationName: Type.String(),
    triggerName: Type.String(),
    workspaceId: Uuid(),
    workspaceIntegrationId: Nullable(
      Uuid({ description: 'null when the integration is used without configuring it (built-ins)' }),
    ),
    integrationAlias: Type.String(),
    webhookUrl: Nullable(
      Type.String({
        description:
          '{base_url}/api/v1/webhooks/<integration>/<id>: webhook triggers, and simulated sources (post test events to it)',
      }),
    ),
    callbackUrl: Type.String(),
    callbackMetadata: Type.Record(Type.String(), Type.Unknown()),
    simulate: Type.Boolean(),
    status: Type.Union([Type.Literal('ACTIVE'), Type.Literal('DISABLED')]),
    pollingIntervalMinutes: Nullable(Type.Integer({ description: 'polling triggers only' })),
    connectionId: Nullable(Uuid()),
    lastError: Nullable(
      Type.String({ description: 'the last failure of a poll, an inbound event or the provider (un)registration' }),
    ),
    createdAt: Timestamp(),
    lastDelivery: NullableTimestamp(),
    disabledAt: NullableTimestamp(),
    lastPolledAt: NullableTimestamp({ description: 'polling triggers: when the last poll ended' }),
    lastEventAt: NullableTimestamp({ description: 'when the source last took an event' }),
    consecutiveFailures: Type.Integer({
      description:
        'polls that failed in a row; at SWITCHBOARD_TRIGGER_MAX_FAILED_POLLS the source is disabled (trigger.disabled webhook)',
    }),
  },
  { $id: 'TriggerSource' },
);

/** The earlier response shape (piece / project vocabulary; webhookUrl is the callback). */
export const EarlierTriggerRecord = Type.Object({
  id: Uuid(),
  pieceName: Type.String(),
  triggerName: Type.String(),
  status: Type.String({ description: 'ACTIVE (or DISABLED)' }),
  webhookUrl: Type.String({ description: 'the callback URL' }),
  connectionId: Nullable(Uuid()),
  projectId: Uuid(),
  createdAt: Timestamp(),
});

const Name = (description: string) => Type.String({ minLength: 1, maxLength: 200, description });
const JsonObject = (description: string) => Type.Record(Type.String(), Type.Unknown(), { description });

/**
 * Both request shapes in one body: the current one (integrationName, callbackUrl, workspaceId, ...) and the earlier
 * one (pieceName, webhookUrl as the callback, projectId, connectionId). Which fields are required depends on the shape,
 * so the service checks them and names the missing field.
 */
export const EnableTriggerBody = Type.Object({
  integrationName: Type.Optional(Name('required (current shape)')),
  triggerName: Type.Optional(Name('required')),
  callbackUrl: Type.Optional(
    Type.String({ format: 'uri', maxLength: 2048, description: 'required (current shape): where events are POSTed' }),
  ),
  callbackHeaders: Type.Optional(
    Type.Record(Type.String(), Type.String(), { description: 'sent with every callback; stored encrypted, never returned' }),
  ),
  callbackMetadata: Type.Optional(JsonObject('passed through as `metadata` in every callback')),
  connectionExternalId: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  authMethodKey: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  workspaceId: Type.Optional(Uuid({ description: 'required (current shape)' })),
  workspaceIntegrationId: Type.Optional(Uuid()),
  integrationAlias: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  endUserId: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: "the end user's externalId" })),
  input: Type.Optional(JsonObject('merged over defaults and partials; required in the earlier shape')),
  partialIds: Type.Optional(Type.Array(Uuid(), { maxItems: 50, description: '[] disables default partials' })),
  pollingIntervalMinutes: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 1440, description: 'polling triggers; the plan minimum applies' }),
  ),
  simulate: Type.Optional(
    Type.Boolean({
      description: 'deliver the sample data (and posted test events) without registering anything with the provider',
    }),
  ),
  pieceName: Type.Optional(Name('earlier shape: the integration')),
  webhookUrl: Type.Optional(Type.String({ format: 'uri', maxLength: 2048, description: 'earlier shape: the callback URL' })),
  connectionId: Type.Optional(Uuid({ description: 'earlier shape: the connection' })),
  projectId: Type.Optional(Uuid({ description: 'earlier shape: the workspace' })),
});
export type EnableTriggerInput = Static<typeof EnableTriggerBody>;

export const EnableTriggerResponse = Type.Union([
  Type.Object({ triggerSource: Type.Ref('TriggerSource') }),
  EarlierTriggerRecord,
]);

export const DisableTriggerBody = Type.Object({
  triggerSourceId: Type.Optional(Uuid({ description: 'required (earlier shape: triggerId)' })),
  triggerId: Type.Optional(Uuid({ description: 'earlier shape' })),
});
export type DisableTriggerInput = Static<typeof DisableTriggerBody>;
export const DisableTriggerResponse = Type.Union([
  Type.Object({ disabled: Type.Literal(true), triggerSourceId: Uuid() }),
  Type.Object({ success: Type.Literal(true) }),
]);

export const TestTriggerBody = Type.Object({
  integrationName: Type.Optional(Type.String({ maxLength: 200, description: 'required' })),
  triggerName: Type.Optional(Type.String({ maxLength: 200, description: 'required' })),
  pieceName: Type.Optional(Type.String({ maxLength: 200, description: 'earlier name of integrationName' })),
});
export type TestTriggerInput = Static<typeof TestTriggerBody>;
export const TestTriggerResponse = Type.Object({ sampleData: Type.Unknown({ description: "the trigger's sample event data" }) });

export const ListTriggersQuery = Type.Object({
  workspaceId: Type.Optional(Uuid()),
  integrationName: Type.Optional(Type.String({ maxLength: 200 })),
  includeDisabled: Type.Boolean({ default: false, description: 'also list disabled sources (their history stays readable)' }),
  projectId: Type.Optional(Uuid({ description: 'earlier shape: answers {data: [...]}' })),
  pieceName: Type.Optional(Type.String({ maxLength: 200, description: 'earlier shape: answers {data: [...]}' })),
  ...PageQuery,
});
export type ListTriggersInput = Static<typeof ListTriggersQuery>;
export const ListTriggersResponse = Type.Union([
  Type.Object({ triggers: Type.Array(Type.Ref('TriggerSource')), total: Type.Integer() }),
  Type.Object({ data: Type.Array(EarlierTriggerRecord), total: Type.Integer() }),
]);

export const DELIVERY_STATUSES = ['pending', 'sending', 'delivered', 'dead', 'canceled'] as const;

export const TriggerEvent = Type.Object({
  eventId: Uuid({ description: 'stable: the callback body carries it, and X-Service-Delivery equals it' }),
  triggerSourceId: Uuid(),
  sequence: Type.Integer({ description: 'order of the event within its source (1, 2, ...)' }),
  origin: Type.String({ description: 'webhook, poll, app_event, sample or test' }),
  createdAt: Timestamp(),
  status: Type.Union(
    DELIVERY_STATUSES.map((s) => Type.Literal(s)),
    { description: 'of its delivery; dead = attempts used up (redeliver to replay)' },
  ),
  attempts: Type.Integer(),
  maxAttempts: Type.Integer(),
  nextAttemptAt: NullableTimestamp(),
  lastAttemptAt: NullableTimestamp(),
  lastStatusCode: Nullable(Type.Integer()),
  lastError: Nullable(Type.String()),
  deliveredAt: NullableTimestamp(),
  deadAt: NullableTimestamp(),
  history: Type.Array(DeliveryAttempt),
});

const DeliveryStatus = () => Type.Union(DELIVERY_STATUSES.map((s) => Type.Literal(s)));

export const ListEventsQuery = Type.Object({
  status: Type.Optional(DeliveryStatus()),
  from: Type.Optional(Timestamp()),
  to: Type.Optional(Timestamp()),
  ...PageQuery,
});
export const EventList = Type.Object({ events: Type.Array(TriggerEvent), total: Type.Integer() });
export const EventEnvelope = Type.Object({ event: TriggerEvent });
export const EventParams = Type.Object({ id: Uuid(), eventId: Uuid() });

export const TriggerSourceEnvelope = Type.Object({ triggerSource: Type.Ref('TriggerSource') });

export const RedeliverRangeBody = Type.Object({
  from: Timestamp(),
  to: Timestamp(),
  status: Type.Optional(DeliveryStatus()),
});
export const RedeliverRangeResponse = Type.Object({
  redelivered: Type.Integer({ description: 'how many events were armed for a fresh round of attempts' }),
  eventIds: Type.Array(Uuid(), { description: 'in source order' }),
});

export const TestEventBody = Type.Object({
  data: Type.Optional(Type.Unknown({ description: "the event's data; default the trigger's sample data" })),
});
