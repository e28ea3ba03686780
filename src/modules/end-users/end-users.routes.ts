import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf } from '../../platform/http/auth.js';
import { IdParams, standardErrors } from '../../platform/http/schemas.js';
import {
  CreateEndUserBody,
  EndUserDeleted,
  EndUserEnvelope,
  EndUserList,
  EndUserWithConnections,
  ListEndUsersQuery,
  UpdateEndUserBody,
} from './end-users.schemas.js';
import {
  EndUserConnectTokenBody,
  EndUserConnectTokenResponse,
  EndUserInviteBody,
  EndUserInviteResponse,
} from '../connect/connect.schemas.js';
import { apiKey } from '../../platform/http/route-access.js';

const tags = ['End users'];

export const endUsersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.endUsers;

  app.post('/api/v1/end-users', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'endUsers.create',
      tags,
      summary: 'Create an end user in a workspace',
      body: CreateEndUserBody,
      response: { 201: EndUserEnvelope, ...standardErrors },
    },
    handler: async (req, reply) => reply.code(201).send({ endUser: await service.create(actorOf(req), req.body) }),
  });

  app.get('/api/v1/end-users', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'endUsers.list',
      tags,
      summary: "List a workspace's end users",
      querystring: ListEndUsersQuery,
      response: { 200: EndUserList, ...standardErrors },
    },
    handler: async (req) => service.list(actorOf(req), req.query),
  });

  app.get('/api/v1/end-users/:id', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'endUsers.get',
      tags,
      summary: 'Get an end user with its connections',
      params: IdParams,
      response: { 200: EndUserWithConnections, ...standardErrors },
    },
    handler: async (req) => service.get(actorOf(req), req.params.id),
  });

  app.patch('/api/v1/end-users/:id', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'endUsers.update',
      tags,
      summary: 'Update display name, email or metadata',
      params: IdParams,
      body: UpdateEndUserBody,
      response: { 200: EndUserEnvelope, ...standardErrors },
    },
    handler: async (req) => ({ endUser: await service.update(actorOf(req), req.params.id, req.body) }),
  });

  app.delete('/api/v1/end-users/:id', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'endUsers.delete',
      tags,
      summary: 'Delete an end user and its connections',
      params: IdParams,
      response: { 200: EndUserDeleted, ...standardErrors },
    },
    handler: async (req) => service.delete(actorOf(req), req.params.id),
  });

  // The end-user connect portal (src/modules/connect/portal.service.ts).
  app.post('/api/v1/end-users/:id/connect-token', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'endUsers.createConnectToken',
      tags,
      summary: 'Create a connect portal link (eut_) where the end user connects, reconnects and disconnects their accounts',
      params: IdParams,
      body: EndUserConnectTokenBody,
      response: { 201: EndUserConnectTokenResponse, ...standardErrors },
    },
    // Every field is optional: no body means the defaults.
    preValidation: async (req) => {
      if (req.body === undefined) req.body = {} as never;
    },
    handler: async (req, reply) => reply.code(201).send(await app.services.portal.issue(actorOf(req), req.params.id, req.body)),
  });

  app.post('/api/v1/end-users/:id/invite', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'endUsers.invite',
      tags,
      summary: 'Email the end user a connect portal link (400 EMAIL_NOT_CONFIGURED without SMTP)',
      params: IdParams,
      body: EndUserInviteBody,
      response: { 201: EndUserInviteResponse, ...standardErrors },
    },
    handler: async (req, reply) => reply.code(201).send(await app.services.portal.invite(actorOf(req), req.params.id, req.body)),
  });
};
