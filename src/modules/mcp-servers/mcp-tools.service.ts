import type { IntegrationRegistry } from '../../integrations/registry.js';
import type { Executor, Orm } from '../../platform/db/database.js';
import { AppError, isUniqueViolation } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/access.js';
import { newId } from '../../platform/ids.js';
import type { ConnectionsPort, PartialsPort, WorkspaceIntegrationsPort } from '../../mcp/ports.js';
import { toTool } from './mcp-servers.mapper.js';
import * as repo from './mcp-servers.repository.js';
import type { McpServerRow, McpToolWithPartials } from './mcp-servers.repository.js';
import type { CreateToolInput, UpdateToolInput } from './mcp-servers.schemas.js';
import type { McpServersService } from './mcp-servers.service.js';

interface DesiredTool {
  integrationName: string;
  actionName: string;
  alias: string;
  connectionId: string | null;
  partialIds: string[];
}

const invalid = (field: string, problem: string) =>
  new AppError('VALIDATION_ERROR', `${field} ${problem}`, { details: [{ field, message: problem }] });

/** A server's own tools: overrides of workspace actions (name, description, defaults, connection, partials) or additions. */
export class McpToolsService {
  constructor(
    private readonly deps: {
      orm: Orm;
      registry: IntegrationRegistry;
      servers: McpServersService;
      workspaceIntegrations: WorkspaceIntegrationsPort;
      partials: PartialsPort;
      connections: ConnectionsPort;
    },
  ) {}

  async create(actor: Actor, serverId: string, input: CreateToolInput) {
    const server = await this.deps.servers.usable(actor, serverId);
    const desired: DesiredTool = {
      integrationName: input.integrationName,
      actionName: input.actionName,
      alias: input.integrationAlias ?? input.integrationName,
      connectionId: input.connectionId ?? null,
      partialIds: dedupe(input.partialIds ?? []),
    };
    await this.check(server, desired, null);
    try {
      const id = newId();
      await this.deps.orm.transaction(async (t) => {
        const tx = t as unknown as Executor;
        await repo.insertTool(tx, {
          id,
          orgId: actor.orgId,
          mcpServerId: serverId,
          integrationName: desired.integrationName,
          integrationAlias: desired.alias,
          actionName: desired.actionName,
          toolType: 'ACTION',
          connectionId: desired.connectionId,
          displayName: input.displayName ?? null,
          description: input.description ?? null,
          inputDefaults: input.inputDefaults ?? null,
          sortOrder: input.sortOrder ?? 0,
        });
        await repo.setToolPartials(tx, id, desired.partialIds);
      });
      await this.deps.servers.changed(server);
      return toTool((await repo.findTool(this.deps.orm, actor.orgId, serverId, id))!);
    } catch (err) {
      if (isUniqueViolation(err)) throw duplicate(desired);
      throw err;
    }
  }

