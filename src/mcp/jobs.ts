import { and, eq, lt, notExists, sql } from 'drizzle-orm';
import type { Orm } from '../platform/db/database.js';
import { mcpOauthClients, mcpOauthCodes, mcpOauthGrants } from '../platform/db/schema.js';
import type { JobDefinition } from '../platform/jobs/runner.js';
import { purgeExpiredTokens } from './auth/tokens.repository.js';
import { purgeExpiredRuns } from './code-mode/runs.repository.js';
import { purgeExpiredCodes } from './oauth/oauth.repository.js';

export const PURGE_MCP_JOB = 'purge-expired-mcp-state';
/** Dynamically registered clients that never obtained a grant are forgotten after this many days. */
export const UNUSED_CLIENT_DAYS = 30;

/** Deletes what can no longer be used: expired tokens and codes, expired paused runs, unused registrations. */
export async function purgeMcpState(orm: Orm): Promise<Record<string, number>> {
  const tokens = await purgeExpiredTokens(orm);
  const codes = await purgeExpiredCodes(orm);
  const runs = await purgeExpiredRuns(orm);
  const clients = await orm
    .delete(mcpOauthClients)
    .where(
      and(
        eq(mcpOauthClients.source, 'dcr'),
        lt(mcpOauthClients.createdAt, sql`now() - make_interval(days => ${UNUSED_CLIENT_DAYS})`),
        notExists(
          orm
            .select({ one: sql`1` })
            .from(mcpOauthGrants)
            .where(eq(mcpOauthGrants.clientId, mcpOauthClients.clientId)),
        ),
        notExists(
          orm
            .select({ one: sql`1` })
            .from(mcpOauthCodes)
            .where(eq(mcpOauthCodes.clientId, mcpOauthClients.clientId)),
        ),
      ),
    )
    .returning({ id: mcpOauthClients.clientId });
  return { tokens, codes, runs, clients: clients.length };
}

export function purgeMcpJob(
  orm: Orm,
  log: { info(o: object, m?: string): void },
): JobDefinition<Record<string, never>, typeof PURGE_MCP_JOB> {
  return {
    name: PURGE_MCP_JOB,
    cron: '17 * * * *',
    retryLimit: 3,
    handler: async () => {
      const purged = await purgeMcpState(orm);
      if (Object.values(purged).some((n) => n > 0)) log.info({ purged }, 'purged expired MCP state');
    },
  };
}
