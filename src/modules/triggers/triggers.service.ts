import type { ExecutionCaller, MergedInput, ResolvedTarget, TargetRequest } from '../../engine/types.js';
import { ActionInputError, type TriggerCall, type TriggerDefinition } from '../../integrations/framework.js';
import type { IntegrationRegistry } from '../../integrations/registry.js';
import { validateInput } from '../../integrations/validate.js';
import type { Executor, Orm } from '../../platform/db/database.js';
import type { DeliveryService } from '../../platform/delivery/delivery.js';
import { AppError, isForeignKeyViolation, violatedConstraint } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/access.js';
import type { InvalidationBus } from '../../platform/invalidation.js';
import { newId } from '../../platform/ids.js';
import { isPlanName, type PlanTable } from '../../platform/plans.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import { EventRecorder } from './triggers.events.js';
import { TriggerOperations } from './triggers.operations.js';
import { sourceOfEvent, toEarlierRecord, toTriggerSource } from './triggers.mapper.js';
import type { OrganizationEventEmitter } from '../webhook-endpoints/organization-events.js';
import * as repo from './triggers.repository.js';
import { reason, sourceLog, type SourceRunner, type SourceSecrets } from './triggers.runtime.js';
import { invalid, normalize } from './triggers.requests.js';
import type { DisableTriggerInput, EnableTriggerInput, ListTriggersInput, TestTriggerInput } from './triggers.schemas.js';

/** The engine calls triggers share with actions: target resolution and input assembly (never a copy of them). */
export interface TriggerEngine {
  resolveTarget(
    caller: ExecutionCaller,
    req: TargetRequest,
    what: { triggerName: string },
    opts?: { connection?: 'required' | 'optional' },
  ): Promise<ResolvedTarget>;
  mergeInput(
    caller: ExecutionCaller,
    target: ResolvedTarget,
    req: TargetRequest,
    what: { triggerName: string },
  ): Promise<MergedInput>;
}

/** What enable answers when the workspace went away meanwhile: what any call naming a missing workspace answers. */
const workspaceGone = () => new AppError('NOT_FOUND', 'Workspace not found.');

/** Polling interval when the caller gives none: five minutes, or the plan minimum when that is longer. */
export const DEFAULT_POLLING_MINUTES = 5;

export interface TriggersDeps {
  orm: Orm;
  registry: IntegrationRegistry;
  workspaces: WorkspacesService;
  delivery: DeliveryService;
  engine: TriggerEngine;
  runner: SourceRunner;
  secrets: SourceSecrets;
  recorder: EventRecorder;
  plans: PlanTable;
  /** How long one minute of pollingIntervalMinutes lasts (SWITCHBOARD_POLL_MINUTE_MS; 60000 but in tests). */
  minuteMs: number;
  /** Wakes the poller (a new polling source may be due sooner than its next tick). */
  onEnabled?: () => void;
  /** Tells every node a source was disabled (inbound webhooks cache active sources). */
  bus?: InvalidationBus;
  /** Organization webhooks: trigger.disabled (after failed polls), trigger.recovered (decision 0143). */
  organizationEvents: OrganizationEventEmitter;
  log: { warn(o: object, m?: string): void };
}

/**
 * Trigger sources: enable (resolve target, connection and input through the engine, register with the provider),
 * disable (stop everything, then unregister; also after failed polls), list and test; history and replay are in ops.
 */
export class TriggersService {
  /** Re-enable, range replay and test events (triggers.operations.ts). */
  readonly ops: TriggerOperations;

  constructor(private readonly deps: TriggersDeps) {
    this.ops = new TriggerOperations(deps, {
      source: (actor, id) => this.source(actor, id),
      trigger: (integrationName, triggerName, orgId) => this.trigger(integrationName, triggerName, orgId),
      webhookUrlOf: (row) => this.webhookUrlOf(row),
    });
  }

  /** A trigger of an integration the organization can use (its own imported ones included). */
  private trigger(integrationName: string, triggerName: string, orgId: string): TriggerDefinition {
    const def = this.deps.registry.get(integrationName, orgId);
    if (!def) throw new AppError('INTEGRATION_NOT_FOUND', `No integration named "${integrationName}".`);
    const trigger = def.triggers[triggerName];
    if (!trigger?.hooks) throw new AppError('TRIGGER_NOT_FOUND', `${integrationName} has no trigger "${triggerName}".`);
    return trigger;
  }

  private webhookUrlOf(row: repo.SourceRow): string | null {
    return row.triggerType !== 'POLLING' || row.simulate ? this.deps.runner.webhookUrl(row.integrationName, row.id) : null;
  }

