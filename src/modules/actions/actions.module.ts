import type { ExecutionEngine } from '../../engine/engine.js';
import { defineModule } from '../../platform/module.js';
import type { ConnectionsService } from '../connections/connections.service.js';
import { actionsRoutes } from './actions.routes.js';
import { ActionsService } from './actions.service.js';

/** Running an action over REST. */
export const actionsModule = defineModule<{ engine: ExecutionEngine; connections: ConnectionsService }>()({
  name: 'actions',
  build: ({ engine, connections }) => ({ actions: new ActionsService({ engine, connections }) }),
  routes: [actionsRoutes],
});
