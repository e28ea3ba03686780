import { Counter, Histogram, type Registry } from 'prom-client';
import { readGauge } from '../metrics.js';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../db/database.js';

/**
 * Outbound webhook metrics (decision 0141): attempts by producer and outcome with their latency, and, read when
 * scraped, the queue: deliveries waiting or being sent, and the age of the oldest.
 */
export class DeliveryMetrics {
  private readonly attempts: Counter<'producer' | 'outcome'>;
  private readonly latency: Histogram<'producer'>;

  constructor(registry: Registry, db: Database) {
    this.attempts = new Counter({
      name: 'switchboard_delivery_attempts_total',
      help: 'Outbound webhook attempts by producer (trigger, approval, …) and outcome: delivered, retry (failed, tried again later), dead (attempts used up)',
      labelNames: ['producer', 'outcome'] as const,
      registers: [registry],
    });
    this.latency = new Histogram({
      name: 'switchboard_delivery_attempt_duration_seconds',
      help: 'How long the receiver took to answer an outbound webhook attempt, by producer',
      labelNames: ['producer'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    const read = async () => {
      const [row] = await queryRows<{ depth: number | string; oldest: Date | string | null }>(
        db.orm,
        sql`SELECT count(*) AS depth, min(created_at) AS oldest FROM webhook_deliveries WHERE status IN ('pending', 'sending')`,
      );
      const oldest = row?.oldest ? new Date(row.oldest).getTime() : null;
      return { depth: Number(row?.depth ?? 0), ageSeconds: oldest === null ? 0 : Math.max(0, (Date.now() - oldest) / 1000) };
    };
    // A scrape collects every gauge at once: the two queue gauges share one read, so they always describe the same
    // moment (read twice, a delivery recorded in between showed an empty queue with an age).
    let reading: ReturnType<typeof read> | null = null;
    const queue = () =>
      (reading ??= read().finally(() => {
        reading = null;
      }));
    readGauge(
      registry,
      {
        name: 'switchboard_delivery_queue_depth',
        help: 'Outbound webhook deliveries waiting for an attempt or being sent',
        labelNames: [],
      },
      async () => [[{}, (await queue()).depth]],
    );
    readGauge(
      registry,
      {
        name: 'switchboard_delivery_queue_oldest_age_seconds',
        help: 'Age of the oldest outbound webhook delivery not yet delivered or dead-lettered (0 when none)',
        labelNames: [],
      },
      async () => [[{}, (await queue()).ageSeconds]],
    );
  }

  attempt(producer: string, outcome: 'delivered' | 'retry' | 'dead', durationMs: number): void {
    this.attempts.inc({ producer, outcome });
    this.latency.observe({ producer }, durationMs / 1000);
  }
}
