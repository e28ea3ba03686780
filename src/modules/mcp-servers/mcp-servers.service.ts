import type { Executor, Orm } from '../../platform/db/database.js';
import { AppError, isForeignKeyViolation, violatedConstraint } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/access.js';
import { newId } from '../../platform/ids.js';
import type { InvalidationBus } from '../../platform/invalidation.js';
import type { PlanTable } from '../../platform/plans.js';
import { createWithinQuota } from '../../platform/quota.js';
import { bearerEnabled, oauthEnabled, type McpTokens } from '../../mcp/auth/tokens.js';
import type { WorkspaceIntegrationsPort } from '../../mcp/ports.js';
import type { SurfaceCatalog } from '../../mcp/surface.js';
import type { EndUsersService } from '../end-users/end-users.service.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import { mcpEndpointOf, toServer, toTokenRecord, toTool } from './mcp-servers.mapper.js';
import * as repo from './mcp-servers.repository.js';
import type { McpServerRow } from './mcp-servers.repository.js';
import {
  MCP_SCOPES,
  TOKEN_TTL,
  type CreateServerInput,
  type IssueTokenInput,
  type UpdateServerInput,
} from './mcp-servers.schemas.js';

export interface McpServersDeps {
  orm: Orm;
  plans: PlanTable;
  publicUrl: string;
  bus: InvalidationBus;
  workspaces: WorkspacesService;
  endUsers: EndUsersService;
  workspaceIntegrations: WorkspaceIntegrationsPort;
  tokens: McpTokens;
  surfaces: SurfaceCatalog;
}

/** A token's insert refused because its end user is gone (not its server: that one is gone for good). */
const endUserGone = (err: unknown) => isForeignKeyViolation(err) && (violatedConstraint(err) ?? '').includes('end_user_id');

/** MCP servers: their records, plan limit, static bearer token and issued tokens. */
export class McpServersService {
  constructor(private readonly deps: McpServersDeps) {}

  /**
   * A shared static token cannot serve strict per-user integrations: a workspace integration about to become strict
   * per-user is refused while such a server exists (declared as the module's `hooks.strictPerUser`).
   */
  async refuseStrictPerUser(orgId: string, workspaceId: string): Promise<void> {
    const blocking = await repo.staticBearerServersWithoutEndUser(this.deps.orm, orgId, workspaceId);
    if (blocking.length) {
      throw new AppError(
        'MCP_BEARER_BLOCKS_PER_USER',
        `The MCP server${blocking.length > 1 ? 's' : ''} ${blocking.map((s) => `"${s.name}" (${s.id})`).join(', ')} ${blocking.length > 1 ? 'use' : 'uses'} a shared static bearer token without an end user, which cannot resolve per-user connections. Scope ${blocking.length > 1 ? 'them' : 'it'} to an end user (endUserId), switch ${blocking.length > 1 ? 'them' : 'it'} to authMode "oauth", or delete ${blocking.length > 1 ? 'them' : 'it'} first.`,
      );
    }
  }

  async list(actor: Actor, q: { workspaceId?: string; limit: number; offset: number; includeSuspended: boolean }) {
    if (q.workspaceId) await this.deps.workspaces.get(actor, q.workspaceId);
    const filter: repo.ServerFilter = {
      includeSuspended: q.includeSuspended,
      onlyWorkspaceIds: actor.access.workspaceIds ? [...actor.access.workspaceIds] : null,
      ...(q.workspaceId ? { workspaceId: q.workspaceId } : {}),
    };
    const [rows, total] = await Promise.all([
      repo.listServers(this.deps.orm, actor.orgId, filter, q.limit, q.offset),
      repo.countServers(this.deps.orm, actor.orgId, filter),
    ]);
    return { servers: await this.present(actor.orgId, rows), total };
  }

