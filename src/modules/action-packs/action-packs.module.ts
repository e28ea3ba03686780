import type { InvalidationBus } from '../../platform/invalidation.js';
import { defineModule, type Platform } from '../../platform/module.js';
import { actionPacksRoutes } from './action-packs.routes.js';
import { ActionPacksService } from './action-packs.service.js';

/** Extra actions bought on top of the plan's monthly quota. */
export const actionPacksModule = defineModule<Pick<Platform, 'config' | 'orm' | 'now'> & { bus: InvalidationBus }>()({
  name: 'actionPacks',
  build: ({ config, orm, bus, now }) => ({
    actionPacks: new ActionPacksService({ orm, plans: config.plans, bus, ...(now ? { now } : {}) }),
  }),
  routes: [actionPacksRoutes],
});
