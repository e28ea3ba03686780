import type { IntegrationRegistry } from '../../integrations/registry.js';
import type { InvalidationBus } from '../../platform/invalidation.js';
import { defineModule, type Platform } from '../../platform/module.js';
import type { WorkspaceIntegrationsService } from '../workspace-integrations/workspace-integrations.service.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import { partialsRoutes } from './partials.routes.js';
import { Partial } from './partials.schemas.js';
import { PartialsService } from './partials.service.js';

/** Actions with some inputs fixed in advance. */
export const partialsModule = defineModule<
  Pick<Platform, 'orm'> & {
    bus: InvalidationBus;
    registry: IntegrationRegistry;
    workspaces: WorkspacesService;
    workspaceIntegrations: WorkspaceIntegrationsService;
  }
>()({
  name: 'partials',
  build: ({ orm, registry, workspaces, workspaceIntegrations, bus }) => ({
    partials: new PartialsService({ orm, registry, workspaces, workspaceIntegrations, bus }),
  }),
  routes: [partialsRoutes],
  schemas: [Partial],
});
