import type { Orm } from '../platform/db/database.js';
import { queryRows } from '../platform/db/database.js';
import { AppError } from '../platform/errors.js';
import { isPlanName, type PlanTable } from '../platform/plans.js';
import { sql } from 'drizzle-orm';
import type { RateLimitState } from './types.js';

/**
 * Per-organization admission: the monthly action quota and the sliding-window rate limit, counted in PostgreSQL
 * (shared by every node) but not written per call. A node leases a few admissions at a time from a counter row
 * with one locked update; calls spend the lease in memory. The database never grants more than the limit, so
 * no node ever over-admits; leases shrink to one admission as the limit nears, and unspent leases are returned
 * on shutdown. See docs/decisions/0019-usage-limits.md.
 */

interface Lease {
  bucket: number;
  /** Admissions leased and not yet spent. */
  available: number;
  /** The counter value after our last lease (every node's admissions), and the previous window's count. */
  counted: number;
  previous: number;
  /** The limit the lease was taken under. */
  limit: number;
  inflight: Promise<void> | null;
}

type Counter = 'rate' | 'month';

const MAX_LEASE = 64;

/** UTC year*100+month of a time: the monthly quota's bucket. */
const monthBucket = (ms: number) => {
  const d = new Date(ms);
  return d.getUTCFullYear() * 100 + (d.getUTCMonth() + 1);
};
const monthEnd = (ms: number) => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
};

export class UsageLimiter {
  private readonly leases = new Map<string, Lease>();

  constructor(private readonly deps: { orm: Orm; plans: PlanTable; now?: () => number }) {}

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
      const lease = await this.take(
        orgId,
        'month',
        monthBucket(now),
        plan.actionsPerMonth,
        0,
        new Date(monthEnd(now) + 86_400_000 * 40),
      );
      if (!lease.granted) {
        if (rate) this.refund(orgId, 'rate');
        const current = Math.min(lease.counted, plan.actionsPerMonth);
        throw new AppError(
          'QUOTA_EXCEEDED',
          `The ${planName} plan allows ${plan.actionsPerMonth} actions per month; this organization has used ${current}.`,
          {
            current,
            limit: plan.actionsPerMonth,
            plan: planName,
          },
        );
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
      if (!lease || lease.bucket !== bucket || lease.limit !== limit) {
        lease = { bucket, available: 0, counted: 0, previous: 0, limit, inflight: null };
        this.leases.set(key, lease);
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

  /** Return unspent leases to the shared counters (shutdown), so other nodes can use them. */
  async close(): Promise<void> {
    const entries = [...this.leases.entries()];
    this.leases.clear();
    for (const [key, lease] of entries) {
      if (lease.available <= 0) continue;
      const [orgId, counter] = key.split(':');
      await this.deps.orm
        .execute(
          sql`UPDATE usage_counters SET count = greatest(0, count - ${lease.available}) WHERE org_id = ${orgId} AND counter = ${counter} AND bucket = ${lease.bucket}`,
        )
        .catch(() => undefined);
    }
  }
}

/** Seconds until the sliding-window estimate leaves room for one more call. */
function retryAfterSeconds(previous: number, current: number, limit: number, elapsed: number, windowSeconds: number): number {
  if (current + 1 > limit) return Math.max(1, Math.ceil((1 - elapsed) * windowSeconds));
  if (previous <= 0) return 1;
  // previous * (1 - t) + current + 1 <= limit  →  t >= 1 - (limit - current - 1) / previous
  const t = 1 - (limit - current - 1) / previous;
  return Math.max(1, Math.ceil((t - elapsed) * windowSeconds));
}
