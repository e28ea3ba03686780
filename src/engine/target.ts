import type { IntegrationDefinition, Props } from '../integrations/framework.js';
import type { IntegrationRegistry } from '../integrations/registry.js';
import { AppError, invalidField, isAppError, needsReconnect } from '../platform/errors.js';
import {
  NO_AUTH_METHOD,
  type ConnectionsPort,
  type EndUsersPort,
  type PartialsPort,
  type WorkspaceIntegrationsPort,
  type WorkspacesPort,
} from './ports.js';
import type {
  ConnectionRecord,
  ConnectionStrategy,
  ExecutionCaller,
  MergedInput,
  ResolvedTarget,
  TargetRequest,
} from './types.js';

/** An action or a trigger of an integration. */
export type What = { actionName: string; triggerName?: undefined } | { triggerName: string; actionName?: undefined };

export interface TargetDeps {
  registry: IntegrationRegistry;
  workspaces: WorkspacesPort;
  endUsers: EndUsersPort;
  workspaceIntegrations: WorkspaceIntegrationsPort;
  partials: PartialsPort;
  connections: Omit<ConnectionsPort, 'credentials'>;
}

/**
 * The first stage of a call: which integration, configured instance, end user and connection it means, and its
 * input after partials. Shared by actions, triggers and property resolution.
 */
export class TargetResolver {
  constructor(private readonly deps: TargetDeps) {}

  /**
   * Which integration, configured instance, end user and connection a call means. With
   * `connection: 'optional'` a missing connection is null instead of CONNECTION_REQUIRED (property resolution).
   */
  async resolveTarget(
    caller: ExecutionCaller,
    req: TargetRequest,
    what: What | null,
    opts: { connection?: 'required' | 'optional'; endUser?: 'create' | 'find' } = {},
  ): Promise<ResolvedTarget> {
    const actor = { orgId: caller.orgId, access: caller.access };
    const workspace = await this.deps.workspaces.requireUsable(actor, req.workspaceId);
    const definition = this.deps.registry.get(req.integrationName, caller.orgId);
    if (!definition) throw new AppError('INTEGRATION_NOT_FOUND', `No integration named "${req.integrationName}".`);
    if (what?.actionName !== undefined && !definition.actions[what.actionName]) {
      throw invalidField(
        'actionName',
        `"${what.actionName}" is not an action of ${definition.name} (see GET /api/v1/integrations?name=${definition.name})`,
      );
    }
    if (what?.triggerName !== undefined && !definition.triggers[what.triggerName]) {
      throw new AppError('TRIGGER_NOT_FOUND', `${definition.name} has no trigger "${what.triggerName}".`);
    }
    const instance = await this.instance(caller.orgId, workspace.id, definition, req);
    if (what?.actionName !== undefined && instance.enabledActions && !instance.enabledActions.includes(what.actionName)) {
      throw new AppError(
        'ACTION_NOT_ENABLED',
        `The action ${what.actionName} is not enabled on the "${instance.alias}" integration of this workspace.`,
      );
    }
    const endUser = await this.endUser(caller.orgId, workspace.id, req, opts.endUser ?? 'create');
    const requireAuth =
      what === null
        ? true
        : what.actionName !== undefined
          ? definition.actions[what.actionName]!.requireAuth
          : definition.triggers[what.triggerName]!.requireAuth;
    const connection = await this.connection(
      caller.orgId,
      workspace.id,
      definition,
      instance,
      endUser,
      req,
      opts.connection === 'optional' ? false : (requireAuth ?? definition.auth.length > 0),
    );
    return { definition, workspaceId: workspace.id, ...instance, endUser, connection };
  }

  /** Defaults → partial values → inputDefaults → runtime input → enforced values (which always win). */
  async mergeInput(caller: ExecutionCaller, target: ResolvedTarget, req: TargetRequest, what: What): Promise<MergedInput> {
    const partials = await this.deps.partials.forCall(
      caller.orgId,
      target.workspaceId,
      {
        integrationName: target.definition.name,
        alias: target.alias,
        ...(what.actionName !== undefined ? { actionName: what.actionName } : { triggerName: what.triggerName }),
      },
      req.partialIds,
    );
    const enforced = new Map<string, unknown>();
    for (const p of partials) for (const k of p.enforcedKeys ?? []) enforced.set(k, (p.values ?? {})[k]);
    const input: Record<string, unknown> = {};
    for (const p of partials) for (const [k, v] of Object.entries(p.values ?? {})) if (!enforced.has(k)) input[k] = v;
    Object.assign(input, req.inputDefaults ?? {}, req.input ?? {});
    for (const [k, v] of enforced) input[k] = v;
    return { input, enforcedKeys: [...enforced.keys()], partialIds: partials.map((p) => p.id) };
  }

  /** Props of a target's action or trigger, after dynamic resolution is left to the integration. */
  propsOf(target: ResolvedTarget, what: What): Props {
    return what.actionName !== undefined
      ? target.definition.actions[what.actionName]!.props
      : target.definition.triggers[what.triggerName]!.props;
  }

