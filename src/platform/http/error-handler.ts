import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import {
  AppError,
  ERROR_CATALOG,
  isAppError,
  isForeignKeyViolation,
  isUnstorableValue,
  unstorableValue,
  violatedConstraint,
} from '../errors.js';
import { describeValidation, type AjvError } from './validation-messages.js';
import { currentTraceId } from '../tracing.js';

/** Renders an AppError as the REST envelope `{error, message, ...extra}` (and `traceId` when tracing is on). */
export function send(reply: FastifyReply, err: AppError, requestId?: string): FastifyReply {
  // `extra.headers` become response headers (X-RateLimit-*, Retry-After), never body fields.
  const extra = applyErrorHeaders(reply, err);
  const body: Record<string, unknown> = { error: err.code, message: err.message, ...extra };
  if (requestId) body.requestId = requestId;
  const traceId = currentTraceId();
  if (traceId) body.traceId = traceId;
  return reply.code(err.status).type('application/json; charset=utf-8').send(body);
}

/** Map framework errors to catalog codes; anything unknown becomes a 500 that leaks nothing. */
function toAppError(error: FastifyError, request: FastifyRequest): { err: AppError; unexpected: boolean } {
  if (isAppError(error)) return { err: error, unexpected: false };
  const validation = (error as FastifyError & { validation?: AjvError[]; validationContext?: string }).validation;
  if (validation) {
    const { message, details } = describeValidation(validation, (error as { validationContext?: string }).validationContext);
    return { err: new AppError('VALIDATION_ERROR', message, { details }), unexpected: false };
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return {
        err: new AppError(
          'PAYLOAD_TOO_LARGE',
          `The request body exceeds the limit of ${request.server.initialConfig.bodyLimit} bytes.`,
        ),
        unexpected: false,
      };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { err: new AppError('VALIDATION_ERROR', `Unsupported content type; send application/json.`), unexpected: false };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { err: new AppError('VALIDATION_ERROR', 'The body is not valid JSON.'), unexpected: false };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { err: new AppError('VALIDATION_ERROR', 'The Content-Length header is invalid.'), unexpected: false };
    default:
      break;
  }
  // Values the schemas let through but PostgreSQL cannot store or compare (a NUL character in text, a date outside
  // its range, from a field or a cursor): the caller's input, not a fault.
  if (isUnstorableValue(error)) return { err: unstorableValue(), unexpected: false };
  // A write naming a row that another request (or node) deleted meanwhile, past every check that read it (0086).
  if (isForeignKeyViolation(error)) {
    request.log.warn(
      { code: 'NOT_FOUND', constraint: violatedConstraint(error) },
      'a referenced row was deleted during the request',
    );
    return { err: new AppError('NOT_FOUND', 'Something this request refers to was deleted meanwhile.'), unexpected: false };
  }
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return { err: new AppError('VALIDATION_ERROR', 'The body is not valid JSON.'), unexpected: false };
  }
  // Other client errors raised by Fastify itself (bad URL encoding, ...) keep their status, never their text.
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    if (error.statusCode === 413) return { err: new AppError('PAYLOAD_TOO_LARGE'), unexpected: false };
    return { err: new AppError('VALIDATION_ERROR', 'The request is malformed.'), unexpected: false };
  }
  return { err: new AppError('INTERNAL_ERROR'), unexpected: true };
}

/**
 * The catalog error a thrown error answers as, logged when it is a fault (5xx); an unexpected one carries the
 * request id so the log line can be found. Shared by the REST handler and the MCP endpoint's JSON-RPC one.
 */
export function resolveError(error: FastifyError, request: FastifyRequest): { err: AppError; requestId?: string } {
  const { err, unexpected } = toAppError(error, request);
  if (unexpected) {
    request.log.error({ err: error }, 'unexpected error');
    return { err, requestId: String(request.id) };
  }
  if (err.status >= 500) request.log.error({ code: err.code }, err.message);
  return { err };
}

/** `extra.headers` of an AppError (X-RateLimit-*, Retry-After) set on the reply; the rest of `extra`. */
export function applyErrorHeaders(reply: FastifyReply, err: AppError): Record<string, unknown> {
  const { headers, ...extra } = err.extra ?? {};
  if (headers && typeof headers === 'object') for (const [k, v] of Object.entries(headers)) void reply.header(k, v);
  return extra;
}

/**
 * One error handler and one not-found handler for the whole app. Unknown paths answer 404 NOT_FOUND; a known
 * path with the wrong method answers 405 METHOD_NOT_ALLOWED with an Allow header.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  const known = FindMyWay({ ignoreTrailingSlash: true });
  const methods: HTTPMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
  app.addHook('onRoute', (route) => {
    const list = Array.isArray(route.method) ? route.method : [route.method];
    for (const m of list) {
      if ((methods as string[]).includes(m)) {
        try {
          known.on(m as HTTPMethod, route.url, () => undefined);
        } catch {
          /* the same path registered twice (HEAD/GET pairs): nothing to add */
        }
      }
    }
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { err, requestId } = resolveError(error, request);
    return send(reply, err, requestId);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const allowed = methods.filter((m) => m !== request.method && known.find(m, path) !== null);
    if (allowed.length > 0 && !known.find(request.method as HTTPMethod, path)) {
      void reply.header('Allow', allowed.join(', '));
      return send(
        reply,
        new AppError('METHOD_NOT_ALLOWED', `${request.method} is not allowed on ${path}; use ${allowed.join(', ')}.`),
      );
    }
    return send(reply, new AppError('NOT_FOUND', `No route for ${request.method} ${path}.`));
  });
}

export const errorStatus = (code: keyof typeof ERROR_CATALOG): number => ERROR_CATALOG[code][0];
