import { defineModule } from '../../platform/module.js';
import { healthRoutes } from './health.routes.js';

/** Liveness and readiness: routes only. */
export const healthModule = defineModule<object>()({
  name: 'health',
  build: () => ({}),
  routes: [healthRoutes],
});
