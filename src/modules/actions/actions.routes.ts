import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ExecutionSource } from '../../engine/types.js';
import { isAppError } from '../../platform/errors.js';
import { callerOf } from '../../platform/http/auth.js';
import { standardErrors } from '../../platform/http/schemas.js';
import { ApprovalRequired, ExecuteBody, ExecuteDocumentedBody, ExecuteHeaders, ExecuteResult } from './actions.schemas.js';
import { apiKey } from '../../platform/http/route-access.js';

const tags = ['Actions'];
/** Codes whose status differs on this endpoint (the spec's Errors table). */
const STATUS_HERE: Record<string, number> = { INTEGRATION_NOT_FOUND: 400, CONNECTION_NOT_FOUND: 400 };
const err = { $ref: 'ErrorBody' };

export const actionsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { actions, limits } = app.services;

  app.post('/api/v1/actions/execute', {
    config: { access: apiKey('workspace'), documentedBody: ExecuteDocumentedBody },
    schema: {
      operationId: 'actions.execute',
      tags,
      summary: 'Run one action synchronously (also accepts the earlier pieceName/projectId shape)',
      description:
        'Every response carries X-RateLimit-Limit, X-RateLimit-Remaining and X-RateLimit-Reset when the plan has a rate limit. ' +
        'An upstream failure answers 200 with success false and output.error; a Human Gates policy answers 202 approval_required.',
      headers: ExecuteHeaders,
      body: ExecuteBody,
      response: { 200: ExecuteResult, 202: ApprovalRequired, 409: err, 429: err, ...standardErrors },
    },
    handler: async (req, reply) => {
      const caller = callerOf(req);
      const key = req.headers['idempotency-key'] ?? req.headers['x-idempotency-key'];
      const source = (req.headers['x-switchboard-source'] as ExecutionSource | undefined) ?? 'rest';
      try {
        const r = await actions.execute(caller, req.body, { ...(key ? { idempotencyKey: key } : {}), source });
        const rate = r.outcome.rateLimit;
        if (rate)
          void reply.headers({
            'X-RateLimit-Limit': rate.limit,
            'X-RateLimit-Remaining': rate.remaining,
            'X-RateLimit-Reset': rate.resetAt,
          });
        // A call held by Human Gates is accepted, not done: 202 (the interface's approval_required answer).
        return reply.code(r.outcome.status === 'approval_required' ? 202 : 200).send(r.body as never);
      } catch (e) {
        const rate = limits.peek(caller.orgId, caller.plan);
        if (rate && !reply.hasHeader('X-RateLimit-Limit'))
          void reply.headers({
            'X-RateLimit-Limit': rate.limit,
            'X-RateLimit-Remaining': rate.remaining,
            'X-RateLimit-Reset': rate.resetAt,
          });
        if (isAppError(e) && STATUS_HERE[e.code]) throw e.withStatus(STATUS_HERE[e.code]!);
        throw e;
      }
    },
  });
};
