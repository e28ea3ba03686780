import type { IntegrationRegistry } from '../../integrations/registry.js';
import { isOrgSuspended, orgSuspended } from '../../platform/org-status.js';
import type { TriggerPayload } from '../../integrations/framework.js';
import type { Orm } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors.js';
import { cachedOrNull, ConfigCache } from '../../platform/cache.js';
import { KeyedLimiter, LimiterFullError } from '../../platform/keyed-limiter.js';
import type { TenantActivity } from '../../platform/tenant-activity.js';
import type { InvalidationBus } from '../../platform/invalidation.js';
import { StaleStateError, type EventOrigin, type EventRecorder, type RecordOptions } from '../triggers/triggers.events.js';
import type { SourceRow } from '../triggers/triggers.repository.js';
import type { TriggersService } from '../triggers/triggers.service.js';
import { reason, sourceLog, type SourceRunner } from '../triggers/triggers.runtime.js';

/** What goes back to the provider. */
export interface WebhookAnswer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

/** How long an active source's row is served from memory at most (changes that matter are also invalidated). */
const SOURCE_CACHE_TTL_MS = 5_000;
const SOURCE_CACHE_MAX = 10_000;

/** Only what the hot path serves is cached: active sources that run their trigger at their own address. */
const hot = (row: SourceRow): boolean => row.status === 'ACTIVE' && !row.simulate && row.triggerType !== 'POLLING';

const RECEIVED: WebhookAnswer = { status: 200, body: { received: true }, headers: {} };

interface Log {
  warn(o: object, m?: string): void;
}

/**
 * Inbound third-party events. A request is answered 200 only after its events (and their deliveries) are committed;
 * when the piece cannot process it now the answer is 503, so the provider sends it again. Handshakes and app-level
 * replies are answered as the piece says, without an event.
 */
export class WebhooksService {
  /**
   * Active webhook sources by id, so an inbound event costs no lookup before its transaction. What could go stale is
   * invalidated through the bus (disable, piece state changes, workspace, organization, end user and connection
   * changes) and lapses after a few seconds anyway; the recording transaction reads the row again under its lock, so
   * a source that no longer takes events never records one.
   */
  private readonly sources = new ConfigCache<SourceRow>({ ttlMs: SOURCE_CACHE_TTL_MS, maxEntries: SOURCE_CACHE_MAX });

  /**
   * Whether an organization is suspended, kept as its sources are (decision 0158): the 'organization' message that
   * a suspension publishes drops it on every node, so every event after the suspension returns is refused. Read from
   * the database each time, it was a statement per event, waiting its turn behind the recording transactions.
   */
  private readonly suspended: ConfigCache<boolean>;

  /**
   * One organization's events are processed a bounded number at a time (the rest wait their turn, in arrival order),
   * so one tenant's work in flight and its queue are bounded (0147). Group commit still takes the waiting ones in
   * batches. The share is smaller while another organization is being served too (0174).
   */
  private readonly perOrg: KeyedLimiter;

  constructor(
    private readonly deps: {
      orm: Orm;
      registry: IntegrationRegistry;
      runner: SourceRunner;
      recorder: EventRecorder;
      /** The trigger sources an address or an app event names (the triggers module owns them). */
      sources: Pick<TriggersService, 'sourceById' | 'appListeners' | 'noteInboundError'>;
      /** SWITCHBOARD_APP_WEBHOOK_SECRETS: the secret each integration's provider signs its app-level events with. */
      appWebhookSecrets: Readonly<Record<string, string>>;
      /** Each organization's share of inbound processing (SWITCHBOARD_WEBHOOK_ORG_CONCURRENCY, …_QUEUE; 0147, 0174). */
      inboundPerOrg: { concurrency: number; sharedConcurrency: number; maxWaiting: number };
      /** Which organizations the process served lately: it picks the share (0174) and learns of inbound events. */
      tenantActivity: TenantActivity;
      publicUrl: string;
      log: Log;
      /** Invalidates the active-source cache (see `sources`). */
      bus?: InvalidationBus;
    },
  ) {
    const { concurrency, sharedConcurrency, maxWaiting } = deps.inboundPerOrg;
    this.perOrg = new KeyedLimiter({
      concurrency: (orgId) => (deps.tenantActivity.othersActive(orgId) ? sharedConcurrency : concurrency),
      maxWaiting,
    });
    // Without a bus nothing would drop a suspension's stale answer: then it is read every time.
    this.suspended = new ConfigCache({ ttlMs: deps.bus ? SOURCE_CACHE_TTL_MS : 0, maxEntries: SOURCE_CACHE_MAX });
    deps.bus?.subscribe((msg) => {
      if (msg.type === 'all') {
        this.sources.clear();
        this.suspended.clear();
      } else if (msg.type === 'trigger_source') this.sources.invalidateTag(`src:${msg.id}`);
      else if (msg.type === 'organization') {
        this.sources.invalidateTag(`org:${msg.id}`);
        this.suspended.invalidateTag(`org:${msg.id}`);
      } else if (msg.type === 'connections') this.sources.invalidateTag(`org:${msg.orgId}`);
      else if (msg.type === 'workspace') this.sources.invalidateTag(`ws:${msg.id}`);
      else if (msg.type === 'end_user') this.sources.invalidateTag(`eu:${msg.id}`);
    });
  }

