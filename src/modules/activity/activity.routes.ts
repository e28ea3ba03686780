import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf } from '../../platform/http/auth.js';
import { standardErrors } from '../../platform/http/schemas.js';
import { ActivityList, ListActivityQuery } from './activity.schemas.js';
import { apiKey } from '../../platform/http/route-access.js';

export const activityRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/v1/activity', {
    config: { access: apiKey('workspace') },
    schema: {
      operationId: 'activity.list',
      tags: ['Activity'],
      summary: 'Executions from every surface (REST, SDK, MCP tools, Code Mode, triggers), newest first',
      querystring: ListActivityQuery,
      response: { 200: ActivityList, ...standardErrors },
    },
    handler: async (req) => app.services.activity.list(actorOf(req), req.query),
  });
};
