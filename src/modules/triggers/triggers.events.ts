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
  if (row.apiShape === 'earlier')
    return { triggerId: row.id, pieceName: row.integrationName, triggerName: row.triggerName, timestamp, payload: data ?? null };
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
  /**
   * The sealed state the call read (row.state): `state` is written only if the source still holds it, else
   * StaleStateError and nothing is recorded. Sealing is randomised, so every write changes it (a version).
   */
  stateFrom?: string;
  /** A poll's token: the events are recorded only if this poll still holds the source's lease. */
  pollToken?: string;
  /** Accept events while the source is still being enabled (a provider calling during registration). */
  acceptPending?: boolean;
}

/** The source's piece state changed since the call read it: its write would lose that change (see recordLocked). */
export class StaleStateError extends Error {
  constructor() {
    super('The trigger state changed meanwhile.');
    this.name = 'StaleStateError';
  }
}

/** What a hook call run under the source's lock produced: its items and, when it changed it, the piece's store. */
export interface LockedRun {
  items: unknown[];
  state?: Record<string, unknown>;
}

/** Most events one group commit records (see EventRecorder). */
const MAX_GROUP_EVENTS = 200;

interface Waiting {
  items: unknown[];
  resolve: (ids: string[] | null) => void;
  reject: (err: unknown) => void;
}

/** The calls of one source (one origin, one way of taking pending sources) waiting for a group commit. */
interface Group {
  orgId: string;
  sourceId: string;
  origin: EventOrigin;
  acceptPending: boolean;
  calls: Waiting[];
}

/** One source's part of a transaction: its locked row, and its calls' items. */
interface Part {
  row: repo.SourceRow;
  calls: unknown[][];
  origin: EventOrigin;
}

/**
 * Most locked re-runs (recordLocked) in flight on a node: each holds a database connection while its piece runs, so
 * a burst of state-changing calls to one address must not take the whole pool (or the embedded connection's turn).
 */
const MAX_LOCKED_RUNS = 2;

/**
 * Records a source's events and their deliveries in one transaction (the outbox), under the source's row lock: so
 * event order is commit order, a disabled source takes nothing more, and an event exists exactly when its delivery
 * does. Returns the new event ids, or null when the source no longer takes events.
 *
 * Group commit: calls that carry no state and no poll token (inbound webhooks) wait while one of these transactions
 * is running on the node, then are recorded together in the next one, whichever sources they are for (0162): it
 * locks its sources in id order and writes all their events, deliveries and counters with a statement each. So a
 * source's calls are recorded in arrival order; each call still returns only after its own events are committed. A
 * group that fails is recorded again call by call, so one call's failure is never another's.
 */
export class EventRecorder {
  /** Calls waiting for a group commit, by source, origin and acceptPending; in order of arrival of their group. */
  private readonly waiting = new Map<string, Group>();
  /** Whether a group commit is running (one at a time on a node). */
  private committing = false;
  /** Locked re-runs wait here, one at a time per source (they would queue on its row lock anyway). */
  private readonly lockedChains = new Map<string, Promise<unknown>>();
  private lockedActive = 0;
  private readonly lockedWaiting: Array<() => void> = [];

  constructor(private readonly deps: { orm: Orm; delivery: DeliveryService; secrets: SourceSecrets; bus?: InvalidationBus }) {}

  async record(
    orgId: string,
    sourceId: string,
    items: unknown[],
    origin: EventOrigin,
    opts: RecordOptions = {},
  ): Promise<string[] | null> {
    if (opts.state || opts.stateFrom !== undefined || opts.pollToken || items.length === 0) {
      const ids = await this.recordNow(orgId, sourceId, [items], origin, opts);
      if (ids && opts.state) await this.stateChanged(orgId, sourceId);
      return ids?.[0] ?? null;
    }
    const acceptPending = opts.acceptPending === true;
    const key = `${orgId}:${sourceId}:${origin}:${acceptPending ? 1 : 0}`;
    let group = this.waiting.get(key);
    if (!group) this.waiting.set(key, (group = { orgId, sourceId, origin, acceptPending, calls: [] }));
    const g = group;
    const done = new Promise<string[] | null>((resolve, reject) => g.calls.push({ items, resolve, reject }));
    this.pump();
    return done;
  }

  /** Starts a group commit of the waiting calls, unless one is running (it pumps again when it ends). */
  private pump(): void {
    if (this.committing) return;
    const batch = this.takeBatch();
    if (batch.length === 0) return;
    this.committing = true;
    void this.commit(batch).finally(() => {
      this.committing = false;
      this.pump();
    });
  }

