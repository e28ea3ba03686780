/**
 * OpenTelemetry traces (decision 0142). Off unless an OTLP endpoint is configured: then one tracer provider for the
 * process (the API's globals), AsyncLocalStorage context and W3C trace context. Code everywhere uses `tracer` and
 * `inSpan`; with tracing off they are the API's no-op and cost next to nothing.
 *
 * Attributes are names and ids (integration, action, source, workspace, status codes, hosts): never inputs, outputs,
 * credentials, headers, bodies or query strings.
 */
import {
  INVALID_SPAN_CONTEXT,
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import type { Dispatcher } from 'undici';
import type { Config } from '../config.js';

export const tracer = trace.getTracer('switchboard');

let provider: TracerProvider | null = null;
/** What `inSpan` hands its function with tracing off: one shared span that records nothing. */
const NO_SPAN = trace.wrapSpanContext(INVALID_SPAN_CONTEXT);

/** Start tracing for this process when configured; later calls (more apps in one process) reuse the first. */
export function startTracing(config: Config['tracing']): void {
  if (!config || provider) return;
  provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': config.serviceName }),
    spanProcessors: [
      new BatchSpanProcessor({
        exporter: new OTLPTraceExporter({ url: config.endpoint }),
        scheduledDelayMillis: config.scheduleDelayMs,
      }),
    ],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
}

/** Export what is buffered (before shutdown). */
export async function flushTracing(): Promise<void> {
  await provider?.forceFlush();
}

export const tracingOn = (): boolean => provider !== null;

/** The trace id of the current span when tracing is on, else null (activity rows and error bodies carry it). */
export function currentTraceId(): string | null {
  const ctx = trace.getActiveSpan()?.spanContext();
  return ctx && ctx.traceFlags & 1 ? ctx.traceId : null;
}

/**
 * Run `fn` in a child span of the current one; the span ends when `fn` settles, marked as an error when it throws.
 * With tracing off, `fn` simply runs.
 */
export function inSpan<T>(name: string, attributes: Attributes, fn: (span: Span) => Promise<T>): Promise<T> {
  if (!provider) return fn(NO_SPAN);
  return tracer.startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await fn(span);
    } catch (err) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: (err as { code?: string }).code ?? 'error' });
      throw err;
    } finally {
      span.end();
    }
  });
}

/**
 * Run `fn` in a span that continues the trace carried in `headers` (a queued delivery's stored `traceparent`), as a
 * child of the span that queued it. Without tracing, or without a trace context to continue, `fn` runs with a span
 * that records nothing.
 */
export function inSpanFrom<T>(
  headers: Record<string, string>,
  name: string,
  attributes: Attributes,
  fn: (span: Span) => Promise<T>,
): Promise<T> {
  if (!provider || !headers.traceparent) return fn(NO_SPAN);
  return context.with(propagation.extract(ROOT_CONTEXT, headers), () => inSpan(name, attributes, fn));
}

/**
 * A client span under `parent` for an HTTP request made elsewhere and reported here with its times (a piece worker's:
 * src/integrations/pieces/worker-tracing.ts). Nothing when `parent` records nothing.
 */
export function recordClientSpan(
  parent: Span,
  r: { method: string; host: string; status: number | null; failed: boolean; startTime: number; endTime: number },
): void {
  if (!provider || !parent.isRecording()) return;
  const span = tracer.startSpan(
    r.method,
    {
      kind: SpanKind.CLIENT,
      startTime: r.startTime,
      attributes: { 'http.request.method': r.method, 'server.address': r.host },
    },
    trace.setSpan(ROOT_CONTEXT, parent),
  );
  if (r.status !== null) span.setAttribute('http.response.status_code', r.status);
  if (r.failed) span.setStatus({ code: SpanStatusCode.ERROR });
  span.end(r.endTime);
}

/** Run `fn` in a span that starts a trace of its own (work no request started: a scheduled poll). */
export function inRootSpan<T>(name: string, attributes: Attributes, fn: (span: Span) => Promise<T>): Promise<T> {
  if (!provider) return fn(NO_SPAN);
  return context.with(ROOT_CONTEXT, () => inSpan(name, attributes, fn));
}

