import type { InvalidationBus } from '../../platform/invalidation.js';
import { defineModule, type Platform } from '../../platform/module.js';
import type { ApiKeysService } from '../api-keys/api-keys.service.js';
import type { AuthService } from '../auth/auth.service.js';
import type { MembersService } from '../members/members.service.js';
import { Organization } from './organizations.schemas.js';
import { organizationsRoutes } from './organizations.routes.js';
import { OrganizationsService } from './organizations.service.js';

/** Tenants (managed through the operator routes); a plan change re-applies every module's `suspendable` limits. */
export const organizationsModule = defineModule<
  Pick<Platform, 'config' | 'orm' | 'suspendable'> & {
    bus: InvalidationBus;
    apiKeys: ApiKeysService;
    auth: AuthService;
    members: MembersService;
  }
>()({
  name: 'organizations',
  build: ({ config, orm, bus, apiKeys, auth, members, suspendable }) => ({
    organizations: new OrganizationsService({
      orm,
      plans: config.plans,
      selfServe: { enabled: config.selfServeOrganizations, plan: config.signupPlan },
      bus,
      apiKeys,
      auth,
      members,
      suspendable,
    }),
  }),
  routes: [organizationsRoutes],
  schemas: [Organization],
});
