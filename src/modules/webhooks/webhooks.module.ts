import type { IntegrationRegistry } from '../../integrations/registry.js';
import type { InvalidationBus } from '../../platform/invalidation.js';
import type { TenantActivity } from '../../platform/tenant-activity.js';
import { defineModule, type Platform } from '../../platform/module.js';
import type { EventRecorder } from '../triggers/triggers.events.js';
import type { SourceRunner } from '../triggers/triggers.runtime.js';
import type { TriggersService } from '../triggers/triggers.service.js';
import { webhooksRoutes } from './webhooks.routes.js';
import { WebhooksService } from './webhooks.service.js';

/** Inbound webhooks from providers, turned into trigger events. */
export const webhooksModule = defineModule<
  Pick<Platform, 'config' | 'orm' | 'log'> & {
    bus: InvalidationBus;
    tenantActivity: TenantActivity;
    registry: IntegrationRegistry;
    sourceRunner: SourceRunner;
    eventRecorder: EventRecorder;
    triggers: TriggersService;
  }
>()({
  name: 'webhooks',
  build: ({ config, orm, log, bus, tenantActivity, registry, sourceRunner, eventRecorder, triggers }) => ({
    webhooks: new WebhooksService({
      orm,
      registry,
      runner: sourceRunner,
      recorder: eventRecorder,
      sources: triggers,
      appWebhookSecrets: config.triggers.appWebhookSecrets,
      inboundPerOrg: config.triggers.inboundPerOrg,
      tenantActivity,
      publicUrl: config.publicUrl,
      log,
      bus,
    }),
  }),
  routes: [webhooksRoutes],
});
