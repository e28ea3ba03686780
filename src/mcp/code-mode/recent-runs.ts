import type { Orm } from '../../platform/db/database.js';
import type { SecretBox } from '../../platform/secrets.js';
import { looksSecret, REDACTED } from '../../modules/approvals/redact.js';
import { callName, openState } from './run-state.js';
import * as runs from './runs.repository.js';

const MAX_LOG = 2000;

/** Text as the recent runs show it: text holding something that looks like a credential is [REDACTED], long text cut. */
function safeText(text: string): string {
  if (looksSecret(text) || text.split(/\s+/).some(looksSecret)) return REDACTED;
  return text.length > MAX_LOG ? `${text.slice(0, MAX_LOG)}…` : text;
}

/**
 * A server's recent Code Mode runs (decision 0135): the code, status, timings and log lines, and per step the tool, its
 * status and duration. Step inputs and outputs stay sealed: they may carry what the actions returned.
 */
export async function recentRuns(
  deps: { orm: Orm; secrets: SecretBox },
  orgId: string,
  serverId: string,
  page: { limit: number; offset: number },
) {
  const { rows, total } = await runs.listRuns(deps.orm, orgId, serverId, page.limit, page.offset);
  return {
    total,
    runs: rows.map((row) => {
      const state = openState(deps.secrets, row);
      const done = Object.entries(state.steps)
        .map(([index, s]) => ({
          index: Number(index),
          tool: callName(s.alias, s.action),
          status: s.status as string,
          durationMs: s.durationMs,
        }))
        .concat(
          state.pending.map((p) => ({
            index: p.index,
            tool: callName(p.alias, p.action),
            status: 'approval_required',
            durationMs: 0,
          })),
        )
        .sort((a, b) => a.index - b.index);
      const final = state.final?.structuredContent;
      return {
        id: row.id,
        status: row.status,
        code: row.code,
        codeHash: row.codeHash,
        steps: done,
        logs: (final?.logs ?? []).map((l) => ({ level: l.level, message: safeText(l.message) })),
        error: final?.error ? { name: final.error.name, message: safeText(final.error.message) } : null,
        durationMs: final?.durationMs ?? null,
        approvalIds: row.approvalIds,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      };
    }),
  };
}
