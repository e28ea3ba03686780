import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { AppError } from '../../platform/errors.js';
import { noAuth } from '../../platform/http/route-access.js';

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/healthz', {
    config: { access: noAuth('health checks for load balancers') },
    schema: {
      operationId: 'health.check',
      tags: ['Health'],
      summary: 'The process is up',
      response: { 200: Type.Object({ status: Type.Literal('ok') }) },
    },
    handler: async () => ({ status: 'ok' as const }),
  });

  app.get('/readyz', {
    config: { access: noAuth('health checks for load balancers') },
    schema: {
      operationId: 'health.ready',
      tags: ['Health'],
      summary: 'The database answers',
      response: { 200: Type.Object({ status: Type.Literal('ready') }) },
    },
    handler: async () => {
      try {
        await app.db.query('SELECT 1');
      } catch {
        throw new AppError('SERVICE_UNAVAILABLE', 'The database does not answer.');
      }
      return { status: 'ready' as const };
    },
  });
};
