/**
 * Traces inside a piece worker (decision 0142) without an OpenTelemetry SDK in the worker: the worker holds no
 * exporter settings (they may carry the collector's credentials, and the worker runs third-party code). The API
 * process sends the trace context of its `switchboard.piece_worker` span with each request; here every HTTP request a
 * piece makes during that call carries it on (`traceparent`), and what was asked and answered (method, host, status,
 * times: never the path, headers or body) goes back to the API process, which records it as a client span.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import diagnostics from 'node:diagnostics_channel';
import type { WorkerMessage } from './protocol.js';

type HttpReport = Extract<WorkerMessage, { kind: 'http' }>;

const current = new AsyncLocalStorage<{ id: number; traceparent: string }>();
const open = new WeakMap<object, Omit<HttpReport, 'kind' | 'failed' | 'endTime'>>();

/** Runs one call's work with its trace context (when the API process sent one). */
export function withTrace<T>(id: number, traceparent: string | undefined, fn: () => T): T {
  return traceparent ? current.run({ id, traceparent }, fn) : fn();
}

function hostOf(origin: unknown): string {
  try {
    return new URL(String(origin)).hostname;
  } catch {
    return '';
  }
}

/** Watches the process's HTTP clients (node:http and undici, which fetch uses) through their diagnostics channels. */
export function traceHttpClients(report: (m: HttpReport) => void): void {
  const begin = (request: object, method: string, host: string) => {
    const c = current.getStore();
    if (!c) return false;
    open.set(request, { id: c.id, method, host, status: null, startTime: Date.now() });
    return c.traceparent;
  };
  const finish = (request: object, failed: boolean) => {
    const r = open.get(request);
    if (!r) return;
    open.delete(request);
    report({ kind: 'http', ...r, failed, endTime: Date.now() });
  };
  const status = (request: object, code: number) => {
    const r = open.get(request);
    if (r) r.status = code;
  };

  type HttpRequest = {
    method: string;
    host: string;
    headersSent: boolean;
    getHeader(n: string): unknown;
    setHeader(n: string, v: string): void;
  };
  diagnostics.subscribe('http.client.request.created', (m) => {
    const { request } = m as { request: HttpRequest };
    const traceparent = begin(request, request.method, request.host);
    if (traceparent && !request.headersSent && request.getHeader('traceparent') === undefined)
      request.setHeader('traceparent', traceparent);
  });
  diagnostics.subscribe('http.client.response.finish', (m) => {
    const { request, response } = m as { request: object; response: { statusCode: number } };
    status(request, response.statusCode);
    finish(request, response.statusCode >= 500);
  });
  diagnostics.subscribe('http.client.request.error', (m) => finish((m as { request: object }).request, true));

  type UndiciRequest = { method: string; origin: string; headers: unknown; addHeader(n: string, v: string): void };
  diagnostics.subscribe('undici:request:create', (m) => {
    const { request } = m as { request: UndiciRequest };
    const traceparent = begin(request, request.method, hostOf(request.origin));
    const has = Array.isArray(request.headers)
      ? request.headers.some((v, i) => i % 2 === 0 && String(v).toLowerCase() === 'traceparent')
      : /(^|\r\n)traceparent:/i.test(String(request.headers));
    if (traceparent && !has) request.addHeader('traceparent', traceparent);
  });
  diagnostics.subscribe('undici:request:headers', (m) => {
    const { request, response } = m as { request: object; response: { statusCode: number } };
    status(request, response.statusCode);
  });
  diagnostics.subscribe('undici:request:trailers', (m) => {
    const request = (m as { request: object }).request;
    finish(request, (open.get(request)?.status ?? 0) >= 500);
  });
  diagnostics.subscribe('undici:request:error', (m) => finish((m as { request: object }).request, true));
}
