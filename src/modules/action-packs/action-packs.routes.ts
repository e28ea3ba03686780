import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Deleted, IdParams, standardErrors } from '../../platform/http/schemas.js';
import {
  ActionPackEnvelope,
  ActionPackList,
  ActionPackParams,
  AddActionPacksBody,
  OrganizationUsage,
  Usage,
} from './action-packs.schemas.js';
import { apiKey, operator } from '../../platform/http/route-access.js';
import { actorOf } from '../../platform/http/auth.js';

const tags = ['Operator'];
const security = [{ operatorToken: [] as string[] }];

/** Operator routes for an organization's monthly action quota: action packs and usage (0122). */
export const actionPacksRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.actionPacks;

  app.post('/operator/v1/organizations/:id/action-packs', {
    config: { access: operator() },
    schema: {
      operationId: 'operator.addActionPack',
      tags,
      summary: 'Add action packs to the monthly quota, for this month or every month',
      description:
        "Give count (packs of the plan's actionPackSize) or actions. recurring: false counts in the current UTC month only; true in every month from now until deleted.",
      security,
      params: IdParams,
      body: AddActionPacksBody,
      response: { 201: ActionPackEnvelope, ...standardErrors },
    },
    handler: async (req, reply) => reply.code(201).send({ actionPack: await service.add(req.params.id, req.body) }),
  });

  app.get('/operator/v1/organizations/:id/action-packs', {
    config: { access: operator() },
    schema: {
      operationId: 'operator.listActionPacks',
      tags,
      summary: "List an organization's action packs (newest first)",
      security,
      params: IdParams,
      response: { 200: ActionPackList, ...standardErrors },
    },
    handler: async (req) => service.list(req.params.id),
  });

  app.delete('/operator/v1/organizations/:id/action-packs/:packId', {
    config: { access: operator() },
    schema: {
      operationId: 'operator.deleteActionPack',
      tags,
      summary: 'Delete an action pack (it stops counting at once, this month included)',
      security,
      params: ActionPackParams,
      response: { 200: Deleted, ...standardErrors },
    },
    handler: async (req) => service.remove(req.params.id, req.params.packId),
  });

  app.get('/operator/v1/organizations/:id/usage', {
    config: { access: operator() },
    schema: {
      operationId: 'operator.getUsage',
      tags,
      summary: "Actions used this month against the organization's quota (plan and action packs)",
      security,
      params: IdParams,
      response: { 200: Usage, ...standardErrors },
    },
    handler: async (req) => service.usage(req.params.id, app.services.limits),
  });

  app.get('/api/v1/organization/usage', {
    config: { access: apiKey('any') },
    schema: {
      operationId: 'organization.getUsage',
      tags: ['Organization'],
      summary: "The caller's organization: actions this month against the quota, the rate limit, objects against the plan",
      response: { 200: OrganizationUsage, ...standardErrors },
    },
    handler: async (req) => {
      const s = app.services;
      return service.overview(
        actorOf(req).orgId,
        s.limits,
        {
          workspaces: (id) => s.workspaces.quotaCount(id),
          connections: (id) => s.connections.quotaCount(id),
          apiKeys: (id) => s.apiKeys.quotaCount(id),
          members: (id) => s.members.quotaCount(id),
          mcpServers: (id) => s.mcpServers.quotaCount(id),
        },
        (id, since) => s.activity.ranSince(id, since),
      );
    },
  });
};
