import type { Orm } from '../../platform/db/database.js';
import type { SecretBox } from '../../platform/secrets.js';
import { looksSecret, REDACTED } from '../../modules/approvals/redact.js';
import { callName, openState } from './run-state.js';
import * as runs from './runs.repository.js';

const MAX_LOG = 2000;
const MAX_CODE = 200_000;

/**
 * Text as the recent runs show it: what looks like a credential (a whole line, a word between spaces or quotes, an
 * "Authorization"-style scheme and its value) becomes [REDACTED]; long text is cut.
 */
export function safeText(text: string, max = MAX_LOG): string {
  if (looksSecret(text)) return REDACTED;
  const out = text
    .replace(/\b(bearer|basic|token)(\s+)[\w.~+/=-]{16,}/gi, `$1$2${REDACTED}`)
    .replace(/[^\s'"`]+/g, (word) => (looksSecret(word) ? REDACTED : word));
  return out.length > max ? `${out.slice(0, max)}…` : out;
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
      type Step = { index: number; tool: string; status: string; durationMs: number };
      const ran = Object.entries(state.steps).map(([index, s]): Step => ({
        index: Number(index),
        tool: callName(s.alias, s.action),
        status: s.status,
        durationMs: s.durationMs,
      }));
      const waiting = state.pending.map((p): Step => ({
        index: p.index,
        tool: callName(p.alias, p.action),
        status: 'approval_required',
        durationMs: 0,
      }));
      const done = [...ran, ...waiting].sort((a, b) => a.index - b.index);
      const final = state.final?.structuredContent;
      return {
        id: row.id,
        status: row.status,
        code: safeText(row.code, MAX_CODE),
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
