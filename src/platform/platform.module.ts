import { EgressGuard } from './egress.js';
import { InvalidationBus } from './invalidation.js';
import { JobRunner } from './jobs/runner.js';
import { Mailer } from './mailer.js';
import { defineModule, type Platform } from './module.js';
import { SecretBox } from './secrets.js';
import { SelfEndpoints } from './self-endpoints.js';
import { createMetricsRegistry } from './metrics.js';
import { TenantActivity } from './tenant-activity.js';

/** Cross-cutting infrastructure every module may need: invalidation, jobs, secrets, outbound HTTP, mail, metrics, tenant activity. */
export const platformModule = defineModule<Pick<Platform, 'config' | 'db' | 'log'>>()({
  name: 'platform',
  build: ({ config, db, log }) => {
    if (!config.encryptionKey) throw new Error('The encryption key must be resolved before building the app (prepareConfig).');
    return {
      bus: new InvalidationBus(db, { redisUrl: config.redisUrl, log }),
      jobs: new JobRunner(db, log),
      secrets: SecretBox.fromKeys(config.encryptionKey, config.previousEncryptionKeys),
      egress: new EgressGuard(config.egressAllow, new SelfEndpoints(config)),
      mailer: new Mailer(config.email),
      metrics: createMetricsRegistry(),
      /** Which organizations this process served lately: an organization's inbound share shrinks while others are (0174). */
      tenantActivity: new TenantActivity(config.triggers.inboundPerOrg.sharingWindowMs),
    };
  },
  lifecycle: ({ config, bus, jobs, egress, mailer }) => ({
    start: async () => {
      await bus.start();
      await jobs.start(config.workers);
    },
    stop: async () => {
      await jobs.stop();
      await bus.stop();
    },
    close: async () => {
      await egress.close();
      mailer.close();
    },
  }),
});
