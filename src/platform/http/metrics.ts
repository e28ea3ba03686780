import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, type Registry } from 'prom-client';
import { processFaults } from '../process-faults.js';
import { operator } from './route-access.js';
import { totalsCounter } from '../metrics.js';

/**
 * Prometheus metrics at GET /metrics (operator token): the registry the modules fill (src/platform/metrics.ts) plus,
 * per route pattern, request counts and durations. Labels use the route pattern, never the raw URL, so ids and
 * tokens cannot leak into them.
 */
export function registerMetrics(app: FastifyInstance, registry: Registry): Registry {
  const requests = new Counter({
    name: 'switchboard_http_requests_total',
    help: 'HTTP requests by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'switchboard_http_request_duration_seconds',
    help: 'HTTP request duration by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  totalsCounter(
    registry,
    {
      name: 'switchboard_process_faults_total',
      help: 'Uncaught exceptions and unhandled rejections the process survived (0107); each is logged',
      labelNames: ['kind'] as const,
    },
    () => Object.entries(processFaults()).map(([kind, n]) => [{ kind }, n]),
  );
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    requests.inc({ method: req.method, route, status: String(reply.statusCode) });
    duration.observe({ method: req.method, route }, reply.elapsedTime / 1000);
  });
  app.get('/metrics', { config: { access: operator() }, schema: { hide: true } }, async (_req, reply) => {
    void reply.type(registry.contentType);
    return registry.metrics();
  });
  return registry;
}
