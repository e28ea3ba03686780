import type { InvalidationBus } from '../../platform/invalidation.js';
import { defineModule, type Platform } from '../../platform/module.js';
import { workspacesRoutes } from './workspaces.routes.js';
import { Workspace } from './workspaces.schemas.js';
import { WorkspacesService } from './workspaces.service.js';

/** Workspaces; other modules take part in their deletion by declaring `hooks.workspaceDeletion`. */
export const workspacesModule = defineModule<Pick<Platform, 'config' | 'orm' | 'moduleHooks'> & { bus: InvalidationBus }>()({
  name: 'workspaces',
  build: ({ config, orm, bus, moduleHooks }) => ({
    workspaces: new WorkspacesService({ orm, plans: config.plans, bus, deletion: moduleHooks.workspaceDeletion }),
  }),
  routes: [workspacesRoutes],
  schemas: [Workspace],
  suspendable: [{ table: 'workspaces', limit: 'workspaces' }],
});
