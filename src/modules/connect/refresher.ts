import { createHash } from 'node:crypto';
import type { ConnectionRecord, CredentialRefresher } from '../../engine/types.js';
import type { ConnectionValue } from '../../integrations/pieces/protocol.js';
import type { IntegrationRegistry } from '../../integrations/registry.js';
import type { Database } from '../../platform/db/database.js';
import type { EgressGuard } from '../../platform/egress.js';
import { AppError, needsReconnect } from '../../platform/errors.js';
import type { ConnectionsService } from '../connections/connections.service.js';
import type { OAuthAppsService } from '../oauth-apps/oauth-apps.service.js';
import { oauthCredentials, tokenRequest, TokenRequestError } from './oauth2.js';

/** On use, a token this close to expiry is renewed first. */
const USE_MARGIN_MS = 60_000;
const TOKEN_TIMEOUT_MS = 15_000;

type Reason = { kind: 'expiring'; withinMs: number } | { kind: 'unauthorized'; usedToken: string | null };
/** What a refresh attempt came to: new credentials, nothing to do (the stored ones), or a failure. */
type Result = { value: ConnectionValue; refreshed: boolean };

const isOAuth = (type: string) => type === 'OAUTH2' || type === 'PLATFORM_OAUTH2';
const accessToken = (v: ConnectionValue): string | null =>
  typeof v.value.access_token === 'string' ? v.value.access_token : null;

/** A per-connection advisory lock id (31 bits; a collision only serialises two refreshes). */
function lockIdOf(connectionId: string): number {
  return createHash('sha256').update(`oauth-refresh:${connectionId}`).digest().readUInt32BE(0) & 0x7fffffff;
}

/**
 * Keeps OAuth2 credentials fresh (the engine's CredentialRefresher), before expiry and after a provider's 401.
 *
 * Single flight, twice over: concurrent calls on this node share one promise per connection, and nodes take a
 * PostgreSQL advisory lock on the connection, then re-read the stored token. A caller that finds the token
 * already renewed (another node refreshed while it waited) uses the stored one, so a refresh token is sent to
 * the provider once and the rotated one is always stored. A refresh the provider refuses (400/401) moves the
 * connection to ERROR; reconnecting repairs the same connection id.
 */
export class OAuthRefresher implements CredentialRefresher {
  private readonly inflight = new Map<string, Promise<Result>>();
  /** The access token each resolved connection ran with, so a 401 can tell "stale" from "already renewed". */
  private readonly used = new WeakMap<ConnectionRecord, string>();

  constructor(
    private readonly deps: {
      db: Database;
      registry: IntegrationRegistry;
      connections: ConnectionsService;
      oauthApps: OAuthAppsService;
      egress: EgressGuard;
      log: { info(o: object, m?: string): void; warn(o: object, m?: string): void };
    },
  ) {}

  async fresh(conn: ConnectionRecord): Promise<ConnectionValue> {
    const expiring = conn.tokenExpiresAt !== null && conn.tokenExpiresAt.getTime() - Date.now() < USE_MARGIN_MS;
    const value = expiring
      ? (await this.refresh(conn, { kind: 'expiring', withinMs: USE_MARGIN_MS }, 'use')).value
      : await this.deps.connections.credentials(conn);
    const token = accessToken(value);
    if (token) this.used.set(conn, token);
    return value;
  }

  async afterUnauthorized(conn: ConnectionRecord): Promise<ConnectionValue | null> {
    const usedToken = this.used.get(conn) ?? null;
    // Twice at most: a call may join a concurrent "expiring" check that found nothing to do.
    for (let attempt = 0; attempt < 2; attempt++) {
      const { value, refreshed } = await this.refresh(conn, { kind: 'unauthorized', usedToken }, 'unauthorized');
      if (refreshed || accessToken(value) !== usedToken) {
        const token = accessToken(value);
        if (token) this.used.set(conn, token);
        return value;
      }
    }
    return null; // the stored token is the one the provider just refused, and nothing renewed it
  }

  /** The refresh job: renew one connection whose token expires within `withinMs`. Throws on transient failures. */
  async renewIfExpiring(orgId: string, connectionId: string, withinMs: number): Promise<'refreshed' | 'skipped'> {
    const conn = await this.deps.connections.find(orgId, connectionId);
    if (!conn || !isOAuth(conn.type) || conn.status !== 'ACTIVE') return 'skipped';
    const { refreshed } = await this.refresh(conn, { kind: 'expiring', withinMs }, 'job');
    return refreshed ? 'refreshed' : 'skipped';
  }

  /** Scan and renew every active OAuth2 connection expiring within `aheadSeconds` (the pg-boss job). */
  async renewExpiring(aheadSeconds: number): Promise<{ refreshed: number; failed: number }> {
    const before = new Date(Date.now() + aheadSeconds * 1000);
    let refreshed = 0;
    let failed = 0;
    let cursor: { at: Date; id: string } | null = null;
    let seenLast: string | null = null;
    for (;;) {
      const batch = await this.deps.connections.expiringOAuth(before, cursor, 100);
      if (batch.length === 0) break;
      for (const c of batch) {
        try {
          if ((await this.renewIfExpiring(c.orgId, c.id, aheadSeconds * 1000)) === 'refreshed') refreshed++;
        } catch (err) {
          failed++;
          this.deps.log.warn(
            { connectionId: c.id, err: { message: (err as Error).message } },
            'oauth refresh failed; retried on the next run',
          );
        }
      }
      const last = batch[batch.length - 1]!;
      if (seenLast === last.id) break; // no progress (cannot happen with millisecond timestamps; never loop)
      seenLast = last.id;
      cursor = { at: last.at, id: last.id };
    }
    return { refreshed, failed };
  }

