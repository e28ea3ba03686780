import type { OAuthAppRow } from './oauth-apps.repository.js';

/** The API shape: the client secret column never reaches a response. */
export function toOAuthApp(row: OAuthAppRow) {
  return {
    id: row.id,
    integrationName: row.integrationName,
    name: row.name,
    clientId: row.clientId,
    scopes: row.scopes,
    authUrl: row.authUrl,
    tokenUrl: row.tokenUrl,
    serviceManaged: row.orgId === null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
