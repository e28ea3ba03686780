import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';

/**
 * The app's Prometheus registry, served at GET /metrics (operator token; src/platform/http/metrics.ts). Modules
 * register their own metrics on it where the events happen (engine, delivery, pieces, sandbox, connections); labels
 * are names from the catalog and fixed sets (status, source), never ids, inputs or URLs. Decision 0141.
 */
export function createMetricsRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'switchboard_' });
  return registry;
}

type Labels<L extends string> = Partial<Record<L, string>>;
type Readings<L extends string> = Array<[Labels<L>, number]>;

/** A counter whose values are running totals kept by the component itself, read when /metrics is scraped. */
export function totalsCounter<L extends string>(
  registry: Registry,
  opts: { name: string; help: string; labelNames: readonly L[] },
  read: () => Readings<L>,
): void {
  new Counter({
    ...opts,
    registers: [registry],
    collect() {
      this.reset();
      for (const [labels, n] of read()) if (n > 0) this.inc(labels, n);
    },
  });
}

/** A gauge read when /metrics is scraped (a pool's size, a count from the database). */
export function readGauge<L extends string>(
  registry: Registry,
  opts: { name: string; help: string; labelNames: readonly L[] },
  read: () => Readings<L> | Promise<Readings<L>>,
): void {
  new Gauge({
    ...opts,
    registers: [registry],
    async collect() {
      this.reset();
      for (const [labels, n] of await read()) this.set(labels, n);
    },
  });
}
