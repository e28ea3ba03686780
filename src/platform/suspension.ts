import { sql } from 'drizzle-orm';
import type { Executor } from './db/database.js';
import type { Plan } from './plans.js';

/**
 * A table whose rows a plan limits and which are suspended (not deleted) when a downgrade leaves more than the
 * limit: the newest beyond the limit are suspended and come back when the plan allows them again. Modules declare
 * theirs (`suspendable` in their module file); the composition hands the list to whoever applies the limits.
 */
export interface Suspendable {
  table: string;
  limit: keyof Pick<Plan, 'workspaces' | 'mcpServers' | 'connections'>;
}

export async function applyPlanLimits(db: Executor, orgId: string, plan: Plan, tables: readonly Suspendable[]): Promise<void> {
  for (const { table, limit } of tables) {
    if (!/^[a-z_]+$/.test(table)) throw new Error('bad table name');
    const max = plan[limit];
    const t = sql.identifier(table);
    if (max === null) {
      await db.execute(sql`UPDATE ${t} SET suspended = false WHERE org_id = ${orgId} AND suspended`);
      continue;
    }
    await db.execute(sql`UPDATE ${t} AS x SET suspended = (r.rn > ${max})
      FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS rn FROM ${t} WHERE org_id = ${orgId}) AS r
      WHERE x.id = r.id AND x.suspended IS DISTINCT FROM (r.rn > ${max})`);
  }
}