  private intervalFor(caller: ExecutionCaller, trigger: TriggerDefinition, requested: number | undefined): number | null {
    if (trigger.type !== 'POLLING') return null;
    const plan = isPlanName(caller.plan) ? caller.plan : 'free';
    const minimum = this.deps.plans[plan].minPollingIntervalMinutes;
    if (requested !== undefined && requested < minimum) {
      throw new AppError(
        'POLLING_INTERVAL_TOO_SHORT',
        `The ${plan} plan polls at most every ${minimum} minute(s); pollingIntervalMinutes must be at least ${minimum}.`,
        {
          minimum,
          plan,
        },
      );
    }
    return requested ?? Math.max(minimum, DEFAULT_POLLING_MINUTES);
  }

  async enable(caller: ExecutionCaller, body: EnableTriggerInput) {
    const actor: Actor = { orgId: caller.orgId, access: caller.access };
    const req = normalize(body);
    await this.deps.workspaces.requireUsable(actor, req.target.workspaceId);
    const trigger = this.trigger(req.integrationName, req.triggerName, caller.orgId);
    const interval = this.intervalFor(caller, trigger, req.pollingIntervalMinutes);
    const callbackUrl = await this.deps.delivery.assertDeliverableUrl(req.callbackUrl, req.callbackField);
    const what = { triggerName: req.triggerName };
    // A simulated source calls no provider, so it needs no connection (one is used when there is one).
    const target = await this.deps.engine.resolveTarget(caller, req.target, what, req.simulate ? { connection: 'optional' } : {});
    const merged = await this.deps.engine.mergeInput(caller, target, req.target, what);
    let input: Record<string, unknown>;
    try {
      input = validateInput(trigger.props, merged.input);
    } catch (err) {
      if (err instanceof ActionInputError) throw invalid(`input.${err.field}`, err.problem);
      throw err;
    }

    const { secrets, runner } = this.deps;
    const id = newId();
    const now = new Date();
    const nextPollAt = (minutes: number | null) =>
      minutes === null ? null : new Date(Date.now() + minutes * this.deps.minuteMs);
    let row: repo.SourceRow;
    try {
      row = await repo.insertSource(this.deps.orm, {
        id,
        orgId: caller.orgId,
        workspaceId: target.workspaceId,
        workspaceIntegrationId: target.workspaceIntegrationId,
        integrationName: req.integrationName,
        integrationAlias: target.alias,
        triggerName: req.triggerName,
        triggerType: trigger.type,
        // A simulated source registers nothing; a real one is PENDING until the provider has it.
        status: req.simulate ? 'ACTIVE' : 'PENDING',
        apiShape: req.shape,
        connectionId: target.connection?.id ?? null,
        endUserId: target.endUser?.id ?? null,
        callbackUrl,
        callbackHeaders: secrets.seal(id, 'headers', req.callbackHeaders),
        callbackMetadata: req.callbackMetadata,
        input: secrets.seal(id, 'input', input),
        state: secrets.seal(id, 'state', {}),
        partialIds: merged.partialIds,
        simulate: req.simulate,
        pollingIntervalMinutes: interval,
        nextPollAt: req.simulate ? null : nextPollAt(interval),
        createdAt: now,
        updatedAt: now,
      });
    } catch (err) {
      // Something it names was deleted since it was checked: its connection, its workspace integration or the workspace.
      if (isForeignKeyViolation(err)) {
        const constraint = violatedConstraint(err) ?? '';
        if (constraint.includes('connection_id'))
          throw new AppError('CONNECTION_NOT_FOUND', 'The connection was deleted meanwhile.');
        if (constraint.includes('workspace_integration_id'))
          throw new AppError('NOT_FOUND', 'The workspace integration was deleted meanwhile.');
        throw workspaceGone();
      }
      throw err;
    }

    if (req.simulate) {
      if (trigger.sampleData !== undefined && trigger.sampleData !== null)
        await this.deps.recorder.record(caller.orgId, id, [trigger.sampleData], 'sample');
    } else {
      let listeners: Array<{ events: string[]; identifierValue: string }>;
      let snapshot: Record<string, unknown>;
      let call: TriggerCall;
      try {
        const prepared = await runner.call(row);
        call = prepared.call;
        listeners = (await runner.context(row).hooks.onEnable(call)).listeners;
        snapshot = prepared.state.snapshot();
      } catch (err) {
        await repo.deleteSource(this.deps.orm, caller.orgId, id);
        if (err instanceof AppError) throw err;
        throw new AppError('TRIGGER_ENABLE_FAILED', `${req.integrationName} could not enable ${req.triggerName}: ${reason(err)}`);
      }
      // Activated only if still PENDING under the row lock: the workspace's deletion (cascade) or its disableWorkspace
      // may have taken the source while the provider registered it (docs/decisions/0083).
      const pending = row;
      const activated = await this.deps.orm.transaction(async (tx) => {
        // The workspace first, as its deletion locks it (then the sources): a deletion after this sees the source ACTIVE.
        const workspace = await this.deps.workspaces.hold(tx, caller.orgId, target.workspaceId);
        const current = await repo.lockSource(tx, caller.orgId, id);
        // Gone with its workspace, or removed as abandoned (its onEnable outlasted the stale-enable limit).
        if (!current) return workspace ? 'abandoned' : 'workspace_gone';
        // Disabled by its workspace's deletion (disableWorkspace), which deletes the workspace next, unless that failed.
        if (current.status !== 'PENDING') return workspace ? 'disabled' : 'workspace_gone';
        const patch = { status: 'ACTIVE', state: secrets.seal(id, 'state', snapshot), nextPollAt: nextPollAt(interval) };
        await repo.updateSource(tx, caller.orgId, id, patch);
        if (trigger.type === 'APP_WEBHOOK') await repo.replaceListeners(tx, id, req.integrationName, listeners);
        return { ...pending, ...patch };
      });
      if (typeof activated === 'string') {
        await this.undoEnable(pending, call);
        if (activated === 'workspace_gone') throw workspaceGone();
        if (activated === 'disabled')
          throw new AppError(
            'TRIGGER_ENABLE_FAILED',
            `${req.triggerName} was disabled while ${req.integrationName} enabled it; nothing was kept.`,
          );
        throw new AppError(
          'TRIGGER_ENABLE_FAILED',
          `${req.integrationName} took too long to enable ${req.triggerName}; nothing was kept.`,
        );
      }
      row = activated;
    }
    this.deps.onEnabled?.();
    return req.shape === 'earlier' ? toEarlierRecord(row) : { triggerSource: toTriggerSource(row, this.webhookUrlOf(row), null) };
  }