  // ---- steps ----------------------------------------------------------------------------------------------

  /** The configured instance a call targets: by id, by alias, the only one configured, or a built-in's implicit one. */
  private async instance(orgId: string, workspaceId: string, def: IntegrationDefinition, req: TargetRequest) {
    const all = await this.deps.workspaceIntegrations.listForWorkspace(orgId, workspaceId);
    let wi;
    if (req.workspaceIntegrationId) {
      wi = all.find((w) => w.id === req.workspaceIntegrationId);
      if (!wi) throw new AppError('NOT_FOUND', 'No workspace integration with this id in the workspace.');
      if (wi.integrationName !== def.name)
        throw invalidField('workspaceIntegrationId', `configures ${wi.integrationName}, not ${def.name}`);
    } else if (req.integrationAlias) {
      wi = all.find((w) => w.alias === req.integrationAlias);
      if (wi && wi.integrationName !== def.name)
        throw invalidField('integrationAlias', `"${req.integrationAlias}" is an alias of ${wi.integrationName}, not ${def.name}`);
      if (!wi && req.integrationAlias !== def.name)
        throw invalidField('integrationAlias', `no workspace integration has the alias "${req.integrationAlias}"`);
    } else {
      const mine = all.filter((w) => w.integrationName === def.name);
      wi = mine.length === 1 ? mine[0] : mine.find((w) => w.alias === def.name);
      if (!wi && mine.length > 1) {
        throw invalidField(
          'integrationAlias',
          `${def.name} is configured several times in this workspace (${mine.map((w) => w.alias).join(', ')}); give workspaceIntegrationId or integrationAlias`,
        );
      }
    }
    if (!wi) {
      // The implicit instance: no configuration, alias = integration name, default settings.
      return {
        workspaceIntegrationId: null,
        alias: def.name,
        connectionStrategy: null as ConnectionStrategy | null,
        authMethodKey: req.authMethodKey ?? null,
        enabledActions: null as string[] | null,
        settings: {} as Record<string, unknown>,
        fallbackConnectionId: null as string | null,
      };
    }
    return {
      workspaceIntegrationId: wi.id,
      alias: wi.alias,
      connectionStrategy: wi.connectionStrategy as ConnectionStrategy,
      authMethodKey: wi.authMethodKey === NO_AUTH_METHOD ? null : wi.authMethodKey,
      enabledActions: wi.enabledActions,
      settings: wi.settings ?? {},
      fallbackConnectionId: wi.connectionId,
    };
  }

  /** The end user a call names; by externalId it is created when absent (mode 'create') or left null ('find'). */
  private async endUser(
    orgId: string,
    workspaceId: string,
    req: TargetRequest,
    mode: 'create' | 'find',
  ): Promise<{ id: string; externalId: string } | null> {
    if (!req.endUser) return null;
    if ('id' in req.endUser) {
      const row = await this.deps.endUsers.findInWorkspace(orgId, workspaceId, req.endUser.id);
      if (!row) throw new AppError('END_USER_NOT_FOUND', 'The end user was not found in this workspace.');
      return { id: row.id, externalId: row.externalId };
    }
    const row = await this.deps.endUsers.lookup(orgId, workspaceId, req.endUser.externalId, mode === 'create');
    return row ? { id: row.id, externalId: row.externalId } : null;
  }

  /**
   * POST /connections/resolve: the connection a call for this integration would use in the workspace (for the
   * end user, when named), without creating anything; 404 CONNECTION_NOT_FOUND when there is none.
   */
  async resolveConnection(
    caller: ExecutionCaller,
    body: {
      integrationName: string;
      workspaceId: string;
      externalId?: string | undefined;
      authMethodKey?: string | undefined;
      endUserId?: string | undefined;
    },
  ): Promise<ConnectionRecord> {
    const req: TargetRequest = {
      workspaceId: body.workspaceId,
      integrationName: body.integrationName,
      connectionExternalId: body.externalId,
      authMethodKey: body.authMethodKey,
      endUser: body.endUserId !== undefined ? { externalId: body.endUserId } : undefined,
    };
    let target: ResolvedTarget;
    try {
      target = await this.resolveTarget(caller, req, null, { endUser: 'find' });
    } catch (err) {
      if (isAppError(err) && (err.code === 'CONNECTION_REQUIRED' || err.code === 'CONNECTION_NOT_FOUND'))
        throw new AppError('CONNECTION_NOT_FOUND', err.message);
      if (isAppError(err) && err.code === 'VALIDATION_ERROR' && /takes no connection/.test(err.message))
        throw new AppError('CONNECTION_NOT_FOUND', err.message);
      throw err;
    }
    if (!target.connection) throw new AppError('CONNECTION_NOT_FOUND', `${body.integrationName} takes no connection.`);
    return target.connection;
  }

