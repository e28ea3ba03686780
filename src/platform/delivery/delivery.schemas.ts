import { Type, type Static } from '@sinclair/typebox';
import { Nullable, NullableTimestamp, Timestamp } from '../http/schemas.js';
import type { AttemptView, DeliveryView } from './delivery.js';

/** One attempt of a delivery, as producers show it in their responses. */
export const DeliveryAttempt = Type.Object({
  attempt: Type.Integer({ description: 'attempt number (1 = first try); sent as X-Service-Attempt' }),
  startedAt: Timestamp(),
  finishedAt: NullableTimestamp(),
  statusCode: Nullable(Type.Integer({ description: "the receiver's HTTP status; null when no answer came" })),
  error: Nullable(Type.String({ description: 'why the attempt failed (non-2xx, timeout, network error)' })),
  durationMs: Nullable(Type.Integer()),
  responseExcerpt: Nullable(
    Type.String({
      description: "the start of the receiver's text answer (at most 500 characters); null when it sent none or not text",
    }),
  ),
});

/** A delivery's state and attempt history. */
export const DeliveryRecord = Type.Object({
  deliveryId: Type.String({ format: 'uuid', description: 'sent as X-Service-Delivery; the same on every attempt' }),
  status: Type.Union(
    [Type.Literal('pending'), Type.Literal('sending'), Type.Literal('delivered'), Type.Literal('dead'), Type.Literal('canceled')],
    {
      description:
        'pending (waiting for its first try or a retry), sending, delivered (a 2xx came), dead (attempts used up), canceled',
    },
  ),
  attempts: Type.Integer(),
  maxAttempts: Type.Integer({ description: 'the attempt count at which the delivery is dead-lettered' }),
  nextAttemptAt: NullableTimestamp(),
  lastAttemptAt: NullableTimestamp(),
  lastStatusCode: Nullable(Type.Integer()),
  lastError: Nullable(Type.String()),
  deliveredAt: NullableTimestamp(),
  deadAt: NullableTimestamp(),
  history: Type.Array(DeliveryAttempt),
});
export type DeliveryRecordJson = Static<typeof DeliveryRecord>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toAttemptJson(a: AttemptView): Static<typeof DeliveryAttempt> {
  return {
    attempt: a.attempt,
    startedAt: a.startedAt.toISOString(),
    finishedAt: iso(a.finishedAt),
    statusCode: a.statusCode,
    error: a.error,
    durationMs: a.durationMs,
    responseExcerpt: a.responseExcerpt,
  };
}

export function toDeliveryJson(v: DeliveryView): DeliveryRecordJson {
  return {
    deliveryId: v.id,
    status: v.status,
    attempts: v.attempts,
    maxAttempts: v.maxAttempts,
    nextAttemptAt: iso(v.nextAttemptAt),
    lastAttemptAt: iso(v.lastAttemptAt),
    lastStatusCode: v.lastStatusCode,
    lastError: v.lastError,
    deliveredAt: iso(v.deliveredAt),
    deadAt: iso(v.deadAt),
    history: v.history.map(toAttemptJson),
  };
}
