import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf } from '../../platform/http/auth.js';
import { Deleted, IdParams, standardErrors } from '../../platform/http/schemas.js';
import {
  CreateWorkspaceBody,
  ListWorkspacesQuery,
  UpdateWorkspaceBody,
  WorkspaceEnvelope,
  WorkspaceList,
} from './workspaces.schemas.js';
import { apiKey } from '../../platform/http/route-access.js';

const tags = ['Workspaces'];

export const workspacesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.workspaces;

  app.get('/api/v1/workspaces', {
    config: { access: apiKey('any') },
    schema: {
      operationId: 'workspaces.list',
      tags,
      summary: 'List workspaces',
      querystring: ListWorkspacesQuery,
      response: { 200: WorkspaceList, ...standardErrors },
    },
    handler: async (req) => service.list(actorOf(req), req.query),
  });

  app.post('/api/v1/workspaces', {
    config: { access: apiKey('organization') },
    schema: {
      operationId: 'workspaces.create',
      tags,
      summary: 'Create a workspace',
      body: CreateWorkspaceBody,
      response: { 201: WorkspaceEnvelope, ...standardErrors },
    },
    handler: async (req, reply) => reply.code(201).send({ workspace: await service.create(actorOf(req), req.body) }),
  });

  app.get('/api/v1/workspaces/:id', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'workspaces.get',
      tags,
      summary: 'Get a workspace',
      params: IdParams,
      response: { 200: WorkspaceEnvelope, ...standardErrors },
    },
    handler: async (req) => ({ workspace: await service.get(actorOf(req), req.params.id) }),
  });

  app.patch('/api/v1/workspaces/:id', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'workspaces.update',
      tags,
      summary: 'Rename a workspace or change its slug',
      params: IdParams,
      body: UpdateWorkspaceBody,
      response: { 200: WorkspaceEnvelope, ...standardErrors },
    },
    handler: async (req) => ({ workspace: await service.update(actorOf(req), req.params.id, req.body) }),
  });

  app.delete('/api/v1/workspaces/:id', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'workspaces.delete',
      tags,
      summary: 'Delete a workspace and everything in it',
      params: IdParams,
      response: { 200: Deleted, ...standardErrors },
    },
    handler: async (req) => service.delete(actorOf(req), req.params.id),
  });
};
