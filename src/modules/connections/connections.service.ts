import type { ConnectionRecord } from '../../engine/types.js';
import type { AuthOption, IntegrationDefinition } from '../../integrations/framework.js';
import type { ConnectionValue } from '../../integrations/pieces/protocol.js';
import type { IntegrationRegistry } from '../../integrations/registry.js';
import type { Executor, Orm } from '../../platform/db/database.js';
import { AppError, invalidField } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/access.js';
import { newId } from '../../platform/ids.js';
import type { InvalidationBus } from '../../platform/invalidation.js';
import type { PlanTable } from '../../platform/plans.js';
import type { SecretBox } from '../../platform/secrets.js';
import type { EndUsersService } from '../end-users/end-users.service.js';
import type { OrganizationEventEmitter } from '../webhook-endpoints/organization-events.js';
import type { OAuthAppsService } from '../oauth-apps/oauth-apps.service.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import { authOptionFor, credentialsFrom, type StoredCredentials } from './connections.credentials.js';
import { toConnection, toEarlierConnection, toEventConnection } from './connections.mapper.js';
import * as repo from './connections.repository.js';
import type { ConnectionRow } from './connections.repository.js';
import type {
  ConnectionScope,
  ConnectionType,
  CreateConnectionInput,
  ListConnectionsQueryInput,
  Verification,
} from './connections.schemas.js';
import { ConnectionStore, type NewConnection } from './connections.store.js';
import { ConnectionHealthRecorder, HEALTHY, type Health, type HealthChange, type HealthEvidence } from './connection-health.js';
import type { UseOutcome } from '../../engine/ports.js';

const invalid = invalidField;
const notFound = () => new AppError('NOT_FOUND', 'Connection not found.');

/**
 * Connections: the API's use cases are here; stored rows, their cache and sealed credentials are in
 * {@link ConnectionStore}, credential shaping in connections.credentials.ts.
 */
export class ConnectionsService {
  private readonly stored: ConnectionStore;
  private readonly health: ConnectionHealthRecorder;

  constructor(
    private readonly deps: {
      orm: Orm;
      plans: PlanTable;
      registry: IntegrationRegistry;
      workspaces: WorkspacesService;
      endUsers: EndUsersService;
      oauthApps: OAuthAppsService;
      secrets: SecretBox;
      bus: InvalidationBus;
      log: { warn(o: object, m?: string): void };
      organizationEvents: OrganizationEventEmitter;
      /** The service's public URL, for the reconnect request in health events. */
      publicUrl: string;
    },
  ) {
    this.stored = new ConnectionStore(deps);
    this.health = new ConnectionHealthRecorder({
      orm: deps.orm,
      changed: (orgId) => this.changed(orgId),
      log: deps.log,
      events: deps.organizationEvents,
      endUserExternalId: async (orgId, endUserId) => (await deps.endUsers.externalIds(orgId, [endUserId])).get(endUserId) ?? null,
      publicUrl: deps.publicUrl,
    });
  }

  // ---- API ------------------------------------------------------------------------------------------------

  async list(actor: Actor, q: ListConnectionsQueryInput) {
    const earlier = q.pieceName !== undefined || q.projectId !== undefined;
    if (q.id) {
      const row = await this.findVisible(actor, q.id);
      return earlier ? { data: [toEarlierConnection(row)], total: 1 } : { connection: toConnection(row) };
    }
    const workspaceId = q.workspaceId ?? q.projectId;
    if (workspaceId) await this.deps.workspaces.requireUsable(actor, workspaceId);
    const filter: repo.ConnectionFilter = {
      includeSuspended: q.includeSuspended,
      onlyWorkspaceIds: actor.access.workspaceIds ? [...actor.access.workspaceIds] : null,
      ...((q.integrationName ?? q.pieceName) ? { integrationName: (q.integrationName ?? q.pieceName)! } : {}),
      ...(workspaceId ? { workspaceId } : {}),
      ...(q.externalId ? { externalId: q.externalId } : {}),
      ...(q.health ? { health: q.health } : {}),
    };
    const [rows, total] = await Promise.all([
      repo.listConnections(this.deps.orm, actor.orgId, filter, q.limit, q.offset),
      repo.countConnections(this.deps.orm, actor.orgId, filter),
    ]);
    return earlier ? { data: rows.map(toEarlierConnection), total } : { connections: rows.map(toConnection), total };
  }

