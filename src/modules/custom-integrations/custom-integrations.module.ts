import type { IntegrationRegistry } from '../../integrations/registry.js';
import type { EgressGuard } from '../../platform/egress.js';
import type { InvalidationBus } from '../../platform/invalidation.js';
import { defineModule, type Platform } from '../../platform/module.js';
import { customIntegrationsRoutes, publishedIntegrationsRoutes } from './custom-integrations.routes.js';
import { CustomIntegration } from './custom-integrations.schemas.js';
import { CustomIntegrationsService } from './custom-integrations.service.js';

/** OpenAPI documents imported as integrations (0151). */
export const customIntegrationsModule = defineModule<
  Pick<Platform, 'config' | 'orm' | 'log'> & { bus: InvalidationBus; registry: IntegrationRegistry; egress: EgressGuard }
>()({
  name: 'customIntegrations',
  build: ({ config, orm, log, bus, registry, egress }) => ({
    customIntegrations: new CustomIntegrationsService({ orm, registry, bus, egress, publicUrl: config.publicUrl, log }),
  }),
  routes: [customIntegrationsRoutes, publishedIntegrationsRoutes],
  schemas: [CustomIntegration],
  lifecycle: ({ customIntegrations }) => ({
    // Before anything serves: a call to a custom integration must find it from the first request.
    start: () => customIntegrations.loadAll(),
  }),
});
