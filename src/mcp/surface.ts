import type { ActionDefinition, IntegrationDefinition } from '../integrations/framework.js';
import type { IntegrationRegistry } from '../integrations/registry.js';
import type { Orm } from '../platform/db/database.js';
import type { InvalidationBus } from '../platform/invalidation.js';
import * as serversRepo from '../modules/mcp-servers/mcp-servers.repository.js';
import type { McpServerRow, McpToolWithPartials } from '../modules/mcp-servers/mcp-servers.repository.js';
import type { PartialsPort, PartialView, WorkspaceIntegrationsPort, WorkspaceIntegrationView } from './ports.js';
import { helpText, objectSchema, type JsonSchema } from './schema-from-props.js';

/** One action an MCP server exposes: a tool in TOOLS mode, `switchboard.<alias>.<action>` in Code Mode. */
export interface ExposedAction {
  toolName: string;
  alias: string;
  /** The alias the engine resolves: the tool's when the workspace configures it, else the integration's name. */
  engineAlias: string;
  integrationName: string;
  actionName: string;
  workspaceIntegrationId: string | null;
  /** The server's own tool record when it overrides this action (or adds it). */
  tool: McpToolWithPartials | null;
  title: string;
  description: string;
  /** TOOLS mode: within what every provider accepts (free values as JSON text; see decodeToolInput). */
  inputSchema: JsonSchema;
  /** Code Mode declarations: the natural shapes, for JavaScript values. */
  codeSchema: JsonSchema;
  /** Keys fixed by enforced partials: hidden from schemas and declarations. */
  enforcedKeys: string[];
  /** Values a call gets when it does not set them (prop defaults, partial values, tool inputDefaults). */
  defaults: Record<string, unknown>;
  /** What the engine is told: undefined = the default partials; else exactly these (defaults plus the tool's). */
  partialIds: string[] | undefined;
  definition: IntegrationDefinition;
  action: ActionDefinition;
}

export interface Surface {
  server: McpServerRow;
  actions: ExposedAction[];
  byToolName: Map<string, ExposedAction>;
  byAlias: Map<string, Map<string, ExposedAction>>;
}

export const TOOL_NAME_MAX = 64;

/** `{alias}__{action}` with characters outside [A-Za-z0-9_] turned into `_`, at most 64 characters, unique. */
export function toolNameFor(alias: string, action: string, taken: Set<string>): string {
  const base = `${alias}__${action}`.replace(/[^A-Za-z0-9_]/g, '_').slice(0, TOOL_NAME_MAX);
  let name = base;
  for (let n = 2; taken.has(name); n++) {
    const suffix = `_${n}`;
    name = base.slice(0, TOOL_NAME_MAX - suffix.length) + suffix;
  }
  taken.add(name);
  return name;
}

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

interface Entry {
  alias: string;
  engineAlias: string;
  definition: IntegrationDefinition;
  action: ActionDefinition;
  wi: WorkspaceIntegrationView | null;
  tool: McpToolWithPartials | null;
  sortOrder: number;
}

/**
 * What each MCP server exposes, built from the workspace's integrations (read live through their service), the
 * server's own tools and the partials that apply. Kept per server until the workspace's configuration changes
 * (bus message `workspace_config`), pieces change, or the server or its tools change.
 */
export class SurfaceCatalog {
  private readonly cache = new Map<string, { surface: Promise<Surface>; workspaceId: string | null; at: number }>();

  constructor(
    private readonly deps: {
      orm: Orm;
      registry: IntegrationRegistry;
      workspaceIntegrations: WorkspaceIntegrationsPort;
      partials: PartialsPort;
      bus: InvalidationBus;
      /** A backstop only: invalidation messages are what keeps entries fresh. */
      ttlMs?: number;
    },
  ) {
    deps.bus.subscribe((msg) => {
      if (msg.type === 'workspace_config') this.invalidateWorkspace(msg.workspaceId);
      else if (msg.type === 'workspace') this.invalidateWorkspace(msg.id);
      else if (msg.type === 'pieces' || msg.type === 'all') this.cache.clear();
    });
    // A custom integration imported, re-imported or deleted (0151): once the registry has it, not before.
    deps.registry.onChange(() => this.cache.clear());
  }

  async get(server: McpServerRow): Promise<Surface> {
    const hit = this.cache.get(server.id);
    const ttl = this.deps.ttlMs ?? 300_000;
    if (hit && Date.now() - hit.at < ttl) {
      const surface = await hit.surface;
      // The row may be newer than the cached one (mode, name); the actions do not depend on those fields.
      if (surface.server.updatedAt.getTime() === server.updatedAt.getTime()) return surface;
    }
    const surface = this.build(server);
    this.cache.set(server.id, { surface, workspaceId: server.workspaceId, at: Date.now() });
    surface.catch(() => this.cache.delete(server.id));
    return surface;
  }

  invalidateServer(serverId: string): void {
    this.cache.delete(serverId);
  }

  invalidateWorkspace(workspaceId: string): void {
    for (const [id, entry] of this.cache) if (entry.workspaceId === workspaceId) this.cache.delete(id);
  }