  /** GET /connections/:id (the earlier API): the earlier record with the current fields alongside. */
  async getEarlier(actor: Actor, id: string) {
    return toEarlierConnection(await this.findVisible(actor, id));
  }

  /** POST /connections in either shape; answers in the shape it was given. */
  async create(actor: Actor, input: CreateConnectionInput) {
    if (input.pieceName !== undefined) return toEarlierConnection(await this.createEarlier(actor, input));
    return { connection: toConnection(await this.createCurrent(actor, input)) };
  }

  async delete(actor: Actor, id: string) {
    const row = await this.findVisible(actor, id);
    const endUserExternalId = row.endUserId
      ? ((await this.deps.endUsers.externalIds(actor.orgId, [row.endUserId])).get(row.endUserId) ?? null)
      : null;
    await this.deps.orm.transaction(async (tx) => {
      if (!(await repo.deleteConnection(tx, actor.orgId, row.id))) throw notFound();
      // In the deleting transaction: the event exists exactly when the deletion does. Never credentials.
      await this.deps.organizationEvents.emit(tx, actor.orgId, 'connection.deleted', {
        connection: toEventConnection(row, endUserExternalId),
      });
    });
    await this.changed(actor.orgId);
    return { deleted: true as const, id, success: true as const };
  }

  /** The current shape of a connection the actor's key may read (`POST /connections/resolve` shows what GET shows). */
  async describe(actor: Actor, id: string) {
    return toConnection(await this.findVisible(actor, id));
  }

  // ---- used by the engine and connect flows ---------------------------------------------------------------
  /** Store a connection under the plan's limit; DUPLICATE when its identity exists. */
  async store(input: NewConnection): Promise<ConnectionRow> {
    return this.stored.store(input);
  }

  async find(orgId: string, id: string, db?: Executor): Promise<ConnectionRecord | null> {
    return this.stored.find(orgId, id, db);
  }

  /** Connections with this externalId for an integration (one per auth method). */
  async findByExternalId(orgId: string, integrationName: string, externalId: string): Promise<ConnectionRecord[]> {
    return this.stored.findByExternalId(orgId, integrationName, externalId);
  }

  /** Usable connections of an integration seen from a workspace (org, workspace and the end user's own). */
  async candidates(
    orgId: string,
    integrationName: string,
    workspaceId: string,
    endUserId: string | null,
  ): Promise<ConnectionRecord[]> {
    return this.stored.candidates(orgId, integrationName, workspaceId, endUserId);
  }

  /** The refresh job's scan: see {@link repo.expiringOAuthConnections}. */
  expiringOAuth(before: Date, cursor: { at: Date; id: string } | null, limit: number) {
    return repo.expiringOAuthConnections(this.deps.orm, before, cursor, limit);
  }

  /** The decrypted value a piece runs with (opened at most every 5 s, 0167). Never log or return it. */
  async credentials(conn: ConnectionRecord, db?: Executor): Promise<ConnectionValue> {
    return this.stored.credentials(conn, db);
  }

