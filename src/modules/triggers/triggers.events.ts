import type { Orm } from '../../platform/db/database.js';
import type { DeliveryService } from '../../platform/delivery/delivery.js';
import { newId } from '../../platform/ids.js';
import type { InvalidationBus } from '../../platform/invalidation.js';
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

/** Most events one group commit records (see EventRecorder). */
const MAX_GROUP_EVENTS = 200;

interface Waiting {
  items: unknown[];
  resolve: (ids: string[] | null) => void;
  reject: (err: unknown) => void;
}

/**
 * Records a source's events and their deliveries in one transaction (the outbox), under the source's row lock: so
 * event order is commit order, a disabled source takes nothing more, and an event exists exactly when its delivery
 * does. Returns the new event ids, or null when the source no longer takes events.
 *
 * Group commit: calls for the same source that carry no state and no poll token (inbound webhooks) and arrive while
 * one of its transactions is running wait for it to end, then are recorded together in the next one; each call
 * still returns only after its own events are committed. A group that fails is recorded again call by call, so one
 * call's failure is never another's.
 */
export class EventRecorder {
  private readonly groups = new Map<string, { running: boolean; queue: Waiting[] }>();

  constructor(private readonly deps: { orm: Orm; delivery: DeliveryService; secrets: SourceSecrets; bus?: InvalidationBus }) {}

  async record(orgId: string, sourceId: string, items: unknown[], origin: EventOrigin, opts: RecordOptions = {}): Promise<string[] | null> {
    if (opts.state || opts.pollToken || items.length === 0) {
      const ids = await this.recordNow(orgId, sourceId, [items], origin, opts);
      // Cached copies of the source (inbound webhooks) now have an old piece state.
      if (ids && opts.state) await this.deps.bus?.publish({ type: 'trigger_source', id: sourceId, orgId }).catch(() => undefined);
      return ids?.[0] ?? null;
    }
    const key = `${orgId}:${sourceId}:${origin}:${opts.acceptPending ? 1 : 0}`;
    let group = this.groups.get(key);
    if (!group) this.groups.set(key, (group = { running: false, queue: [] }));
    const g = group;
    const done = new Promise<string[] | null>((resolve, reject) => g.queue.push({ items, resolve, reject }));
    if (!g.running) void this.drain(key, g, orgId, sourceId, origin, opts);
    return done;
  }

  private async drain(key: string, g: { running: boolean; queue: Waiting[] }, orgId: string, sourceId: string, origin: EventOrigin, opts: RecordOptions): Promise<void> {
    g.running = true;
    try {
      while (g.queue.length > 0) {
        const calls: Waiting[] = [];
        let n = 0;
        while (g.queue.length > 0 && (calls.length === 0 || n + g.queue[0]!.items.length <= MAX_GROUP_EVENTS)) {
          const w = g.queue.shift()!;
          calls.push(w);
          n += w.items.length;
        }
        try {
          const ids = await this.recordNow(orgId, sourceId, calls.map((c) => c.items), origin, opts);
          calls.forEach((c, i) => c.resolve(ids ? ids[i]! : null));
        } catch (err) {
          if (calls.length === 1) calls[0]!.reject(err);
          else {
            for (const c of calls) {
              await this.recordNow(orgId, sourceId, [c.items], origin, opts).then(
                (ids) => c.resolve(ids ? ids[0]! : null),
                (e: unknown) => c.reject(e),
              );
            }
          }
        }
      }
    } finally {
      g.running = false;
      if (g.queue.length === 0) this.groups.delete(key);
      else void this.drain(key, g, orgId, sourceId, origin, opts);
    }
  }

  /** One transaction for several calls' items; their event ids, call by call (null: the source takes no events). */
  private async recordNow(orgId: string, sourceId: string, calls: unknown[][], origin: EventOrigin, opts: RecordOptions): Promise<string[][] | null> {
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
      const deliveries: Parameters<DeliveryService['enqueueMany']>[1] = [];
      const ids = calls.map((items) =>
        items.map((item) => {
          const id = newId();
          seq += 1;
          deliveries.push({ id, orgId, producer: TRIGGER_PRODUCER, subjectId: id, streamKey: row.id, url: row.callbackUrl, headers, body: envelope(row, item, id, now) });
          events.push({ id, orgId, sourceId, seq, origin, createdAt: now });
          return id;
        }),
      );
      await this.deps.delivery.enqueueMany(tx, deliveries);
      await repo.insertEvents(tx, events);
      await repo.updateSource(tx, orgId, sourceId, {
        eventCount: seq,
        ...(opts.state ? { state: this.deps.secrets.seal(row.id, 'state', opts.state) } : {}),
        ...(opts.pollToken ? { pollLeaseUntil: null, pollToken: null, lastPolledAt: now, lastError: null, lastErrorAt: null } : {}),
      });
      return ids;
    });
  }
}
