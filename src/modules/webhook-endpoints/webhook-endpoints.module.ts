import type { DeliveryService } from '../../platform/delivery/delivery.js';
import { defineModule, type Platform } from '../../platform/module.js';
import { OrganizationEvents } from './organization-events.js';
import { webhookEndpointsRoutes } from './webhook-endpoints.routes.js';
import { WebhookEndpoint } from './webhook-endpoints.schemas.js';
import { WebhookEndpointsService } from './webhook-endpoints.service.js';

/**
 * The organization's outbound webhook endpoints and the emitter of signed organization events
 * (`organizationEvents.emit(tx, orgId, type, data)`), which other modules receive through the module system.
 */
export const webhookEndpointsModule = defineModule<Pick<Platform, 'orm'> & { delivery: DeliveryService }>()({
  name: 'webhookEndpoints',
  build: ({ orm, delivery }) => {
    const organizationEvents = new OrganizationEvents({ delivery });
    return { organizationEvents, webhookEndpoints: new WebhookEndpointsService({ orm, delivery, events: organizationEvents }) };
  },
  routes: [webhookEndpointsRoutes],
  schemas: [WebhookEndpoint],
});
