import path from 'node:path';
import type { ExecutionEngine } from '../../engine/engine.js';
import type { IntegrationRegistry } from '../../integrations/registry.js';
import { defineModule, type Platform } from '../../platform/module.js';
import type { OAuthAppsService } from '../oauth-apps/oauth-apps.service.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import { integrationsRoutes } from './integrations.routes.js';
import { CatalogEntry } from './integrations.schemas.js';
import { IntegrationsService } from './integrations.service.js';

/** The catalog as the API shows it: integrations, their actions, logos and option lookups. */
export const integrationsModule = defineModule<
  Pick<Platform, 'config' | 'log'> & {
    registry: IntegrationRegistry;
    workspaces: WorkspacesService;
    engine: ExecutionEngine;
    oauthApps: OAuthAppsService;
  }
>()({
  name: 'integrations',
  build: ({ config, log, registry, workspaces, engine, oauthApps }) => ({
    integrations: new IntegrationsService({
      registry,
      publicUrl: config.publicUrl,
      workspaces,
      engine,
      oauthApps,
      logosDir: path.join(config.dataDir, 'logos'),
      log,
    }),
  }),
  routes: [integrationsRoutes],
  schemas: [CatalogEntry],
});
