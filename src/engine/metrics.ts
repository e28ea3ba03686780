import { Counter, type Registry } from 'prom-client';
import { HotCounter, HotHistogram } from '../platform/metrics.js';
import type { ActivityRow } from './activity.js';

/** Why the engine refused a call before it ran, as the metrics name it. */
const REFUSALS: Record<string, string> = {
  RATE_LIMITED: 'rate_limited',
  QUOTA_EXCEEDED: 'quota_exceeded',
  APPROVAL_POLICY_BLOCKED: 'policy_blocked',
};

/**
 * The engine's metrics, from the same record the activity log gets: executions by integration, action, source and
 * status with their latency, and refusals (rate limit, quota, policy). Decision 0141.
 */
export class EngineMetrics {
  private readonly executions: HotCounter<'integration' | 'action' | 'source' | 'status'>;
  private readonly duration: HotHistogram<'integration' | 'action' | 'source'>;
  private readonly refusals: Counter<'reason'>;

  constructor(registry: Registry) {
    this.executions = new HotCounter(
      registry,
      'switchboard_executions_total',
      'Action executions by integration, action, source (rest, sdk, mcp_tools, mcp_code, playground, trigger) and status (success, failed, error, approval_required, blocked)',
      ['integration', 'action', 'source', 'status'],
    );
    this.duration = new HotHistogram(
      registry,
      'switchboard_execution_duration_seconds',
      'Action execution latency (resolution, gate, run) by integration, action and source',
      ['integration', 'action', 'source'],
      [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    );
    this.refusals = new Counter({
      name: 'switchboard_execution_refusals_total',
      help: 'Calls refused before they ran: rate_limited, quota_exceeded, policy_blocked',
      labelNames: ['reason'] as const,
      registers: [registry],
    });
  }

  /** One finished call, as recorded in the activity log. */
  observe(row: ActivityRow): void {
    const source = row.source ?? 'rest';
    this.executions.inc(row.integrationName, row.actionName, source, row.status);
    this.duration.observe((row.durationMs ?? 0) / 1000, row.integrationName, row.actionName, source);
    const refusal = row.errorCode ? REFUSALS[row.errorCode] : undefined;
    if (refusal) this.refusals.inc({ reason: refusal });
  }
}