  async create(actor: Actor, input: CreateServerInput) {
    await this.deps.workspaces.requireUsable(actor, input.workspaceId);
    const endUser = input.endUserId ? await this.requireEndUser(actor.orgId, input.workspaceId, input.endUserId) : null;
    const authMode = input.authMode ?? 'oauth';
    const strict = await this.strictPerUser(actor.orgId, input.workspaceId);
    const wantsStatic = bearerEnabled(authMode) && (!strict || endUser !== null);
    const { orgId } = actor;
    const { row, bearerToken } = await createWithinQuota(
      this.deps.orm,
      this.deps.plans,
      orgId,
      'mcpServers',
      (tx) => repo.countServers(tx, orgId),
      async (tx) => {
        const row = await repo.insertServer(tx, {
          id: newId(),
          orgId,
          workspaceId: input.workspaceId,
          name: input.name,
          description: input.description ?? '',
          mode: input.mode ?? 'TOOLS',
          settings: input.settings ?? {},
          authMode,
          endUserAccess: input.endUserAccess ?? 'restricted',
          endUserId: endUser?.id ?? null,
          endUserExternalId: endUser?.externalId ?? null,
          createdBy: input.createdBy ?? null,
        });
        const bearerToken = wantsStatic ? await this.deps.tokens.issueStatic(tx, row) : undefined;
        return { row, bearerToken };
      },
    );
    const server = toServer(row, {
      publicUrl: this.deps.publicUrl,
      strictPerUser: strict,
      endUserExternalId: endUser?.externalId ?? null,
    });
    return { server, mcpEndpoint: server.mcpEndpoint, ...(bearerToken ? { bearerToken } : {}) };
  }

  async get(actor: Actor, id: string) {
    const row = await this.find(actor, id);
    const [server] = await this.present(actor.orgId, [row]);
    const tools = await repo.listTools(this.deps.orm, actor.orgId, id);
    return { server: server!, tools: tools.map(toTool) };
  }

  async update(actor: Actor, id: string, input: UpdateServerInput) {
    if (Object.values(input).every((v) => v === undefined)) {
      throw new AppError(
        'NO_UPDATES',
        'Give at least one of name, description, mode, settings, authMode, endUserAccess, endUserId.',
      );
    }
    const current = await this.find(actor, id);
    const patch: Partial<McpServerRow> = {};
    if (input.name !== undefined) patch.name = input.name;
    if (input.description !== undefined) patch.description = input.description;
    if (input.mode !== undefined) patch.mode = input.mode;
    if (input.authMode !== undefined) patch.authMode = input.authMode;
    if (input.endUserAccess !== undefined) patch.endUserAccess = input.endUserAccess;
    if (input.settings !== undefined) {
      patch.settings = {
        codeMode: { ...current.settings?.codeMode, ...input.settings.codeMode },
        mcpApp: { ...current.settings?.mcpApp, ...input.settings.mcpApp },
      };
    }
    if (input.endUserId !== undefined) {
      if (input.endUserId === null) {
        patch.endUserId = null;
        patch.endUserExternalId = null;
      } else {
        if (!current.workspaceId)
          throw new AppError('WORKSPACE_REQUIRED', 'Only a workspace-scoped server can be scoped to an end user.');
        const eu = await this.requireEndUser(actor.orgId, current.workspaceId, input.endUserId);
        patch.endUserId = eu.id;
        patch.endUserExternalId = eu.externalId;
      }
    }
    const next = { ...current, ...patch };
    // Read before the transaction: the embedded database has one connection, used by the transaction.
    const strict = current.workspaceId ? await this.strictPerUser(actor.orgId, current.workspaceId) : false;
    const row = await this.deps.orm.transaction(async (t) => {
      const tx = t as unknown as Executor;
      if (!bearerEnabled(next.authMode)) {
        // Leaving bearer mode invalidates the shared token; enabling it again needs regenerate-token.
        await this.deps.tokens.revokeStatic(tx, current);
      } else if (next.endUserId === null && strict && (await this.deps.tokens.hasStatic(tx, current))) {
        throw new AppError(
          'MCP_STATIC_BEARER_INCOMPATIBLE',
          'The workspace has per_user integrations: a server with a shared static bearer token must stay scoped to an end user. Change authMode to "oauth" or keep endUserId.',
        );
      }
      return repo.updateServer(tx, actor.orgId, id, patch);
    });
    if (!row) throw notFound();
    await this.changed(row);
    const [server] = await this.present(actor.orgId, [row]);
    return { server: server! };
  }

  async delete(actor: Actor, id: string) {
    const row = await this.find(actor, id);
    if (!(await repo.deleteServer(this.deps.orm, actor.orgId, id))) throw notFound();
    await this.changed(row);
    return { deleted: true as const, id };
  }

