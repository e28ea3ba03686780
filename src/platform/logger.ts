import { LogController, type FastifyServerOptions } from 'fastify';

/**
 * Query parameters whose values may be credentials, by name: connect and portal tokens, hosted approval links, OAuth
 * codes and state, signed file links (`signature`), and what third parties put in a webhook address (`secret`,
 * `api_key`, `sig`, ...). A harmless value under such a name is redacted too: cheaper than one credential in a log.
 */
const SECRET_QUERY = /([?&][^=&#]*(?:token|secret|signature|sig|code|state|password|passwd|key|auth|credential)[^=&#]*=)[^&#]*/gi;

/**
 * A webhook trigger's address is its own credential (anyone who has it can post events): its id is not logged, in
 * the address nor in the API paths naming the source (its events, redelivery).
 */
const WEBHOOK_SOURCE = /^(\/api\/v1\/webhooks\/[^/?]+\/)[^/?]+/;
const TRIGGER_SOURCE = /^(\/api\/v1\/triggers\/)[^/?]+(?=\/)/;

export function redactUrl(url: string): string {
  return url
    .replace(SECRET_QUERY, '$1[REDACTED]')
    .replace(WEBHOOK_SOURCE, '$1[REDACTED]')
    .replace(TRIGGER_SOURCE, '$1[REDACTED]');
}

/**
 * pino through Fastify: JSON lines, a request id on each (reqId), secrets never written. Headers are not
 * logged at all; URLs lose token-like query values.
 */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): Exclude<FastifyServerOptions['logger'], undefined> {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.plainKey',
        '*.token',
        '*.secretText',
        '*.secretAccessKey',
      ],
      censor: '[REDACTED]',
    },
    serializers: {
      req: (req: { method: string; url: string; id: string }) => ({ method: req.method, url: redactUrl(req.url) }),
    },
  };
}

/**
 * One access line per request (0175): "request completed" (or "request errored") carries the request's method and
 * redacted URL, its status and time. Fastify's default adds an "incoming request" line before it, a second write on
 * every request; that line is kept at debug level, so LOG_LEVEL=debug shows both as before.
 */
export class AccessLogController extends LogController {
  override incomingRequest(request: Parameters<LogController['incomingRequest']>[0]): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(...[error, request, reply]: Parameters<LogController['requestCompleted']>): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
