import type { Executor, Orm } from '../../platform/db/database.js';
import { ConfigCache } from '../../platform/cache.js';
import { AppError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { InvalidationBus } from '../../platform/invalidation.js';
import { isPlanName, type PlanTable, type QuotaResource } from '../../platform/plans.js';
import { monthBucket, monthLabel, type UsageLimiter } from '../../engine/limits.js';
import { findOrganization, lockOrganization } from '../../platform/org-status.js';
import * as repo from './action-packs.repository.js';
import type { AddActionPacksInput } from './action-packs.schemas.js';

/**
 * Action packs: extra actions on an organization's monthly quota, added by the operator for the current month or
 * for every month (0122). The limiter reads the month's total through `actionsIn` (cached per node, evicted on every
 * node when packs change, which also gives back the node's leases so a smaller limit holds at once).
 */
export class ActionPacksService {
  private readonly cache = new ConfigCache<number>({ ttlMs: 60_000, maxEntries: 10_000 });

  constructor(private readonly deps: { orm: Orm; plans: PlanTable; bus: InvalidationBus; now?: () => number }) {
    deps.bus.subscribe((msg) => {
      if (msg.type === 'action_packs') this.cache.invalidateTag(`org:${msg.orgId}`);
      else if (msg.type === 'all') this.cache.clear();
    });
  }

  private month(): number {
    return monthBucket(this.deps.now?.() ?? Date.now());
  }

  private view(row: repo.ActionPackRow, month = this.month()) {
    return {
      id: row.id,
      organizationId: row.orgId,
      packs: row.packs,
      actions: row.actions,
      recurring: row.recurring,
      firstMonth: monthLabel(row.firstMonth),
      appliesThisMonth: row.firstMonth === month || (row.recurring && row.firstMonth < month),
      createdAt: row.createdAt.toISOString(),
    };
  }

  /** Actions packs add to the organization's quota in the month (year*100+month). */
  actionsIn(orgId: string, month: number): Promise<number> {
    return this.cache.get(`${orgId}:${month}`, [`org:${orgId}`], () => repo.actionsIn(this.deps.orm, orgId, month));
  }

  async add(orgId: string, input: AddActionPacksInput) {
    if ((input.count === undefined) === (input.actions === undefined)) {
      throw new AppError('VALIDATION_ERROR', 'Give count (packs of the plan size) or actions, not both.');
    }
    const row = await this.deps.orm.transaction(async (t) => {
      const tx = t as unknown as Executor;
      const org = await lockOrganization(tx, orgId);
      if (!org) throw new AppError('NOT_FOUND', 'Organization not found.');
      const size = this.deps.plans[isPlanName(org.plan) ? org.plan : 'free'].actionPackSize;
      return repo.insertPack(tx, {
        id: newId(),
        orgId,
        packs: input.count ?? null,
        actions: input.actions ?? input.count! * size,
        recurring: input.recurring,
        firstMonth: this.month(),
      });
    });
    await this.deps.bus.publish({ type: 'action_packs', orgId });
    return this.view(row);
  }

  async list(orgId: string) {
    await this.requireOrganization(orgId);
    const rows = await repo.listPacks(this.deps.orm, orgId);
    return { actionPacks: rows.map((r) => this.view(r)), total: rows.length };
  }

  /** Deletes a pack at once: it no longer counts, this month included. */
  async remove(orgId: string, id: string) {
    await this.requireOrganization(orgId);
    if (!(await repo.deletePack(this.deps.orm, orgId, id))) throw new AppError('NOT_FOUND', 'Action pack not found.');
    await this.deps.bus.publish({ type: 'action_packs', orgId });
    return { deleted: true as const, id };
  }

  /** The organization's actions this month against its quota with packs. */
  async usage(orgId: string, limits: UsageLimiter) {
    const org = await this.requireOrganization(orgId);
    const { month, ...actions } = await limits.usage(orgId, org.plan);
    return { usage: { month, plan: org.plan, actions } };
  }

  /**
   * The organization's own usage page: actions this month, the rate limit, and each limited object kind counted by
   * the module that owns it (`counters`), against the plan. On an unlimited plan `used` is what ran this month.
   */
  async overview(
    orgId: string,
    limits: UsageLimiter,
    counters: Record<QuotaResource, (orgId: string) => Promise<number>>,
    ranSince: (orgId: string, since: Date) => Promise<number>,
  ) {
    const { usage } = await this.usage(orgId, limits);
    // Nothing limits an unlimited plan, so its admissions are not counted: the activity log says what ran this month.
    if (usage.actions.limit === null) usage.actions.used = await ranSince(orgId, new Date(`${usage.month}-01T00:00:00Z`));
    const plan = this.deps.plans[isPlanName(usage.plan) ? usage.plan : 'free'];
    const kinds = Object.keys(counters) as QuotaResource[];
    const counts = await Promise.all(kinds.map((k) => counters[k](orgId)));
    const objects = Object.fromEntries(kinds.map((k, i) => [k, { count: counts[i] ?? 0, limit: plan[k] }])) as Record<
      QuotaResource,
      { count: number; limit: number | null }
    >;
    return { usage: { ...usage, rateLimit: plan.rateLimit, objects } };
  }

  private async requireOrganization(orgId: string) {
    const org = await findOrganization(this.deps.orm, orgId);
    if (!org) throw new AppError('NOT_FOUND', 'Organization not found.');
    return org;
  }
}
