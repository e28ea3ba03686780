import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf } from '../../platform/http/auth.js';
import { Deleted, IdParams, standardErrors } from '../../platform/http/schemas.js';
import { ApiKeyList, CreateApiKeyBody, CreatedApiKey, ListApiKeysQuery } from './api-keys.schemas.js';
import { apiKey } from '../../platform/http/route-access.js';

const tags = ['API keys'];

export const apiKeysRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.apiKeys;

  app.get('/api/v1/api-keys', {
    config: { access: apiKey('organization') },
    schema: {
      operationId: 'apiKeys.list',
      tags,
      summary: 'List API keys (organization-scope key required)',
      querystring: ListApiKeysQuery,
      response: { 200: ApiKeyList, ...standardErrors },
    },
    handler: async (req) => service.list(actorOf(req), req.query),
  });

  app.post('/api/v1/api-keys', {
    config: { access: apiKey('organization') },
    schema: {
      operationId: 'apiKeys.create',
      tags,
      summary: 'Create an API key; the plain key is shown only in this response',
      body: CreateApiKeyBody,
      response: { 201: CreatedApiKey, ...standardErrors },
    },
    handler: async (req, reply) => reply.code(201).send(await service.create(actorOf(req), req.body)),
  });

  app.delete('/api/v1/api-keys/:id', {
    config: { access: apiKey('organization') },
    schema: {
      operationId: 'apiKeys.delete',
      tags,
      summary: 'Revoke an API key immediately',
      params: IdParams,
      response: { 200: Deleted, ...standardErrors },
    },
    handler: async (req) => service.revoke(actorOf(req), req.params.id),
  });
};