  private async build(server: McpServerRow): Promise<Surface> {
    const empty: Surface = { server, actions: [], byToolName: new Map(), byAlias: new Map() };
    if (!server.workspaceId) return empty;
    const workspaceId = server.workspaceId;
    const [wis, tools] = await Promise.all([
      this.deps.workspaceIntegrations.listForWorkspace(server.orgId, workspaceId),
      serversRepo.listTools(this.deps.orm, server.orgId, server.id),
    ]);
    const key = (alias: string, action: string) => `${alias}\u0000${action}`;
    const toolByKey = new Map(tools.map((t) => [key(t.integrationAlias, t.actionName), t]));
    const used = new Set<string>();
    const entries: Entry[] = [];
    for (const wi of wis) {
      const definition = this.deps.registry.get(wi.integrationName, server.orgId);
      if (!definition) continue;
      for (const name of wi.enabledActions ?? Object.keys(definition.actions)) {
        const action = definition.actions[name];
        if (!action) continue;
        const tool = toolByKey.get(key(wi.alias, name)) ?? null;
        used.add(key(wi.alias, name));
        entries.push({
          alias: wi.alias,
          engineAlias: wi.alias,
          definition,
          action,
          wi,
          tool,
          sortOrder: tool?.sortOrder ?? wi.sortOrder,
        });
      }
    }
    for (const tool of tools) {
      if (used.has(key(tool.integrationAlias, tool.actionName))) continue;
      const definition = this.deps.registry.get(tool.integrationName, server.orgId);
      const action = definition?.actions[tool.actionName];
      if (!definition || !action) continue;
      const named = wis.find((w) => w.alias === tool.integrationAlias) ?? null;
      // A tool whose alias the workspace does not configure runs on the integration's default instance (alias = its
      // name: a configured one, or a built-in's implicit one), with the tool's own connection when it has one.
      const wi = named ?? wis.find((w) => w.alias === definition.name && w.integrationName === definition.name) ?? null;
      // The workspace has switched the action off (or the alias means another integration).
      if (
        wi &&
        (wi.integrationName !== tool.integrationName || (wi.enabledActions && !wi.enabledActions.includes(tool.actionName)))
      )
        continue;
      entries.push({
        alias: tool.integrationAlias,
        engineAlias: named ? named.alias : definition.name,
        definition,
        action,
        wi,
        tool,
        sortOrder: tool.sortOrder,
      });
    }
    entries.sort((a, b) => a.sortOrder - b.sortOrder);

    const taken = new Set<string>();
    const actions: ExposedAction[] = [];
    for (const e of entries) actions.push(await this.expose(server, workspaceId, e, taken));
    const byAlias = new Map<string, Map<string, ExposedAction>>();
    for (const a of actions) {
      if (!byAlias.has(a.alias)) byAlias.set(a.alias, new Map());
      byAlias.get(a.alias)!.set(a.actionName, a);
    }
    return { server, actions, byToolName: new Map(actions.map((a) => [a.toolName, a])), byAlias };
  }

  private async expose(server: McpServerRow, workspaceId: string, e: Entry, taken: Set<string>): Promise<ExposedAction> {
    const target = { integrationName: e.definition.name, alias: e.engineAlias, actionName: e.action.name };
    const defaults = await this.deps.partials
      .forCall(server.orgId, workspaceId, target, undefined)
      .catch((): PartialView[] => []);
    let partials = defaults;
    let partialIds: string[] | undefined;
    if (e.tool && e.tool.partialIds.length) {
      // The tool's partials, with the matching default partials still applying first.
      const own = await this.deps.partials
        .forCall(server.orgId, workspaceId, target, e.tool.partialIds)
        .catch((): PartialView[] => []);
      partials = [...defaults, ...own.filter((p) => !defaults.some((d) => d.id === p.id))];
      partialIds = [...defaults.map((p) => p.id), ...e.tool.partialIds.filter((id) => !defaults.some((d) => d.id === id))];
    }
    const enforced = new Set<string>();
    const values: Record<string, unknown> = {};
    for (const p of partials) {
      for (const [k, v] of Object.entries(p.values ?? {})) values[k] = v;
      for (const k of p.enforcedKeys ?? []) enforced.add(k);
    }
    Object.assign(values, e.tool?.inputDefaults ?? {});
    for (const k of enforced) delete values[k];
    const { schema } = objectSchema(e.action.props, [...enforced], values, 'tool');
    const { schema: codeSchema } = objectSchema(e.action.props, [...enforced], values, 'code');
    const help = helpText(e.action.props);

    const integrationLabel = e.wi?.displayName ?? e.definition.displayName;
    const title = e.tool?.displayName ?? `${integrationLabel}: ${e.action.displayName}`;
    const what = oneLine(e.tool?.description ?? e.action.description ?? e.action.displayName);
    const aliasNote =
      e.alias === e.definition.name ? `${integrationLabel}` : `${integrationLabel} (alias "${e.alias}" of ${e.definition.name})`;
    const description = `${what}${help ? `\n\n${help}` : ''}\n\nIntegration: ${aliasNote}. Action: ${e.action.displayName} (${e.action.name}).`;
    return {
      toolName: toolNameFor(e.alias, e.action.name, taken),
      alias: e.alias,
      integrationName: e.definition.name,
      actionName: e.action.name,
      engineAlias: e.engineAlias,
      workspaceIntegrationId: e.wi?.id ?? null,
      tool: e.tool,
      title,
      description,
      inputSchema: schema,
      codeSchema,
      enforcedKeys: [...enforced],
      defaults: values,
      partialIds,
      definition: e.definition,
      action: e.action,
    };
  }
}