  /** Replace the credentials (OAuth2 refresh, reconnect): see {@link ConnectionStore.updateCredentials}. */
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
    db?: Executor,
  ): Promise<ConnectionRecord | null> {
    const updated = await this.stored.updateCredentials(orgId, id, credentials, opts, db);
    // New credentials from the provider (a refresh, a reconnect) are a check that passed. A caller inside its own
    // transaction records that itself, after it commits.
    if (updated && db === undefined) await this.health.record(orgId, id, HEALTHY, { checked: true });
    return updated;
  }

  /** A call ran with the connection (the engine's report): last use and health evidence, off the call's path. */
  observeUse(conn: ConnectionRecord, outcome: UseOutcome): Health | null {
    return this.health.observeUse(conn, outcome);
  }

  /**
   * What a check of the credentials showed (an OAuth2 refresh, its failure): stored with lastCheckedAt. Returns
   * the change of health, or null when it stayed the same. See docs/decisions/0140.
   */
  async recordCheck(orgId: string, id: string, evidence: HealthEvidence = HEALTHY): Promise<HealthChange | null> {
    return this.health.record(orgId, id, evidence, { checked: true });
  }

  /** Connections by health across the service (GET /metrics). */
  async healthCounts(): Promise<Array<{ health: string; n: number }>> {
    return repo.countByHealth(this.deps.orm);
  }

  /** How many of the organization's connections were made with the OAuth app (it is not deleted while any are). */
  async countUsingOAuthApp(orgId: string, oauthAppId: string): Promise<number> {
    return repo.countUsingOAuthApp(this.deps.orm, orgId, oauthAppId);
  }

  async setStatus(orgId: string, id: string, status: 'ACTIVE' | 'ERROR', message: string | null): Promise<void> {
    return this.stored.setStatus(orgId, id, status, message);
  }

  /** The auth option a connection of this type uses: authMethodKey when given, else the only compatible one. */
  authOptionFor(
    def: IntegrationDefinition,
    type: ConnectionType,
    authMethodKey: string | undefined,
    field = 'authMethodKey',
  ): AuthOption {
    return authOptionFor(def, type, authMethodKey, field);
  }

  /** Credentials in the stored (piece) shape from the current request fields; names the missing field. */
  credentialsFrom(type: ConnectionType, option: AuthOption, f: CreateConnectionInput): StoredCredentials {
    return credentialsFrom(type, option, f);
  }

  // ---- internals ------------------------------------------------------------------------------------------

  private async createCurrent(
    actor: Actor,
    f: CreateConnectionInput,
    apiShape: 'current' | 'earlier' = 'current',
  ): Promise<ConnectionRow> {
    for (const field of ['type', 'externalId', 'displayName', 'integrationName'] as const) {
      if (f[field] === undefined) throw invalid(field, 'is required');
    }
    const type = f.type as ConnectionType;
    const def = this.deps.registry.get(f.integrationName!, actor.orgId);
    if (!def) throw new AppError('INTEGRATION_NOT_FOUND', `No integration named "${f.integrationName}".`);
    const scope = await this.checkScope(actor, f);
    const option = this.authOptionFor(def, type, f.authMethodKey);
    const { credentials, tokenExpiresAt, credentialExpiresAt } = this.credentialsFrom(type, option, f);
    let oauthAppId: string | null = null;
    if (type === 'PLATFORM_OAUTH2' && f.oauthAppId) {
      throw new AppError('INVALID_OAUTH_APP', 'PLATFORM_OAUTH2 connections use the service-managed app; omit oauthAppId.');
    }
    if (f.oauthAppId)
      oauthAppId = await this.deps.oauthApps.checkChoice(actor.orgId, def.name, option.type, 'custom', f.oauthAppId);
    return this.store({
      orgId: actor.orgId,
      scope,
      workspaceId: f.workspaceId ?? null,
      endUserExternalId: scope === 'USER' ? f.endUserId! : null,
      integrationName: def.name,
      authMethodKey: option.key,
      externalId: f.externalId!,
      displayName: f.displayName!,
      type,
      credentials,
      oauthAppId,
      tokenExpiresAt,
      credentialExpiresAt,
      apiShape,
    });
  }

  /** The earlier shape: pieceName, displayName, value {type, ...credential fields}, projectId, externalId. */
  private async createEarlier(actor: Actor, f: CreateConnectionInput): Promise<ConnectionRow> {
    if (!f.value) throw invalid('value', 'is required');
    if (f.displayName === undefined) throw invalid('displayName', 'is required');
    const v = f.value;
    const type = v.type;
    if (typeof type !== 'string' || !['SECRET_TEXT', 'BASIC_AUTH', 'CUSTOM_AUTH', 'OAUTH2', 'PLATFORM_OAUTH2'].includes(type)) {
      throw invalid('value.type', 'must be one of SECRET_TEXT, BASIC_AUTH, CUSTOM_AUTH, OAUTH2, PLATFORM_OAUTH2');
    }
    const str = (k: string) => (typeof v[k] === 'string' ? v[k] : undefined);
    const current: CreateConnectionInput = {
      type: type,
      integrationName: f.pieceName!,
      displayName: f.displayName,
      // The earlier shape made externalId optional; the record still needs one.
      externalId: f.externalId ?? newId(),
      ...(f.authMethodKey ? { authMethodKey: f.authMethodKey } : {}),
      ...(f.projectId ? { workspaceId: f.projectId, scope: 'WORKSPACE' as const } : {}),
      ...(str('secret_text') ? { secretText: str('secret_text') } : {}),
      ...(str('username') !== undefined ? { username: str('username') } : {}),
      ...(str('password') !== undefined ? { password: str('password') } : {}),
      ...(v.props && typeof v.props === 'object' ? { props: v.props as Record<string, unknown> } : {}),
      ...(str('access_token') ? { accessToken: str('access_token') } : {}),
      ...(str('refresh_token') ? { refreshToken: str('refresh_token') } : {}),
      ...(str('token_type') ? { tokenType: str('token_type') } : {}),
      ...(typeof v.expires_in === 'number' && Number.isInteger(v.expires_in) && v.expires_in >= 0
        ? { expiresIn: v.expires_in }
        : {}),
      ...(str('scope') ? { scope_oauth: str('scope') } : {}),
      ...(v.data && typeof v.data === 'object' && !Array.isArray(v.data) ? { data: v.data as Record<string, unknown> } : {}),
    };
    try {
      return await this.createCurrent(actor, current, 'earlier');
    } catch (err) {
      // Name fields as the earlier shape spells them.
      if (err instanceof AppError && err.code === 'VALIDATION_ERROR') {
        const map: Record<string, string> = {
          integrationName: 'pieceName',
          workspaceId: 'projectId',
          secretText: 'value.secret_text',
          accessToken: 'value.access_token',
          username: 'value.username',
          password: 'value.password',
          props: 'value.props',
          type: 'value.type',
        };
        const first = (err.extra?.details as Array<{ field: string; message: string }> | undefined)?.[0];
        if (first) {
          const field = map[first.field] ?? (first.field.startsWith('props.') ? `value.${first.field}` : first.field);
          throw invalid(field, first.message);
        }
      }
      throw err;
    }
  }

  /** The scope the body asks for (inferred from workspaceId/endUserId when absent) and the caller's right to it. */
  private async checkScope(actor: Actor, f: CreateConnectionInput): Promise<ConnectionScope> {
    const scope: ConnectionScope =
      (f.scope as ConnectionScope | undefined) ?? (f.endUserId ? 'USER' : f.workspaceId ? 'WORKSPACE' : 'ORGANIZATION');
    if (scope === 'ORGANIZATION') {
      if (f.workspaceId || f.endUserId)
        throw invalid('scope', 'ORGANIZATION takes no workspaceId or endUserId; use WORKSPACE or USER');
      actor.access.assertOrgWide();
      return scope;
    }
    if (!f.workspaceId) throw invalid('workspaceId', `is required for ${scope} scope`);
    if (scope === 'WORKSPACE' && f.endUserId) throw invalid('endUserId', 'is only for USER scope');
    if (scope === 'USER' && !f.endUserId) throw invalid('endUserId', 'is required for USER scope');
    await this.deps.workspaces.requireUsable(actor, f.workspaceId);
    return scope;
  }

  /** A connection of the caller's organization that its key may reach (org-wide connections need an org key). */
  private async findVisible(actor: Actor, id: string): Promise<ConnectionRow> {
    const row = await repo.findConnection(this.deps.orm, actor.orgId, id);
    if (!row) throw notFound();
    if (row.workspaceId) actor.access.assertWorkspace(row.workspaceId);
    else actor.access.assertOrgWide();
    return row;
  }

  private async changed(orgId: string): Promise<void> {
    await this.stored.changed(orgId);
  }

  /** How many count toward the plan's limit (the organization's usage page). */
  async quotaCount(orgId: string): Promise<number> {
    return repo.countConnections(this.deps.orm, orgId);
  }
}
