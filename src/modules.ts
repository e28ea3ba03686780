import type { Platform } from './platform/module.js';
import { compose } from './platform/module.js';
import { platformModule } from './platform/platform.module.js';
import { deliveryModule } from './platform/delivery/delivery.module.js';
import { sandboxModule } from './sandbox/sandbox.module.js';
import { runtimeModule } from './integrations/runtime.module.js';
import { engineModule } from './engine/engine.module.js';
import { mcpModule } from './mcp/mcp.module.js';
import { healthModule } from './modules/health/health.module.js';
import { operatorModule } from './modules/operator/operator.module.js';
import { authModule } from './modules/auth/auth.module.js';
import { passwordResetModule } from './modules/auth/password-reset.module.js';
import { apiKeysModule } from './modules/api-keys/api-keys.module.js';
import { workspacesModule } from './modules/workspaces/workspaces.module.js';
import { endUsersModule } from './modules/end-users/end-users.module.js';
import { membersModule } from './modules/members/members.module.js';
import { workspaceMembersModule } from './modules/workspace-members/workspace-members.module.js';
import { organizationsModule } from './modules/organizations/organizations.module.js';
import { actionPacksModule } from './modules/action-packs/action-packs.module.js';
import { filesModule } from './modules/files/files.module.js';
import { oauthAppsModule } from './modules/oauth-apps/oauth-apps.module.js';
import { connectionsModule } from './modules/connections/connections.module.js';
import { workspaceIntegrationsModule } from './modules/workspace-integrations/workspace-integrations.module.js';
import { partialsModule } from './modules/partials/partials.module.js';
import { customIntegrationsModule } from './modules/custom-integrations/custom-integrations.module.js';
import { approvalPoliciesModule } from './modules/approval-policies/approval-policies.module.js';
import { approvalsModule } from './modules/approvals/approvals.module.js';
import { connectModule } from './modules/connect/connect.module.js';
import { actionsModule } from './modules/actions/actions.module.js';
import { activityModule } from './modules/activity/activity.module.js';
import { integrationsModule } from './modules/integrations/integrations.module.js';
import { webhookEndpointsModule } from './modules/webhook-endpoints/webhook-endpoints.module.js';
import { webhookSigningSecretModule } from './modules/webhook-signing-secret/webhook-signing-secret.module.js';
import { triggersModule } from './modules/triggers/triggers.module.js';
import { webhooksModule } from './modules/webhooks/webhooks.module.js';
import { dashboardModule } from './web/dashboard/dashboard.module.js';
import { mcpServersModule } from './modules/mcp-servers/mcp-servers.module.js';

/**
 * The module list: the table of contents of the product. Each line adds a module (src/platform/module.ts); a
 * module's needs must be provided by the lines above it (the list does not type-check otherwise). Routes register,
 * jobs and lifecycle steps run in this order; stops and closes run in reverse.
 */
export function composeModules(inputs: Pick<Platform, 'config' | 'db' | 'orm' | 'log' | 'now'>) {
  return compose(inputs)
    .use(platformModule)
    .use(healthModule)
    .use(operatorModule)
    .use(authModule)
    .use(workspacesModule)
    .use(apiKeysModule)
    .use(endUsersModule)
    .use(membersModule)
    .use(workspaceMembersModule)
    .use(organizationsModule)
    .use(actionPacksModule)
    .use(filesModule)
    .use(sandboxModule)
    .use(runtimeModule)
    .use(customIntegrationsModule)
    .use(oauthAppsModule)
    .use(deliveryModule)
    .use(webhookEndpointsModule)
    .use(connectionsModule)
    .use(workspaceIntegrationsModule)
    .use(partialsModule)
    .use(approvalPoliciesModule)
    .use(approvalsModule)
    .use(connectModule)
    .use(engineModule)
    .use(actionsModule)
    .use(activityModule)
    .use(integrationsModule)
    .use(webhookSigningSecretModule)
    .use(triggersModule)
    .use(webhooksModule)
    .use(mcpModule)
    .use(mcpServersModule)
    .use(passwordResetModule)
    .use(dashboardModule);
}

/** Every service, built once per process; REST routes, MCP, hosted pages, jobs and the CLI share them. */
export type Services = ReturnType<ReturnType<typeof composeModules>['build']>['services'];
