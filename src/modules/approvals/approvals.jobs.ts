import type { JobDefinition } from '../../platform/jobs/runner.js';
import type { ApprovalsService } from './approvals.service.js';

export const EXPIRE_APPROVALS_JOB = 'approvals-expire';

/** Every minute: pending requests past expiresAt end (expired, or rejected with reason timeout). Idempotent. */
export function expireApprovalsJob(
  approvals: ApprovalsService,
  log: { info(o: object, m?: string): void },
): JobDefinition<Record<string, never>, typeof EXPIRE_APPROVALS_JOB> {
  return {
    name: EXPIRE_APPROVALS_JOB,
    cron: '* * * * *',
    retryLimit: 3,
    expireInSeconds: 120,
    handler: async () => {
      const ended = await approvals.expireDue();
      if (ended > 0) log.info({ ended }, 'approval requests timed out');
    },
  };
}
