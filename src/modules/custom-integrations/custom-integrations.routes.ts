import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DOCUMENT_LIMITS } from '../../integrations/openapi/document.js';
import { actorOf } from '../../platform/http/auth.js';
import { apiKey } from '../../platform/http/route-access.js';
import { Deleted, standardErrors } from '../../platform/http/schemas.js';
import {
  CustomIntegrationEnvelope,
  CustomIntegrationList,
  ImportCustomIntegrationBody,
  NameParams,
  ReimportCustomIntegrationBody,
  ReimportEnvelope,
} from './custom-integrations.schemas.js';

const tags = ['Custom integrations'];
const conflict = { 409: { $ref: 'ErrorBody' } };
/** A document inline, with room for the JSON around it (0151). */
export const IMPORT_BODY_LIMIT = DOCUMENT_LIMITS.maxBytes + 64 * 1024;

export const customIntegrationsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.customIntegrations;

  app.post('/api/v1/custom-integrations', {
    bodyLimit: IMPORT_BODY_LIMIT,
    config: { access: apiKey('organization') },
    schema: {
      operationId: 'customIntegrations.import',
      tags,
      summary: 'Import an OpenAPI document as an integration',
      description:
        'One action per operation (or per selected operation), auth from the security schemes; the integration is then used like any other: connections, workspace integrations, partials, execute, MCP tools.',
      body: ImportCustomIntegrationBody,
      response: { 201: CustomIntegrationEnvelope, ...conflict, ...standardErrors },
    },
    handler: async (req, reply) => reply.code(201).send(await service.import(actorOf(req), req.body)),
  });

  app.get('/api/v1/custom-integrations', {
    config: { access: apiKey('any') },
    schema: {
      operationId: 'customIntegrations.list',
      tags,
      summary: "List the organization's custom integrations and the published ones",
      response: { 200: CustomIntegrationList, ...standardErrors },
    },
    handler: async (req) => service.list(actorOf(req)),
  });

  app.get('/api/v1/custom-integrations/:name', {
    config: { access: apiKey('any') },
    schema: {
      operationId: 'customIntegrations.get',
      tags,
      summary: 'Get a custom integration with its catalog entry',
      params: NameParams,
      response: { 200: CustomIntegrationEnvelope, ...standardErrors },
    },
    handler: async (req) => service.get(actorOf(req), req.params.name),
  });

  app.put('/api/v1/custom-integrations/:name', {
    bodyLimit: IMPORT_BODY_LIMIT,
    config: { access: apiKey('organization') },
    schema: {
      operationId: 'customIntegrations.reimport',
      tags,
      summary: 'Re-import a custom integration from a new document (or its URL again)',
      description:
        'Updates in place: connections, workspace integrations and partials stay; the answer says which actions were added, removed or changed.',
      params: NameParams,
      body: ReimportCustomIntegrationBody,
      response: { 200: ReimportEnvelope, ...standardErrors },
    },
    handler: async (req) => service.reimport(actorOf(req), req.params.name, req.body),
  });

  app.delete('/api/v1/custom-integrations/:name', {
    config: { access: apiKey('organization') },
    schema: {
      operationId: 'customIntegrations.delete',
      tags,
      summary: 'Delete a custom integration no connection or workspace integration uses',
      params: NameParams,
      response: { 200: Deleted, ...conflict, ...standardErrors },
    },
    handler: async (req) => service.delete(actorOf(req), req.params.name),
  });
};
