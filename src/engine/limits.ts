import type { Orm } from '../platform/db/database.js';
import { queryRows } from '../platform/db/database.js';
import { AppError } from '../platform/errors.js';
import { isPlanName, type Plan, type PlanTable } from '../platform/plans.js';
import { sql } from 'drizzle-orm';
import type { InvalidationBus } from '../platform/invalidation.js';
import type { RateLimitState } from './types.js';

interface Lease {
  bucket: number;
  /** Admissions leased and not yet spent. */
  available: number;
  /** The counter value after our last lease (every node's admissions), and the previous window's count. */
  counted: number;
  previous: number;
  inflight: Promise<void> | null;
}

type Counter = 'rate' | 'month';

const MAX_LEASE = 64;

/** UTC year*100+month of a time: the monthly quota's bucket (and an action pack's month). */
export const monthBucket = (ms: number) => {
  const d = new Date(ms);
  return d.getUTCFullYear() * 100 + (d.getUTCMonth() + 1);
};
const monthEnd = (ms: number) => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
};

/** "2026-11" for the bucket 202611. */
export const monthLabel = (bucket: number) => `${Math.floor(bucket / 100)}-${String(bucket % 100).padStart(2, '0')}`;

export interface UsageLimiterDeps {
  orm: Orm;
  plans: PlanTable;
  now?: () => number;
  /** Actions that action packs add to an organization's quota in a month (0122). */
  extraActions?: (orgId: string, month: number) => Promise<number>;
  /** Plan changes and action packs: this node's leases of the organization go back, so the new limit holds at once. */
  bus?: InvalidationBus;
}

/**
 * Per-organization admission: the monthly action quota and the sliding-window rate limit, counted in PostgreSQL
 * (shared by every node) but not written per call. A node leases a few admissions at a time from a counter row
 * with one locked update; calls spend the lease in memory. The database never grants more than the limit, so
 * no node ever over-admits; leases shrink to one admission as the limit nears, and unspent leases are returned
 * on shutdown. See docs/decisions/0019-usage-limits.md.
 */
export class UsageLimiter {
  private readonly leases = new Map<string, Lease>();
  /** Unspent admissions being given back to the shared counters. */
  private readonly returning = new Set<Promise<unknown>>();

  constructor(private readonly deps: UsageLimiterDeps) {
    deps.bus?.subscribe((msg) => {
      if (msg.type === 'action_packs') this.forget(msg.orgId);
      else if (msg.type === 'organization') this.forget(msg.id);
      else if (msg.type === 'all') for (const key of [...this.leases.keys()]) this.forget(key.split(':')[0]!);
    });
  }

  /** The monthly quota this month with action packs (null: unlimited), and its parts. */
  private async monthlyLimit(orgId: string, plan: Plan, month: number) {
    if (plan.actionsPerMonth === null) return { limit: null, planLimit: null, packs: 0 };
    const packs = (await this.deps.extraActions?.(orgId, month)) ?? 0;
    return { limit: plan.actionsPerMonth + packs, planLimit: plan.actionsPerMonth, packs };
  }

  /**
   * Actions admitted this month against the monthly quota: the shared counter, less what this node leased and has
   * not spent (other nodes' unspent leases, at most 64 each, are still counted).
   */
  async usage(orgId: string, planName: string) {
    const plan = this.planOf(planName);
    const month = monthBucket(this.now());
    const { limit, planLimit, packs } = await this.monthlyLimit(orgId, plan, month);
    const [row] = await queryRows<{ count: string | number }>(
      this.deps.orm,
      sql`SELECT count FROM usage_counters WHERE org_id = ${orgId} AND counter = 'month' AND bucket = ${month}`,
    );
    const lease = this.leases.get(`${orgId}:month`);
    const unspent = lease && lease.bucket === month ? lease.available : 0;
    const used = Math.max(0, Number(row?.count ?? 0) - unspent);
    return {
      month: monthLabel(month),
      used,
      planLimit,
      actionPacks: packs,
      limit,
      remaining: limit === null ? null : Math.max(0, limit - used),
    };
  }

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  private planOf(plan: string) {
    return this.deps.plans[isPlanName(plan) ? plan : 'free'];
  }

