import type { FastifyInstance, FastifyRequest } from 'fastify';
import { context, extractContext, flushTracing, SpanKind, SpanStatusCode, trace, tracer, tracingOn } from '../tracing.js';
import type { Span } from '@opentelemetry/api';

/**
 * One server span per request when tracing is on (0142): it continues the caller's W3C trace (traceparent) and is
 * the active span for everything the request does, so the engine's, the gate's and the upstream calls' spans are
 * its children. Named by method and route pattern (never the raw URL).
 */
export function registerRequestTracing(app: FastifyInstance): void {
  if (!tracingOn()) return;
  const spans = new WeakMap<FastifyRequest, Span>();
  app.addHook('onRequest', (req, _reply, done) => {
    const parent = extractContext(req.headers);
    const span = tracer.startSpan(
      req.method,
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': req.method } },
      parent,
    );
    spans.set(req, span);
    context.with(trace.setSpan(parent, span), done);
  });
  app.addHook('onResponse', async (req, reply) => {
    const span = spans.get(req);
    if (!span) return;
    const route = req.routeOptions.url;
    if (route) {
      span.updateName(`${req.method} ${route}`);
      span.setAttribute('http.route', route);
    }
    span.setAttribute('http.response.status_code', reply.statusCode);
    if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  });
  app.addHook('onClose', async () => flushTracing());
}
