import type { EndUserWithCount } from './end-users.repository.js';

export function toEndUser(row: EndUserWithCount) {
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    externalId: row.externalId,
    displayName: row.displayName,
    email: row.email,
    metadata: row.metadata ?? {},
    type: row.type,
    connectionCount: row.connectionCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toEndUserConnection(c: {
  id: string;
  externalId: string;
  displayName: string;
  integrationName: string;
  type: string;
  status: string;
  createdAt: Date;
  updatedAt: Date;
}) {
  return { ...c, createdAt: c.createdAt.toISOString(), updatedAt: c.updatedAt.toISOString() };
}