/** The incoming W3C trace context of a request (traceparent, tracestate), or the root context. */
export function extractContext(headers: Record<string, unknown>): Context {
  return provider ? propagation.extract(ROOT_CONTEXT, headers) : ROOT_CONTEXT;
}

/** The current trace context as headers to send on (traceparent, tracestate); empty when there is none. */
export function traceHeaders(): Record<string, string> {
  const carrier: Record<string, string> = {};
  if (provider) propagation.inject(context.active(), carrier);
  return carrier;
}

export { context, SpanKind, SpanStatusCode, trace };
export type { Span };

type Interceptor = Dispatcher.DispatcherComposeInterceptor;
type HeaderList = NonNullable<Dispatcher.DispatchOptions['headers']>;

/** `headers` (any of undici's shapes) with the current trace context added, unless the caller set its own. */
function withTraceHeaders(headers: HeaderList | undefined, extra: Record<string, string>): HeaderList | undefined {
  const names = Object.keys(extra);
  if (names.length === 0) return headers;
  if (!headers) return extra;
  if (Array.isArray(headers)) {
    const flat = headers as unknown[];
    const has = (n: string) => flat.some((v, i) => i % 2 === 0 && String(v).toLowerCase() === n);
    return [...flat, ...names.filter((n) => !has(n)).flatMap((n) => [n, extra[n]!])] as HeaderList;
  }
  const entries: Array<[string, unknown]> =
    Symbol.iterator in headers
      ? [...(headers as Iterable<[string, unknown]>)]
      : Object.entries(headers as Record<string, unknown>);
  const has = new Set(entries.map(([k]) => k.toLowerCase()));
  return Object.fromEntries([...entries, ...names.filter((n) => !has.has(n)).map((n) => [n, extra[n]!])]) as HeaderList;
}

/**
 * Outbound HTTP through the egress guard, traced (0142): a client span per request (method and host; never the path's
 * query, headers or body) and the W3C trace context sent on, so the upstream API and callback receivers can join
 * the trace.
 */
export function tracingInterceptor(): Interceptor {
  return (dispatch) => (opts, handler) => {
    if (!provider || !trace.getActiveSpan()) return dispatch(opts, handler);
    let host = '';
    try {
      host = new URL(opts.origin ?? '').hostname;
    } catch {
      // an origin undici will refuse anyway
    }
    const span = tracer.startSpan(opts.method, {
      kind: SpanKind.CLIENT,
      attributes: { 'http.request.method': opts.method, 'server.address': host },
    });
    const carrier: Record<string, string> = {};
    propagation.inject(trace.setSpan(context.active(), span), carrier);
    const headers = withTraceHeaders(opts.headers ?? undefined, carrier);
    let ended = false;
    const end = (status: number | null, failed: boolean) => {
      if (ended) return;
      ended = true;
      if (status !== null) span.setAttribute('http.response.status_code', status);
      if (failed || (status !== null && status >= 500)) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    };
    let status: number | null = null;
    const h = handler as unknown as Record<string, (...args: unknown[]) => unknown>;
    const traced = new Proxy(h, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver) as unknown;
        if (typeof value !== 'function') return value;
        const fn = value as (...args: unknown[]) => unknown;
        switch (prop) {
          case 'onResponseStart': // (controller, statusCode, …)
            return (...args: unknown[]) => ((status = Number(args[1])), fn.apply(target, args));
          case 'onHeaders': // (statusCode, …)
            return (...args: unknown[]) => ((status = Number(args[0])), fn.apply(target, args));
          case 'onResponseEnd':
          case 'onComplete':
            return (...args: unknown[]) => (end(status, false), fn.apply(target, args));
          case 'onResponseError':
          case 'onError':
            return (...args: unknown[]) => (end(status, true), fn.apply(target, args));
          default:
            return fn.bind(target);
        }
      },
    });
    return dispatch(headers ? { ...opts, headers } : opts, traced);
  };
}
