import type { ConnectionStrategy } from '../../engine/types.js';
import { ActionInputError, type IntegrationDefinition } from '../../integrations/framework.js';
import type { IntegrationRegistry } from '../../integrations/registry.js';
import { validateSettings } from '../../integrations/settings.js';
import type { Orm } from '../../platform/db/database.js';
import { AppError, invalidField, isUniqueViolation } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/access.js';
import { newId } from '../../platform/ids.js';
import type { InvalidationBus } from '../../platform/invalidation.js';
import type { ConnectionsService } from '../connections/connections.service.js';
import type { OAuthAppsService } from '../oauth-apps/oauth-apps.service.js';
import { CONFIG_CACHE_TTL_MS, type WorkspacesService } from '../workspaces/workspaces.service.js';
import { ConfigCache } from '../../platform/cache.js';
import { toListedWorkspaceIntegration, toWorkspaceIntegration } from './workspace-integrations.mapper.js';
import * as repo from './workspace-integrations.repository.js';
import type { WorkspaceIntegrationRow } from './workspace-integrations.repository.js';
import {
  ALIAS_PATTERN,
  type CreateWorkspaceIntegrationInput,
  type UpdateWorkspaceIntegrationInput,
} from './workspace-integrations.schemas.js';
import { NO_AUTH_METHOD } from '../../engine/ports.js';

/** Earlier connection policy → current strategy, and the connection scope the policy implies. */
const EARLIER: Record<string, { strategy: ConnectionStrategy; scope?: 'ORGANIZATION' | 'WORKSPACE' }> = {
  ENFORCED_ORG: { strategy: 'fixed', scope: 'ORGANIZATION' },
  ENFORCED_PROJECT: { strategy: 'fixed', scope: 'WORKSPACE' },
  USER_REQUIRED: { strategy: 'per_user' },
  USER_WITH_DEFAULT: { strategy: 'per_user_with_fallback' },
};

/** The whole configuration a create or update asks for, checked as one. */
interface Desired {
  integrationName: string;
  alias: string;
  displayName: string | null;
  strategy: string;
  authMethodKey: string | undefined;
  oauthAppMode: 'service_managed' | 'custom';
  oauthAppId: string | null;
  connectionId: string | null;
  enabledActions: string[] | null;
  settings: Record<string, unknown> | null;
  sortOrder: number;
}

/** Refuses a change that would need strict per-user credentials (MCP servers with a shared static token). */
export type StrictPerUserGuard = (orgId: string, workspaceId: string) => Promise<void>;

/** Configured instances of catalog integrations inside a workspace. */
export class WorkspaceIntegrationsService {
  /** Each workspace's instances (read by every call); rows carry their connection's status, so connection changes evict too. */
  private readonly cache = new ConfigCache<repo.WorkspaceIntegrationWithConnection[]>({
    ttlMs: CONFIG_CACHE_TTL_MS,
    maxEntries: 20_000,
  });

  constructor(
    private readonly deps: {
      orm: Orm;
      registry: IntegrationRegistry;
      workspaces: WorkspacesService;
      connections: ConnectionsService;
      oauthApps: OAuthAppsService;
      bus: InvalidationBus;
      /** Modules' checks before an instance becomes strict per-user (`hooks.strictPerUser`; read at call time). */
      strictPerUserGuards: readonly StrictPerUserGuard[];
    },
  ) {
    deps.bus.subscribe((msg) => {
      if (msg.type === 'all') this.cache.clear();
      else if (msg.type === 'workspace_config' || msg.type === 'workspace')
        this.cache.invalidateTag(`ws:${msg.type === 'workspace' ? msg.id : msg.workspaceId}`);
      else if (msg.type === 'connections' || msg.type === 'organization')
        this.cache.invalidateTag(`org:${msg.type === 'connections' ? msg.orgId : msg.id}`);
    });
  }

