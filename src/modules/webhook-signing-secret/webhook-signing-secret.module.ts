import type { SigningSecrets } from '../../platform/delivery/signing.js';
import { defineModule } from '../../platform/module.js';
import { webhookSigningSecretRoutes } from './webhook-signing-secret.routes.js';
import { WebhookSigningSecretService } from './webhook-signing-secret.service.js';

/** The organization's secret that signs outbound webhooks. */
export const webhookSigningSecretModule = defineModule<{ signing: SigningSecrets }>()({
  name: 'webhookSigningSecret',
  build: ({ signing }) => ({ webhookSigningSecret: new WebhookSigningSecretService({ signing }) }),
  routes: [webhookSigningSecretRoutes],
});
