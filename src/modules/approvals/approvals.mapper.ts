import type { IntegrationRegistry } from '../../integrations/registry.js';
import type { ReceiptRow, RequestRow } from './approvals.repository.js';

export const approvalUrlOf = (publicUrl: string, row: Pick<RequestRow, 'id' | 'approvalAccessMode'>): string | null =>
  row.approvalAccessMode === 'hosted_link_only' ? null : `${publicUrl}/approvals/${row.id}`;

export const hostedUrlOf = (publicUrl: string, id: string, token: string): string =>
  `${publicUrl}/approve/${id}?token=${encodeURIComponent(token)}`;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The API shape of a request. The link token exists only as a hash: the bearer link is passed in when just issued. */
export function toApproval(row: RequestRow, publicUrl: string, linkToken: string | null = null) {
  const snapshot = row.policySnapshot as { name?: string };
  return {
    id: row.id,
    orgId: row.orgId,
    policyId: row.policyId,
    policyName: snapshot.name ?? null,
    decision: row.decision,
    workspaceId: row.workspaceId,
    endUserId: row.endUserExternalId,
    source: row.source,
    status: row.status,
    integrationName: row.integrationName,
    integrationAlias: row.integrationAlias,
    actionName: row.actionName,
    inputPreview: row.inputPreview,
    redactedPaths: row.redactedPaths,
    riskReasons: row.riskReasons,
    approvalAccessMode: row.approvalAccessMode,
    approvalUrl: approvalUrlOf(publicUrl, row),
    hostedApprovalUrl:
      linkToken && row.approvalAccessMode !== 'dashboard_only' ? hostedUrlOf(publicUrl, row.id, linkToken) : null,
    idempotencyKey: row.idempotencyKey,
    codeRunId: row.codeRunId,
    expiresAt: row.expiresAt.toISOString(),
    decidedAt: iso(row.decidedAt),
    decidedBy: row.decidedBy ?? null,
    decisionReason: row.decisionReason,
    decisionMetadata: row.decisionMetadata ?? null,
    reusedFrom: row.reusedFrom,
    consumedAt: iso(row.consumedAt),
    runStatus: row.runStatus,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
export type ApprovalView = ReturnType<typeof toApproval>;

/** A request as its end user sees it in the portal (0068): with the integration and action named as the catalog names them. */
export function toEndUserApproval(row: RequestRow, publicUrl: string, registry: Pick<IntegrationRegistry, 'get'>) {
  const def = registry.get(row.integrationName, row.orgId);
  return {
    approval: toApproval(row, publicUrl),
    integration:
      row.integrationAlias && row.integrationAlias !== row.integrationName
        ? row.integrationAlias
        : (def?.displayName ?? row.integrationName),
    action: def?.actions[row.actionName]?.displayName ?? row.actionName,
  };
}
export type EndUserApprovalView = ReturnType<typeof toEndUserApproval>;

export function toReceipt(row: ReceiptRow, now = new Date()) {
  return {
    id: row.id,
    approvalId: row.approvalId,
    inputHash: row.inputHash,
    idempotencyKey: row.idempotencyKey,
    status: row.status === 'valid' && row.expiresAt <= now ? 'expired' : row.status,
    expiresAt: row.expiresAt.toISOString(),
    consumedAt: iso(row.consumedAt),
    createdAt: row.createdAt.toISOString(),
  };
}
export type ReceiptView = ReturnType<typeof toReceipt>;
