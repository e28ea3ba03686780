import type { PolicyDecision } from './approval-policies.schemas.js';
import type { PolicyDef } from './matching.js';
import type { PolicyRow } from './approval-policies.repository.js';

export function toPolicy(row: PolicyRow) {
  return {
    id: row.id,
    orgId: row.orgId,
    workspaceId: row.workspaceId,
    name: row.name,
    description: row.description,
    enabled: row.enabled,
    priority: row.priority,
    sources: row.sources,
    mcpServerIds: row.mcpServerIds,
    workspaceIntegrationIds: row.workspaceIntegrationIds,
    integrationNames: row.integrationNames,
    integrationAliases: row.integrationAliases,
    actionNames: row.actionNames,
    connectionStrategies: row.connectionStrategies,
    endUserMode: row.endUserMode,
    decision: row.decision,
    riskMode: row.riskMode,
    rules: row.rules,
    approvers: row.approvers,
    timeoutSeconds: row.timeoutSeconds,
    defaultOnTimeout: row.defaultOnTimeout,
    reuseWindowSeconds: row.reuseWindowSeconds,
    approvalAccessMode: row.approvalAccessMode,
    metadata: row.metadata ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toPolicyDef(row: PolicyRow): PolicyDef {
  return {
    ...toPolicy(row),
    decision: row.decision as PolicyDecision,
    rules: row.rules,
  };
}
