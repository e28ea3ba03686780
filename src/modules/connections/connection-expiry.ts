import type { Executor, Orm } from '../../platform/db/database.js';
import type { OrganizationEventEmitter } from '../webhook-endpoints/organization-events.js';
import { reconnectRequest, toEventConnection } from './connections.mapper.js';
import * as repo from './connections.repository.js';

const BATCH = 100;
/** At most this many batches a run; the rest waits a minute for the next. */
const MAX_BATCHES = 10;

/**
 * connection.expiring (docs/decisions/0144): a connection whose credentials stop working without a person within
 * `windowHours` (an OAuth2 refresh token's stated expiry, or an access token that cannot be refreshed) is announced
 * once per expiry, in the transaction that marks it announced; new credentials with a new expiry are announced again.
 */
export class ConnectionExpiryNotices {
  constructor(
    private readonly deps: {
      orm: Orm;
      events: OrganizationEventEmitter;
      endUserExternalId: (orgId: string, endUserId: string) => Promise<string | null>;
      publicUrl: string;
      windowHours: number;
    },
  ) {}

  /** Announce what expires within the window and was not announced yet; returns how many were sent. */
  async runOnce(now = new Date()): Promise<number> {
    const until = new Date(now.getTime() + this.deps.windowHours * 3_600_000);
    let sent = 0;
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const due = await repo.expiringUnannounced(this.deps.orm, now, until, BATCH);
      for (const c of due) {
        const endUserExternalId = c.endUserId ? await this.deps.endUserExternalId(c.orgId, c.endUserId) : null;
        const announced = await this.deps.orm.transaction(async (t) => {
          const tx = t as unknown as Executor;
          const row = await repo.announceExpiry(tx, c.orgId, c.id, until);
          if (!row?.credentialExpiresAt) return false; // announced meanwhile (another node), or renewed
          await this.deps.events.emit(tx, row.orgId, 'connection.expiring', {
            connection: toEventConnection(row, endUserExternalId),
            expiresAt: row.credentialExpiresAt.toISOString(),
            reconnect: reconnectRequest(row, endUserExternalId, this.deps.publicUrl),
          });
          return true;
        });
        if (announced) sent++;
      }
      if (due.length < BATCH) break;
    }
    return sent;
  }
}