  /**
   * Admit one action for the organization, or throw 429 RATE_LIMITED (with retryAfter) or 403 QUOTA_EXCEEDED
   * (with current, limit, plan). Returns the rate-limit state for the X-RateLimit-* headers (null: unlimited).
   */
  async admit(orgId: string, planName: string): Promise<RateLimitState | null> {
    const plan = this.planOf(planName);
    let rate: RateLimitState | null = null;
    if (plan.rateLimit) {
      const { requests, windowSeconds } = plan.rateLimit;
      const now = this.now();
      const windowMs = windowSeconds * 1000;
      const bucket = Math.floor(now / windowMs);
      const elapsed = (now - bucket * windowMs) / windowMs;
      const lease = await this.take(orgId, 'rate', bucket, requests, 1 - elapsed, new Date((bucket + 2) * windowMs));
      const used = lease.previous * (1 - elapsed) + (lease.counted - lease.available);
      const resetAt = Math.ceil(((bucket + 1) * windowMs) / 1000);
      if (!lease.granted) {
        const retryAfter = retryAfterSeconds(lease.previous, lease.counted, requests, elapsed, windowSeconds);
        throw new AppError(
          'RATE_LIMITED',
          `The rate limit of ${requests} actions per ${windowSeconds} s is reached; retry in ${retryAfter} s.`,
          {
            retryAfter,
            headers: {
              'Retry-After': retryAfter,
              'X-RateLimit-Limit': requests,
              'X-RateLimit-Remaining': 0,
              'X-RateLimit-Reset': resetAt,
            },
          },
        );
      }
      rate = { limit: requests, remaining: Math.max(0, Math.floor(requests - used)), resetAt };
    }
    if (plan.actionsPerMonth !== null) {
      const now = this.now();
      const month = monthBucket(now);
      const { limit, packs } = await this.monthlyLimit(orgId, plan, month);
      const lease = await this.take(orgId, 'month', month, limit!, 0, new Date(monthEnd(now) + 86_400_000 * 40));
      if (!lease.granted) {
        if (rate) this.refund(orgId, 'rate');
        const current = Math.min(lease.counted, limit!);
        const allows =
          packs > 0
            ? `${limit} actions this month (${plan.actionsPerMonth} + ${packs} from action packs)`
            : `${limit} actions per month`;
        throw new AppError('QUOTA_EXCEEDED', `The ${planName} plan allows ${allows}; this organization has used ${current}.`, {
          current,
          limit,
          plan: planName,
        });
      }
    }
    return rate;
  }

  /** The rate-limit headers' values without admitting anything (null: unlimited). */
  peek(orgId: string, planName: string): RateLimitState | null {
    const plan = this.planOf(planName);
    if (!plan.rateLimit) return null;
    const windowMs = plan.rateLimit.windowSeconds * 1000;
    const bucket = Math.floor(this.now() / windowMs);
    const lease = this.leases.get(`${orgId}:rate`);
    const elapsed = (this.now() - bucket * windowMs) / windowMs;
    const used = lease && lease.bucket === bucket ? lease.previous * (1 - elapsed) + lease.counted - lease.available : 0;
    return {
      limit: plan.rateLimit.requests,
      remaining: Math.max(0, Math.floor(plan.rateLimit.requests - used)),
      resetAt: Math.ceil(((bucket + 1) * windowMs) / 1000),
    };
  }

  /** Spend one leased admission, leasing more (one request per org and counter at a time) when none is left. */
  private async take(orgId: string, counter: Counter, bucket: number, limit: number, previousWeight: number, expiresAt: Date) {
    const key = `${orgId}:${counter}`;
    for (;;) {
      let lease = this.leases.get(key);
      // A new limit (plan change, action pack) keeps the lease: its admissions are in the same counter, and the
      // change's invalidation already gave back what a lower limit must not spend (forget).
      if (!lease || lease.bucket !== bucket) {
        const old = lease;
        const fresh: Lease = { bucket, available: 0, counted: 0, previous: 0, inflight: null };
        this.leases.set(key, fresh);
        // The window (or month) turned: what the old lease did not spend goes back to its counter before the new
        // window leases, or the sliding window would count it as used (a lease taken next waits for this).
        if (old && old.available > 0)
          fresh.inflight = this.giveBack(orgId, counter, old).finally(() => {
            fresh.inflight = null;
          });
        lease = fresh;
      }
      if (lease.available > 0) {
        lease.available--;
        return { granted: true, ...lease };
      }
      if (lease.inflight) {
        await lease.inflight;
        continue;
      }
      const l = lease;
      l.inflight = this.lease(orgId, counter, bucket, limit, previousWeight, expiresAt, l).finally(() => {
        l.inflight = null;
      });
      await l.inflight;
      // Forgotten while its lease was being taken: what it got goes back, and the next turn leases afresh.
      if (this.leases.get(key) !== l) {
        void this.giveBack(orgId, counter, l);
        continue;
      }
      if (l.available > 0) continue;
      return { granted: false, ...l };
    }
  }

