import type { Orm } from '../../platform/db/database.js';
import type { JobDefinition } from '../../platform/jobs/runner.js';
import { purgeOldInvitations } from './members.repository.js';

export const PURGE_INVITATIONS_JOB = 'purge-expired-invitations';
/** Expired, accepted and revoked invitations are kept this long for history, then deleted. */
export const INVITATION_RETENTION_DAYS = 30;

export function purgeInvitationsJob(
  orm: Orm,
  log: { info(o: object, m?: string): void },
): JobDefinition<Record<string, never>, typeof PURGE_INVITATIONS_JOB> {
  return {
    name: PURGE_INVITATIONS_JOB,
    cron: '0 * * * *',
    retryLimit: 3,
    handler: async () => {
      const purged = await purgeOldInvitations(orm, INVITATION_RETENTION_DAYS);
      if (purged > 0) log.info({ purged }, 'purged old invitations');
    },
  };
}
