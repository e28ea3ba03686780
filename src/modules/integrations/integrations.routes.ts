import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { AppError } from '../../platform/errors.js';
import { callerOf } from '../../platform/http/auth.js';
import { ApiKeySecurity, standardErrors } from '../../platform/http/schemas.js';
import {
  CatalogQuery,
  CatalogResponse,
  IntegrationNameParams,
  OAuthStatusResponse,
  PropertyOptionsBody,
  PropertyOptionsResponse,
  PropertyResolveBody,
  PropertyResolveResponse,
} from './integrations.schemas.js';

const tags = ['Integration catalog'];

export const integrationsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.integrations;

  app.get('/api/v1/integrations', {
    config: { auth: 'none' },
    schema: {
      tags,
      summary: 'List the catalog (no API key needed); with name, one entry',
      querystring: CatalogQuery,
      response: { 200: CatalogResponse, ...standardErrors },
    },
    handler: async (req) => (req.query.name ? { integration: service.get(req.query.name) } : service.list(req.query.summary)),
  });

  app.get('/api/v1/integrations/oauth-status', {
    schema: {
      tags,
      summary: 'Integrations with an OAuth app configured (service-managed or your own)',
      security: ApiKeySecurity,
      response: { 200: OAuthStatusResponse, ...standardErrors },
    },
    handler: async (req) => service.oauthStatus(callerOf(req).orgId),
  });

  app.post('/api/v1/integrations/:integrationName/properties/options', {
    schema: {
      tags,
      summary: 'Options of a dropdown property, computed from the input so far',
      security: ApiKeySecurity,
      params: IntegrationNameParams,
      body: PropertyOptionsBody,
      response: { 200: PropertyOptionsResponse, ...standardErrors },
    },
    handler: async (req) => service.options(callerOf(req), req.params.integrationName, req.body),
  });

  app.post('/api/v1/integrations/:integrationName/properties/resolve', {
    schema: {
      tags,
      summary: 'The properties a dynamic property expands to for the input so far',
      security: ApiKeySecurity,
      params: IntegrationNameParams,
      body: PropertyResolveBody,
      response: { 200: PropertyResolveResponse, ...standardErrors },
    },
    handler: async (req) => service.resolve(callerOf(req), req.params.integrationName, req.body),
  });

  app.get('/static/integrations/:file', {
    config: { auth: 'none' },
    schema: { hide: true, params: Type.Object({ file: Type.String({ pattern: '^[a-z0-9@._-]+\\.svg$', maxLength: 200 }) }) },
    handler: async (req, reply) => {
      const svg = service.logo(req.params.file.replace(/\.svg$/, ''));
      if (!svg) throw new AppError('NOT_FOUND', 'No such logo.');
      return reply.type('image/svg+xml').header('Cache-Control', 'public, max-age=86400').send(svg);
    },
  });
};
