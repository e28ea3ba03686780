import type { UseOutcome } from '../../engine/ports.js';
import type { ConnectionRecord } from '../../engine/types.js';
import type { Executor, Orm } from '../../platform/db/database.js';
import * as repo from './connections.repository.js';
import { reconnectRequest, toEventConnection } from './connections.mapper.js';
import type { OrganizationEventEmitter } from '../webhook-endpoints/organization-events.js';

/** What the service last learned about a connection's credentials (docs/decisions/0140). */
export const HEALTH_STATES = ['healthy', 'degraded', 'needs_reauth'] as const;
export type Health = (typeof HEALTH_STATES)[number];

/** A piece of evidence: the health it shows and, unless healthy, why (a code and a message without secrets). */
export interface HealthEvidence {
  health: Health;
  error: { code: string; message: string } | null;
}

export const HEALTHY: HealthEvidence = { health: 'healthy', error: null };

/**
 * What one call with the connection shows, or null when it shows nothing about the credentials: a success is
 * healthy; the provider's 401 (after any OAuth2 refresh) means the credentials stopped working; a 403 is a refusal
 * of this one call that may be the credentials' (missing scopes) and may not (a resource of someone else's), so it
 * degrades the connection until a call succeeds. Other failures are the call's own (bad input, a 404, a 5xx).
 */
export function evidenceOfUse(outcome: UseOutcome): HealthEvidence | null {
  if (outcome.ok) return HEALTHY;
  const detail = outcome.error.slice(0, 300);
  if (outcome.httpStatus === 401)
    return {
      health: 'needs_reauth',
      error: { code: 'UPSTREAM_UNAUTHORIZED', message: `The provider refused the credentials (HTTP 401): ${detail}` },
    };
  if (outcome.httpStatus === 403)
    return {
      health: 'degraded',
      error: { code: 'UPSTREAM_FORBIDDEN', message: `The provider refused a call (HTTP 403): ${detail}` },
    };
  return null;
}

/** Evidence codes of a failed OAuth2 refresh (connection.refresh_failed). */
const REFRESH_FAILURES = new Set(['REFRESH_REJECTED', 'REFRESH_UNAVAILABLE', 'TOKEN_REJECTED', 'TOKEN_EXPIRED']);

/** lastUsedAt is written at most this often per connection and node: use is frequent, the field is coarse. */
export const TOUCH_INTERVAL_MS = 60_000;
const MAX_TRACKED = 50_000;

/** A health change, for whoever reports it (webhooks, logs). */
export interface HealthChange {
  before: Health;
  after: Health;
}

/**
 * Records the evidence about connections' health (ConnectionsService owns it; the OAuth refresher and the engine
 * report through the service). Writes happen only when something changed, and last use at most once a minute.
 */
export class ConnectionHealthRecorder {
  private readonly touched = new Map<string, number>();

  constructor(
    private readonly deps: {
      orm: Orm;
      /** Tells every node's caches that the organization's connections changed. */
      changed: (orgId: string) => Promise<void>;
      log: { warn(o: object, m?: string): void };
      /** Organization webhooks: connection.needs_reauth, connection.recovered, connection.refresh_failed. */
      events: OrganizationEventEmitter;
      endUserExternalId: (orgId: string, endUserId: string) => Promise<string | null>;
      publicUrl: string;
      now?: () => number;
    },
  ) {}

  /**
   * Store what the evidence shows, in one locked update; `checked` when it came from a check of the credentials (a
   * refresh, a scheduled check) rather than a use. Returns the change, or null when the health stayed the same.
   */
  async record(
    orgId: string,
    id: string,
    evidence: HealthEvidence,
    opts: { checked?: boolean } = {},
  ): Promise<HealthChange | null> {
    // The end user's external id for the webhooks, read first (the end users module's reads run outside this
    // module's transaction).
    const current = await repo.findConnection(this.deps.orm, orgId, id);
    if (current === null) return null;
    const endUserExternalId = current.endUserId ? await this.deps.endUserExternalId(orgId, current.endUserId) : null;
    const change = await this.deps.orm.transaction(async (t) => {
      const tx = t as unknown as Executor;
      const row = await repo.lockConnection(tx, orgId, id);
      if (row === null) return null;
      const before = row.health as Health;
      if (before === evidence.health && evidence.health === 'healthy' && !opts.checked) return null;
      await repo.setHealth(tx, orgId, id, {
        health: evidence.health,
        lastErrorCode: evidence.error?.code ?? null,
        lastErrorMessage: evidence.error?.message.slice(0, 500) ?? null,
        ...(opts.checked ? { lastCheckedAt: new Date(this.now()) } : {}),
      });
      if (before === evidence.health) return null;
      // In the same transaction: the webhook exists exactly when the change does.
      await this.announce(tx, row, row.endUserId === current.endUserId ? endUserExternalId : null, before, evidence);
      return { before, after: evidence.health };
    });
    if (change) await this.deps.changed(orgId);
    return change;
  }

  /** The organization webhooks a change of health sends (0140). */
  private async announce(
    tx: Executor,
    row: repo.ConnectionRow,
    endUserExternalId: string | null,
    before: Health,
    evidence: HealthEvidence,
  ): Promise<void> {
    const connection = toEventConnection(row, endUserExternalId);
    const data = {
      connection,
      health: { before, after: evidence.health },
      lastError: evidence.error,
      reconnect: reconnectRequest(row, endUserExternalId, this.deps.publicUrl),
    };
    if (evidence.error && REFRESH_FAILURES.has(evidence.error.code))
      await this.deps.events.emit(tx, row.orgId, 'connection.refresh_failed', data);
    if (evidence.health === 'needs_reauth') await this.deps.events.emit(tx, row.orgId, 'connection.needs_reauth', data);
    if (evidence.health === 'healthy') await this.deps.events.emit(tx, row.orgId, 'connection.recovered', data);
  }

  /** A call used the connection: last use (throttled) and the health its outcome shows, off the call's path. */
  observeUse(conn: ConnectionRecord, outcome: UseOutcome): Health | null {
    const now = this.now();
    const last = this.touched.get(conn.id);
    if (last === undefined || now - last >= TOUCH_INTERVAL_MS) {
      if (this.touched.size >= MAX_TRACKED) this.touched.clear();
      this.touched.set(conn.id, now);
      this.background(repo.touchUsed(this.deps.orm, conn.orgId, conn.id, new Date(now)), conn.id);
    }
    const evidence = evidenceOfUse(outcome);
    if (evidence && evidence.health !== conn.health) this.background(this.record(conn.orgId, conn.id, evidence), conn.id);
    return evidence?.health ?? null;
  }

  private background(work: Promise<unknown>, connectionId: string): void {
    work.catch((err: unknown) =>
      this.deps.log.warn({ connectionId, err: { message: (err as Error).message } }, 'connection health not recorded'),
    );
  }

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }
}
