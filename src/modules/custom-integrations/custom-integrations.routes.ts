import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DOCUMENT_LIMITS } from '../../integrations/openapi/document.js';
import { actorOf } from '../../platform/http/auth.js';
import { apiKey, operator } from '../../platform/http/route-access.js';
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
      operationId: 'customIntegrations.create',
      tags,
      summary: 'Import an OpenAPI document as an integration',
      description:
        'One action per operation (or per selected operation), auth from the security schemes; the integration is then used like any other: connections, workspace integrations, partials, execute, MCP tools.',
      body: ImportCustomIntegrationBody,
      response: { 201: CustomIntegrationEnvelope, ...conflict, ...standardErrors },
    },
    handler: async (req, reply) => reply.code(201).send(await service.import(actorOf(req).orgId, req.body)),
  });

  app.get('/api/v1/custom-integrations', {
    config: { access: apiKey('any') },
    schema: {
      operationId: 'customIntegrations.list',
      tags,
      summary: "List the organization's custom integrations and the published ones",
      response: { 200: CustomIntegrationList, ...standardErrors },
    },
    handler: async (req) => service.list(actorOf(req).orgId),
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
    handler: async (req) => service.get(actorOf(req).orgId, req.params.name),
  });

  app.put('/api/v1/custom-integrations/:name', {
    bodyLimit: IMPORT_BODY_LIMIT,
    config: { access: apiKey('organization') },
    schema: {
      operationId: 'customIntegrations.update',
      tags,
      summary: 'Re-import a custom integration from a new document (or its URL again)',
      description:
        'Updates in place: connections, workspace integrations and partials stay; the answer says which actions were added, removed or changed.',
      params: NameParams,
      body: ReimportCustomIntegrationBody,
      response: { 200: ReimportEnvelope, ...standardErrors },
    },
    handler: async (req) => service.reimport(actorOf(req).orgId, req.params.name, req.body),
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
    handler: async (req) => service.delete(actorOf(req).orgId, req.params.name),
  });
};

/** The operator's custom integrations: published to every organization (0151). */
export const publishedIntegrationsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.customIntegrations;
  const tags = ['Operator'];
  const security = [{ operatorToken: [] as string[] }];

  app.post('/operator/v1/custom-integrations', {
    bodyLimit: IMPORT_BODY_LIMIT,
    config: { access: operator() },
    schema: {
      operationId: 'operator.publishCustomIntegration',
      tags,
      summary: 'Import an OpenAPI document as an integration every organization can use',
      security,
      body: ImportCustomIntegrationBody,
      response: { 201: CustomIntegrationEnvelope, ...conflict, ...standardErrors },
    },
    handler: async (req, reply) => reply.code(201).send(await service.import(null, req.body)),
  });

  app.get('/operator/v1/custom-integrations', {
    config: { access: operator() },
    schema: {
      operationId: 'operator.listCustomIntegrations',
      tags,
      summary: 'List the published custom integrations',
      security,
      response: { 200: CustomIntegrationList, ...standardErrors },
    },
    handler: async () => service.list(null),
  });

  app.put('/operator/v1/custom-integrations/:name', {
    bodyLimit: IMPORT_BODY_LIMIT,
    config: { access: operator() },
    schema: {
      operationId: 'operator.reimportCustomIntegration',
      tags,
      summary: 'Re-import a published custom integration',
      security,
      params: NameParams,
      body: ReimportCustomIntegrationBody,
      response: { 200: ReimportEnvelope, ...standardErrors },
    },
    handler: async (req) => service.reimport(null, req.params.name, req.body),
  });

  app.delete('/operator/v1/custom-integrations/:name', {
    config: { access: operator() },
    schema: {
      operationId: 'operator.deleteCustomIntegration',
      tags,
      summary: 'Delete a published custom integration no organization uses',
      security,
      params: NameParams,
      response: { 200: Deleted, ...conflict, ...standardErrors },
    },
    handler: async (req) => service.delete(null, req.params.name),
  });
};
