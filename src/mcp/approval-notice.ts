import type { ApprovalSummary, ExecuteOutcome } from '../engine/types.js';

/**
 * What an agent is told of an approval it waits for (docs/decisions/0092): never a decision-capable token. The
 * bearer hosted link stays for REST callers; an agent gets the id, status, expiry, how to continue, and links that
 * need a reviewer's own sign-in.
 */
export function forAgent<T extends ApprovalSummary>(approval: T): T {
  return { ...approval, hostedApprovalUrl: null };
}

/** The outcome of an action an agent called, with any approval in it made safe for the agent. */
export function outcomeForAgent(outcome: ExecuteOutcome): ExecuteOutcome {
  return outcome.status === 'approval_required' ? { ...outcome, approval: forAgent(outcome.approval) } : outcome;
}

/** Markdown lines naming who may decide and where; the agent is told it cannot decide itself. */
export function reviewLines(a: ApprovalSummary, indent = ''): string[] {
  const lines: string[] = [];
  if (a.approvalUrl) lines.push(`${indent}- Review page for the organization's reviewers (they sign in): ${a.approvalUrl}`);
  if (a.endUserPortal) lines.push(`${indent}- The end user can also decide it in their Switchboard portal.`);
  if (lines.length === 0)
    lines.push(`${indent}- The organization's reviewers decide it (they were notified or use the approvals API).`);
  lines.push(`${indent}- A person must decide: you cannot approve it yourself.`);
  return lines;
}
