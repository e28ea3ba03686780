import type { ConnectionRecord } from '../../engine/types.js';
import type { ConnectionValue } from '../../integrations/pieces/protocol.js';
import type { Executor, Orm } from '../../platform/db/database.js';
import { AppError, isUniqueViolation } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { InvalidationBus } from '../../platform/invalidation.js';
import type { PlanTable } from '../../platform/plans.js';
import { createWithinQuota } from '../../platform/quota.js';
import type { SecretBox } from '../../platform/secrets.js';
import type { EndUsersService } from '../end-users/end-users.service.js';
import { CONFIG_CACHE_TTL_MS } from '../workspaces/workspaces.service.js';
import { ConfigCache } from '../../platform/cache.js';
import { toConnectionRecord } from './connections.mapper.js';
import * as repo from './connections.repository.js';
import type { ConnectionRow } from './connections.repository.js';
import type { ConnectionScope, ConnectionType, Verification } from './connections.schemas.js';

const PURPOSE = 'connection';

/** How long opened credentials are served from memory at most (0167), and how many connections' at once. */
const OPENED_CREDENTIALS_TTL_MS = 5_000;
const OPENED_CREDENTIALS_MAX = 10_000;

/** A connection to store, from the API or a connect flow. Credentials are the value pieces receive. */
export interface NewConnection {
  orgId: string;
  scope: ConnectionScope;
  workspaceId: string | null;
  /** USER scope: the end user's externalId (created when absent) — or give endUserInternalId. */
  endUserExternalId?: string | null;
  endUserInternalId?: string | null;
  integrationName: string;
  authMethodKey: string;
  externalId: string;
  displayName: string;
  type: ConnectionType;
  credentials: Record<string, unknown>;
  oauthAppId: string | null;
  tokenExpiresAt: Date | null;
  credentialExpiresAt?: Date | null;
  apiShape?: 'current' | 'earlier';
  /** Only a flow that had the integration check the credentials says verified. */
  verification?: Verification;
}

export interface StoreDeps {
  orm: Orm;
  plans: PlanTable;
  endUsers: EndUsersService;
  secrets: SecretBox;
  bus: InvalidationBus;
}

/** Stored credentials: secrets at rest, sealed to their row; everything else a plain column. */
export class ConnectionStore {
  /** Connection rows as calls look them up (by id, externalId, or candidates); evicted per organization. */
  private readonly cache = new ConfigCache<ConnectionRow[]>({ ttlMs: CONFIG_CACHE_TTL_MS, maxEntries: 50_000 });
  /**
   * Opened credentials as JSON text, by row and ciphertext (0167): a ciphertext never changes and new credentials
   * are a new one (a fresh IV), so an entry cannot go stale, and one sealed to another row is opened (and refused)
   * for that row. Each call parses its own copy.
   */
  private readonly opened = new ConfigCache<string>({ ttlMs: OPENED_CREDENTIALS_TTL_MS, maxEntries: OPENED_CREDENTIALS_MAX });

  constructor(private readonly deps: StoreDeps) {
    deps.bus.subscribe((msg) => {
      for (const cache of [this.cache, this.opened]) {
        if (msg.type === 'all') cache.clear();
        else if (msg.type === 'connections') cache.invalidateTag(`org:${msg.orgId}`);
        else if (msg.type === 'organization') cache.invalidateTag(`org:${msg.id}`); // plan changes suspend connections
      }
    });
  }

  private cached(orgId: string, key: string, load: () => Promise<ConnectionRow[]>): Promise<ConnectionRow[]> {
    return this.cache.get(`${orgId}:${key}`, [`org:${orgId}`], load);
  }

  private async row(orgId: string, id: string, db: Executor): Promise<ConnectionRow | null> {
    if (db !== this.deps.orm) return repo.findConnection(db, orgId, id);
    const [row] = await this.cached(orgId, `id:${id}`, async () => {
      const r = await repo.findConnection(this.deps.orm, orgId, id);
      return r ? [r] : [];
    });
    return row ?? null;
  }

