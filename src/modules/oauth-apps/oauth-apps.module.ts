import type { IntegrationRegistry } from '../../integrations/registry.js';
import { defineModule, type Platform } from '../../platform/module.js';
import type { SecretBox } from '../../platform/secrets.js';
import { oauthAppsRoutes } from './oauth-apps.routes.js';
import { OAuthApp } from './oauth-apps.schemas.js';
import { OAuthAppsService } from './oauth-apps.service.js';

/** The customer's own OAuth2 client credentials per integration; modules using them declare `hooks.oauthAppUsage`. */
export const oauthAppsModule = defineModule<
  Pick<Platform, 'config' | 'orm' | 'moduleHooks'> & { secrets: SecretBox; registry: IntegrationRegistry }
>()({
  name: 'oauthApps',
  build: ({ config, orm, secrets, registry, moduleHooks }) => ({
    oauthApps: new OAuthAppsService({ orm, secrets, registry, plans: config.plans, dependents: moduleHooks.oauthAppUsage }),
  }),
  routes: [oauthAppsRoutes],
  schemas: [OAuthApp],
});
