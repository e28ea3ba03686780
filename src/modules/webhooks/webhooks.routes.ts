import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { TriggerPayload } from '../../integrations/framework.js';
import { AppError } from '../../platform/errors.js';
import { isUuid } from '../../platform/ids.js';
import { inspectJson, jsonProblemError, type JsonLimits } from '../../platform/http/json-limits.js';
import type { WebhookAnswer } from './webhooks.service.js';
import { noAuth } from '../../platform/http/route-access.js';

/** Providers call these: the integration verifies each event's signature (or the source's secret address). */
const bySignature = noAuth("the provider's signature or the source's unguessable address, checked by the integration");

const tags = ['Webhooks (inbound)'];
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const err = { $ref: 'ErrorBody' };

/**
 * The request as the pieces framework hands it to triggers: headers, query, parsed body and the raw body. A JSON
 * body outside the limits is refused before anything is stored; unpaired surrogates in it are replaced, not refused,
 * so a provider's event is not lost over one bad character (0105).
 */
function payloadOf(req: FastifyRequest, limits: JsonLimits): TriggerPayload {
  const raw = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers))
    if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : String(v);
  const queryParams: Record<string, string> = {};
  for (const [k, v] of Object.entries((req.query ?? {}) as Record<string, unknown>))
    queryParams[k] = Array.isArray(v) ? v.map(String).join(',') : String(v);
  const type = (headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  let body: unknown = raw;
  if (raw === '') body = {};
  else if (type === 'application/json' || type.endsWith('+json')) {
    try {
      body = JSON.parse(raw) as unknown;
    } catch {
      throw new AppError('VALIDATION_ERROR', 'The body is not valid JSON.');
    }
    const checked = inspectJson(body, limits, 'repair');
    if (checked.problem) throw jsonProblemError(checked.problem, limits);
    body = checked.value;
  } else if (type === 'application/x-www-form-urlencoded') body = Object.fromEntries(new URLSearchParams(raw));
  return { method: req.method, headers, queryParams, body, rawBody: raw };
}

function answer(reply: FastifyReply, a: WebhookAnswer): FastifyReply {
  void reply.code(a.status).headers(a.headers);
  if (typeof a.body === 'string')
    return reply
      .type(reply.getHeader('content-type') ? String(reply.getHeader('content-type')) : 'text/plain; charset=utf-8')
      .send(a.body);
  return reply.send(a.body ?? {});
}

/**
 * Inbound third-party events: no API key (the source's unguessable address is the capability; pieces verify
 * signatures). Any method and content type is accepted and handed to the trigger as the framework's payload.
 */
export const webhooksRoutes: FastifyPluginAsync = async (app) => {
  const service = app.services.webhooks;
  const limits = app.config.jsonLimits;
  // Bodies reach the trigger raw (signature checks need the exact bytes), whatever their content type.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  app.route({
    method: METHODS,
    url: '/api/v1/webhooks/:integrationName/:id',
    config: { access: bySignature },
    schema: {
      operationId: 'inboundWebhooks.source{Method}',
      'x-switchboard-sdk': false,
      tags,
      summary: "A trigger source's webhook address (webhookUrl): the provider sends its events here",
      description:
        'Answers 200 once the events are stored (they are then delivered to the callback URL), 410 TRIGGER_DISABLED after disable, ' +
        '503 when the event could not be processed now or too many of the organization’s events are waiting (send it again; Retry-After), ' +
        'or the handshake answer the integration defines.',
      params: Type.Object({ integrationName: Type.String(), id: Type.String() }),
      response: { 200: Type.Unknown(), 401: err, 404: err, 410: err, 503: err },
    },
    handler: async (req, reply) => {
      const { integrationName, id } = req.params as { integrationName: string; id: string };
      if (!isUuid(id)) throw new AppError('NOT_FOUND', 'No trigger source listens at this address.');
      return answer(reply, await service.receive(integrationName, id.toLowerCase(), payloadOf(req, limits)));
    },
  });

  app.route({
    method: METHODS,
    url: '/api/v1/webhooks/:integrationName',
    config: { access: bySignature },
    schema: {
      operationId: 'inboundWebhooks.app{Method}',
      'x-switchboard-sdk': false,
      tags,
      summary: "An APP_WEBHOOK integration's app-level address: one URL for every source, routed to the sources listening",
      description:
        "The event is verified with the integration's app secret (SWITCHBOARD_APP_WEBHOOK_SECRETS) and recorded for every source whose listener matches.",
      params: Type.Object({ integrationName: Type.String() }),
      response: { 200: Type.Unknown(), 401: err, 404: err, 503: err },
    },
    handler: async (req, reply) => {
      const { integrationName } = req.params as { integrationName: string };
      return answer(reply, await service.receiveApp(integrationName, payloadOf(req, limits)));
    },
  });
};