  /** Store a connection under the plan's limit; DUPLICATE when its identity exists. */
  async store(input: NewConnection): Promise<ConnectionRow> {
    const id = newId();
    try {
      const row = await createWithinQuota(
        this.deps.orm,
        this.deps.plans,
        input.orgId,
        'connections',
        (tx) => repo.countConnections(tx, input.orgId),
        async (tx) => {
          let endUserId = input.endUserInternalId ?? null;
          if (!endUserId && input.endUserExternalId && input.workspaceId) {
            endUserId = (await this.deps.endUsers.resolveOrCreate(tx, input.orgId, input.workspaceId, input.endUserExternalId))
              .id;
          }
          return repo.insertConnection(tx, {
            id,
            orgId: input.orgId,
            workspaceId: input.workspaceId,
            endUserId,
            integrationName: input.integrationName,
            authMethodKey: input.authMethodKey,
            externalId: input.externalId,
            displayName: input.displayName,
            type: input.type,
            scope: input.scope,
            credentials: this.deps.secrets.seal(PURPOSE, id, input.credentials),
            oauthAppId: input.oauthAppId,
            tokenExpiresAt: input.tokenExpiresAt,
            credentialExpiresAt: input.credentialExpiresAt ?? null,
            apiShape: input.apiShape ?? 'current',
            verification: input.verification ?? 'unverified',
          });
        },
      );
      await this.changed(input.orgId);
      return row;
    } catch (err) {
      if (isUniqueViolation(err)) {
        throw new AppError(
          'DUPLICATE',
          `A ${input.integrationName} connection with externalId "${input.externalId}" and auth method "${input.authMethodKey}" already exists.`,
        );
      }
      throw err;
    }
  }

  async find(orgId: string, id: string, db: Executor = this.deps.orm): Promise<ConnectionRecord | null> {
    const row = await this.row(orgId, id, db);
    return row ? toConnectionRecord(row) : null;
  }

  /** Connections with this externalId for an integration (one per auth method). */
  async findByExternalId(orgId: string, integrationName: string, externalId: string): Promise<ConnectionRecord[]> {
    const rows = await this.cached(orgId, `ext:${integrationName}:${externalId}`, () =>
      repo.findByExternalId(this.deps.orm, orgId, integrationName, externalId),
    );
    return rows.map(toConnectionRecord);
  }

  /** Usable connections of an integration seen from a workspace (org, workspace and the end user's own). */
  async candidates(
    orgId: string,
    integrationName: string,
    workspaceId: string,
    endUserId: string | null,
  ): Promise<ConnectionRecord[]> {
    const rows = await this.cached(orgId, `cand:${integrationName}:${workspaceId}:${endUserId ?? ''}`, () =>
      repo.findCandidates(this.deps.orm, orgId, integrationName, workspaceId, endUserId),
    );
    return rows.map(toConnectionRecord);
  }

  /** The decrypted value a piece runs with (opened at most every 5 s, 0167). Never log or return it. */
  async credentials(conn: ConnectionRecord, db: Executor = this.deps.orm): Promise<ConnectionValue> {
    const row = await this.row(conn.orgId, conn.id, db);
    if (!row) throw new AppError('CONNECTION_NOT_FOUND', 'The connection was deleted.');
    const text = await this.opened.get(`${row.id}:${row.credentials}`, [`org:${row.orgId}`], async () =>
      this.deps.secrets.openText(PURPOSE, row.id, row.credentials),
    );
    return {
      type: row.type as ConnectionValue['type'],
      authMethodKey: row.authMethodKey,
      value: JSON.parse(text) as Record<string, unknown>,
    };
  }

  /**
   * Replace the credentials (OAuth2 refresh, reconnect); a successful replacement makes the connection ACTIVE and
   * says whether the new credentials were checked.
   */
  async updateCredentials(
    orgId: string,
    id: string,
    credentials: Record<string, unknown>,
    opts: {
      verification: Verification;
      tokenExpiresAt?: Date | null;
      credentialExpiresAt?: Date | null;
      type?: ConnectionType;
      displayName?: string;
      oauthAppId?: string | null;
    },
    db: Executor = this.deps.orm,
  ): Promise<ConnectionRecord | null> {
    const row = await repo.updateConnection(db, orgId, id, {
      credentials: this.deps.secrets.seal(PURPOSE, id, credentials),
      status: 'ACTIVE',
      statusMessage: null,
      verification: opts.verification,
      ...(opts.tokenExpiresAt !== undefined ? { tokenExpiresAt: opts.tokenExpiresAt } : {}),
      ...(opts.credentialExpiresAt !== undefined ? { credentialExpiresAt: opts.credentialExpiresAt } : {}),
      ...(opts.type ? { type: opts.type } : {}),
      ...(opts.displayName ? { displayName: opts.displayName } : {}),
      ...(opts.oauthAppId !== undefined ? { oauthAppId: opts.oauthAppId } : {}),
    });
    await this.changed(orgId);
    return row ? toConnectionRecord(row) : null;
  }

  async setStatus(orgId: string, id: string, status: 'ACTIVE' | 'ERROR', message: string | null): Promise<void> {
    await repo.updateConnection(this.deps.orm, orgId, id, { status, statusMessage: message });
    await this.changed(orgId);
  }

  /** Tells every node's caches that the organization's connections changed. */
  async changed(orgId: string): Promise<void> {
    await this.deps.bus.publish({ type: 'connections', orgId });
  }
}