  async list(actor: Actor, workspaceId: string) {
    await this.deps.workspaces.requireUsable(actor, workspaceId);
    const rows = await repo.listForWorkspace(this.deps.orm, actor.orgId, workspaceId);
    return { integrations: rows.map((r) => toListedWorkspaceIntegration(r, this.deps.registry)), total: rows.length };
  }

  async get(actor: Actor, workspaceId: string, id: string) {
    return toWorkspaceIntegration(await this.find(actor, workspaceId, id));
  }

  async create(actor: Actor, workspaceId: string, input: CreateWorkspaceIntegrationInput) {
    await this.deps.workspaces.requireUsable(actor, workspaceId);
    const desired: Desired = {
      integrationName: input.integrationName,
      alias: input.alias ?? input.integrationName,
      displayName: input.displayName ?? null,
      strategy: input.connectionStrategy ?? 'fixed',
      authMethodKey: input.authMethodKey,
      oauthAppMode: (input.oauthAppMode as Desired['oauthAppMode'] | undefined) ?? 'service_managed',
      oauthAppId: input.oauthAppId ?? null,
      connectionId: input.connectionId ?? null,
      enabledActions: input.enabledActions ?? null,
      settings: input.settings ?? null,
      sortOrder: input.sortOrder ?? 0,
    };
    const values = await this.check(actor, workspaceId, desired, null);
    try {
      const row = await repo.insertWorkspaceIntegration(this.deps.orm, {
        id: newId(),
        orgId: actor.orgId,
        workspaceId,
        ...values,
      });
      await this.changed(workspaceId);
      return toWorkspaceIntegration(row);
    } catch (err) {
      if (isUniqueViolation(err)) throw duplicateAlias(desired.alias);
      throw err;
    }
  }

  async update(actor: Actor, workspaceId: string, id: string, input: UpdateWorkspaceIntegrationInput) {
    if (Object.values(input).every((v) => v === undefined)) {
      throw new AppError(
        'NO_UPDATES',
        'Give at least one of alias, connectionStrategy, authMethodKey, oauthAppMode, oauthAppId, connectionId, displayName, enabledActions, settings, sortOrder.',
      );
    }
    const current = await this.find(actor, workspaceId, id);
    await this.deps.workspaces.requireUsable(actor, workspaceId);
    const authChanged = input.authMethodKey !== undefined && input.authMethodKey !== current.authMethodKey;
    const desired: Desired = {
      integrationName: current.integrationName,
      alias: input.alias ?? current.alias,
      displayName: input.displayName !== undefined ? input.displayName : current.displayName,
      strategy: input.connectionStrategy ?? current.connectionStrategy,
      authMethodKey: input.authMethodKey ?? (current.authMethodKey === NO_AUTH_METHOD ? undefined : current.authMethodKey),
      oauthAppMode:
        (input.oauthAppMode as Desired['oauthAppMode'] | undefined) ?? (current.oauthAppMode as Desired['oauthAppMode']),
      // A new auth method or app mode starts without the old app unless one is given.
      oauthAppId:
        input.oauthAppId !== undefined
          ? input.oauthAppId
          : authChanged || input.oauthAppMode === 'service_managed'
            ? null
            : current.oauthAppId,
      connectionId: input.connectionId !== undefined ? input.connectionId : current.connectionId,
      enabledActions: input.enabledActions !== undefined ? input.enabledActions : current.enabledActions,
      settings: input.settings !== undefined ? input.settings : current.settings,
      sortOrder: input.sortOrder ?? current.sortOrder,
    };
    // Moving to per_user drops the shared connection unless the caller keeps one explicitly.
    if (
      input.connectionStrategy &&
      input.connectionId === undefined &&
      ['per_user', 'USER_REQUIRED'].includes(input.connectionStrategy)
    )
      desired.connectionId = null;
    const values = await this.check(actor, workspaceId, desired, current);
    try {
      const row = await repo.updateWorkspaceIntegration(this.deps.orm, actor.orgId, id, values);
      if (!row) throw notFound();
      await this.changed(workspaceId);
      return toWorkspaceIntegration(row);
    } catch (err) {
      if (isUniqueViolation(err)) throw duplicateAlias(desired.alias);
      throw err;
    }
  }

