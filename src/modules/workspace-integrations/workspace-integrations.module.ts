import type { IntegrationRegistry } from '../../integrations/registry.js';
import type { InvalidationBus } from '../../platform/invalidation.js';
import { defineModule, type Platform } from '../../platform/module.js';
import type { ConnectionsService } from '../connections/connections.service.js';
import type { OAuthAppsService } from '../oauth-apps/oauth-apps.service.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import { workspaceIntegrationsRoutes } from './workspace-integrations.routes.js';
import { WorkspaceIntegration } from './workspace-integrations.schemas.js';
import { WorkspaceIntegrationsService } from './workspace-integrations.service.js';

/** Which integrations a workspace enables, with its settings for each. */
export const workspaceIntegrationsModule = defineModule<
  Pick<Platform, 'orm' | 'moduleHooks'> & {
    bus: InvalidationBus;
    registry: IntegrationRegistry;
    workspaces: WorkspacesService;
    connections: ConnectionsService;
    oauthApps: OAuthAppsService;
  }
>()({
  name: 'workspaceIntegrations',
  build: ({ orm, registry, workspaces, connections, oauthApps, bus, moduleHooks }) => ({
    workspaceIntegrations: new WorkspaceIntegrationsService({
      orm,
      registry,
      workspaces,
      connections,
      oauthApps,
      bus,
      strictPerUserGuards: moduleHooks.strictPerUser,
    }),
  }),
  routes: [workspaceIntegrationsRoutes],
  schemas: [WorkspaceIntegration],
  hooks: {
    oauthAppUsage: ({ workspaceIntegrations }) => ({
      kind: 'workspaceIntegrations',
      count: (orgId, appId) => workspaceIntegrations.countUsingOAuthApp(orgId, appId),
    }),
  },
});