  /** The connection a call runs with: chosen directly, by the instance's strategy, or the most specific one. */
  private async connection(
    orgId: string,
    workspaceId: string,
    def: IntegrationDefinition,
    instance: {
      connectionStrategy: ConnectionStrategy | null;
      authMethodKey: string | null;
      fallbackConnectionId: string | null;
      alias: string;
    },
    endUser: { id: string } | null,
    req: TargetRequest,
    required: boolean,
  ): Promise<ConnectionRecord | null> {
    const authKey = req.authMethodKey ?? instance.authMethodKey ?? undefined;
    if (req.connectionExternalId !== undefined || req.connectionId !== undefined) {
      if (def.auth.length === 0)
        throw invalidField(
          req.connectionExternalId !== undefined ? 'connectionExternalId' : 'connectionId',
          `is not used: ${def.name} takes no connection`,
        );
      let found: ConnectionRecord[];
      if (req.connectionExternalId !== undefined) {
        found = (await this.deps.connections.findByExternalId(orgId, def.name, req.connectionExternalId)).filter(
          (c) => !authKey || c.authMethodKey === authKey,
        );
      } else {
        const c = await this.deps.connections.find(orgId, req.connectionId!);
        found = c && c.integrationName === def.name ? [c] : [];
      }
      if (found.length > 1)
        throw new AppError(
          'AUTH_METHOD_REQUIRED',
          `Several ${def.name} connections have this externalId; give authMethodKey (${found.map((c) => c.authMethodKey).join(', ')}).`,
        );
      const conn = found[0];
      if (!conn || !usableFrom(conn, workspaceId, endUser))
        throw new AppError(
          'CONNECTION_NOT_FOUND',
          `No ${def.name} connection with this ${req.connectionExternalId !== undefined ? 'externalId' : 'id'} is usable in this workspace.`,
        );
      return active(conn);
    }
    if (def.auth.length === 0) return null;

    const own = async () => {
      if (!endUser) return null;
      const mine = (await this.deps.connections.candidates(orgId, def.name, workspaceId, endUser.id)).filter(
        (c) => c.scope === 'USER' && (!authKey || c.authMethodKey === authKey),
      );
      return mine[0] ?? null;
    };
    const fallback = async () =>
      instance.fallbackConnectionId ? this.deps.connections.find(orgId, instance.fallbackConnectionId) : null;
    let conn: ConnectionRecord | null = null;
    let missing = '';
    switch (instance.connectionStrategy) {
      case 'fixed':
        conn = await fallback();
        missing = `The "${instance.alias}" integration has no connection configured (strategy fixed).`;
        break;
      case 'per_user':
        conn = await own();
        missing = endUser
          ? `The end user has no ${def.name} connection; connect one first (strategy per_user).`
          : `The "${instance.alias}" integration uses per-user connections: pass endUserId.`;
        break;
      case 'per_user_with_fallback':
        conn = (await own()) ?? (await fallback());
        missing = `Neither the end user nor the "${instance.alias}" integration has a ${def.name} connection.`;
        break;
      default: {
        // Not configured: the most specific connection visible from here (the end user's, the workspace's, the organization's).
        const all = (await this.deps.connections.candidates(orgId, def.name, workspaceId, endUser?.id ?? null)).filter(
          (c) => !authKey || c.authMethodKey === authKey,
        );
        for (const scope of ['USER', 'WORKSPACE', 'ORGANIZATION']) {
          const level = all.filter((c) => c.scope === scope);
          if (level.length === 0) continue;
          if (new Set(level.map((c) => c.authMethodKey)).size > 1) {
            throw new AppError(
              'AUTH_METHOD_REQUIRED',
              `${def.name} has connections for several auth methods here; give authMethodKey (${[...new Set(level.map((c) => c.authMethodKey))].join(', ')}).`,
            );
          }
          conn = level[0]!;
          break;
        }
        missing = `No ${def.name} connection was found for this call; create one, pass connectionExternalId, or configure the integration in the workspace.`;
      }
    }
    if (!conn) {
      if (required) throw new AppError('CONNECTION_REQUIRED', missing);
      return null;
    }
    return active(conn);
  }
}

/** Whether a connection may be used from a workspace (and, for USER connections, by this end user). */
function usableFrom(conn: ConnectionRecord, workspaceId: string, endUser: { id: string } | null): boolean {
  if (conn.scope === 'ORGANIZATION') return true;
  if (conn.workspaceId !== workspaceId) return false;
  if (conn.scope === 'USER' && endUser && conn.endUserId !== endUser.id) return false;
  return true;
}

function active(conn: ConnectionRecord): ConnectionRecord {
  if (conn.suspended)
    throw new AppError('RESOURCE_SUSPENDED', 'This connection is suspended: the plan covers fewer connections.');
  if (conn.status !== 'ACTIVE')
    throw needsReconnect(conn.id, `The connection "${conn.displayName}" needs to be reconnected (status ${conn.status}).`);
  return conn;
}
