import * as repo from './delivery.repository.js';
import { DELIVERY_HEADERS_PURPOSE } from './delivery.repository.js';
import type { DeliveryDeps } from './delivery.js';
import { postJson } from './sender.js';
import { retryDelayMs } from './schedule.js';
import { signatureHeader } from './signing.js';

/** Lease of a claimed attempt: long enough to send and record it; a node that dies frees it when it lapses. */
export const leaseMs = (timeoutMs: number): number => 2 * timeoutMs + 5_000;

/**
 * One node's sender: claims due deliveries (woken by NOTIFY on enqueue, and every SWITCHBOARD_DELIVERY_POLL_MS), at
 * most SWITCHBOARD_DELIVERY_CONCURRENCY at a time, POSTs each through the egress guard, and records the attempt: a 2xx
 * delivers, anything else schedules the next attempt or dead-letters. Also recovers deliveries whose node died.
 */
export class DeliveryDispatcher {
  private running = false;
  private ticking = false;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private lastRecovery = 0;
  private readonly inflight = new Set<Promise<void>>();

  constructor(private readonly deps: DeliveryDeps) {}

  private get leaseMs(): number {
    return leaseMs(this.deps.config.timeoutMs);
  }

  /** Starts claiming and sending on this node. */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.unlisten = await this.deps.db.listen(repo.NOTIFY_CHANNEL, () => this.kick());
    this.timer = setInterval(() => this.kick(), this.deps.config.pollMs);
    this.kick();
  }

  /** Stops claiming, then waits for this node's attempts in flight (each bounded by the attempt timeout). */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.unlisten?.().catch(() => undefined);
    this.unlisten = null;
    while (this.ticking || this.inflight.size > 0) {
      await Promise.allSettled([...this.inflight]);
      if (this.ticking) await new Promise((r) => setTimeout(r, 10));
    }
  }

  private kick(): void {
    if (!this.running) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    this.ticking = true;
    void this.tick().finally(() => {
      this.ticking = false;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
  }

  private async tick(): Promise<void> {
    const orm = this.deps.db.orm;
    try {
      if (Date.now() - this.lastRecovery >= this.deps.config.pollMs) {
        this.lastRecovery = Date.now();
        const recovered = await repo.recoverExpired(orm, this.leaseMs);
        if (recovered > 0) this.deps.log.warn({ recovered }, 'webhook deliveries recovered from expired leases');
      }
      const free = this.deps.config.concurrency - this.inflight.size;
      if (free <= 0 || !this.running) return;
      const claimed = await repo.claimDue(orm, free, this.leaseMs);
      for (const c of claimed) {
        const p: Promise<void> = this.attempt(c)
          .catch((err: unknown) => this.deps.log.error({ err: { message: (err as Error).message }, deliveryId: c.id }, 'recording a delivery attempt failed'))
          .finally(() => {
            this.inflight.delete(p);
            this.kick();
          });
        this.inflight.add(p);
      }
      if (claimed.length === free) this.again = true;
    } catch (err) {
      if (this.running) this.deps.log.error({ err: { message: (err as Error).message } }, 'delivery dispatcher tick failed');
    }
  }

  private async attempt(c: repo.Claimed): Promise<void> {
    const { config } = this.deps;
    let outcome: repo.AttemptOutcome;
    try {
      const own = this.deps.secrets.open<Record<string, string>>(DELIVERY_HEADERS_PURPOSE, c.id, c.headers);
      const headers: Record<string, string> = {
        ...own,
        'content-type': 'application/json',
        'user-agent': 'Switchboard-Webhooks/1.0',
        'x-service-delivery': c.id,
        'x-service-attempt': String(c.attempt),
      };
      if (c.sign) {
        const keys = await this.deps.signing.keysFor(c.orgId);
        if (keys.length > 0) {
          const t = Math.floor(Date.now() / 1000);
          headers['x-service-timestamp'] = String(t);
          headers['x-service-signature'] = signatureHeader(keys, t, c.body);
        }
      }
      outcome = await postJson(this.deps.egress.dispatcher(), c.url, headers, c.body, config.timeoutMs);
    } catch (err) {
      outcome = { statusCode: null, error: `could not prepare the request: ${(err as Error).message}`.slice(0, 500), durationMs: 0 };
    }
    const ok = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
    const next = ok
      ? { status: 'delivered' as const, retryInMs: 0 }
      : c.roundAttempts >= c.maxAttempts
        ? { status: 'dead' as const, retryInMs: 0 }
        : { status: 'pending' as const, retryInMs: retryDelayMs(config.retrySchedule, c.roundAttempts) };
    await repo.finishAttempt(this.deps.db.orm, c, outcome, next);
    if (next.status === 'dead') this.deps.log.warn({ deliveryId: c.id, attempts: c.attempt }, 'webhook delivery dead-lettered');
  }
}