  async regenerateToken(actor: Actor, id: string) {
    const server = await this.usable(actor, id);
    if (!bearerEnabled(server.authMode))
      throw new AppError(
        'MCP_BEARER_DISABLED',
        `Static bearer tokens are not enabled: the server's authMode is "${server.authMode}" (use "bearer" or "oauth_and_bearer").`,
      );
    if (server.workspaceId && server.endUserId === null && (await this.strictPerUser(actor.orgId, server.workspaceId))) {
      throw new AppError(
        'MCP_STATIC_BEARER_INCOMPATIBLE',
        'The workspace has per_user integrations, which a shared static token cannot serve: scope the server to an end user (endUserId) or issue end-user tokens with access-tokens.',
      );
    }
    const bearerToken = await this.deps.orm.transaction(async (tx) =>
      this.deps.tokens.issueStatic(tx as unknown as Executor, server),
    );
    // After the commit: every node drops the old token from its cache.
    await this.deps.bus.publish({ type: 'mcp_tokens', serverId: id });
    return { bearerToken, mcpEndpoint: mcpEndpointOf(this.deps.publicUrl, id) };
  }

  /** access-tokens: an end user's mcp_ bearer token, shown once. */
  async issueAccessToken(actor: Actor, id: string, input: IssueTokenInput) {
    const issued = await this.issueToken(actor, id, 'bearer', input);
    return { accessToken: issued.plain, bearerToken: issued.plain, token: issued.token, mcpEndpoint: issued.mcpEndpoint };
  }

  /** oauth-tokens: an end user's mcpo_ MCP OAuth access token, shown once. */
  async issueOAuthToken(actor: Actor, id: string, input: IssueTokenInput) {
    const issued = await this.issueToken(actor, id, 'oauth_access', input);
    return { accessToken: issued.plain, token: issued.token, mcpEndpoint: issued.mcpEndpoint };
  }

  private async issueToken(actor: Actor, id: string, kind: 'bearer' | 'oauth_access', input: IssueTokenInput) {
    const server = await this.usable(actor, id);
    if (!server.workspaceId)
      throw new AppError('WORKSPACE_REQUIRED', 'Tokens can only be issued for a workspace-scoped MCP server.');
    if (kind === 'bearer' && !bearerEnabled(server.authMode))
      throw new AppError(
        'MCP_BEARER_DISABLED',
        `End-user bearer tokens are not enabled: the server's authMode is "${server.authMode}".`,
      );
    if (kind === 'oauth_access' && !oauthEnabled(server.authMode))
      throw new AppError('MCP_OAUTH_DISABLED', `MCP OAuth is not enabled: the server's authMode is "${server.authMode}".`);
    const scopes = this.checkScopes(server, input.scopes);
    const workspaceId = server.workspaceId;
    const issue = async () => {
      const endUser = await this.requireEndUser(actor.orgId, workspaceId, input.endUserId);
      if (server.endUserId && server.endUserId !== endUser.id) {
        throw new AppError(
          'VALIDATION_ERROR',
          `endUserId: this server is scoped to the end user "${server.endUserExternalId ?? server.endUserId}"; tokens can only be issued for that end user.`,
          {
            details: [{ field: 'endUserId', message: 'must be the end user the server is scoped to' }],
          },
        );
      }
      try {
        const issued = await this.deps.tokens.issue(this.deps.orm, server, kind, {
          endUserId: endUser.id,
          scopes,
          expiresInSeconds: input.expiresIn ?? TOKEN_TTL.default,
        });
        return { ...issued, endUser };
      } catch (err) {
        // The end user came from this node's cache, but another node deleted it and its invalidation is on the way.
        if (endUserGone(err)) this.deps.endUsers.forget(endUser.id);
        throw err;
      }
    };
    // One more look after a stale cache entry was dropped: the end user is gone, or another has its externalId now.
    const { plain, record, endUser } = await issue().catch(async (err: unknown) => {
      if (endUserGone(err)) return issue();
      throw err;
    });
    return { plain, token: toTokenRecord(record, endUser.externalId), mcpEndpoint: mcpEndpointOf(this.deps.publicUrl, id) };
  }

  /**
   * Revokes one end-user token issued through access-tokens or oauth-tokens (0089): it stops working on every node at
   * once. Revoking it again answers the same; the static token is replaced with regenerate-token instead, and tokens
   * of MCP OAuth grants are revoked at the OAuth revocation endpoint.
   */
  async revokeIssuedToken(actor: Actor, id: string, tokenId: string) {
    const server = await this.find(actor, id);
    const token = await repo.findIssuedToken(this.deps.orm, server.orgId, server.id, tokenId);
    if (!token) throw new AppError('NOT_FOUND', 'No token with this id was issued for this MCP server.');
    await this.deps.tokens.revokeToken(token.id);
    return { revoked: true as const, id: token.id };
  }

