import type { ApiKeyRow } from './api-keys.repository.js';

/** Row -> API shape. The hash never leaves the repository layer. */
export function toApiKey(row: ApiKeyRow, lastUsedOverride?: Date) {
  const lastUsed = lastUsedOverride && (!row.lastUsedAt || lastUsedOverride > row.lastUsedAt) ? lastUsedOverride : row.lastUsedAt;
  return {
    id: row.id,
    orgId: row.orgId,
    name: row.name,
    keyPrefix: row.keyPrefix,
    permissions: row.permissions ?? null,
    lastUsedAt: lastUsed ? lastUsed.toISOString() : null,
    expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}
