import { collectDefaultMetrics, Counter, Gauge, Registry, type Metric } from 'prom-client';

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

/** What the registry reads of a metric when /metrics is scraped (prom-client's own metrics give the same shape). */
interface Reading {
  name: string;
  help: string;
  type: 'counter' | 'histogram';
  aggregator: 'sum';
  values: Array<{ labels: Record<string, string | number>; value: number; metricName?: string }>;
}

/**
 * A counter or histogram for the hot path (each HTTP request, each execution): plain numbers per label set, found by
 * the label values, read by the registry only when /metrics is scraped. prom-client's own `inc` and `observe` build
 * and check a label hash on every call; with them, metrics were 6–10 µs of an execute's 105–125 µs of main-thread CPU
 * (docs/performance.md, eighth session). What /metrics prints is the same as for prom-client's Counter and Histogram.
 */
abstract class HotMetric<L extends string, S extends { labels: Record<L, string> }> {
  readonly aggregator = 'sum';
  private readonly series = new Map<string, S>();

  constructor(
    registry: Registry,
    readonly name: string,
    readonly help: string,
    private readonly labelNames: readonly L[],
  ) {
    // The registry takes any object of its metrics' shape (name, help, type, get, reset); its types list only its own.
    registry.registerMetric(this as unknown as Metric);
  }

  /** The series of these label values (in labelNames' order), made on first sight. */
  protected seriesOf(values: readonly string[]): S {
    // A NUL cannot occur in a label value we are given (route patterns, catalog names, fixed sets).
    const key = values.length === 1 ? values[0]! : values.join('\u0000');
    let s = this.series.get(key);
    if (!s) {
      const labels = {} as Record<L, string>;
      this.labelNames.forEach((n, i) => (labels[n] = values[i]!));
      s = this.create(labels);
      this.series.set(key, s);
    }
    return s;
  }

  protected abstract create(labels: Record<L, string>): S;
  protected abstract readings(s: S): Reading['values'];
  abstract readonly type: Reading['type'];

  get(): Promise<Reading> {
    const values = [...this.series.values()].flatMap((s) => this.readings(s));
    return Promise.resolve({ name: this.name, help: this.help, type: this.type, aggregator: this.aggregator, values });
  }

  reset(): void {
    this.series.clear();
  }
}

/** A counter of the hot path (see HotMetric). */
export class HotCounter<L extends string> extends HotMetric<L, { labels: Record<L, string>; value: number }> {
  readonly type = 'counter';

  inc(...values: string[]): void {
    this.seriesOf(values).value++;
  }

  protected create(labels: Record<L, string>) {
    return { labels, value: 0 };
  }

  protected readings(s: { labels: Record<L, string>; value: number }) {
    return [{ labels: s.labels, value: s.value }];
  }
}

interface HistogramSeries<L extends string> {
  labels: Record<L, string>;
  /** Observations per bucket (not cumulative), in the order of the upper bounds. */
  buckets: number[];
  sum: number;
  count: number;
}

/** A histogram of the hot path (see HotMetric): upper bounds in seconds, ascending, as prom-client's `buckets`. */
export class HotHistogram<L extends string> extends HotMetric<L, HistogramSeries<L>> {
  readonly type = 'histogram';

  constructor(
    registry: Registry,
    name: string,
    help: string,
    labelNames: readonly L[],
    private readonly bounds: readonly number[],
  ) {
    super(registry, name, help, labelNames);
  }

  observe(value: number, ...values: string[]): void {
    const s = this.seriesOf(values);
    for (let i = 0; i < this.bounds.length; i++)
      if (value <= this.bounds[i]!) {
        s.buckets[i]!++;
        break;
      }
    s.sum += value;
    s.count++;
  }

  protected create(labels: Record<L, string>): HistogramSeries<L> {
    return { labels, buckets: this.bounds.map(() => 0), sum: 0, count: 0 };
  }

  protected readings(s: HistogramSeries<L>): Reading['values'] {
    const bucket = `${this.name}_bucket`;
    let seen = 0;
    return [
      ...this.bounds.map((le, i) => ({ labels: { le, ...s.labels }, value: (seen += s.buckets[i]!), metricName: bucket })),
      { labels: { le: '+Inf', ...s.labels }, value: s.count, metricName: bucket },
      { labels: s.labels, value: s.sum, metricName: `${this.name}_sum` },
      { labels: s.labels, value: s.count, metricName: `${this.name}_count` },
    ];
  }
}