  /** An enable that lost its source before activation removes the provider registration its onEnable made. */
  private async undoEnable(row: repo.SourceRow, call: TriggerCall): Promise<void> {
    try {
      // The call's store holds what onEnable kept (e.g. the registration's id).
      await this.deps.runner.context(row).hooks.onDisable(call);
    } catch (err) {
      this.deps.log.warn(sourceLog(row, err), 'an enable that lost its workspace could not be unregistered');
    }
    await repo.deleteSource(this.deps.orm, row.orgId, row.id);
  }

  /**
   * Disable: the source stops taking events and everything not yet delivered is canceled in one transaction; attempts
   * already on their way are waited for; then the provider registration is removed. Nothing is delivered after this
   * returns. Disabling a disabled source answers the same.
   */
  async disable(actor: Actor, body: DisableTriggerInput) {
    const id = body.triggerSourceId ?? body.triggerId;
    const earlier = body.triggerSourceId === undefined && body.triggerId !== undefined;
    if (!id) throw new AppError('MISSING_ID', 'triggerSourceId is required.');
    const found = await repo.findSource(this.deps.orm, actor.orgId, id);
    if (!found) throw new AppError('NOT_FOUND', 'Trigger source not found.');
    actor.access.assertWorkspace(found.workspaceId);
    await this.stop(actor.orgId, id);
    return earlier ? { success: true as const } : { disabled: true as const, triggerSourceId: id };
  }

  /**
   * A polling source whose polls failed `failures` times in a row is disabled as disable does it, with a signed
   * trigger.disabled organization webhook in the same transaction (decision 0143).
   */
  async disableFailing(orgId: string, id: string, failures: number, lastError: string): Promise<void> {
    await this.stop(orgId, id, async (tx, row) => {
      await repo.updateSource(tx, orgId, id, { lastError: `disabled after ${failures} failed polls; ${lastError}` });
      await this.deps.organizationEvents.emit(tx, orgId, 'trigger.disabled', {
        triggerSource: sourceOfEvent(row),
        reason: 'failed_polls',
        consecutiveFailures: failures,
        lastError,
      });
    });
    this.deps.log.warn({ triggerSourceId: id, failures }, 'trigger source disabled after failed polls');
  }

  /**
   * Disable: in one transaction the source stops taking events and what is not yet delivered is canceled (and
   * `also` runs); then in-flight attempts are awaited and the provider's registration is removed.
   */
  private async stop(orgId: string, id: string, also?: (tx: Executor, row: repo.SourceRow) => Promise<void>): Promise<void> {
    const stopped = await this.deps.orm.transaction(async (t) => {
      const tx = t as unknown as Executor;
      const row = await repo.lockSource(tx, orgId, id);
      if (!row || row.status === 'DISABLED') return null;
      await repo.updateSource(tx, orgId, id, {
        status: 'DISABLED',
        disabledAt: new Date(),
        pollLeaseUntil: null,
        pollToken: null,
        nextPollAt: null,
      });
      await repo.deleteListeners(tx, id);
      await this.deps.delivery.cancelStream(tx, orgId, id);
      await also?.(tx, row);
      return row;
    });
    if (!stopped) return;
    await this.deps.bus?.publish({ type: 'trigger_source', id, orgId }).catch(() => undefined);
    await this.deps.delivery.waitForStream(orgId, id);
    // A source still being enabled: its enabling call finds it no longer PENDING and undoes its own registration.
    if (!stopped.simulate && stopped.status === 'ACTIVE') {
      try {
        const { call } = await this.deps.runner.call(stopped);
        await this.deps.runner.context(stopped).hooks.onDisable(call);
      } catch (err) {
        // The source is off on our side whatever the provider says; the failure is kept on the record.
        await repo.updateSource(this.deps.orm, orgId, id, { lastError: `disable: ${reason(err)}`, lastErrorAt: new Date() });
      }
    }
  }

