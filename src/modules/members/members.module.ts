import { defineModule, type Platform } from '../../platform/module.js';
import { purgeInvitationsJob } from './members.jobs.js';
import { membersRoutes } from './members.routes.js';
import { Invitation, Member } from './members.schemas.js';
import { MembersService } from './members.service.js';

/** An organization's members and their invitations. */
export const membersModule = defineModule<Pick<Platform, 'config' | 'orm' | 'log'>>()({
  name: 'members',
  build: ({ config, orm }) => ({ members: new MembersService({ orm, plans: config.plans }) }),
  routes: [membersRoutes],
  schemas: [Member, Invitation],
  jobs: ({ orm, log }) => [purgeInvitationsJob(orm, log)],
});
