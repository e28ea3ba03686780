import type { Orm } from '../../platform/db/database.js';
import type { DeliveryService } from '../../platform/delivery/delivery.js';
import { newId } from '../../platform/ids.js';
import * as repo from './triggers.repository.js';
import type { SourceSecrets } from './triggers.runtime.js';

/** Where an event came from: a provider's webhook, a poll, an app-level webhook, the trigger's sample, a posted test. */
export type EventOrigin = 'webhook' | 'poll' | 'app_event' | 'sample' | 'test';

export const TRIGGER_PRODUCER = 'trigger';

/** The callback body: the current shape, or the earlier envelope for sources enabled through the earlier shape. */
export function envelope(row: repo.SourceRow, data: unknown, eventId: string, at: Date): Record<string, unknown> {
  const timestamp = at.toISOString();
  if (row.apiShape === 'earlier') return { triggerId: row.id, pieceName: row.integrationName, triggerName: row.triggerName, timestamp, payload: data ?? null };
  return {
    triggerSourceId: row.id,
    integrationName: row.integrationName,
    triggerName: row.triggerName,
    data: data ?? null,
    metadata: row.callbackMetadata ?? {},
    timestamp,
    eventId,
  };
}

export interface RecordOptions {
  /** The piece's store after the call that produced the items; committed with them. */
  state?: Record<string, unknown>;
  /** A poll's token: the events are recorded only if this poll still holds the source's lease. */
  pollToken?: string;
  /** Accept events while the source is still being enabled (a provider calling during registration). */
  acceptPending?: boolean;
}

/**
 * Records a source's events and their deliveries in one transaction (the outbox), under the source's row lock: so
 * event order is commit order, a disabled source takes nothing more, and an event exists exactly when its delivery
 * does. Returns the new event ids, or null when the source no longer takes events.
 */
export class EventRecorder {
  constructor(private readonly deps: { orm: Orm; delivery: DeliveryService; secrets: SourceSecrets }) {}

  async record(orgId: string, sourceId: string, items: unknown[], origin: EventOrigin, opts: RecordOptions = {}): Promise<string[] | null> {
    return this.deps.orm.transaction(async (tx) => {
      const row = await repo.lockSource(tx, orgId, sourceId);
      if (!row) return null;
      if (!(row.status === 'ACTIVE' || (opts.acceptPending && row.status === 'PENDING'))) return null;
      if (opts.pollToken && row.pollToken !== opts.pollToken) return null;
      const own = this.deps.secrets.open<Record<string, string>>(row.id, 'headers', row.callbackHeaders);
      const headers = Object.fromEntries(Object.entries(own).filter(([k]) => k.toLowerCase() !== 'x-service-event'));
      headers['X-Service-Event'] = 'trigger.event';
      const now = new Date();
      let seq = row.eventCount;
      const events: Array<Parameters<typeof repo.insertEvents>[1][number]> = [];
      for (const item of items) {
        const id = newId();
        seq += 1;
        await this.deps.delivery.enqueue(tx, { id, orgId, producer: TRIGGER_PRODUCER, subjectId: id, streamKey: row.id, url: row.callbackUrl, headers, body: envelope(row, item, id, now) });
        events.push({ id, orgId, sourceId, seq, origin, createdAt: now });
      }
      await repo.insertEvents(tx, events);
      await repo.updateSource(tx, orgId, sourceId, {
        eventCount: seq,
        ...(opts.state ? { state: this.deps.secrets.seal(row.id, 'state', opts.state) } : {}),
        ...(opts.pollToken ? { pollLeaseUntil: null, pollToken: null, lastPolledAt: now, lastError: null, lastErrorAt: null } : {}),
      });
      return events.map((e) => e.id);
    });
  }
}
