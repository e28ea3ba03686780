import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf } from '../../platform/http/auth.js';
import { standardErrors } from '../../platform/http/schemas.js';
import { RotatedSigningSecret, SigningSecretStatus } from './webhook-signing-secret.schemas.js';
import { apiKey } from '../../platform/http/route-access.js';

const tags = ['Webhook signing'];

export const webhookSigningSecretRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.webhookSigningSecret;

  app.post('/api/v1/webhook-signing-secret/rotate', {
    config: { access: apiKey('organization') },
    schema: {
      operationId: 'webhookSigningSecret.rotate',
      tags,
      summary: 'Create or rotate the signing secret of outbound webhooks (shown once)',
      description:
        'Signing is on from the first rotation. Each delivery then carries X-Service-Timestamp and X-Service-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">. ' +
        'After a rotation the previous secret signs too (a second v1=) for 24 hours.',
      response: { 200: RotatedSigningSecret, ...standardErrors },
    },
    handler: async (req) => service.rotate(actorOf(req)),
  });

  app.get('/api/v1/webhook-signing-secret', {
    config: { access: apiKey('organization') },
    schema: {
      operationId: 'webhookSigningSecret.get',
      tags,
      summary: 'Whether outbound webhooks are signed (the secret is never shown again)',
      response: { 200: SigningSecretStatus, ...standardErrors },
    },
    handler: async (req) => service.status(actorOf(req)),
  });

  app.delete('/api/v1/webhook-signing-secret', {
    config: { access: apiKey('organization') },
    schema: {
      operationId: 'webhookSigningSecret.delete',
      tags,
      summary: 'Delete the signing secret: outbound webhooks are no longer signed',
      response: { 200: SigningSecretStatus, ...standardErrors },
    },
    handler: async (req) => service.remove(actorOf(req)),
  });
};
