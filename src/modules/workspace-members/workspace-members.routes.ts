import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf } from '../../platform/http/auth.js';
import { Deleted, IdParams, standardErrors } from '../../platform/http/schemas.js';
import {
  AddWorkspaceMemberBody,
  ListWorkspaceMembersQuery,
  WorkspaceMemberEnvelope,
  WorkspaceMemberList,
} from './workspace-members.schemas.js';
import { apiKey } from '../../platform/http/route-access.js';

const tags = ['Workspace members'];

export const workspaceMembersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.workspaceMembers;

  app.post('/api/v1/workspace-members', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'workspaceMembers.add',
      tags,
      summary: 'Add an organization member to a workspace',
      body: AddWorkspaceMemberBody,
      response: { 201: WorkspaceMemberEnvelope, ...standardErrors },
    },
    handler: async (req, reply) => reply.code(201).send({ projectMember: await service.add(actorOf(req), req.body) }),
  });

  app.get('/api/v1/workspace-members', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'workspaceMembers.list',
      tags,
      summary: "List a workspace's members",
      querystring: ListWorkspaceMembersQuery,
      response: { 200: WorkspaceMemberList, ...standardErrors },
    },
    handler: async (req) => service.list(actorOf(req), req.query),
  });

  app.delete('/api/v1/workspace-members/:id', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'workspaceMembers.delete',
      tags,
      summary: 'Remove a member from a workspace',
      params: IdParams,
      response: { 200: Deleted, ...standardErrors },
    },
    handler: async (req) => service.remove(actorOf(req), req.params.id),
  });
};