  async update(actor: Actor, serverId: string, toolId: string, input: UpdateToolInput) {
    if (Object.values(input).every((v) => v === undefined)) {
      throw new AppError(
        'NO_UPDATES',
        'Give at least one of displayName, description, inputDefaults, connectionId, sortOrder, integrationAlias, partialIds.',
      );
    }
    const server = await this.deps.servers.usable(actor, serverId);
    const current = await this.find(actor, serverId, toolId);
    const desired: DesiredTool = {
      integrationName: current.integrationName,
      actionName: current.actionName,
      alias: input.integrationAlias ?? current.integrationAlias,
      connectionId: input.connectionId !== undefined ? input.connectionId : current.connectionId,
      partialIds: input.partialIds !== undefined ? dedupe(input.partialIds) : current.partialIds,
    };
    await this.check(server, desired, current);
    const patch: Parameters<typeof repo.updateTool>[3] = { integrationAlias: desired.alias, connectionId: desired.connectionId };
    if (input.displayName !== undefined) patch.displayName = input.displayName;
    if (input.description !== undefined) patch.description = input.description;
    if (input.inputDefaults !== undefined) patch.inputDefaults = input.inputDefaults;
    if (input.sortOrder !== undefined) patch.sortOrder = input.sortOrder;
    try {
      await this.deps.orm.transaction(async (t) => {
        const tx = t as unknown as Executor;
        if (!(await repo.updateTool(tx, actor.orgId, toolId, patch))) throw notFound();
        if (input.partialIds !== undefined) await repo.setToolPartials(tx, toolId, desired.partialIds);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw duplicate(desired);
      throw err;
    }
    await this.deps.servers.changed(server);
    return toTool((await repo.findTool(this.deps.orm, actor.orgId, serverId, toolId))!);
  }

  async delete(actor: Actor, serverId: string, toolId: string) {
    const server = await this.deps.servers.find(actor, serverId);
    await this.find(actor, serverId, toolId);
    if (!(await repo.deleteTool(this.deps.orm, actor.orgId, serverId, toolId))) throw notFound();
    await this.deps.servers.changed(server);
    return { deleted: true as const, id: toolId };
  }

  private async find(actor: Actor, serverId: string, toolId: string): Promise<McpToolWithPartials> {
    const row = await repo.findTool(this.deps.orm, actor.orgId, serverId, toolId);
    if (!row) throw notFound();
    return row;
  }

  /** Integration, action, alias (ALIAS_CONFLICT), connection and partials of a tool, checked as one. */
  private async check(server: McpServerRow, d: DesiredTool, current: McpToolWithPartials | null): Promise<void> {
    if (!server.workspaceId)
      throw new AppError('WORKSPACE_REQUIRED', 'Tools can only be added to a workspace-scoped MCP server.');
    const def = this.deps.registry.get(d.integrationName, server.orgId);
    if (!def) throw new AppError('INTEGRATION_NOT_FOUND', `No integration named "${d.integrationName}".`);
    if (!def.actions[d.actionName])
      throw invalid(
        'actionName',
        `"${d.actionName}" is not an action of ${def.name} (actions: ${Object.keys(def.actions).slice(0, 30).join(', ')})`,
      );
    const wis = await this.deps.workspaceIntegrations.listForWorkspace(server.orgId, server.workspaceId);
    const wi = wis.find((w) => w.alias === d.alias);
    if (wi && wi.integrationName !== d.integrationName) {
      throw new AppError(
        'ALIAS_CONFLICT',
        `The alias "${d.alias}" is already mapped to the integration ${wi.integrationName} in this workspace.`,
      );
    }
    const owner = await repo.toolAliasOwner(this.deps.orm, server.orgId, server.id, d.alias, current?.id);
    if (owner && owner !== d.integrationName) {
      throw new AppError(
        'ALIAS_CONFLICT',
        `The alias "${d.alias}" is already used by this server's tools for the integration ${owner}.`,
      );
    }
    if (d.connectionId && d.connectionId !== current?.connectionId) {
      const conn = await this.deps.connections.find(server.orgId, d.connectionId);
      if (!conn || (conn.workspaceId !== null && conn.workspaceId !== server.workspaceId)) {
        throw new AppError('CONNECTION_NOT_FOUND', `No connection ${d.connectionId} is available in this workspace.`);
      }
      if (conn.integrationName !== d.integrationName)
        throw invalid('connectionId', `is a connection of ${conn.integrationName}, not ${d.integrationName}`);
    }
    if (d.partialIds.length) {
      // The partials service checks each partial belongs to this workspace, integration, alias and action; a tool whose
      // alias the workspace does not configure runs on the integration's default instance (alias = its name).
      const alias = wi ? d.alias : d.integrationName;
      await this.deps.partials.forCall(
        server.orgId,
        server.workspaceId,
        { integrationName: d.integrationName, alias, actionName: d.actionName },
        d.partialIds,
      );
    }
  }
}

const dedupe = (ids: string[]) => [...new Set(ids)];
const notFound = () => new AppError('NOT_FOUND', 'MCP tool not found.');
const duplicate = (d: DesiredTool) => new AppError('DUPLICATE', `This server already has a tool for ${d.alias}/${d.actionName}.`);
