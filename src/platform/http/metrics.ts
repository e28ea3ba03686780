import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import { processFaults } from '../process-faults.js';
import { operator } from './route-access.js';
import { HotCounter, HotHistogram, totalsCounter } from '../metrics.js';

/**
 * Prometheus metrics at GET /metrics (operator token): the registry the modules fill (src/platform/metrics.ts) plus,
 * per route pattern, request counts and durations. Labels use the route pattern, never the raw URL, so ids and
 * tokens cannot leak into them.
 */
export function registerMetrics(app: FastifyInstance, registry: Registry): Registry {
  const requests = new HotCounter(
    registry,
    'switchboard_http_requests_total',
    'HTTP requests by method, route pattern and status',
    ['method', 'route', 'status'],
  );
  const duration = new HotHistogram(
    registry,
    'switchboard_http_request_duration_seconds',
    'HTTP request duration by method and route pattern',
    ['method', 'route'],
    [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  );
  totalsCounter(
    registry,
    {
      name: 'switchboard_process_faults_total',
      help: 'Uncaught exceptions and unhandled rejections the process survived (0107); each is logged',
      labelNames: ['kind'] as const,
    },
    () => Object.entries(processFaults()).map(([kind, n]) => [{ kind }, n]),
  );
  // A callback hook: an async one costs a promise and a turn per request, for work that never waits.
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    requests.inc(req.method, route, String(reply.statusCode));
    duration.observe(reply.elapsedTime / 1000, req.method, route);
    done();
  });
  app.get('/metrics', { config: { access: operator() }, schema: { hide: true } }, async (_req, reply) => {
    void reply.type(registry.contentType);
    return registry.metrics();
  });
  return registry;
}