  async delete(actor: Actor, workspaceId: string, id: string) {
    await this.find(actor, workspaceId, id);
    if (!(await repo.deleteWorkspaceIntegration(this.deps.orm, actor.orgId, id))) throw notFound();
    await this.changed(workspaceId);
    return { deleted: true as const, id };
  }

  /** Every configured instance in a workspace, in sort order (the engine and MCP servers read these). */
  async listForWorkspace(orgId: string, workspaceId: string): Promise<repo.WorkspaceIntegrationWithConnection[]> {
    return this.cache.get(`${orgId}:${workspaceId}`, [`ws:${workspaceId}`, `org:${orgId}`], () =>
      repo.listForWorkspace(this.deps.orm, orgId, workspaceId),
    );
  }

  /** One configured instance of a workspace, by id or alias, read now (not from the cache): partials name them. */
  async lookup(
    orgId: string,
    workspaceId: string,
    by: { id: string } | { alias: string },
  ): Promise<{ id: string; integrationName: string; alias: string } | null> {
    if ('id' in by) return repo.findWorkspaceIntegration(this.deps.orm, orgId, workspaceId, by.id);
    return (await repo.listForWorkspace(this.deps.orm, orgId, workspaceId)).find((w) => w.alias === by.alias) ?? null;
  }

  /** How many of the organization's workspace integrations use the OAuth app (it is not deleted while any do). */
  async countUsingOAuthApp(orgId: string, oauthAppId: string): Promise<number> {
    return repo.countUsingOAuthApp(this.deps.orm, orgId, oauthAppId);
  }

  private async find(actor: Actor, workspaceId: string, id: string): Promise<WorkspaceIntegrationRow> {
    const ws = await this.deps.workspaces.get(actor, workspaceId);
    const row = await repo.findWorkspaceIntegration(this.deps.orm, actor.orgId, ws.id, id);
    if (!row) throw notFound();
    return row;
  }

  /** Checks a desired configuration against the catalog, the connection and the OAuth app; returns the columns. */
  private async check(actor: Actor, workspaceId: string, d: Desired, current: WorkspaceIntegrationRow | null) {
    const def = this.deps.registry.get(d.integrationName, actor.orgId);
    if (!def) throw new AppError('INTEGRATION_NOT_FOUND', `No integration named "${d.integrationName}".`);
    if (!new RegExp(ALIAS_PATTERN).test(d.alias) || d.alias.length > 64) {
      throw invalidField(
        'alias',
        `must match ${ALIAS_PATTERN} and have at most 64 characters (give an alias: "${d.alias}" is not one)`,
      );
    }
    const earlier = EARLIER[d.strategy];
    const strategy = (earlier?.strategy ?? d.strategy) as ConnectionStrategy;
    const option = this.authOption(def, d.authMethodKey);
    const oauthAppId = option
      ? await this.deps.oauthApps.checkChoice(actor.orgId, def.name, option.type, d.oauthAppMode, d.oauthAppId)
      : await this.deps.oauthApps.checkChoice(actor.orgId, def.name, 'NONE', d.oauthAppMode, d.oauthAppId);
    const connectionId = await this.checkConnection(
      actor,
      workspaceId,
      def,
      strategy,
      option?.key ?? NO_AUTH_METHOD,
      d.connectionId,
      earlier?.scope,
    );
    let enabledActions: string[] | null = null;
    if (d.enabledActions) {
      enabledActions = [...new Set(d.enabledActions)];
      enabledActions.forEach((name, i) => {
        if (!def.actions[name]) throw invalidField(`enabledActions[${i}]`, `"${name}" is not an action of ${def.name}`);
      });
    }
    let settings: Record<string, unknown>;
    try {
      settings = validateSettings(def, d.settings);
    } catch (err) {
      if (err instanceof ActionInputError) throw invalidField(err.field, err.problem);
      throw err;
    }
    const becomesStrict = strategy === 'per_user' && current?.connectionStrategy !== 'per_user';
    if (becomesStrict) for (const guard of this.deps.strictPerUserGuards) await guard(actor.orgId, workspaceId);
    return {
      integrationName: def.name,
      alias: d.alias,
      displayName: d.displayName,
      connectionStrategy: strategy,
      authMethodKey: option?.key ?? NO_AUTH_METHOD,
      oauthAppMode: option?.type === 'OAUTH2' ? d.oauthAppMode : 'service_managed',
      oauthAppId,
      connectionId,
      enabledActions,
      settings,
      sortOrder: d.sortOrder,
    };
  }