  private source(id: string): Promise<SourceRow | null> {
    const tags = (r: SourceRow) => [
      `src:${r.id}`,
      `org:${r.orgId}`,
      `ws:${r.workspaceId}`,
      ...(r.endUserId ? [`eu:${r.endUserId}`] : []),
    ];
    return cachedOrNull(this.sources, id, tags, () => this.deps.sources.sourceById(id), hot);
  }

  private isSuspended(orgId: string): Promise<boolean> {
    return this.suspended.get(orgId, [`org:${orgId}`], () => isOrgSuspended(this.deps.orm, orgId));
  }

  private appUrl(integrationName: string): string {
    return `${this.deps.publicUrl}/api/v1/webhooks/${encodeURIComponent(integrationName)}`;
  }

  /** A request to one source's address: {base_url}/api/v1/webhooks/<integration>/<id>. */
  async receive(integrationName: string, sourceId: string, payload: TriggerPayload): Promise<WebhookAnswer> {
    const row = await this.source(sourceId);
    // A polling source has no address of its own unless it is simulated (test events).
    if (!row || row.integrationName !== integrationName || (row.triggerType === 'POLLING' && !row.simulate)) {
      throw new AppError('NOT_FOUND', 'No trigger source listens at this address.');
    }
    if (row.status === 'DISABLED')
      throw new AppError('TRIGGER_DISABLED', 'This trigger source is disabled; it takes no more events.');
    // A suspended organization takes no events: nothing is stored or run, and the provider hears why (0116).
    if (await this.isSuspended(row.orgId)) throw orgSuspended();
    return this.inTurn(row.orgId, () => this.process(row, payload));
  }

  /** A request to a source's own address, in its organization's turn: a test event, an app event, or the trigger's run. */
  private async process(row: SourceRow, payload: TriggerPayload): Promise<WebhookAnswer> {
    if (row.simulate) return this.recorded(row, [payload.body], 'test');

    if (row.triggerType === 'APP_WEBHOOK') {
      const app = this.deps.registry.get(row.integrationName, row.orgId)?.appWebhook;
      if (app) {
        const checked = await this.processing(row, () =>
          app.receive(payload, this.deps.appWebhookSecrets[row.integrationName] ?? null, this.appUrl(row.integrationName)),
        );
        if (checked.kind === 'unverified') throw new AppError('UNAUTHORIZED', 'The event signature did not verify.');
        if (checked.kind === 'reply') return checked.response;
      }
    }
    return this.runSource(row, payload, 'webhook');
  }

  /** The app-level address of an APP_WEBHOOK integration: verified with the app secret, routed by listeners. */
  async receiveApp(integrationName: string, payload: TriggerPayload): Promise<WebhookAnswer> {
    const app = this.deps.registry.get(integrationName)?.appWebhook;
    if (!app) throw new AppError('NOT_FOUND', 'No app webhook at this address.');
    let parsed;
    try {
      parsed = await app.receive(payload, this.deps.appWebhookSecrets[integrationName] ?? null, this.appUrl(integrationName));
    } catch (err) {
      this.deps.log.warn({ integrationName, err: { message: reason(err) } }, 'app webhook could not be parsed');
      throw new AppError('SERVICE_UNAVAILABLE', 'The event could not be processed now; send it again.');
    }
    if (parsed.kind === 'none') throw new AppError('NOT_FOUND', 'No app webhook at this address.');
    if (parsed.kind === 'unverified') throw new AppError('UNAUTHORIZED', 'The event signature did not verify.');
    if (parsed.kind === 'reply') return parsed.response;
    const sources = await this.deps.sources.appListeners(integrationName, parsed.event, parsed.identifierValue);
    let failed = 0;
    for (const row of sources) {
      if (row.simulate || (await this.isSuspended(row.orgId))) continue;
      try {
        await this.inTurn(row.orgId, () => this.runSource(row, payload, 'app_event'));
      } catch {
        failed++;
      }
    }
    // Sources already recorded keep their events; the provider's retry may bring them again (at least once).
    if (failed > 0)
      throw new AppError('SERVICE_UNAVAILABLE', 'The event could not be processed for every listener now; send it again.');
    return RECEIVED;
  }