  /**
   * The next group commit's calls: groups in turn (one whose calls did not all fit goes to the back; one source's
   * groups of different origins one per commit), of sources not being re-run, at most MAX_GROUP_EVENTS events (but
   * always the first call).
   */
  private takeBatch(): Group[] {
    const batch: Group[] = [];
    const sources = new Set<string>();
    let n = 0;
    for (const [key, g] of this.waiting) {
      // A source whose locked re-run holds its row lock waits for it (pumped again then), not the whole group.
      if (this.lockedChains.has(g.sourceId) || sources.has(g.sourceId)) continue;
      const calls: Waiting[] = [];
      while (g.calls.length > 0 && (n === 0 || n + g.calls[0]!.items.length <= MAX_GROUP_EVENTS)) {
        const w = g.calls.shift()!;
        calls.push(w);
        n += w.items.length;
      }
      if (calls.length === 0) break;
      this.waiting.delete(key);
      if (g.calls.length > 0) this.waiting.set(key, g);
      sources.add(g.sourceId);
      batch.push({ ...g, calls });
    }
    return batch;
  }

  private async commit(batch: Group[]): Promise<void> {
    try {
      const ids = await this.recordGroups(batch);
      batch.forEach((g, i) => g.calls.forEach((c, j) => c.resolve(ids[i]?.[j] ?? null)));
    } catch (err) {
      if (batch.length === 1 && batch[0]!.calls.length === 1) return batch[0]!.calls[0]!.reject(err);
      for (const g of batch) {
        for (const c of g.calls) {
          await this.recordNow(g.orgId, g.sourceId, [c.items], g.origin, { acceptPending: g.acceptPending }).then(
            (ids) => c.resolve(ids ? ids[0]! : null),
            (e: unknown) => c.reject(e),
          );
        }
      }
    }
  }

  /** One transaction for the calls of several sources; per group, its calls' event ids (null: the source takes none). */
  private async recordGroups(batch: Group[]): Promise<Array<string[][] | null>> {
    if (batch.length === 1) {
      const [g] = batch as [Group];
      return [
        await this.recordNow(
          g.orgId,
          g.sourceId,
          g.calls.map((c) => c.items),
          g.origin,
          { acceptPending: g.acceptPending },
        ),
      ];
    }
    return this.deps.orm.transaction(async (tx) => {
      const rows = new Map(
        (
          await repo.lockSources(
            tx,
            batch.map((g) => ({ orgId: g.orgId, id: g.sourceId })),
          )
        ).map((r) => [r.id, r]),
      );
      const parts: Array<Part | null> = batch.map((g) => {
        const row = rows.get(g.sourceId);
        return row && takesEvents(row, { acceptPending: g.acceptPending })
          ? { row, calls: g.calls.map((c) => c.items), origin: g.origin }
          : null;
      });
      const written = await this.write(
        tx,
        parts.filter((p): p is Part => p !== null),
        {},
      );
      return parts.map((p) => (p ? written.shift()! : null));
    });
  }

  /**
   * Runs `produce` on the source as read under its row lock and records what it returns, with the state it left, in
   * that same transaction: concurrent calls of one source read and write the piece state one after the other, so no
   * call's state change is lost. Null when the source takes no events (`produce` is then not run). While the source
   * is being enabled (acceptPending) the state belongs to the enabling call and is not written. On a node, such runs
   * queue one at a time per source and at most MAX_LOCKED_RUNS at once, so they never take the whole pool.
   */
  recordLocked(
    orgId: string,
    sourceId: string,
    origin: EventOrigin,
    opts: Pick<RecordOptions, 'acceptPending'>,
    produce: (row: repo.SourceRow) => Promise<LockedRun>,
  ): Promise<string[] | null> {
    const previous = this.lockedChains.get(sourceId) ?? Promise.resolve();
    const run = previous.then(() => this.inLockedSlot(() => this.recordLockedNow(orgId, sourceId, origin, opts, produce)));
    const tail = run.catch(() => undefined);
    this.lockedChains.set(sourceId, tail);
    void tail.then(() => {
      if (this.lockedChains.get(sourceId) !== tail) return;
      this.lockedChains.delete(sourceId);
      this.pump();
    });
    return run;
  }

  private async inLockedSlot<T>(fn: () => Promise<T>): Promise<T> {
    while (this.lockedActive >= MAX_LOCKED_RUNS) await new Promise<void>((resolve) => this.lockedWaiting.push(resolve));
    this.lockedActive++;
    try {
      return await fn();
    } finally {
      this.lockedActive--;
      this.lockedWaiting.shift()?.();
    }
  }

