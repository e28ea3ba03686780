import type { TriggerDefinition } from '../../integrations/framework.js';
import { AppError } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/access.js';
import { sourceOfEvent, toTriggerEvent, toTriggerSource } from './triggers.mapper.js';
import * as repo from './triggers.repository.js';
import { reason, sourceLog } from './triggers.runtime.js';
import type { TriggersDeps } from './triggers.service.js';

/** Most events one range replay re-arms (decision 0136): past it, 400 TOO_MANY_EVENTS names how many matched. */
export const MAX_RANGE_REPLAY = 1000;

/** What the operations borrow from TriggersService: the source as the actor may see it, and its trigger. */
export interface OperationHelpers {
  source(actor: Actor, id: string): Promise<repo.SourceRow>;
  trigger(integrationName: string, triggerName: string, orgId: string): TriggerDefinition;
  webhookUrlOf(row: repo.SourceRow): string | null;
}

const disabledError = () =>
  new AppError('TRIGGER_DISABLED', 'The trigger source is disabled; its events are no longer delivered.');

/**
 * Operating a source (decision 0136): its event history, replay of one event or a time range, enabling a disabled
 * source again, and a test event.
 */
export class TriggerOperations {
  constructor(
    private readonly deps: TriggersDeps,
    private readonly h: OperationHelpers,
  ) {}

  private async view(orgId: string, row: repo.SourceRow) {
    const last = await this.deps.delivery.lastDelivered(orgId, [row.id]);
    return { triggerSource: toTriggerSource(row, this.h.webhookUrlOf(row), last.get(row.id) ?? null) };
  }

  /** One source, with when it last had an event delivered. */
  async get(actor: Actor, id: string) {
    return this.view(actor.orgId, await this.h.source(actor, id));
  }

  /**
   * A disabled source takes events again: registered with the provider again as enable does (a new registration, its
   * piece state from that call), polled again from one interval on. The source stays DISABLED while the provider
   * registers it, so nothing is delivered before it is back; of two re-enables at once the second to commit finds it
   * ACTIVE and removes its own registration. An active source (or one still being enabled) answers as it is.
   */
  async reEnable(actor: Actor, id: string) {
    const found = await this.h.source(actor, id);
    if (found.status !== 'DISABLED') return this.view(actor.orgId, found);
    await this.deps.workspaces.requireUsable(actor, found.workspaceId);
    const trigger = this.h.trigger(found.integrationName, found.triggerName, found.orgId);
    const { runner, secrets } = this.deps;
    let registered: { call: Awaited<ReturnType<typeof runner.call>>['call']; snapshot: Record<string, unknown> } | null = null;
    let listeners: Array<{ events: string[]; identifierValue: string }> = [];
    if (!found.simulate) {
      try {
        // A fresh piece state: the registration of before was removed when the source was disabled.
        const prepared = await runner.call({ ...found, state: secrets.seal(id, 'state', {}) });
        listeners = (await runner.context(found).hooks.onEnable(prepared.call)).listeners;
        registered = { call: prepared.call, snapshot: prepared.state.snapshot() };
      } catch (err) {
        if (err instanceof AppError && err.code !== 'TRIGGER_NOT_FOUND') throw err;
        throw new AppError(
          'TRIGGER_ENABLE_FAILED',
          `${found.integrationName} could not enable ${found.triggerName}: ${reason(err)}`,
        );
      }
    }
    const interval = found.pollingIntervalMinutes;
    const outcome = await this.deps.orm.transaction(async (tx) => {
      const row = await repo.lockSource(tx, actor.orgId, id);
      if (!row) return 'gone' as const;
      if (row.status !== 'DISABLED') return row;
      const patch = {
        status: 'ACTIVE',
        disabledAt: null,
        lastError: null,
        lastErrorAt: null,
        consecutiveFailures: 0,
        ...(registered ? { state: secrets.seal(id, 'state', registered.snapshot) } : {}),
        nextPollAt:
          trigger.type === 'POLLING' && !row.simulate && interval !== null
            ? new Date(Date.now() + interval * this.deps.minuteMs)
            : null,
      };
      await repo.updateSource(tx, actor.orgId, id, patch);
      // A source that had been failing (and was disabled for it) is announced as recovered (decision 0143).
      if (row.consecutiveFailures > 0)
        await this.deps.organizationEvents.emit(tx, actor.orgId, 'trigger.recovered', {
          triggerSource: sourceOfEvent(row),
          previousFailures: row.consecutiveFailures,
        });
      if (trigger.type === 'APP_WEBHOOK' && !row.simulate) await repo.replaceListeners(tx, id, row.integrationName, listeners);
      return { ...row, ...patch, won: true as const };
    });
    if (outcome === 'gone' || !('won' in outcome)) {
      // Deleted with its workspace, or enabled by another call meanwhile: this call's registration is not kept.
      if (registered) {
        await runner
          .context(found)
          .hooks.onDisable(registered.call)
          .catch((err: unknown) => this.deps.log.warn(sourceLog(found, err), 'a second re-enable could not be unregistered'));
      }
      if (outcome === 'gone') throw new AppError('NOT_FOUND', 'Trigger source not found.');
      return this.view(actor.orgId, outcome);
    }
    await this.deps.bus?.publish({ type: 'trigger_source', id, orgId: actor.orgId }).catch(() => undefined);
    this.deps.onEnabled?.();
    const { won: _won, ...row } = outcome;
    return this.view(actor.orgId, row);
  }