  /**
   * Runs the trigger on the request and records what it returns. A call that changes the piece state records it only
   * if no other call changed the state since it was read; one that loses runs again on the state read under the
   * source's lock, in the transaction that records it, so no state change is lost (docs/decisions/0082). Calls that
   * leave the state as it was record as before: no lock before their one transaction.
   */
  private async runSource(row: SourceRow, payload: TriggerPayload, origin: EventOrigin): Promise<WebhookAnswer> {
    const first = await this.processing(row, async () => {
      const { call, state } = await this.deps.runner.call(row, payload);
      const before = JSON.stringify(state.snapshot());
      const r = await this.deps.runner.context(row).hooks.run(call);
      const after = state.snapshot();
      return { r, call, state: JSON.stringify(after) === before ? undefined : after };
    });
    if (first.r.kind === 'handshake') return first.r.response;
    // While the source is being enabled its state belongs to the enabling call.
    if (!first.state || row.status !== 'ACTIVE') return this.recorded(row, first.r.items, origin);
    try {
      return await this.recorded(row, first.r.items, origin, { state: first.state, stateFrom: row.state });
    } catch (err) {
      if (!(err instanceof StaleStateError)) throw err;
    }
    const ids = await this.processing(row, () =>
      this.deps.recorder.recordLocked(row.orgId, row.id, origin, { acceptPending: true }, async (locked) => {
        const state = this.deps.runner.state(locked);
        const before = JSON.stringify(state.snapshot());
        const r = await this.deps.runner.context(locked).hooks.run({ ...first.call, store: state });
        const after = state.snapshot();
        // The same request was not a handshake the first time.
        return { items: r.kind === 'items' ? r.items : [], ...(JSON.stringify(after) === before ? {} : { state: after }) };
      }),
    );
    if (ids === null) throw new AppError('TRIGGER_DISABLED', 'This trigger source is disabled; it takes no more events.');
    return RECEIVED;
  }

  private async recorded(
    row: SourceRow,
    items: unknown[],
    origin: EventOrigin,
    state: Pick<RecordOptions, 'state' | 'stateFrom'> = {},
  ): Promise<WebhookAnswer> {
    const ids = await this.deps.recorder.record(row.orgId, row.id, items, origin, { acceptPending: true, ...state });
    if (ids === null) throw new AppError('TRIGGER_DISABLED', 'This trigger source is disabled; it takes no more events.');
    return RECEIVED;
  }

  /** Runs `fn` in the organization's turn; with too many of its events already waiting, 503 and Retry-After. */
  private async inTurn<T>(orgId: string, fn: () => Promise<T>): Promise<T> {
    this.deps.tenantActivity.seen(orgId);
    try {
      return await this.perOrg.run(orgId, fn);
    } catch (err) {
      if (!(err instanceof LimiterFullError)) throw err;
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        "This organization's events are arriving faster than they can be stored; send this one again shortly.",
        { headers: { 'Retry-After': 1 } },
      );
    }
  }

  /** A piece failure is not the provider's fault: 503 so it sends the event again; the failure is kept on the source. */
  private async processing<T>(row: SourceRow, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof AppError && err.status < 500 && err.code !== 'CONNECTION_NOT_FOUND') throw err;
      const why = reason(err);
      this.deps.log.warn(sourceLog(row, err), 'inbound event could not be processed');
      await this.deps.sources.noteInboundError(row.orgId, row.id, why).catch(() => undefined);
      throw new AppError('SERVICE_UNAVAILABLE', 'The event could not be processed now; send it again.');
    }
  }
}
