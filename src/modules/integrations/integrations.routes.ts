import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { callerOf } from '../../platform/http/auth.js';
import { standardErrors } from '../../platform/http/schemas.js';
import {
  CatalogQuery,
  CatalogResponse,
  IntegrationNameParams,
  LogoQuery,
  OAuthStatusResponse,
  PropertyOptionsBody,
  PropertyOptionsResponse,
  PropertyResolveBody,
  PropertyResolveResponse,
} from './integrations.schemas.js';
import { apiKey, noAuth } from '../../platform/http/route-access.js';

const tags = ['Integration catalog'];
/** Logos change rarely; an hour keeps pages fast and still picks up an operator's new file the same day. */
const LOGO_MAX_AGE = 3600;

export const integrationsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.integrations;

  app.get('/api/v1/integrations', {
    config: { access: noAuth('the catalog is public') },
    schema: {
      operationId: 'integrations.list',
      tags,
      summary: 'List the catalog (no API key needed); with name, one entry',
      querystring: CatalogQuery,
      response: { 200: CatalogResponse, ...standardErrors },
    },
    handler: async (req) => (req.query.name ? { integration: service.get(req.query.name) } : service.list(req.query.summary)),
  });

  app.get('/api/v1/integrations/oauth-status', {
    config: { access: apiKey('any') },
    schema: {
      operationId: 'integrations.oauthStatus',
      tags,
      summary: 'Integrations with an OAuth app configured (service-managed or your own)',
      response: { 200: OAuthStatusResponse, ...standardErrors },
    },
    handler: async (req) => service.oauthStatus(callerOf(req).orgId),
  });

  app.post('/api/v1/integrations/:integrationName/properties/options', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'integrations.propertyOptions',
      tags,
      summary: 'Options of a dropdown property, computed from the input so far',
      params: IntegrationNameParams,
      body: PropertyOptionsBody,
      response: { 200: PropertyOptionsResponse, ...standardErrors },
    },
    handler: async (req) => service.options(callerOf(req), req.params.integrationName, req.body),
  });

  app.post('/api/v1/integrations/:integrationName/properties/resolve', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'integrations.resolveProperties',
      tags,
      summary: 'The properties a dynamic property expands to for the input so far',
      params: IntegrationNameParams,
      body: PropertyResolveBody,
      response: { 200: PropertyResolveResponse, ...standardErrors },
    },
    handler: async (req) => service.resolve(callerOf(req), req.params.integrationName, req.body),
  });

  app.get('/api/v1/integrations/:integrationName/logo', {
    config: { access: noAuth('the catalog is public') },
    schema: {
      operationId: 'integrations.logo',
      tags,
      summary: "The integration's logo (no API key): the operator's file in <data dir>/logos, else a generated monogram",
      params: IntegrationNameParams,
      querystring: LogoQuery,
      produces: ['image/svg+xml', 'image/png', 'image/webp', 'image/jpeg'],
    },
    handler: async (req, reply) => {
      const logo = await service.logo(req.params.integrationName, req.query.label);
      reply
        .header('cache-control', `public, max-age=${LOGO_MAX_AGE}`)
        .header('etag', logo.etag)
        .header('x-content-type-options', 'nosniff')
        // An SVG opened on its own runs nothing and loads nothing.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header('cross-origin-resource-policy', 'cross-origin');
      if (req.headers['if-none-match'] === logo.etag) return reply.code(304).send();
      return reply.type(logo.contentType).send(logo.body);
    },
  });

  // Logo addresses of earlier catalogs.
  app.get('/static/integrations/:file', {
    config: { access: noAuth('the catalog is public') },
    schema: { hide: true, params: Type.Object({ file: Type.String({ pattern: '^[a-z0-9@._-]+\\.svg$', maxLength: 200 }) }) },
    handler: async (req, reply) => {
      const name = req.params.file.replace(/\.svg$/, '');
      await service.logo(name);
      return reply.redirect(`/api/v1/integrations/${encodeURIComponent(name)}/logo`, 301);
    },
  });
};