  private refresh(conn: ConnectionRecord, reason: Reason, via: string): Promise<Result> {
    const running = this.inflight.get(conn.id);
    if (running) return running;
    const p = this.deps.db
      .withAdvisoryLock(lockIdOf(conn.id), () => this.refreshLocked(conn, reason, via))
      .finally(() => this.inflight.delete(conn.id));
    this.inflight.set(conn.id, p);
    return p;
  }

  /** Inside the lock: re-read, decide, call the token endpoint once, store. */
  private async refreshLocked(conn: ConnectionRecord, reason: Reason, via: string): Promise<Result> {
    // Read past the connection cache: another node's refresh may not have evicted this node's copy yet.
    const fresh = await this.deps.db.orm.transaction(async (tx) => {
      const row = await this.deps.connections.find(conn.orgId, conn.id, tx);
      return row ? { row, value: await this.deps.connections.credentials(row, tx) } : null;
    });
    if (!fresh) throw new AppError('CONNECTION_NOT_FOUND', 'The connection was deleted.');
    const { row: current, value: stored } = fresh;
    const storedToken = accessToken(stored);
    if (reason.kind === 'expiring') {
      const left = current.tokenExpiresAt === null ? Infinity : current.tokenExpiresAt.getTime() - Date.now();
      if (left >= reason.withinMs) return { value: stored, refreshed: false };
    } else if (reason.usedToken !== null && storedToken !== reason.usedToken) {
      return { value: stored, refreshed: false }; // renewed by someone else meanwhile
    }
    if (current.status !== 'ACTIVE')
      throw needsReconnect(
        current.id,
        `The connection "${current.displayName}" needs to be reconnected (status ${current.status}).`,
      );

    const refreshToken = typeof stored.value.refresh_token === 'string' ? stored.value.refresh_token : null;
    const option = this.deps.registry
      .get(current.integrationName, current.orgId)
      ?.auth.find((a) => a.key === current.authMethodKey);
    const client = option ? await this.deps.oauthApps.clientForConnection(current, option) : null;
    if (!refreshToken || !client) {
      const why = !refreshToken ? 'there is no refresh token' : 'its OAuth app is no longer configured';
      const expiredAlready = current.tokenExpiresAt !== null && current.tokenExpiresAt.getTime() <= Date.now();
      // An unrefreshable token that still works is used until it stops working.
      if (reason.kind === 'unauthorized' || expiredAlready) {
        await this.markError(
          current,
          reason.kind === 'unauthorized' ? 'TOKEN_REJECTED' : 'TOKEN_EXPIRED',
          `The access token ${reason.kind === 'unauthorized' ? 'was rejected by the provider' : 'expired'} and cannot be refreshed (${why}); reconnect.`,
        );
        if (reason.kind === 'unauthorized') return { value: stored, refreshed: false };
        throw needsReconnect(
          current.id,
          `The connection "${current.displayName}" expired and cannot be refreshed (${why}); reconnect it.`,
        );
      }
      return { value: stored, refreshed: false };
    }
    try {
      const tokens = await tokenRequest(
        this.deps.egress,
        client,
        { grant_type: 'refresh_token', refresh_token: refreshToken },
        TOKEN_TIMEOUT_MS,
      );
      const { credentials, tokenExpiresAt, credentialExpiresAt } = oauthCredentials(tokens, stored.value);
      // The provider issued the new tokens: a check of the connection that passed.
      await this.deps.connections.updateCredentials(current.orgId, current.id, credentials, {
        tokenExpiresAt,
        ...(credentialExpiresAt !== undefined ? { credentialExpiresAt } : {}),
        verification: 'verified',
      });
      this.deps.log.info({ connectionId: current.id, via }, 'oauth token refreshed');
      return { value: { ...stored, value: credentials }, refreshed: true };
    } catch (err) {
      if (err instanceof TokenRequestError && err.permanent) {
        await this.markError(
          current,
          'REFRESH_REJECTED',
          `Refreshing the access token failed: ${err.message} Reconnect the connection.`,
        );
        throw needsReconnect(current.id, `The connection "${current.displayName}" needs to be reconnected: ${err.message}`);
      }
      if (err instanceof TokenRequestError) {
        // The token endpoint was unreachable or failed: the credentials may be fine; the next refresh tells.
        await this.deps.connections.recordCheck(current.orgId, current.id, {
          health: 'degraded',
          error: { code: 'REFRESH_UNAVAILABLE', message: `The access token could not be refreshed: ${err.message}` },
        });
        throw new AppError('CONNECTION_ERROR', `The access token could not be refreshed right now: ${err.message}`);
      }
      throw err;
    }
  }

  /** The credentials stopped working: status ERROR, health needs_reauth (reconnecting repairs the same id). */
  private async markError(conn: ConnectionRecord, code: string, message: string): Promise<void> {
    await this.deps.connections.setStatus(conn.orgId, conn.id, 'ERROR', message.slice(0, 500));
    await this.deps.connections.recordCheck(conn.orgId, conn.id, { health: 'needs_reauth', error: { code, message } });
    this.deps.log.warn({ connectionId: conn.id }, 'oauth connection moved to ERROR');
  }
}
