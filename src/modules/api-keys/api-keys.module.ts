import type { InvalidationBus } from '../../platform/invalidation.js';
import { defineModule, type Platform } from '../../platform/module.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import { apiKeysRoutes } from './api-keys.routes.js';
import { ApiKeyPermissionsSchemas } from './api-keys.schemas.js';
import { ApiKeysService } from './api-keys.service.js';
import { ApiKeyVerifier } from './api-keys.verifier.js';

/** API keys and their verification (cached; lastUsedAt written in batches). */
export const apiKeysModule = defineModule<
  Pick<Platform, 'config' | 'orm' | 'log'> & { bus: InvalidationBus; workspaces: WorkspacesService }
>()({
  name: 'apiKeys',
  build: ({ config, orm, log, bus, workspaces }) => {
    const verifier = new ApiKeyVerifier(orm, bus, config.authCacheTtlMs, config.lastUsedFlushMs, (err) =>
      log.error({ err: { message: (err as Error).message } }, 'lastUsedAt flush failed'),
    );
    return { verifier, apiKeys: new ApiKeysService({ orm, plans: config.plans, bus, verifier, workspaces }) };
  },
  routes: [apiKeysRoutes],
  schemas: [...ApiKeyPermissionsSchemas],
  lifecycle: ({ verifier }) => ({ start: () => verifier.start(), stop: () => verifier.stop() }),
});
