import type { Orm } from '../../platform/db/database.js';
import type { JobDefinition } from '../../platform/jobs/runner.js';
import { purgeExpired } from './connect.repository.js';
import type { OAuthRefresher } from './refresher.js';

export const REFRESH_JOB = 'oauth-refresh-expiring';
export const PURGE_SESSIONS_JOB = 'purge-connect-sessions';
/** Expired sessions and portal tokens are kept this long (support, audit), then deleted. */
const RETENTION_DAYS = 7;

/**
 * Every minute, renew OAuth2 access tokens that expire within the look-ahead, so actions rarely wait for a
 * refresh. pg-boss runs each tick once across all nodes; the refresher's lock keeps it from racing on-use refreshes.
 */
export function connectJobs(deps: {
  orm: Orm;
  refresher: OAuthRefresher;
  aheadSeconds: number;
  log: { info(o: object, m?: string): void };
}): JobDefinition<Record<string, never>, typeof REFRESH_JOB | typeof PURGE_SESSIONS_JOB>[] {
  return [
    {
      name: REFRESH_JOB,
      cron: '* * * * *',
      retryLimit: 0,
      expireInSeconds: 600,
      handler: async () => {
        const { refreshed, failed } = await deps.refresher.renewExpiring(deps.aheadSeconds);
        if (refreshed || failed) deps.log.info({ refreshed, failed }, 'oauth refresh run');
      },
    },
    {
      name: PURGE_SESSIONS_JOB,
      cron: '41 * * * *',
      retryLimit: 3,
      handler: async () => {
        const purged = await purgeExpired(deps.orm, RETENTION_DAYS);
        if (purged) deps.log.info({ purged }, 'purged expired connect sessions and portal tokens');
      },
    },
  ];
}
