import { defineModule, type Platform } from '../../platform/module.js';
import type { MembersService } from '../members/members.service.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import { workspaceMembersRoutes } from './workspace-members.routes.js';
import { WorkspaceMember } from './workspace-members.schemas.js';
import { WorkspaceMembersService } from './workspace-members.service.js';

/** Members given access to single workspaces. */
export const workspaceMembersModule = defineModule<
  Pick<Platform, 'orm'> & { workspaces: WorkspacesService; members: MembersService }
>()({
  name: 'workspaceMembers',
  build: ({ orm, workspaces, members }) => ({ workspaceMembers: new WorkspaceMembersService({ orm, workspaces, members }) }),
  routes: [workspaceMembersRoutes],
  schemas: [WorkspaceMember],
});
