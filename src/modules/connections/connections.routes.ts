import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf, callerOf } from '../../platform/http/auth.js';
import { IdParams, standardErrors } from '../../platform/http/schemas.js';
import {
  ConnectionDeleted,
  ConnectionEnvelope,
  ConnectionListResponse,
  CreateConnectionBody,
  CreateConnectionResponse,
  ListConnectionsQuery,
  ResolveConnectionBody,
} from './connections.schemas.js';
import { apiKey } from '../../platform/http/route-access.js';

const tags = ['Connections'];

export const connectionsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.connections;

  app.get('/api/v1/connections', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'connections.list',
      tags,
      summary: 'List connections ({connection} with id; {data} with the earlier pieceName/projectId filters)',
      querystring: ListConnectionsQuery,
      response: { 200: ConnectionListResponse, ...standardErrors },
    },
    handler: async (req) => service.list(actorOf(req), req.query),
  });

  app.post('/api/v1/connections', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'connections.create',
      tags,
      summary: 'Store a credential (current shape, or the earlier pieceName/value/projectId shape)',
      description: 'Credentials are encrypted at rest and never returned.',
      body: CreateConnectionBody,
      response: { 201: CreateConnectionResponse, 409: { $ref: 'ErrorBody' }, ...standardErrors },
    },
    handler: async (req, reply) => reply.code(201).send(await service.create(actorOf(req), req.body)),
  });

  app.post('/api/v1/connections/resolve', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'connections.resolve',
      tags,
      summary: 'The connection actions would use for an integration in a workspace (and end user)',
      body: ResolveConnectionBody,
      response: { 200: ConnectionEnvelope, ...standardErrors },
    },
    handler: async (req) => {
      // Resolving is reading: a workspace-scoped key may use an organization connection in a call, but not read it (0117).
      const found = await app.services.engine.resolveConnection(callerOf(req), req.body);
      return { connection: await service.describe(actorOf(req), found.id) };
    },
  });

  app.get('/api/v1/connections/:id', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'connections.get',
      tags,
      summary: 'Get a connection (earlier record shape, current fields alongside)',
      params: IdParams,
      response: { 200: { $ref: 'EarlierConnection' }, ...standardErrors },
    },
    handler: async (req) => service.getEarlier(actorOf(req), req.params.id),
  });

  app.delete('/api/v1/connections/:id', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'connections.delete',
      tags,
      summary: 'Delete a connection',
      params: IdParams,
      response: { 200: ConnectionDeleted, ...standardErrors },
    },
    handler: async (req) => service.delete(actorOf(req), req.params.id),
  });
};
