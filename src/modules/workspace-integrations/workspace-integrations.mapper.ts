import type { IntegrationRegistry } from '../../integrations/registry.js';
import type { WorkspaceIntegrationRow, WorkspaceIntegrationWithConnection } from './workspace-integrations.repository.js';

export function toWorkspaceIntegration(row: WorkspaceIntegrationRow) {
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    orgId: row.orgId,
    integrationName: row.integrationName,
    alias: row.alias,
    displayName: row.displayName,
    connectionStrategy: row.connectionStrategy,
    authMethodKey: row.authMethodKey,
    oauthAppMode: row.oauthAppMode,
    oauthAppId: row.oauthAppId,
    connectionId: row.connectionId,
    enabledActions: row.enabledActions,
    settings: row.settings ?? {},
    sortOrder: row.sortOrder,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** List entries also say where the connection stands: its status, or why there is none. */
export function toListedWorkspaceIntegration(row: WorkspaceIntegrationWithConnection, registry: IntegrationRegistry) {
  const needsConnection = (registry.get(row.integrationName, row.orgId)?.auth.length ?? 0) > 0;
  const connectionStatus = row.connection
    ? row.connection.status
    : !needsConnection
      ? 'NOT_REQUIRED'
      : row.connectionStrategy === 'per_user'
        ? 'PER_USER'
        : 'MISSING';
  return {
    ...toWorkspaceIntegration(row),
    connectionStatus,
    connectionDisplayName: row.connection?.displayName ?? null,
    connectionExternalId: row.connection?.externalId ?? null,
  };
}
