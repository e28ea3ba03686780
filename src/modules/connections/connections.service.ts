import type { ConnectionRecord } from '../../engine/types.js';
import type { AuthOption, IntegrationDefinition } from '../../integrations/framework.js';
import { ActionInputError } from '../../integrations/framework.js';
import type { ConnectionValue } from '../../integrations/pieces/protocol.js';
import type { IntegrationRegistry } from '../../integrations/registry.js';
import { validateInput } from '../../integrations/validate.js';
import type { Executor, Orm } from '../../platform/db/database.js';
import { AppError, invalidField, isUniqueViolation } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/access.js';
import { newId } from '../../platform/ids.js';
import type { InvalidationBus } from '../../platform/invalidation.js';
import type { PlanTable } from '../../platform/plans.js';
import { createWithinQuota } from '../../platform/quota.js';
import type { SecretBox } from '../../platform/secrets.js';
import type { EndUsersService } from '../end-users/end-users.service.js';
import type { OAuthAppsService } from '../oauth-apps/oauth-apps.service.js';
import { CONFIG_CACHE_TTL_MS, type WorkspacesService } from '../workspaces/workspaces.service.js';
import { ConfigCache } from '../../platform/cache.js';
import { toConnection, toConnectionRecord, toEarlierConnection } from './connections.mapper.js';
import * as repo from './connections.repository.js';
import type { ConnectionRow } from './connections.repository.js';
import type {
  ConnectionScope,
  ConnectionType,
  CreateConnectionInput,
  ListConnectionsQueryInput,
  Verification,
} from './connections.schemas.js';

const PURPOSE = 'connection';

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
  apiShape?: 'current' | 'earlier';
  /** Only a flow that had the integration check the credentials says verified. */
  verification?: Verification;
}

const invalid = invalidField;
const notFound = () => new AppError('NOT_FOUND', 'Connection not found.');

/** Which auth option types a connection type can serve. */
const authTypeOf = (type: ConnectionType) => (type === 'PLATFORM_OAUTH2' ? 'OAUTH2' : type);

