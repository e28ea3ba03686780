import type { ConnectionRecord } from '../../engine/types.js';
import type { ConnectionRow } from './connections.repository.js';

/** The API shape: never the credentials column. */
export function toConnection(row: ConnectionRow) {
  return {
    id: row.id,
    externalId: row.externalId,
    displayName: row.displayName,
    integrationName: row.integrationName,
    authMethodKey: row.authMethodKey,
    type: row.type,
    status: row.status,
    statusMessage: row.statusMessage ?? null,
    verification: row.verification,
    scope: row.scope,
    workspaceId: row.workspaceId,
    endUserId: row.endUserId,
    oauthAppId: row.oauthAppId,
    suspended: row.suspended,
    health: row.health,
    lastError: row.lastErrorCode ? { code: row.lastErrorCode, message: row.lastErrorMessage ?? '' } : null,
    lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    tokenExpiresAt: row.tokenExpiresAt?.toISOString() ?? null,
    credentialExpiresAt: row.credentialExpiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The earlier record shape (piece/project vocabulary) with the current fields alongside. */
export function toEarlierConnection(row: ConnectionRow) {
  return {
    id: row.id,
    pieceName: row.integrationName,
    displayName: row.displayName,
    externalId: row.externalId,
    projectId: row.workspaceId,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    integrationName: row.integrationName,
    workspaceId: row.workspaceId,
    type: row.type,
    scope: row.scope,
    authMethodKey: row.authMethodKey,
  };
}

export function toConnectionRecord(row: ConnectionRow): ConnectionRecord {
  return {
    id: row.id,
    orgId: row.orgId,
    workspaceId: row.workspaceId,
    endUserId: row.endUserId,
    integrationName: row.integrationName,
    authMethodKey: row.authMethodKey,
    externalId: row.externalId,
    displayName: row.displayName,
    type: row.type,
    status: row.status,
    verification: row.verification as ConnectionRecord['verification'],
    scope: row.scope,
    oauthAppId: row.oauthAppId,
    tokenExpiresAt: row.tokenExpiresAt,
    suspended: row.suspended,
    health: row.health,
  };
}

/**
 * The request that makes a hosted connect link repairing this connection (same identity, so the same id: decision
 * 0033), as connection.* events carry it: no link is minted into a webhook body (0140).
 */
export function reconnectRequest(row: ConnectionRow, endUserExternalId: string | null, publicUrl: string) {
  return {
    method: 'POST',
    url: `${publicUrl}/api/v1/connect/token`,
    body: {
      integrationName: row.integrationName,
      authMethodKey: row.authMethodKey,
      externalId: row.externalId,
      connectionName: row.displayName,
      scope: row.scope,
      ...(row.workspaceId ? { workspaceId: row.workspaceId } : {}),
      ...(endUserExternalId ? { endUserId: endUserExternalId } : {}),
    },
  };
}

/** A connection as organization events name it (connection.deleted, connection.needs_reauth, …): never credentials. */
export function toEventConnection(row: ConnectionRow, endUserExternalId: string | null) {
  return {
    id: row.id,
    integrationName: row.integrationName,
    externalId: row.externalId,
    displayName: row.displayName,
    scope: row.scope,
    workspaceId: row.workspaceId,
    endUserId: row.endUserId,
    endUserExternalId,
  };
}
