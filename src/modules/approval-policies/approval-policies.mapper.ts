import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { StoredPolicyFields, type PolicyDecision } from './approval-policies.schemas.js';
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

let storedValidator: ValidateFunction | null = null;

/** The stored fields that fail their schema (a row written around the API, or by another version): none when readable. */
function unreadableFields(row: PolicyRow): string[] {
  storedValidator ??= addFormats.default(new Ajv.default({ allErrors: true, strict: false })).compile(StoredPolicyFields);
  if (storedValidator(row)) return [];
  const fields = (storedValidator.errors ?? []).map(
    (e) => e.instancePath.split('/')[1] || String((e.params as { missingProperty?: unknown }).missingProperty),
  );
  return [...new Set(fields)];
}

/**
 * A stored policy as the gate evaluates it. A field that cannot be read is named in `problem` (the policy then holds
 * every call its filters match, 0090) and replaced by its most cautious reading: no bearer link, owners and admins
 * as reviewers, rejection on timeout, every end-user mode.
 */
export function toPolicyDef(row: PolicyRow): PolicyDef {
  const bad = new Set(unreadableFields(row));
  const problem = bad.size ? `its stored ${[...bad].sort().join(', ')} cannot be read` : null;
  return {
    ...toPolicy(row),
    decision: bad.has('decision') ? 'require_approval' : (row.decision as PolicyDecision),
    rules: bad.has('rules') ? {} : row.rules,
    approvers: bad.has('approvers') ? [] : row.approvers,
    endUserMode: bad.has('endUserMode') ? 'any' : row.endUserMode,
    approvalAccessMode: bad.has('approvalAccessMode') ? 'dashboard_only' : row.approvalAccessMode,
    defaultOnTimeout: bad.has('defaultOnTimeout') ? 'reject' : row.defaultOnTimeout,
    problem,
  };
}
