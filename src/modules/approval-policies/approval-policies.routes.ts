import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf } from '../../platform/http/auth.js';
import { Deleted, IdParams, standardErrors } from '../../platform/http/schemas.js';
import {
  CreatePolicyBody,
  ListPoliciesQuery,
  PolicyEnvelope,
  PolicyList,
  TestPolicyBody,
  TestPolicyResult,
  UpdatePolicyBody,
} from './approval-policies.schemas.js';
import { apiKey } from '../../platform/http/route-access.js';

const tags = ['Approvals'];

export const approvalPoliciesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.approvalPolicies;

  app.post('/api/v1/approval-policies', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'approvalPolicies.create',
      tags,
      summary: 'Create an approval policy',
      body: CreatePolicyBody,
      response: { 201: PolicyEnvelope, ...standardErrors },
    },
    handler: async (req, reply) => reply.code(201).send({ policy: await service.create(actorOf(req), req.body) }),
  });

  app.get('/api/v1/approval-policies', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'approvalPolicies.list',
      tags,
      summary: 'List approval policies (with workspaceId: those that apply in that workspace, organization-wide ones included)',
      querystring: ListPoliciesQuery,
      response: { 200: PolicyList, ...standardErrors },
    },
    handler: async (req) => service.list(actorOf(req), req.query),
  });

  app.post('/api/v1/approval-policies/test', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'approvalPolicies.test',
      tags,
      summary: 'Evaluate an unsaved policy against a described call (no side effects)',
      body: TestPolicyBody,
      response: { 200: TestPolicyResult, ...standardErrors },
    },
    handler: async (req) => service.test(actorOf(req), req.body),
  });

  app.get('/api/v1/approval-policies/:id', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'approvalPolicies.get',
      tags,
      summary: 'Get an approval policy',
      params: IdParams,
      response: { 200: PolicyEnvelope, ...standardErrors },
    },
    handler: async (req) => ({ policy: await service.get(actorOf(req), req.params.id) }),
  });

  app.patch('/api/v1/approval-policies/:id', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'approvalPolicies.update',
      tags,
      summary: 'Update an approval policy (arrays replace the stored ones)',
      params: IdParams,
      body: UpdatePolicyBody,
      response: { 200: PolicyEnvelope, ...standardErrors },
    },
    handler: async (req) => ({ policy: await service.update(actorOf(req), req.params.id, req.body) }),
  });

  app.delete('/api/v1/approval-policies/:id', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'approvalPolicies.delete',
      tags,
      summary: "Delete an approval policy (its requests' history stays)",
      params: IdParams,
      response: { 200: Deleted, ...standardErrors },
    },
    handler: async (req) => service.delete(actorOf(req), req.params.id),
  });
};