  /**
   * Replays the events created within [from, to] (optionally only those whose delivery has `status`), as redeliver
   * does one: same eventId and body, a fresh round of attempts, in the source's order. At most MAX_RANGE_REPLAY.
   */
  async redeliverRange(actor: Actor, sourceId: string, body: { from: string; to: string; status?: string }) {
    await this.h.source(actor, sourceId);
    const from = new Date(body.from);
    const to = new Date(body.to);
    if (from.getTime() > to.getTime())
      throw new AppError('VALIDATION_ERROR', 'from must not be after to.', {
        details: [{ field: 'from', message: 'must not be after to' }],
      });
    const filter: repo.EventFilter = { from, to, ...(body.status ? { status: body.status } : {}) };
    return this.deps.orm.transaction(async (tx) => {
      const row = await repo.lockSource(tx, actor.orgId, sourceId);
      if (!row || row.status === 'DISABLED') throw disabledError();
      const ids = await repo.eventIdsInOrder(tx, actor.orgId, sourceId, filter, MAX_RANGE_REPLAY + 1);
      if (ids.length > MAX_RANGE_REPLAY) {
        const matched = await repo.countEvents(tx, actor.orgId, sourceId, filter);
        throw new AppError(
          'TOO_MANY_EVENTS',
          `${matched} events match; one replay takes at most ${MAX_RANGE_REPLAY}. Narrow the range.`,
          { matched, max: MAX_RANGE_REPLAY },
        );
      }
      const eventIds: string[] = [];
      for (const eventId of ids) if (await this.deps.delivery.rearm(tx, actor.orgId, eventId)) eventIds.push(eventId);
      return { redelivered: eventIds.length, eventIds };
    });
  }

  /**
   * A test event: `data` (default the trigger's sample data) recorded with origin 'test' and delivered to the
   * callback like any event of the source. Not on a disabled source.
   */
  async testEvent(actor: Actor, sourceId: string, body: { data?: unknown }) {
    const row = await this.h.source(actor, sourceId);
    if (row.status === 'DISABLED') throw disabledError();
    const data =
      body.data !== undefined
        ? body.data
        : (this.deps.registry.get(row.integrationName, row.orgId)?.triggers[row.triggerName]?.sampleData ?? {});
    const ids = await this.deps.recorder.record(actor.orgId, sourceId, [data], 'test');
    const eventId = ids?.[0];
    if (!eventId) throw disabledError();
    const [event, view] = await Promise.all([
      repo.findEvent(this.deps.orm, actor.orgId, sourceId, eventId),
      this.deps.delivery.get(actor.orgId, eventId),
    ]);
    if (!event || !view) throw new AppError('NOT_FOUND', 'Event not found on this trigger source.');
    return { event: toTriggerEvent(event, view) };
  }

  /** A source's events, newest first, with their deliveries (status, attempts). */
  async events(
    actor: Actor,
    sourceId: string,
    q: { status?: string; from?: string; to?: string; limit: number; offset: number },
  ) {
    await this.h.source(actor, sourceId);
    const filter: repo.EventFilter = {
      ...(q.status ? { status: q.status } : {}),
      ...(q.from ? { from: new Date(q.from) } : {}),
      ...(q.to ? { to: new Date(q.to) } : {}),
    };
    const [rows, total] = await Promise.all([
      repo.listEvents(this.deps.orm, actor.orgId, sourceId, filter, q.limit, q.offset),
      repo.countEvents(this.deps.orm, actor.orgId, sourceId, filter),
    ]);
    const views = await this.deps.delivery.views(
      actor.orgId,
      rows.map((r) => r.id),
    );
    return { events: rows.flatMap((e) => (views.has(e.id) ? [toTriggerEvent(e, views.get(e.id)!)] : [])), total };
  }

  /** Replays an event (same eventId and body) with a fresh round of attempts; not on a disabled source. */
  async redeliver(actor: Actor, sourceId: string, eventId: string) {
    await this.h.source(actor, sourceId);
    const event = await repo.findEvent(this.deps.orm, actor.orgId, sourceId, eventId);
    if (!event) throw new AppError('NOT_FOUND', 'Event not found on this trigger source.');
    await this.deps.orm.transaction(async (tx) => {
      const row = await repo.lockSource(tx, actor.orgId, sourceId);
      if (!row || row.status === 'DISABLED') throw disabledError();
      if (!(await this.deps.delivery.rearm(tx, actor.orgId, eventId)))
        throw new AppError('NOT_FOUND', 'Event not found on this trigger source.');
    });
    const view = await this.deps.delivery.get(actor.orgId, eventId);
    if (!view) throw new AppError('NOT_FOUND', 'Event not found on this trigger source.');
    return { event: toTriggerEvent(event, view) };
  }
}