  /** The server's tokens in use, as records (never a value): decision 0135. */
  async listTokens(actor: Actor, id: string, page: { limit: number; offset: number }) {
    const server = await this.find(actor, id);
    const { rows, total } = await repo.listIssuedTokens(this.deps.orm, server.orgId, server.id, page.limit, page.offset);
    const ids = rows.map((r) => r.endUserId).filter((e): e is string => e !== null);
    const externalIds = await this.deps.endUsers.externalIds(server.orgId, ids);
    return {
      tokens: rows.map((r) => ({
        ...toTokenRecord(r, r.endUserId ? (externalIds.get(r.endUserId) ?? null) : null),
        static: r.kind === 'static',
      })),
      total,
    };
  }

  /** The server as a caller may use it: in scope, and neither it nor its workspace suspended. */
  async usable(actor: Actor, id: string): Promise<McpServerRow> {
    const row = await this.find(actor, id);
    if (row.suspended)
      throw new AppError('RESOURCE_SUSPENDED', 'This MCP server is suspended: the plan covers fewer MCP servers.');
    if (row.workspaceId) await this.deps.workspaces.requireUsable(actor, row.workspaceId);
    return row;
  }

  /** Workspace and scope checks for a server named in a path. */
  async find(actor: Actor, id: string): Promise<McpServerRow> {
    const row = await repo.findServer(this.deps.orm, actor.orgId, id);
    if (!row) throw notFound();
    if (row.workspaceId) actor.access.assertWorkspace(row.workspaceId);
    else actor.access.assertOrgWide();
    return row;
  }

  /** Scopes default by mode; mcp:code only on CODE servers; anything else is refused. */
  checkScopes(server: McpServerRow, requested: string[] | undefined): string[] {
    const allowed: string[] = server.mode === 'CODE' ? [...MCP_SCOPES] : ['mcp:tools'];
    if (requested === undefined) return allowed;
    const bad = requested.filter((s) => !allowed.includes(s));
    if (bad.length) {
      throw new AppError(
        'INVALID_MCP_SCOPES',
        `Unsupported scope${bad.length > 1 ? 's' : ''} for a ${server.mode} server: ${bad.join(', ')} (allowed: ${allowed.join(', ')}).`,
      );
    }
    return [...new Set(requested)];
  }

  async requireEndUser(orgId: string, workspaceId: string, ref: string) {
    const eu = await this.deps.endUsers.findByRef(orgId, workspaceId, ref);
    if (!eu) throw new AppError('END_USER_NOT_FOUND', `No end user "${ref}" in this workspace.`);
    return eu;
  }

  /** The workspace has an integration that must use the caller's own connection (connection strategy per_user). */
  async strictPerUser(orgId: string, workspaceId: string): Promise<boolean> {
    const wis = await this.deps.workspaceIntegrations.listForWorkspace(orgId, workspaceId);
    return wis.some((w) => w.connectionStrategy === 'per_user');
  }

  private async present(orgId: string, rows: McpServerRow[]) {
    const workspaceIds = [...new Set(rows.map((r) => r.workspaceId).filter((w): w is string => w !== null))];
    const strict = new Map(await Promise.all(workspaceIds.map(async (w) => [w, await this.strictPerUser(orgId, w)] as const)));
    const externalIds = await this.deps.endUsers.externalIds(
      orgId,
      rows.map((r) => r.endUserId).filter((e): e is string => e !== null),
    );
    return rows.map((r) =>
      toServer(r, {
        publicUrl: this.deps.publicUrl,
        strictPerUser: r.workspaceId ? (strict.get(r.workspaceId) ?? false) : false,
        endUserExternalId: r.endUserId ? (externalIds.get(r.endUserId) ?? null) : null,
      }),
    );
  }

  /** Other nodes rebuild the server's tools; this node at once. */
  async changed(row: Pick<McpServerRow, 'id' | 'workspaceId'>): Promise<void> {
    this.deps.surfaces.invalidateServer(row.id);
    if (row.workspaceId) await this.deps.bus.publish({ type: 'workspace_config', workspaceId: row.workspaceId });
  }

  /** How many count toward the plan's limit (the organization's usage page). */
  async quotaCount(orgId: string): Promise<number> {
    return repo.countServers(this.deps.orm, orgId);
  }
}

const notFound = () => new AppError('NOT_FOUND', 'MCP server not found.');
