import type { Orm } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors.js';
import * as repo from './oauth-apps.repository.js';

export type OAuthAppMode = 'service_managed' | 'custom';

/**
 * OAuth2 client registrations: service-managed apps (one per integration, configured by the operator) and
 * organizations' custom apps. Other modules ask this service which app a flow or a configuration may use.
 */
export class OAuthAppsService {
  constructor(protected readonly deps: { orm: Orm }) {}

  /** Names of the integrations with an OAuth app usable by the organization (GET /integrations/oauth-status). */
  async configured(orgId: string): Promise<string[]> {
    return repo.configuredIntegrationNames(this.deps.orm, orgId);
  }

  /**
   * Check an OAuth app choice for an integration's auth method: custom mode needs the organization's app for
   * this integration (404 OAUTH_APP_NOT_FOUND, 400 INVALID_OAUTH_APP); service-managed mode takes no app id.
   * `authType` is the auth method's type: app settings on a non-OAuth method are INVALID_OAUTH_APP.
   */
  async checkChoice(orgId: string, integrationName: string, authType: string, mode: OAuthAppMode | undefined, appId: string | null | undefined): Promise<string | null> {
    const isOAuth = authType === 'OAUTH2';
    if (!isOAuth) {
      if (mode === 'custom' || appId) {
        throw new AppError('INVALID_OAUTH_APP', `The ${authType} auth method takes no OAuth app settings (oauthAppMode, oauthAppId).`);
      }
      return null;
    }
    if (mode !== 'custom') {
      if (appId) throw new AppError('INVALID_OAUTH_APP', 'oauthAppId is only given with oauthAppMode custom; service-managed OAuth uses the platform app.');
      return null;
    }
    if (!appId) throw new AppError('INVALID_OAUTH_APP', 'oauthAppId is required when oauthAppMode is custom.');
    const app = await repo.findOrgApp(this.deps.orm, orgId, appId);
    if (!app) throw new AppError('OAUTH_APP_NOT_FOUND', 'No OAuth app with this id in the organization.');
    if (app.integrationName !== integrationName) {
      throw new AppError('INVALID_OAUTH_APP', `The OAuth app is for ${app.integrationName}, not ${integrationName}.`);
    }
    return app.id;
  }
}
