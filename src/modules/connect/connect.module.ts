import type { IntegrationRegistry } from '../../integrations/registry.js';
import type { EgressGuard } from '../../platform/egress.js';
import type { Mailer } from '../../platform/mailer.js';
import { defineModule, type Platform } from '../../platform/module.js';
import type { SecretBox } from '../../platform/secrets.js';
import { connectPages } from '../../web/connect/connect.web.js';
import type { ConnectionsService } from '../connections/connections.service.js';
import type { EndUsersService } from '../end-users/end-users.service.js';
import type { OAuthAppsService } from '../oauth-apps/oauth-apps.service.js';
import type { WorkspaceIntegrationsService } from '../workspace-integrations/workspace-integrations.service.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import { connectJobs } from './connect.jobs.js';
import { connectRoutes } from './connect.routes.js';
import { ConnectSession } from './connect.schemas.js';
import { ConnectService } from './connect.service.js';
import { PortalService } from './portal.service.js';
import { ReconnectLinks } from './reconnect-links.js';
import { OAuthRefresher } from './refresher.js';

/** Hosted connect, the end-user portal and OAuth2 tokens refreshed ahead of expiry and after a 401. */
export const connectModule = defineModule<
  Pick<Platform, 'config' | 'db' | 'orm' | 'log'> & {
    registry: IntegrationRegistry;
    secrets: SecretBox;
    egress: EgressGuard;
    mailer: Mailer;
    workspaces: WorkspacesService;
    endUsers: EndUsersService;
    oauthApps: OAuthAppsService;
    connections: ConnectionsService;
    workspaceIntegrations: WorkspaceIntegrationsService;
  }
>()({
  name: 'connect',
  build: (d) => {
    const { config, orm, registry, workspaces, endUsers, workspaceIntegrations, connections, oauthApps, log } = d;
    const oauthRefresher = new OAuthRefresher({ db: d.db, registry, connections, oauthApps, egress: d.egress, log });
    const connect = new ConnectService({
      orm,
      registry,
      workspaces,
      endUsers,
      workspaceIntegrations,
      connections,
      oauthApps,
      secrets: d.secrets,
      egress: d.egress,
      publicUrl: config.publicUrl,
      log,
    });
    const portal = new PortalService({
      orm,
      registry,
      workspaces,
      endUsers,
      workspaceIntegrations,
      connections,
      connect,
      mailer: d.mailer,
      publicUrl: config.publicUrl,
      log,
    });
    const reconnectLinks = new ReconnectLinks({ connect, connections, endUsers });
    return { oauthRefresher, connect, portal, reconnectLinks };
  },
  routes: [connectRoutes, connectPages],
  schemas: [ConnectSession],
  jobs: ({ config, orm, oauthRefresher, log }) =>
    connectJobs({ orm, refresher: oauthRefresher, aheadSeconds: config.oauthRefreshAheadSeconds, log }),
});
