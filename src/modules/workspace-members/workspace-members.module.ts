import { defineModule, type Platform } from '../../platform/module.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import { workspaceMembersRoutes } from './workspace-members.routes.js';
import { WorkspaceMember } from './workspace-members.schemas.js';
import { WorkspaceMembersService } from './workspace-members.service.js';

/** Members given access to single workspaces. */
export const workspaceMembersModule = defineModule<Pick<Platform, 'orm'> & { workspaces: WorkspacesService }>()({
  name: 'workspaceMembers',
  build: ({ orm, workspaces }) => ({ workspaceMembers: new WorkspaceMembersService({ orm, workspaces }) }),
  routes: [workspaceMembersRoutes],
  schemas: [WorkspaceMember],
});
