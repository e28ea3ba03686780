import type { InvalidationBus } from '../../platform/invalidation.js';
import { defineModule, type Platform } from '../../platform/module.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import { endUsersRoutes } from './end-users.routes.js';
import { EndUser } from './end-users.schemas.js';
import { EndUsersService } from './end-users.service.js';

/** The customer's own users, inside a workspace. */
export const endUsersModule = defineModule<Pick<Platform, 'orm'> & { bus: InvalidationBus; workspaces: WorkspacesService }>()({
  name: 'endUsers',
  build: ({ orm, workspaces, bus }) => ({ endUsers: new EndUsersService({ orm, workspaces, bus }) }),
  routes: [endUsersRoutes],
  schemas: [EndUser],
});
