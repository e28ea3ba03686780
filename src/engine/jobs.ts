import { sql } from 'drizzle-orm';
import type { Orm } from '../platform/db/database.js';
import type { JobDefinition } from '../platform/jobs/runner.js';
import type { IdempotencyStore } from './idempotency.js';

/** Housekeeping of the engine's own tables: expired idempotency keys and finished usage windows. */
export function engineJobs(
  orm: Orm,
  idempotency: IdempotencyStore,
  log: { info(o: object, m?: string): void },
): JobDefinition<Record<string, never>, 'purge-engine-state'>[] {
  return [
    {
      name: 'purge-engine-state',
      cron: '17 * * * *',
      retryLimit: 3,
      handler: async () => {
        const keys = await idempotency.purge();
        const rows = await orm.execute(sql`DELETE FROM usage_counters WHERE expires_at < now()`);
        const counters =
          (rows as { rowCount?: number; affectedRows?: number }).rowCount ??
          (rows as { affectedRows?: number }).affectedRows ??
          0;
        if (keys || counters) log.info({ idempotencyKeys: keys, usageCounters: counters }, 'purged expired engine state');
      },
    },
  ];
}