/** Stored credentials: secrets at rest, sealed to their row; everything else a plain column. */
export class ConnectionsService {
  /** Connection rows as calls look them up (by id, externalId, or candidates); evicted per organization. */
  private readonly cache = new ConfigCache<ConnectionRow[]>({ ttlMs: CONFIG_CACHE_TTL_MS, maxEntries: 50_000 });

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
    },
  ) {
    deps.bus.subscribe((msg) => {
      if (msg.type === 'all') this.cache.clear();
      else if (msg.type === 'connections') this.cache.invalidateTag(`org:${msg.orgId}`);
      else if (msg.type === 'organization') this.cache.invalidateTag(`org:${msg.id}`); // plan changes suspend connections
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
    if (!(await repo.deleteConnection(this.deps.orm, actor.orgId, row.id))) throw notFound();
    await this.changed(actor.orgId);
    return { deleted: true as const, id, success: true as const };
  }

  /** The API shape of a connection (after the caller's right to it was checked elsewhere). */
  /** The current shape of a connection the actor's key may read (`POST /connections/resolve` shows what GET shows). */
  async describe(actor: Actor, id: string) {
    return toConnection(await this.findVisible(actor, id));
  }

  // ---- used by the engine and connect flows ---------------------------------------------------------------

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

  /** The decrypted value a piece runs with (decrypted per call, never cached in clear). Never log or return it. */
  async credentials(conn: ConnectionRecord, db: Executor = this.deps.orm): Promise<ConnectionValue> {
    const row = await this.row(conn.orgId, conn.id, db);
    if (!row) throw new AppError('CONNECTION_NOT_FOUND', 'The connection was deleted.');
    return {
      type: row.type as ConnectionValue['type'],
      authMethodKey: row.authMethodKey,
      value: this.deps.secrets.open<Record<string, unknown>>(PURPOSE, row.id, row.credentials),
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

  /** The auth option a connection of this type uses: authMethodKey when given, else the only compatible one. */
  authOptionFor(
    def: IntegrationDefinition,
    type: ConnectionType,
    authMethodKey: string | undefined,
    field = 'authMethodKey',
  ): AuthOption {
    if (def.auth.length === 0) throw invalid('integrationName', `${def.name} takes no connection`);
    if (authMethodKey !== undefined) {
      const option = def.auth.find((a) => a.key === authMethodKey);
      if (!option)
        throw new AppError(
          'INVALID_AUTH_METHOD',
          `${def.name} has no auth method "${authMethodKey}" (available: ${def.auth.map((a) => a.key).join(', ')}).`,
        );
      if (option.type !== authTypeOf(type))
        throw new AppError(
          'INVALID_AUTH_METHOD',
          `The auth method "${authMethodKey}" of ${def.name} is ${option.type}, not ${type}.`,
        );
      return option;
    }
    const compatible = def.auth.filter((a) => a.type === authTypeOf(type));
    if (compatible.length === 0)
      throw invalid('type', `${type} is not an auth type of ${def.name} (${def.auth.map((a) => a.type).join(', ')})`);
    if (compatible.length > 1) {
      throw new AppError(
        'AUTH_METHOD_REQUIRED',
        `${def.name} has several ${type} auth methods; give ${field} (${compatible.map((a) => a.key).join(', ')}).`,
      );
    }
    return compatible[0]!;
  }

  /** Credentials in the stored (piece) shape from the current request fields; names the missing field. */
  credentialsFrom(
    type: ConnectionType,
    option: AuthOption,
    f: CreateConnectionInput,
  ): { credentials: Record<string, unknown>; tokenExpiresAt: Date | null } {
    switch (type) {
      case 'SECRET_TEXT':
        if (!f.secretText) throw invalid('secretText', 'is required for SECRET_TEXT');
        return { credentials: { secret_text: f.secretText }, tokenExpiresAt: null };
      case 'BASIC_AUTH':
        if (f.username === undefined || f.username === '') throw invalid('username', 'is required for BASIC_AUTH');
        if (f.password === undefined) throw invalid('password', 'is required for BASIC_AUTH');
        return { credentials: { username: f.username, password: f.password }, tokenExpiresAt: null };
      case 'CUSTOM_AUTH': {
        if (!f.props) throw invalid('props', 'is required for CUSTOM_AUTH');
        return { credentials: { props: option.props ? this.checkedProps(option, f.props) : f.props }, tokenExpiresAt: null };
      }
      default: {
        if (!f.accessToken) throw invalid('accessToken', `is required for ${type}`);
        // Extra fields the integration reads beside its tokens (e.g. Zoho's location), as the catalog lists them.
        const props = f.props && option.props ? this.checkedProps(option, f.props) : undefined;
        const now = Math.floor(Date.now() / 1000);
        const credentials: Record<string, unknown> = {
          access_token: f.accessToken,
          token_type: f.tokenType ?? 'Bearer',
          data: f.data ?? {},
          claimed_at: now,
        };
        if (f.refreshToken) credentials.refresh_token = f.refreshToken;
        if (f.expiresIn !== undefined) credentials.expires_in = f.expiresIn;
        if (f.scope_oauth !== undefined) credentials.scope = f.scope_oauth;
        if (props) credentials.props = props;
        return { credentials, tokenExpiresAt: f.expiresIn !== undefined ? new Date((now + f.expiresIn) * 1000) : null };
      }
    }
  }

  // ---- internals ------------------------------------------------------------------------------------------

  /** Connection props checked against the auth option's props (defaults applied); names the bad field. */
  private checkedProps(option: AuthOption, props: Record<string, unknown>): Record<string, unknown> {
    try {
      return validateInput(option.props ?? {}, props, 'props.');
    } catch (err) {
      if (err instanceof ActionInputError) throw invalid(err.field, err.problem);
      throw err;
    }
  }

  private async createCurrent(
    actor: Actor,
    f: CreateConnectionInput,
    apiShape: 'current' | 'earlier' = 'current',
  ): Promise<ConnectionRow> {
    for (const field of ['type', 'externalId', 'displayName', 'integrationName'] as const) {
      if (f[field] === undefined) throw invalid(field, 'is required');
    }
    const type = f.type as ConnectionType;
    const def = this.deps.registry.get(f.integrationName!);
    if (!def) throw new AppError('INTEGRATION_NOT_FOUND', `No integration named "${f.integrationName}".`);
    const scope = await this.checkScope(actor, f);
    const option = this.authOptionFor(def, type, f.authMethodKey);
    const { credentials, tokenExpiresAt } = this.credentialsFrom(type, option, f);
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
    await this.deps.bus.publish({ type: 'connections', orgId });
  }
}
