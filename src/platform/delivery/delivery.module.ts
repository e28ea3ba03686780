import type { EgressGuard } from '../egress.js';
import type { InvalidationBus } from '../invalidation.js';
import { defineModule, type Platform } from '../module.js';
import type { SecretBox } from '../secrets.js';
import { DeliveryService } from './delivery.js';
import { SigningSecrets } from './signing.js';
import { DeliveryMetrics } from './delivery.metrics.js';
import type { Registry } from 'prom-client';

/** Outbound webhooks (trigger callbacks, approval notifications): an outbox delivered by workers. */
export const deliveryModule = defineModule<
  Pick<Platform, 'config' | 'db' | 'orm' | 'log'> & {
    secrets: SecretBox;
    egress: EgressGuard;
    metrics: Registry;
    bus: InvalidationBus;
  }
>()({
  name: 'delivery',
  build: ({ config, db, orm, log, secrets, egress, metrics, bus }) => {
    const signing = new SigningSecrets({ orm, secrets, bus });
    const delivery = new DeliveryService({
      db,
      secrets,
      signing,
      egress,
      config: config.delivery,
      log,
      metrics: new DeliveryMetrics(metrics, db),
    });
    return { signing, delivery };
  },
  jobs: ({ delivery }) => [delivery.purgeJob()],
  lifecycle: ({ config, delivery }) => ({
    start: async () => {
      if (config.workers) await delivery.start();
    },
    stop: () => delivery.stop(),
  }),
});
