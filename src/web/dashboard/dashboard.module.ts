import { defineModule } from '../../platform/module.js';
import { dashboardPages } from './dashboard.routes.js';

/** The dashboard's static files (web/, built into dist/web); it calls the API like any client, so it needs no service. */
export const dashboardModule = defineModule<object>()({
  name: 'dashboard',
  build: () => ({}),
  routes: [dashboardPages],
});
