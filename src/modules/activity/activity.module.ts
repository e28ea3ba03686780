import type { ActivityRecorder } from '../../engine/activity.js';
import { defineModule, type Platform } from '../../platform/module.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import { activityRoutes } from './activity.routes.js';
import { ActivityEntry } from './activity.schemas.js';
import { ActivityService } from './activity.service.js';

/** The record of executions, as the engine's recorder writes it. */
export const activityModule = defineModule<
  Pick<Platform, 'orm'> & { activityRecorder: ActivityRecorder; workspaces: WorkspacesService }
>()({
  name: 'activity',
  build: ({ orm, activityRecorder, workspaces }) => ({
    activity: new ActivityService({ orm, recorder: activityRecorder, workspaces }),
  }),
  routes: [activityRoutes],
  schemas: [ActivityEntry],
});
