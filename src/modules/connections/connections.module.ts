import type { IntegrationRegistry } from '../../integrations/registry.js';
import type { InvalidationBus } from '../../platform/invalidation.js';
import { defineModule, type Platform } from '../../platform/module.js';
import type { SecretBox } from '../../platform/secrets.js';
import type { EndUsersService } from '../end-users/end-users.service.js';
import type { OrganizationEventEmitter } from '../webhook-endpoints/organization-events.js';
import type { OAuthAppsService } from '../oauth-apps/oauth-apps.service.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import { connectionsRoutes } from './connections.routes.js';
import type { Registry } from 'prom-client';
import { readGauge } from '../../platform/metrics.js';
import { Connection, EarlierConnection } from './connections.schemas.js';
import { ConnectionsService } from './connections.service.js';
import { ConnectionChecks, connectionJobs } from './connection-checks.js';
import { ConnectionExpiryNotices } from './connection-expiry.js';

/** Stored credentials of end users (or the workspace) for an integration. */
export const connectionsModule = defineModule<
  Pick<Platform, 'config' | 'orm' | 'log'> & {
    metrics: Registry;
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
  build: ({ config, orm, log, bus, secrets, registry, workspaces, endUsers, oauthApps, metrics, organizationEvents }) => {
    const connections = new ConnectionsService({
      orm,
      plans: config.plans,
      registry,
      workspaces,
      endUsers,
      oauthApps,
      secrets,
      bus,
      log,
      organizationEvents,
      publicUrl: config.publicUrl,
    });
    readGauge(
      metrics,
      {
        name: 'switchboard_connections',
        help: 'Connections by health: healthy, degraded, needs_reauth (decision 0140)',
        labelNames: ['health'] as const,
      },
      async () => (await connections.healthCounts()).map(({ health, n }) => [{ health }, n]),
    );
    return { connections };
  },
  jobs: ({ config, orm, registry, connections, endUsers, organizationEvents, log }) => {
    const { intervalMinutes, perProvider, expiringWindowHours } = config.connectionChecks;
    const checks =
      intervalMinutes > 0
        ? new ConnectionChecks({ orm, registry, connections, intervalMinutes, perIntegration: perProvider, log })
        : null;
    const expiry =
      expiringWindowHours > 0
        ? new ConnectionExpiryNotices({
            orm,
            events: organizationEvents,
            endUserExternalId: async (orgId, id) => (await endUsers.externalIds(orgId, [id])).get(id) ?? null,
            publicUrl: config.publicUrl,
            windowHours: expiringWindowHours,
          })
        : null;
    return connectionJobs({ checks, expiry }, log);
  },
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
