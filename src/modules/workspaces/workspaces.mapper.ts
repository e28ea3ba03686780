import type { WorkspaceRow } from './workspaces.repository.js';

export function toWorkspace(row: WorkspaceRow) {
  return {
    id: row.id,
    orgId: row.orgId,
    name: row.name,
    slug: row.slug,
    suspended: row.suspended,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