  private async recordLockedNow(
    orgId: string,
    sourceId: string,
    origin: EventOrigin,
    opts: Pick<RecordOptions, 'acceptPending'>,
    produce: (row: repo.SourceRow) => Promise<LockedRun>,
  ): Promise<string[] | null> {
    let wrote = false;
    const ids = await this.deps.orm.transaction(async (tx) => {
      const row = await this.takes(tx, orgId, sourceId, opts);
      if (!row) return null;
      const run = await produce(row);
      const state = row.status === 'ACTIVE' ? run.state : undefined;
      wrote = state !== undefined;
      if (run.items.length === 0 && !state) return [];
      return (await this.write(tx, [{ row, calls: [run.items], origin }], state ? { state } : {}))[0]![0]!;
    });
    if (wrote) await this.stateChanged(orgId, sourceId);
    return ids;
  }

  /** Cached copies of the source (inbound webhooks) now have an old piece state. */
  private async stateChanged(orgId: string, sourceId: string): Promise<void> {
    await this.deps.bus?.publish({ type: 'trigger_source', id: sourceId, orgId }).catch(() => undefined);
  }

  /** The source locked for the rest of the transaction, when it takes events. */
  private async takes(tx: Orm, orgId: string, sourceId: string, opts: RecordOptions): Promise<repo.SourceRow | null> {
    const row = await repo.lockSource(tx, orgId, sourceId);
    return row && takesEvents(row, opts) ? row : null;
  }

  /** One transaction for several calls' items; their event ids, call by call (null: the source takes no events). */
  private async recordNow(
    orgId: string,
    sourceId: string,
    calls: unknown[][],
    origin: EventOrigin,
    opts: RecordOptions,
  ): Promise<string[][] | null> {
    return this.deps.orm.transaction(async (tx) => {
      const row = await this.takes(tx, orgId, sourceId, opts);
      if (!row) return null;
      if (opts.stateFrom !== undefined && row.state !== opts.stateFrom) throw new StaleStateError();
      return (await this.write(tx, [{ row, calls, origin }], opts))[0]!;
    });
  }

  /**
   * Inserts the events and their deliveries of locked sources and moves their counters; with one source, also its
   * state and poll lease (`opts`). Per source, its calls' event ids.
   */
  private async write(tx: Orm, parts: Part[], opts: RecordOptions): Promise<string[][][]> {
    const now = new Date();
    const events: Array<Parameters<typeof repo.insertEvents>[1][number]> = [];
    const deliveries: Parameters<DeliveryService['enqueueMany']>[1] = [];
    const counts: Array<{ id: string; eventCount: number }> = [];
    const ids = parts.map(({ row, calls, origin }) => {
      const { orgId, id: sourceId } = row;
      const own = this.deps.secrets.open<Record<string, string>>(row.id, 'headers', row.callbackHeaders);
      const headers = Object.fromEntries(Object.entries(own).filter(([k]) => k.toLowerCase() !== 'x-service-event'));
      headers['X-Service-Event'] = 'trigger.event';
      let seq = row.eventCount;
      const callIds = calls.map((items) =>
        items.map((item) => {
          const id = newId();
          seq += 1;
          deliveries.push({
            id,
            orgId,
            producer: TRIGGER_PRODUCER,
            subjectId: id,
            streamKey: row.id,
            url: row.callbackUrl,
            headers,
            body: envelope(row, item, id, now),
          });
          events.push({ id, orgId, sourceId, seq, origin, createdAt: now });
          return id;
        }),
      );
      counts.push({ id: sourceId, eventCount: seq });
      return callIds;
    });
    await this.deps.delivery.enqueueMany(tx, deliveries);
    await repo.insertEvents(tx, events);
    if (parts.length === 1) {
      const { row } = parts[0]!;
      const seq = counts[0]!.eventCount;
      await repo.updateSource(tx, row.orgId, row.id, {
        eventCount: seq,
        ...(seq > row.eventCount ? { lastEventAt: now } : {}),
        ...(opts.state ? { state: this.deps.secrets.seal(row.id, 'state', opts.state) } : {}),
        ...(opts.pollToken
          ? {
              pollLeaseUntil: null,
              pollToken: null,
              lastPolledAt: now,
              lastError: null,
              lastErrorAt: null,
              consecutiveFailures: 0,
            }
          : {}),
      });
    } else if (parts.length > 1) {
      // Only inbound calls are recorded together: every source took events, and none carries a state or a lease.
      await repo.sourcesTookEvents(tx, counts, now);
    }
    return ids;
  }
}

/** Whether a locked source takes events now: active (or being enabled, when the caller accepts that), and polled by this poll. */
function takesEvents(row: repo.SourceRow, opts: Pick<RecordOptions, 'acceptPending' | 'pollToken'>): boolean {
  if (!(row.status === 'ACTIVE' || (opts.acceptPending && row.status === 'PENDING'))) return false;
  return !opts.pollToken || row.pollToken === opts.pollToken;
}
