import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf } from '../../platform/http/auth.js';
import { Deleted, IdParams, standardErrors } from '../../platform/http/schemas.js';
import {
  CreatePartialBody,
  ListPartialsQuery,
  PartialEnvelope,
  PartialList,
  SetDefaultBody,
  UpdatePartialBody,
} from './partials.schemas.js';
import { apiKey } from '../../platform/http/route-access.js';

const tags = ['Input partials'];
const conflict = { 409: { $ref: 'ErrorBody' } };

export const partialsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.partials;

  app.post('/api/v1/partials', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'partials.create',
      tags,
      summary: 'Save an input preset',
      body: CreatePartialBody,
      response: { 201: PartialEnvelope, ...conflict, ...standardErrors },
    },
    handler: async (req, reply) => reply.code(201).send({ partial: await service.create(actorOf(req), req.body) }),
  });

  app.get('/api/v1/partials', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'partials.list',
      tags,
      summary: "List a workspace's partials",
      querystring: ListPartialsQuery,
      response: { 200: PartialList, ...standardErrors },
    },
    handler: async (req) => service.list(actorOf(req), req.query),
  });

  app.get('/api/v1/partials/:id', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'partials.get',
      tags,
      summary: 'Get a partial',
      params: IdParams,
      response: { 200: PartialEnvelope, ...standardErrors },
    },
    handler: async (req) => ({ partial: await service.get(actorOf(req), req.params.id) }),
  });

  app.patch('/api/v1/partials/:id', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'partials.update',
      tags,
      summary: 'Update a partial (values and enforcedKeys replace the stored ones)',
      params: IdParams,
      body: UpdatePartialBody,
      response: { 200: PartialEnvelope, ...conflict, ...standardErrors },
    },
    handler: async (req) => ({ partial: await service.update(actorOf(req), req.params.id, req.body) }),
  });

  app.post('/api/v1/partials/:id/set-default', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'partials.setDefault',
      tags,
      summary: 'Make a partial the default of its scope (or not)',
      params: IdParams,
      body: SetDefaultBody,
      response: { 200: PartialEnvelope, ...standardErrors },
    },
    handler: async (req) => ({ partial: await service.setDefault(actorOf(req), req.params.id, req.body.isDefault) }),
  });

  app.delete('/api/v1/partials/:id', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'partials.delete',
      tags,
      summary: 'Delete a partial (MCP tools referencing it drop it)',
      params: IdParams,
      response: { 200: Deleted, ...standardErrors },
    },
    handler: async (req) => service.delete(actorOf(req), req.params.id),
  });
};