  private authOption(def: IntegrationDefinition, key: string | undefined) {
    if (def.auth.length === 0) {
      if (key !== undefined && key !== NO_AUTH_METHOD)
        throw new AppError('INVALID_AUTH_METHOD', `${def.name} takes no connection, so it has no auth method "${key}".`);
      return null;
    }
    if (key === undefined) {
      if (def.auth.length > 1) {
        throw new AppError(
          'AUTH_METHOD_REQUIRED',
          `${def.name} has several auth methods; give authMethodKey (${def.auth.map((a) => a.key).join(', ')}).`,
        );
      }
      return def.auth[0]!;
    }
    const option = def.auth.find((a) => a.key === key);
    if (!option)
      throw new AppError(
        'INVALID_AUTH_METHOD',
        `${def.name} has no auth method "${key}" (available: ${def.auth.map((a) => a.key).join(', ')}).`,
      );
    return option;
  }

  /** The shared connection of fixed and per_user_with_fallback: this integration's, this auth method's, reachable. */
  private async checkConnection(
    actor: Actor,
    workspaceId: string,
    def: IntegrationDefinition,
    strategy: ConnectionStrategy,
    authMethodKey: string,
    connectionId: string | null,
    requiredScope: 'ORGANIZATION' | 'WORKSPACE' | undefined,
  ): Promise<string | null> {
    const needsConnection = def.auth.length > 0;
    if (!needsConnection) {
      if (connectionId) throw invalidField('connectionId', `is not used: ${def.name} takes no connection`);
      return null;
    }
    if (strategy === 'per_user') {
      if (connectionId)
        throw invalidField('connectionId', 'is not used with per_user: each end user brings their own connection');
      return null;
    }
    if (!connectionId)
      throw invalidField(
        'connectionId',
        `is required for ${strategy} (the connection used ${strategy === 'fixed' ? 'for every call' : 'when the end user has none'})`,
      );
    const conn = await this.deps.connections.find(actor.orgId, connectionId);
    if (!conn) throw new AppError('CONNECTION_NOT_FOUND', 'No connection with this id in the organization.');
    if (conn.integrationName !== def.name)
      throw invalidField('connectionId', `is a ${conn.integrationName} connection, not ${def.name}`);
    if (conn.authMethodKey !== authMethodKey)
      throw invalidField('connectionId', `uses the auth method "${conn.authMethodKey}", not "${authMethodKey}"`);
    const usable = conn.scope === 'ORGANIZATION' || (conn.scope === 'WORKSPACE' && conn.workspaceId === workspaceId);
    if (!usable)
      throw invalidField(
        'connectionId',
        "must be an organization connection or a connection of this workspace (not an end user's)",
      );
    if (requiredScope && conn.scope !== requiredScope)
      throw invalidField(
        'connectionId',
        `must be a${requiredScope === 'ORGANIZATION' ? 'n ORGANIZATION' : ' WORKSPACE'} connection for this connection policy`,
      );
    return conn.id;
  }

  private async changed(workspaceId: string): Promise<void> {
    await this.deps.bus.publish({ type: 'workspace_config', workspaceId });
  }
}

const notFound = () => new AppError('NOT_FOUND', 'Workspace integration not found.');
const duplicateAlias = (alias: string) => new AppError('DUPLICATE', `The alias "${alias}" is already used in this workspace.`);
