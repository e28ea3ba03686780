import type { IntegrationRegistry } from '../../integrations/registry.js';
import type { InvalidationBus } from '../../platform/invalidation.js';
import { defineModule, type Platform } from '../../platform/module.js';
import type { SecretBox } from '../../platform/secrets.js';
import type { EndUsersService } from '../end-users/end-users.service.js';
import type { OrganizationEventEmitter } from '../webhook-endpoints/organization-events.js';
import type { OAuthAppsService } from '../oauth-apps/oauth-apps.service.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import { connectionsRoutes } from './connections.routes.js';
import { Connection, EarlierConnection } from './connections.schemas.js';
import { ConnectionsService } from './connections.service.js';

/** Stored credentials of end users (or the workspace) for an integration. */
export const connectionsModule = defineModule<
  Pick<Platform, 'config' | 'orm'> & {
    bus: InvalidationBus;
    secrets: SecretBox;
    registry: IntegrationRegistry;
    workspaces: WorkspacesService;
    endUsers: EndUsersService;
    oauthApps: OAuthAppsService;
    organizationEvents: OrganizationEventEmitter;
  }
>()({
  name: 'connections',
  build: ({ config, orm, bus, secrets, registry, workspaces, endUsers, oauthApps, organizationEvents }) => ({
    connections: new ConnectionsService({
      orm,
      plans: config.plans,
      registry,
      workspaces,
      endUsers,
      oauthApps,
      secrets,
      bus,
      organizationEvents,
    }),
  }),
  routes: [connectionsRoutes],
  schemas: [Connection, EarlierConnection],
  suspendable: [{ table: 'connections', limit: 'connections' }],
  hooks: {
    oauthAppUsage: ({ connections }) => ({
      kind: 'connections',
      count: (orgId, appId) => connections.countUsingOAuthApp(orgId, appId),
    }),
  },
});
