import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf, callerOf } from '../../platform/http/auth.js';
import { Deleted, IdParams, standardErrors } from '../../platform/http/schemas.js';
import {
  CreateOAuthAppBody,
  ListOAuthAppsQuery,
  OAuthAppEnvelope,
  OAuthAppList,
  UpdateOAuthAppBody,
} from './oauth-apps.schemas.js';
import { apiKey, operator } from '../../platform/http/route-access.js';

const tags = ['OAuth apps'];
const conflict = { 409: { $ref: 'ErrorBody' } } as const;

/** Custom OAuth apps of an organization (plans with customOAuthApps), and the operator's service-managed apps. */
export const oauthAppsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.oauthApps;

  app.get('/api/v1/oauth-apps', {
    config: { access: apiKey('organization') },
    schema: {
      operationId: 'oauthApps.list',
      tags,
      summary: "List the organization's custom OAuth apps",
      querystring: ListOAuthAppsQuery,
      response: { 200: OAuthAppList, ...standardErrors },
    },
    handler: async (req) => service.list(actorOf(req), req.query),
  });

  app.post('/api/v1/oauth-apps', {
    config: { access: apiKey('organization') },
    schema: {
      operationId: 'oauthApps.create',
      tags,
      summary: 'Register a custom OAuth app (client secret stored encrypted, never returned)',
      body: CreateOAuthAppBody,
      response: { 201: OAuthAppEnvelope, ...standardErrors },
    },
    handler: async (req, reply) =>
      reply.code(201).send({ oauthApp: await service.create(actorOf(req), callerOf(req).plan, req.body) }),
  });

  app.get('/api/v1/oauth-apps/:id', {
    config: { access: apiKey('organization') },
    schema: {
      operationId: 'oauthApps.get',
      tags,
      summary: 'Get a custom OAuth app',
      params: IdParams,
      response: { 200: OAuthAppEnvelope, ...standardErrors },
    },
    handler: async (req) => ({ oauthApp: await service.get(actorOf(req), req.params.id) }),
  });

  app.patch('/api/v1/oauth-apps/:id', {
    config: { access: apiKey('organization') },
    schema: {
      operationId: 'oauthApps.update',
      tags,
      summary: 'Update a custom OAuth app',
      params: IdParams,
      body: UpdateOAuthAppBody,
      response: { 200: OAuthAppEnvelope, ...standardErrors },
    },
    handler: async (req) => ({ oauthApp: await service.update(actorOf(req), callerOf(req).plan, req.params.id, req.body) }),
  });

  app.delete('/api/v1/oauth-apps/:id', {
    config: { access: apiKey('organization') },
    schema: {
      operationId: 'oauthApps.delete',
      tags,
      summary: 'Delete a custom OAuth app no longer in use',
      params: IdParams,
      response: { 200: Deleted, ...standardErrors, ...conflict },
    },
    handler: async (req) => service.delete(actorOf(req), req.params.id),
  });

  // ---- operator: service-managed apps, one per integration ------------------------------------------------
  const opTags = ['Operator'];
  const security = [{ operatorToken: [] as string[] }];

  app.get('/operator/v1/oauth-apps', {
    config: { access: operator() },
    schema: {
      operationId: 'operator.listOAuthApps',
      tags: opTags,
      summary: 'List the service-managed OAuth apps',
      security,
      querystring: ListOAuthAppsQuery,
      response: { 200: OAuthAppList, ...standardErrors },
    },
    handler: async (req) => service.listPlatform(req.query),
  });

  app.post('/operator/v1/oauth-apps', {
    config: { access: operator() },
    schema: {
      operationId: 'operator.createOAuthApp',
      tags: opTags,
      summary: "Configure an integration's service-managed OAuth app (used by PLATFORM_OAUTH2 connections of every organization)",
      security,
      body: CreateOAuthAppBody,
      response: { 201: OAuthAppEnvelope, ...standardErrors, ...conflict },
    },
    handler: async (req, reply) => reply.code(201).send({ oauthApp: await service.createPlatform(req.body) }),
  });

  app.patch('/operator/v1/oauth-apps/:id', {
    config: { access: operator() },
    schema: {
      operationId: 'operator.updateOAuthApp',
      tags: opTags,
      summary: 'Update a service-managed OAuth app',
      security,
      params: IdParams,
      body: UpdateOAuthAppBody,
      response: { 200: OAuthAppEnvelope, ...standardErrors },
    },
    handler: async (req) => ({ oauthApp: await service.updatePlatform(req.params.id, req.body) }),
  });

  app.delete('/operator/v1/oauth-apps/:id', {
    config: { access: operator() },
    schema: {
      operationId: 'operator.deleteOAuthApp',
      tags: opTags,
      summary: 'Remove a service-managed OAuth app',
      security,
      params: IdParams,
      response: { 200: Deleted, ...standardErrors },
    },
    handler: async (req) => service.deletePlatform(req.params.id),
  });
};
