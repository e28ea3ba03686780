import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf, callerOf } from '../../platform/http/auth.js';
import { standardErrors } from '../../platform/http/schemas.js';
import {
  ConnectTokenResponse,
  CreateConnectTokenBody,
  PollBody,
  PollResponse,
  SessionEnvelope,
  SessionParams,
} from './connect.schemas.js';
import { apiKey, noAuth } from '../../platform/http/route-access.js';

const tags = ['Connect'];
const errorRef = { $ref: 'ErrorBody' } as const;

/** Hosted connect: tokens for the connect page, session status for the app (the pages live in src/web/connect). */
export const connectRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.connect;

  app.post('/api/v1/connect/token', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'connect.createToken',
      tags,
      summary: 'Create a hosted connect session token (cst_, valid 4 hours) and its connect page URL',
      body: CreateConnectTokenBody,
      response: { 201: ConnectTokenResponse, ...standardErrors, 409: errorRef },
    },
    handler: async (req, reply) => {
      const caller = callerOf(req);
      return reply
        .code(201)
        .send(await service.createToken({ orgId: caller.orgId, access: caller.access, plan: caller.plan }, req.body));
    },
  });

  app.get('/api/v1/connect/session/:sessionId', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'connect.getSession',
      tags,
      summary: "Get a connect session (403 FORBIDDEN for another organization's session)",
      params: SessionParams,
      response: { 200: SessionEnvelope, ...standardErrors },
    },
    handler: async (req) => service.getSession(actorOf(req), req.params.sessionId),
  });

  app.post('/api/v1/connect/session/poll', {
    config: { access: noAuth('the connect session token in the body') },
    schema: {
      operationId: 'connect.pollSession',
      tags,
      summary: 'Poll a connect session with its cst_ token (no API key)',
      body: PollBody,
      response: { 200: PollResponse, 400: errorRef, 401: errorRef },
    },
    // No body at all reads as no token (MISSING_TOKEN), not as a malformed body.
    preValidation: async (req) => {
      if (req.body === undefined || req.body === null) req.body = {};
    },
    handler: async (req) => service.poll(req.body?.token),
  });
};
