import type { ApprovalSummary } from '../../engine/types.js';
import type { LogLine } from '../../sandbox/js-sandbox.js';
import { reviewLines } from '../approval-notice.js';

/** What a Code Mode run answers, over MCP and REST alike (docs/decisions/0053). */
export type CodeRunStatus = 'completed' | 'failed' | 'approval_pending';

export interface StepTiming {
  index: number;
  alias: string;
  action: string;
  status: 'success' | 'failed' | 'approval_required';
  durationMs: number;
  /** Ran in an earlier invocation of this run (before a pause); its stored result was used. */
  replayed: boolean;
}

export interface PendingApproval extends ApprovalSummary {
  /** The call waiting for it, as written in the code (for a batch approval: the calls its policy group covers). */
  call: string;
  /** Batch approvals (asked before the run): the policy group and the tools it covers. */
  approvalPolicyName?: string;
  tools?: string[];
}

/** A run paused before it started: its batch approvals, one per policy group. */
export interface ApprovalGroupSummary {
  total: number;
  pending: number;
  groups: Array<{ approvalId: string; approvalPolicyName: string; tools: string[]; status: string }>;
}

export interface CodeResult {
  content: Array<{ type: 'text'; text: string }>;
  structuredContent: {
    status: CodeRunStatus;
    output: unknown;
    logs: LogLine[];
    actionsExecuted: number;
    durationMs: number;
    timings: { totalExecuteMs: number; sandboxMs: number; browserActionMs: number; steps: StepTiming[] };
    error?: { name: string; message: string };
    codeRunId?: string;
    approval?: PendingApproval;
    approvals?: PendingApproval[];
    approvalGroup?: ApprovalGroupSummary;
    continuation?: { tool: 'switchboard_execute'; arguments: { approvalId: string } };
  };
  isError: boolean;
}

export function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const obj = value as Record<string, unknown>;
  return `{${Object.keys(obj)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonical(obj[k])}`)
    .join(',')}}`;
}

const MAX_TEXT = 20_000;
export const truncate = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}…` : s);

export function completedText(value: unknown): string {
  const json = JSON.stringify(value ?? null, null, 2) ?? 'null';
  return truncate(json, MAX_TEXT);
}

export function failedText(error: { name: string; message: string }, logs: LogLine[]): string {
  const tail = logs
    .slice(-20)
    .map((l) => `[${l.level}] ${l.message}`)
    .join('\n');
  return truncate(`The code failed: ${error.name}: ${error.message}${tail ? `\n\nLast log lines:\n${tail}` : ''}`, MAX_TEXT);
}

export function pausedText(approvals: PendingApproval[]): string {
  const lines = [`**Approval required.** The run stopped before \`${approvals[0]!.call}\`; nothing after it has run yet.`, ''];
  for (const a of approvals) {
    lines.push(`- \`${a.call}\` — approval \`${a.id}\` (${a.status}), expires ${a.expiresAt}`, ...reviewLines(a, '  '));
  }
  lines.push(
    '',
    `When it is approved, call \`switchboard_execute\` with \`{"approvalId": "${approvals[0]!.id}"}\` (add \`"waitForApprovalSeconds": 1-60\` to wait for the decision). Actions that already ran are not run again.`,
  );
  return lines.join('\n');
}

export function batchPausedText(approvals: PendingApproval[], total: number): string {
  const lines = [
    `**Approval required.** The code has not run: ${total === 1 ? 'it needs 1 approval' : `it needs ${total} approvals (one per policy)`} before it starts; ${approvals.length} ${approvals.length === 1 ? 'is' : 'are'} pending.`,
    '',
  ];
  for (const a of approvals) {
    lines.push(
      `- ${a.approvalPolicyName ? `"${a.approvalPolicyName}": ` : ''}\`${a.call}\` — approval \`${a.id}\` (${a.status}), expires ${a.expiresAt}`,
    );
    lines.push(...reviewLines(a, '  '));
  }
  lines.push(
    '',
    `Once approved, call \`switchboard_execute\` with \`{"approvalId": "${approvals[0]!.id}"}\` (add \`"waitForApprovalSeconds": 1-60\` to wait for the decision); it answers the next pending approval, or runs the code when all are approved.`,
  );
  return lines.join('\n');
}
