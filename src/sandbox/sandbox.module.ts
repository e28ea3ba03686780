import { defineModule, type Platform } from '../platform/module.js';
import { JsSandboxPool } from './js-pool.js';
import type { Registry } from 'prom-client';
import { readGauge, totalsCounter } from '../platform/metrics.js';

/** QuickJS runs (`code`, Code Mode) on worker threads, never on this event loop (docs/decisions/0110). */
export const sandboxModule = defineModule<Pick<Platform, 'config'> & { metrics: Registry }>()({
  name: 'sandbox',
  build: ({ config, metrics }) => {
    const jsSandbox = new JsSandboxPool({ size: config.jsSandboxWorkers, maxQueue: config.jsSandboxQueue });
    totalsCounter(
      metrics,
      {
        name: 'switchboard_sandbox_runs_total',
        help: 'JavaScript sandbox runs (code, Code Mode) by outcome: ok, TimeoutError, SandboxBusy, MemoryError, …',
        labelNames: ['outcome'] as const,
      },
      () => [...jsSandbox.runOutcomes()].map(([outcome, n]) => [{ outcome }, n]),
    );
    readGauge(
      metrics,
      {
        name: 'switchboard_sandbox_runs',
        help: 'JavaScript sandbox runs now: running on a thread, or queued for one',
        labelNames: ['state'] as const,
      },
      () => {
        const s = jsSandbox.stats();
        return [
          [{ state: 'running' }, s.running],
          [{ state: 'queued' }, s.queued],
        ];
      },
    );
    return { jsSandbox };
  },
  lifecycle: ({ jsSandbox }) => ({ close: () => jsSandbox.close() }),
});