  /** A source by id, whatever its organization: an inbound webhook's address names it (src/modules/webhooks). */
  sourceById(id: string): Promise<repo.SourceRow | null> {
    return repo.findSourceById(this.deps.orm, id);
  }

  /** An inbound event the source could not process: kept as the source's last error. */
  async noteInboundError(orgId: string, id: string, why: string): Promise<void> {
    await repo.updateSource(this.deps.orm, orgId, id, { lastError: `webhook: ${why}`, lastErrorAt: new Date() });
  }

  /** The active sources of an APP_WEBHOOK integration listening for this event and identifier, oldest first. */
  appListeners(integrationName: string, event: string, identifierValue: string): Promise<repo.SourceRow[]> {
    return repo.listenersFor(this.deps.orm, integrationName, event, identifierValue);
  }

  /**
   * Before a workspace is deleted: every active source in it is disabled (provider registrations removed), and every
   * source still being enabled too (its enable then answers 404 and removes its registration).
   */
  async disableWorkspace(actor: Actor, workspaceId: string): Promise<void> {
    const filter: repo.SourceFilter = { workspaceId, onlyWorkspaces: null, includeDisabled: false, includePending: true };
    const ids = (await repo.listSources(this.deps.orm, actor.orgId, filter, 100_000, 0)).map((r) => r.id);
    for (const triggerSourceId of ids) await this.disable(actor, { triggerSourceId });
  }

  /**
   * In the transaction deleting a workspace (locked): whether a source became ACTIVE in it after disableWorkspace
   * listed them (its enable started meanwhile); disableWorkspace then runs again. PENDING ones undo themselves.
   */
  async activeIn(tx: Executor, orgId: string, workspaceId: string): Promise<boolean> {
    return (await repo.countSources(tx, orgId, { workspaceId, onlyWorkspaces: null, includeDisabled: false })) > 0;
  }

  async list(actor: Actor, q: ListTriggersInput) {
    const earlier = q.projectId !== undefined || q.pieceName !== undefined;
    const workspaceId = q.workspaceId ?? q.projectId;
    if (workspaceId) await this.deps.workspaces.requireUsable(actor, workspaceId);
    const integrationName = q.integrationName ?? q.pieceName;
    const filter: repo.SourceFilter = {
      ...(workspaceId ? { workspaceId } : {}),
      ...(integrationName ? { integrationName } : {}),
      onlyWorkspaces: actor.access.workspaceIds ? [...actor.access.workspaceIds] : null,
      includeDisabled: q.includeDisabled,
    };
    const [rows, total] = await Promise.all([
      repo.listSources(this.deps.orm, actor.orgId, filter, q.limit, q.offset),
      repo.countSources(this.deps.orm, actor.orgId, filter),
    ]);
    if (earlier) return { data: rows.map(toEarlierRecord), total };
    const last = await this.deps.delivery.lastDelivered(
      actor.orgId,
      rows.map((r) => r.id),
    );
    return { triggers: rows.map((r) => toTriggerSource(r, this.webhookUrlOf(r), last.get(r.id) ?? null)), total };
  }

  /** The trigger's sample event (no connection, nothing registered). */
  test(orgId: string, body: TestTriggerInput) {
    const integrationName = body.integrationName || body.pieceName;
    const missing = [!integrationName && 'integrationName', !body.triggerName && 'triggerName'].filter((f): f is string =>
      Boolean(f),
    );
    if (missing.length > 0)
      throw new AppError('MISSING_FIELDS', `Required fields are missing: ${missing.join(', ')}.`, { fields: missing });
    const trigger = this.trigger(integrationName!, body.triggerName!, orgId);
    return { sampleData: trigger.sampleData ?? {} };
  }

  private async source(actor: Actor, id: string): Promise<repo.SourceRow> {
    const row = await repo.findSource(this.deps.orm, actor.orgId, id);
    if (!row) throw new AppError('NOT_FOUND', 'Trigger source not found.');
    actor.access.assertWorkspace(row.workspaceId);
    return row;
  }
}
