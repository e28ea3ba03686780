import { createHash } from 'node:crypto';
import type { ApprovalSummary } from '../../engine/types.js';
import { reconnectText, type AgentOutcome } from '../invoke.js';
import type { SecretBox } from '../../platform/secrets.js';
import type { LogLine } from '../../sandbox/js-sandbox.js';
import type { ExposedAction } from '../surface.js';
import type { BatchApproval } from './gates.js';
import { canonical, truncate, type CodeResult, type StepTiming } from './result.js';
import type { CodeRunRow } from './runs.repository.js';

export interface StoredStep {
  alias: string;
  action: string;
  inputHash: string;
  status: 'success' | 'failed';
  output?: unknown;
  error?: string;
  durationMs: number;
  browser: boolean;
}

export interface PendingStep {
  index: number;
  alias: string;
  action: string;
  input: Record<string, unknown>;
  approval: ApprovalSummary;
}

/** What a paused run keeps (encrypted at rest): results of calls that ran, and the calls waiting for approval. */
export interface RunState {
  steps: Record<string, StoredStep>;
  pending: PendingStep[];
  gateContext?: Record<string, unknown>;
  /** Batch approvals asked for before the run (their first answer, hosted links included); the code waits for all. */
  batch?: BatchApproval[];
  /** Every batch approval was granted: the code runs (calls they do not cover still meet the gate). */
  batchApproved?: boolean;
  final?: CodeResult;
}

export type RunOutcome = {
  logs: LogLine[];
  sandboxMs: number;
  timings: StepTiming[];
} & (
  | { kind: 'completed'; value: unknown }
  | { kind: 'failed'; error: { name: string; message: string } }
  | { kind: 'paused'; pending: PendingStep[] }
  | { kind: 'batch'; pending: BatchApproval[] }
);

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
export const round = (n: number) => Math.round(n * 100) / 100;
export const callName = (alias: string, action: string) => `switchboard.${alias}.${action}`;
export const isBrowser = (a: ExposedAction) => a.integrationName.startsWith('agent-browser');

/** The run's state, sealed for its row (encrypted at rest, bound to the run id). */
export function sealState(secrets: SecretBox, runId: string, state: RunState): string {
  return secrets.seal('mcp_code_run', runId, state);
}

export function openState(secrets: SecretBox, row: CodeRunRow): RunState {
  return secrets.open<RunState>('mcp_code_run', row.id, row.steps);
}

export function hashCall(alias: string, action: string, input: Record<string, unknown>): string {
  return sha256(canonical({ alias, action, input }));
}

export const stepKey = (runId: string, index: number) => `mcp_code:${runId}:${index}`;

export function toStep(
  alias: string,
  action: string,
  input: Record<string, unknown>,
  outcome: Exclude<AgentOutcome, { status: 'approval_required' }>,
  durationMs: number,
  browser: boolean,
): StoredStep {
  const base = { alias, action, inputHash: hashCall(alias, action, input), durationMs, browser };
  if (outcome.status === 'success') return { ...base, status: 'success', output: outcome.output };
  const detail = outcome.output.detail !== undefined ? ` (${truncate(JSON.stringify(outcome.output.detail), 500)})` : '';
  const reconnect = outcome.reconnect ? ` ${reconnectText(outcome.reconnect)}` : '';
  return { ...base, status: 'failed', error: `${callName(alias, action)} failed: ${outcome.output.error}${detail}${reconnect}` };
}
