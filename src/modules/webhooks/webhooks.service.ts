import type { IntegrationRegistry } from '../../integrations/registry.js';
import type { TriggerPayload } from '../../integrations/framework.js';
import type { Orm } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors.js';
import type { InvalidationBus } from '../../platform/invalidation.js';
import type { EventOrigin, EventRecorder } from '../triggers/triggers.events.js';
import * as repo from '../triggers/triggers.repository.js';
import { reason, type SourceRunner } from '../triggers/triggers.runtime.js';

/** What goes back to the provider. */
export interface WebhookAnswer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

/** How long an active source's row is served from memory at most (changes that matter are also invalidated). */
const SOURCE_CACHE_TTL_MS = 5_000;
const SOURCE_CACHE_MAX = 10_000;

/**
 * Active webhook sources by id, so an inbound event costs no lookup before its transaction. What could go stale is
 * invalidated through the bus (disable, piece state changes, workspace, organization and connection changes) and
 * lapses after a few seconds anyway; the recording transaction reads the row again under its lock, so a source that
 * no longer takes events never records one.
 */
class SourceCache {
  private readonly rows = new Map<string, { row: repo.SourceRow; at: number }>();
  private generation = 0;

  constructor(bus: InvalidationBus | undefined) {
    bus?.subscribe((msg) => {
      this.generation++;
      if (msg.type === 'trigger_source') this.rows.delete(msg.id);
      else if (msg.type === 'organization' || msg.type === 'connections') this.drop((r) => r.orgId === (msg.type === 'organization' ? msg.id : msg.orgId));
      else if (msg.type === 'workspace') this.drop((r) => r.workspaceId === msg.id);
      else if (msg.type === 'end_user') this.drop((r) => r.orgId === msg.orgId);
      else if (msg.type === 'all') this.rows.clear();
    });
  }

  private drop(match: (row: repo.SourceRow) => boolean): void {
    for (const [id, e] of this.rows) if (match(e.row)) this.rows.delete(id);
  }

  async find(orm: Orm, id: string): Promise<repo.SourceRow | null> {
    const hit = this.rows.get(id);
    if (hit && Date.now() - hit.at < SOURCE_CACHE_TTL_MS) return hit.row;
    if (hit) this.rows.delete(id);
    const generation = this.generation;
    const row = await repo.findSourceById(orm, id);
    // Kept only if nothing was invalidated meanwhile (the row may predate it), and only what the hot path serves.
    if (row && generation === this.generation && row.status === 'ACTIVE' && !row.simulate && row.triggerType !== 'POLLING') {
      if (this.rows.size >= SOURCE_CACHE_MAX) this.rows.clear();
      this.rows.set(id, { row, at: Date.now() });
    }
    return row;
  }
}

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
  private readonly sources: SourceCache;

  constructor(
    private readonly deps: {
      orm: Orm;
      registry: IntegrationRegistry;
      runner: SourceRunner;
      recorder: EventRecorder;
      /** SWITCHBOARD_APP_WEBHOOK_SECRETS: the secret each integration's provider signs its app-level events with. */
      appWebhookSecrets: Readonly<Record<string, string>>;
      publicUrl: string;
      log: Log;
      /** Invalidates the active-source cache (see SourceCache). */
      bus?: InvalidationBus;
    },
  ) {
    this.sources = new SourceCache(deps.bus);
  }

  private appUrl(integrationName: string): string {
    return `${this.deps.publicUrl}/api/v1/webhooks/${encodeURIComponent(integrationName)}`;
  }

  /** A request to one source's address: {base_url}/api/v1/webhooks/<integration>/<id>. */
  async receive(integrationName: string, sourceId: string, payload: TriggerPayload): Promise<WebhookAnswer> {
    const row = await this.sources.find(this.deps.orm, sourceId);
    // A polling source has no address of its own unless it is simulated (test events).
    if (!row || row.integrationName !== integrationName || (row.triggerType === 'POLLING' && !row.simulate)) {
      throw new AppError('NOT_FOUND', 'No trigger source listens at this address.');
    }
    if (row.status === 'DISABLED') throw new AppError('TRIGGER_DISABLED', 'This trigger source is disabled; it takes no more events.');
    if (row.simulate) return this.recorded(row, [payload.body], 'test');

    if (row.triggerType === 'APP_WEBHOOK') {
      const app = this.deps.registry.get(row.integrationName)?.appWebhook;
      if (app) {
        const checked = await this.processing(row, () => app.receive(payload, this.deps.appWebhookSecrets[row.integrationName] ?? null, this.appUrl(row.integrationName)));
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
    const sources = await repo.listenersFor(this.deps.orm, integrationName, parsed.event, parsed.identifierValue);
    let failed = 0;
    for (const row of sources) {
      if (row.simulate) continue;
      try {
        await this.runSource(row, payload, 'app_event');
      } catch {
        failed++;
      }
    }
    // Sources already recorded keep their events; the provider's retry may bring them again (at least once).
    if (failed > 0) throw new AppError('SERVICE_UNAVAILABLE', 'The event could not be processed for every listener now; send it again.');
    return RECEIVED;
  }

  /** Runs the trigger on the request and records what it returns, with the state it left. */
  private async runSource(row: repo.SourceRow, payload: TriggerPayload, origin: EventOrigin): Promise<WebhookAnswer> {
    const result = await this.processing(row, async () => {
      const { call, state } = await this.deps.runner.call(row, payload);
      const before = JSON.stringify(state.snapshot());
      const r = await this.deps.runner.context(row).hooks.run(call);
      const after = state.snapshot();
      return { r, state: JSON.stringify(after) === before ? undefined : after };
    });
    if (result.r.kind === 'handshake') return result.r.response;
    // While the source is being enabled its state belongs to the enabling call.
    return this.recorded(row, result.r.items, origin, row.status === 'ACTIVE' ? result.state : undefined);
  }

  private async recorded(row: repo.SourceRow, items: unknown[], origin: EventOrigin, state?: Record<string, unknown>): Promise<WebhookAnswer> {
    const ids = await this.deps.recorder.record(row.orgId, row.id, items, origin, { acceptPending: true, ...(state ? { state } : {}) });
    if (ids === null) throw new AppError('TRIGGER_DISABLED', 'This trigger source is disabled; it takes no more events.');
    return RECEIVED;
  }

  /** A piece failure is not the provider's fault: 503 so it sends the event again; the failure is kept on the source. */
  private async processing<T>(row: repo.SourceRow, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof AppError && err.status < 500 && err.code !== 'CONNECTION_NOT_FOUND') throw err;
      const why = reason(err);
      this.deps.log.warn({ triggerSourceId: row.id, err: { message: why } }, 'inbound event could not be processed');
      await repo.updateSource(this.deps.orm, row.orgId, row.id, { lastError: `webhook: ${why}`, lastErrorAt: new Date() }).catch(() => undefined);
      throw new AppError('SERVICE_UNAVAILABLE', 'The event could not be processed now; send it again.');
    }
  }
}
