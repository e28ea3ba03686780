import type { McpTokens } from '../../mcp/auth/tokens.js';
import type { CodeModeRunner } from '../../mcp/code-mode/runner.js';
import type { ConnectionsPort, PartialsPort, WorkspaceIntegrationsPort } from '../../mcp/ports.js';
import type { SurfaceCatalog } from '../../mcp/surface.js';
import type { IntegrationRegistry } from '../../integrations/registry.js';
import type { InvalidationBus } from '../../platform/invalidation.js';
import { defineModule, type Platform } from '../../platform/module.js';
import type { EndUsersService } from '../end-users/end-users.service.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import { McpCodeService } from './mcp-code.service.js';
import { mcpServersRoutes } from './mcp-servers.routes.js';
import { McpServersService } from './mcp-servers.service.js';
import { McpToolsService } from './mcp-tools.service.js';

/** MCP servers as the REST API manages them: their tools, Code Mode surface and tokens (the endpoint: src/mcp). */
export const mcpServersModule = defineModule<
  Pick<Platform, 'config' | 'orm'> & {
    bus: InvalidationBus;
    registry: IntegrationRegistry;
    workspaces: WorkspacesService;
    endUsers: EndUsersService;
    workspaceIntegrations: WorkspaceIntegrationsPort;
    partials: PartialsPort;
    connections: ConnectionsPort;
    mcpTokens: McpTokens;
    mcpSurfaces: SurfaceCatalog;
    mcpCodeMode: CodeModeRunner;
  }
>()({
  name: 'mcpServers',
  build: (d) => {
    const mcpServers = new McpServersService({
      orm: d.orm,
      plans: d.config.plans,
      publicUrl: d.config.publicUrl,
      bus: d.bus,
      workspaces: d.workspaces,
      endUsers: d.endUsers,
      workspaceIntegrations: d.workspaceIntegrations,
      tokens: d.mcpTokens,
      surfaces: d.mcpSurfaces,
    });
    const mcpTools = new McpToolsService({
      orm: d.orm,
      registry: d.registry,
      servers: mcpServers,
      workspaceIntegrations: d.workspaceIntegrations,
      partials: d.partials,
      connections: d.connections,
    });
    const mcpCode = new McpCodeService({ servers: mcpServers, surfaces: d.mcpSurfaces, codeMode: d.mcpCodeMode });
    return { mcpServers, mcpTools, mcpCode };
  },
  routes: [mcpServersRoutes],
  // A plan downgrade suspends the newest servers beyond the plan's mcpServers limit.
  suspendable: [{ table: 'mcp_servers', limit: 'mcpServers' }],
  hooks: {
    strictPerUser:
      ({ mcpServers }) =>
      (orgId, workspaceId) =>
        mcpServers.refuseStrictPerUser(orgId, workspaceId),
  },
});
