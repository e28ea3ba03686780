import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf } from '../../platform/http/auth.js';
import { Deleted, standardErrors } from '../../platform/http/schemas.js';
import {
  CreateWorkspaceIntegrationBody,
  UpdateWorkspaceIntegrationBody,
  WorkspaceIntegrationEnvelope,
  WorkspaceIntegrationList,
  WorkspaceIntegrationParams,
  WorkspaceParams,
} from './workspace-integrations.schemas.js';
import { apiKey } from '../../platform/http/route-access.js';

const tags = ['Workspace integrations'];
const conflict = { 409: { $ref: 'ErrorBody' } };

export const workspaceIntegrationsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.workspaceIntegrations;

  app.get('/api/v1/workspaces/:workspaceId/integrations', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'workspaceIntegrations.list',
      tags,
      summary: "List a workspace's configured integrations",
      params: WorkspaceParams,
      response: { 200: WorkspaceIntegrationList, ...standardErrors },
    },
    handler: async (req) => service.list(actorOf(req), req.params.workspaceId),
  });

  app.post('/api/v1/workspaces/:workspaceId/integrations', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'workspaceIntegrations.create',
      tags,
      summary: 'Configure an integration in a workspace (alias, auth method, connection strategy, actions, settings)',
      params: WorkspaceParams,
      body: CreateWorkspaceIntegrationBody,
      response: { 201: WorkspaceIntegrationEnvelope, ...conflict, ...standardErrors },
    },
    handler: async (req, reply) =>
      reply.code(201).send({ integration: await service.create(actorOf(req), req.params.workspaceId, req.body) }),
  });

  app.get('/api/v1/workspaces/:workspaceId/integrations/:id', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'workspaceIntegrations.get',
      tags,
      summary: 'Get a workspace integration',
      params: WorkspaceIntegrationParams,
      response: { 200: WorkspaceIntegrationEnvelope, ...standardErrors },
    },
    handler: async (req) => ({ integration: await service.get(actorOf(req), req.params.workspaceId, req.params.id) }),
  });

  app.patch('/api/v1/workspaces/:workspaceId/integrations/:id', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'workspaceIntegrations.update',
      tags,
      summary: 'Update a workspace integration (null resets displayName, enabledActions, settings)',
      params: WorkspaceIntegrationParams,
      body: UpdateWorkspaceIntegrationBody,
      response: { 200: WorkspaceIntegrationEnvelope, ...conflict, ...standardErrors },
    },
    handler: async (req) => ({
      integration: await service.update(actorOf(req), req.params.workspaceId, req.params.id, req.body),
    }),
  });

  app.delete('/api/v1/workspaces/:workspaceId/integrations/:id', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'workspaceIntegrations.delete',
      tags,
      summary: 'Remove a workspace integration (its partials go with it)',
      params: WorkspaceIntegrationParams,
      response: { 200: Deleted, ...standardErrors },
    },
    handler: async (req) => service.delete(actorOf(req), req.params.workspaceId, req.params.id),
  });
};