  /** One locked update: grant up to MAX_LEASE admissions, never beyond the limit (weighted previous window included). */
  private async lease(
    orgId: string,
    counter: Counter,
    bucket: number,
    limit: number,
    previousWeight: number,
    expiresAt: Date,
    lease: Lease,
  ): Promise<void> {
    if (lease.counted === 0) {
      await this.deps.orm.execute(
        sql`INSERT INTO usage_counters (org_id, counter, bucket, count, expires_at)
            VALUES (${orgId}, ${counter}, ${bucket}, 0, ${expiresAt.toISOString()}::timestamptz)
            ON CONFLICT (org_id, counter, bucket) DO NOTHING`,
      );
    }
    // Lease size: a tenth of what is left (at least one, at most MAX_LEASE), so leases shrink near the limit.
    const [r] = await queryRows<{ after: string | number; prev: string | number; granted: string | number }>(
      this.deps.orm,
      sql`WITH prev AS (
            SELECT coalesce((SELECT count FROM usage_counters WHERE org_id = ${orgId} AND counter = ${counter} AND bucket = ${bucket - 1}), 0)::float8 AS c
          ), cur AS (
            SELECT count FROM usage_counters WHERE org_id = ${orgId} AND counter = ${counter} AND bucket = ${bucket} FOR UPDATE
          ), g AS (
            SELECT prev.c AS prev, greatest(0, least(${MAX_LEASE}::float8, greatest(1, floor(r.left / 10)), floor(r.left)))::bigint AS granted
            FROM prev, cur, LATERAL (SELECT ${limit}::float8 - prev.c * ${previousWeight}::float8 - cur.count AS left) r
          )
          UPDATE usage_counters u SET count = u.count + g.granted FROM g
          WHERE u.org_id = ${orgId} AND u.counter = ${counter} AND u.bucket = ${bucket}
          RETURNING u.count AS after, g.prev AS prev, g.granted AS granted`,
    );
    if (!r) return;
    lease.previous = Number(r.prev);
    lease.available += Number(r.granted);
    lease.counted = Number(r.after);
  }

  /** Give back one admission spent on a call that did not run (rate admitted, quota refused). */
  private refund(orgId: string, counter: Counter): void {
    const lease = this.leases.get(`${orgId}:${counter}`);
    if (lease) lease.available++;
  }

  /** Drop this node's leases of an organization (its limit changed), giving their unspent admissions back. */
  private forget(orgId: string): void {
    for (const counter of ['rate', 'month'] as const) {
      const key = `${orgId}:${counter}`;
      const lease = this.leases.get(key);
      if (!lease) continue;
      this.leases.delete(key);
      void this.giveBack(orgId, counter, lease); // tracked in `returning`
    }
  }

  private giveBack(orgId: string, counter: Counter, lease: Lease): Promise<void> {
    const unspent = lease.available;
    lease.available = 0;
    if (unspent <= 0) return Promise.resolve();
    const done: Promise<void> = this.deps.orm
      .execute(
        sql`UPDATE usage_counters SET count = greatest(0, count - ${unspent}) WHERE org_id = ${orgId} AND counter = ${counter} AND bucket = ${lease.bucket}`,
      )
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => this.returning.delete(done));
    this.returning.add(done);
    return done;
  }

  /** Return unspent leases to the shared counters (shutdown), so other nodes can use them. */
  async close(): Promise<void> {
    for (const key of [...this.leases.keys()]) this.forget(key.split(':')[0]!);
    await Promise.all([...this.returning]);
  }
}

/**
 * Seconds until the sliding-window estimate leaves room for one more call, if no other call is admitted meanwhile.
 * With this window full, that is past its end and then far enough into the next one for this window's count, which
 * becomes the previous one's, to weigh less: previous × (1 − t) + 1 ≤ limit.
 */
function retryAfterSeconds(previous: number, current: number, limit: number, elapsed: number, windowSeconds: number): number {
  let wait: number;
  if (current + 1 > limit) wait = 1 - elapsed + Math.max(0, 1 - (limit - 1) / current);
  else if (previous <= 0) wait = 0;
  // previous * (1 - t) + current + 1 <= limit  →  t >= 1 - (limit - current - 1) / previous
  else wait = 1 - (limit - current - 1) / previous - elapsed;
  return Math.max(1, Math.ceil(wait * windowSeconds));
}
