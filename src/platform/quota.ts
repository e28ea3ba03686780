import { eq } from 'drizzle-orm';
import type { Executor, Orm } from './db/database.js';
import { organizations } from './db/schema.js';
import { AppError } from './errors.js';
import { isPlanName, type PlanName, type PlanTable, type QuotaResource } from './plans.js';

const RESOURCE_LABEL: Record<QuotaResource, string> = {
  apiKeys: 'API keys',
  members: 'members',
  workspaces: 'workspaces',
  mcpServers: 'MCP servers',
  connections: 'connections',
};

/**
 * Create an object only while the organization is under its plan limit. The organization row is locked
 * for the transaction, so concurrent creates are admitted one at a time and never over the limit.
 */
export async function createWithinQuota<T>(
  orm: Orm,
  plans: PlanTable,
  orgId: string,
  resource: QuotaResource,
  count: (tx: Executor) => Promise<number>,
  create: (tx: Executor) => Promise<T>,
): Promise<T> {
  return orm.transaction(async (tx) => {
    const [org] = await tx
      .select({ plan: organizations.plan })
      .from(organizations)
      .where(eq(organizations.id, orgId))
      .for('update');
    const planName = org?.plan;
    if (!planName) throw new AppError('NOT_FOUND', 'Organization not found.');
    const plan: PlanName = isPlanName(planName) ? planName : 'free';
    const limit = plans[plan][resource];
    if (limit !== null) {
      const current = await count(tx);
      if (current >= limit) {
        throw new AppError(
          'QUOTA_EXCEEDED',
          `The ${plan} plan allows ${limit} ${RESOURCE_LABEL[resource]}; this organization has ${current}.`,
          { current, limit, plan },
        );
      }
    }
    return create(tx);
  });
}
