import { sql } from 'drizzle-orm';
import type { Executor } from './db/database.js';
import type { Plan } from './plans.js';

/**
 * Tables whose rows a plan limits and which are suspended (not deleted) when a downgrade leaves more than the
 * limit: the newest beyond the limit are suspended and come back when the plan allows them again.
 * Later modules (MCP servers, connections) add their table here.
 */
const SUSPENDABLE: Array<{ table: string; limit: keyof Pick<Plan, 'workspaces' | 'mcpServers' | 'connections'> }> = [
  { table: 'workspaces', limit: 'workspaces' },
  { table: 'connections', limit: 'connections' },
];

export function registerSuspendable(table: string, limit: 'workspaces' | 'mcpServers' | 'connections'): void {
  if (!/^[a-z_]+$/.test(table)) throw new Error('bad table name');
  if (!SUSPENDABLE.some((s) => s.table === table)) SUSPENDABLE.push({ table, limit });
}

export async function applyPlanLimits(db: Executor, orgId: string, plan: Plan): Promise<void> {
  for (const { table, limit } of SUSPENDABLE) {
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
