import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { actorOf } from '../../platform/http/auth.js';
import { standardErrors } from '../../platform/http/schemas.js';
import {
  ApprovalEnvelope,
  ApprovalIdParams,
  ApprovalList,
  DecisionBody,
  DecisionResult,
  ListApprovalsQuery,
} from './approvals.schemas.js';
import type { DecisionAction } from './approval-decisions.js';
import { apiKey } from '../../platform/http/route-access.js';

const tags = ['Approvals'];
const keyIdOf = (req: FastifyRequest) => (req.principal.kind === 'apiKey' ? req.principal.keyId : null);

export const approvalsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.approvals;

  app.get('/api/v1/approvals', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'approvals.list',
      tags,
      summary: 'List approval requests, newest first',
      querystring: ListApprovalsQuery,
      response: { 200: ApprovalList, ...standardErrors },
    },
    handler: async (req) => service.list(actorOf(req), req.query),
  });

  app.get('/api/v1/approvals/:id', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'approvals.get',
      tags,
      summary: 'Get an approval request (with its recent webhook deliveries)',
      params: ApprovalIdParams,
      response: { 200: ApprovalEnvelope, ...standardErrors },
    },
    handler: async (req) => service.get(actorOf(req), req.params.id),
  });

  const decisions: Array<[DecisionAction, string]> = [
    ['approve', 'Approve: creates a receipt for the exact retry (same idempotency key, same input)'],
    ['reject', 'Reject: the call does not run; a retry asks again if a policy still matches'],
    ['cancel', 'Cancel a pending request'],
  ];
  for (const [action, summary] of decisions) {
    app.post(`/api/v1/approvals/:id/${action}`, {
      config: { access: apiKey('workspace', 'approvals.decide') },
      schema: {
        operationId: `approvals.${action}`,
        tags,
        summary,
        description:
          'Needs an API key with approvals.decide for the request’s workspace, or a signed-in member who is one of the policy’s approvers. 409 APPROVAL_NOT_PENDING once decided or ended.',
        params: ApprovalIdParams,
        body: DecisionBody,
        response: { 200: DecisionResult, 409: { $ref: 'ErrorBody' }, ...standardErrors },
      },
      // The body is optional: an empty POST is an empty decision.
      preValidation: async (req) => {
        if (req.body === undefined) (req as { body: unknown }).body = {};
      },
      handler: async (req) => {
        const p = req.principal;
        // A person decides as an approver of the policy; a key by its approvals.decide permission.
        if (p.kind === 'member') return service.decideAsMember(p, req.params.id, action, req.body ?? {});
        return service.decideWithKey(actorOf(req), keyIdOf(req), req.params.id, action, req.body ?? {});
      },
    });
  }
};
