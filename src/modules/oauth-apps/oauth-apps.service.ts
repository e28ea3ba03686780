import type { AuthOption, IntegrationDefinition } from '../../integrations/framework.js';
import type { IntegrationRegistry } from '../../integrations/registry.js';
import type { Orm } from '../../platform/db/database.js';
import { AppError, invalidField, isForeignKeyViolation, isRestrictViolation, isUniqueViolation } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/access.js';
import { newId } from '../../platform/ids.js';
import { isPlanName, type PlanTable } from '../../platform/plans.js';
import type { SecretBox } from '../../platform/secrets.js';
import { toOAuthApp } from './oauth-apps.mapper.js';
import * as repo from './oauth-apps.repository.js';
import type { OAuthAppRow } from './oauth-apps.repository.js';
import type { CreateOAuthAppInput, ListOAuthAppsQueryInput, UpdateOAuthAppInput } from './oauth-apps.schemas.js';

export type OAuthAppMode = 'service_managed' | 'custom';

const PURPOSE = 'oauth_app';

/** Everything an OAuth2 flow or a refresh needs from an app (the secret decrypted; never log or return it). */
export interface OAuthClient {
  appId: string;
  serviceManaged: boolean;
  clientId: string;
  clientSecret: string;
  scopes: string[];
  authUrl: string;
  tokenUrl: string;
  pkce: boolean;
  /** At the token endpoint: `basic` (HTTP Basic, client_secret_basic) or `body` (client_secret_post). */
  clientAuth: 'basic' | 'body';
  /** The integration's provider-specific authorization URL parameters. */
  authorizeParams: Record<string, string>;
}

const notFound = () => new AppError('NOT_FOUND', 'OAuth app not found.');

/** How many rows still use an app, by kind (the details of 409 OAUTH_APP_IN_USE). */
export interface OAuthAppUsage {
  workspaceIntegrations: number;
  connections: number;
}

/**
 * A module whose rows name an organization's OAuth app (declared as `hooks.oauthAppUsage` in its module file):
 * they would break without it, so the app is not deleted while `count` finds any.
 */
export interface OAuthAppDependent {
  /** Where its count goes in the usage. */
  readonly kind: keyof OAuthAppUsage;
  count(orgId: string, appId: string): Promise<number>;
}

/**
 * OAuth2 client registrations: service-managed apps (one per integration, configured by the operator) and
 * organizations' custom apps. Other modules ask this service which app a flow or a configuration may use.
 */
export class OAuthAppsService {
  constructor(
    protected readonly deps: {
      orm: Orm;
      secrets: SecretBox;
      registry: IntegrationRegistry;
      plans: PlanTable;
      /**
       * The modules whose rows use apps (connections, workspace integrations; `hooks.oauthAppUsage`). They need this
       * service, so the composition fills this list after building them: it is read at delete time only.
       */
      dependents: readonly OAuthAppDependent[];
    },
  ) {}

  /** Names of the integrations with an OAuth app usable by the organization (GET /integrations/oauth-status). */
  async configured(orgId: string): Promise<string[]> {
    return repo.configuredIntegrationNames(this.deps.orm, orgId);
  }

  /**
   * Check an OAuth app choice for an integration's auth method: custom mode needs the organization's app for
   * this integration (404 OAUTH_APP_NOT_FOUND, 400 INVALID_OAUTH_APP); service-managed mode takes no app id.
   * `authType` is the auth method's type: app settings on a non-OAuth method are INVALID_OAUTH_APP.
   */
  async checkChoice(
    orgId: string,
    integrationName: string,
    authType: string,
    mode: OAuthAppMode | undefined,
    appId: string | null | undefined,
  ): Promise<string | null> {
    const isOAuth = authType === 'OAUTH2';
    if (!isOAuth) {
      if (mode === 'custom' || appId) {
        throw new AppError(
          'INVALID_OAUTH_APP',
          `The ${authType} auth method takes no OAuth app settings (oauthAppMode, oauthAppId).`,
        );
      }
      return null;
    }
    if (mode !== 'custom') {
      if (appId)
        throw new AppError(
          'INVALID_OAUTH_APP',
          'oauthAppId is only given with oauthAppMode custom; service-managed OAuth uses the platform app.',
        );
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

  /** 403 CUSTOM_OAUTH_APP_PLAN_REQUIRED unless the plan includes custom OAuth apps. */
  requireCustomAppsPlan(plan: string): void {
    const p = this.deps.plans[isPlanName(plan) ? plan : 'free'];
    if (!p.customOAuthApps) {
      throw new AppError(
        'CUSTOM_OAUTH_APP_PLAN_REQUIRED',
        `Custom OAuth apps are not available on the ${plan} plan (Team, Scale and Enterprise plans include them).`,
      );
    }
  }

  /**
   * The client an OAuth2 flow runs with: the organization's custom app, or the integration's service-managed app
   * (400 NO_OAUTH_APP when the operator configured none, 404 OAUTH_APP_NOT_FOUND when a custom app is gone).
   */
  async clientForFlow(
    orgId: string,
    def: IntegrationDefinition,
    option: AuthOption,
    mode: OAuthAppMode,
    appId: string | null,
  ): Promise<OAuthClient> {
    let row: OAuthAppRow | null;
    if (mode === 'custom') {
      row = appId ? await repo.findOrgApp(this.deps.orm, orgId, appId) : null;
      if (!row) throw new AppError('OAUTH_APP_NOT_FOUND', 'The custom OAuth app of this flow no longer exists.');
    } else {
      row = await repo.findPlatformApp(this.deps.orm, def.name);
      if (!row)
        throw new AppError(
          'NO_OAUTH_APP',
          `No service-managed OAuth app is configured for ${def.name}; ask the operator to add one, or use a custom OAuth app.`,
        );
    }
    return this.client(row, option);
  }

  /** The client that refreshes a connection's tokens, or null when it has none (no app, or the app is gone). */
  async clientForConnection(
    conn: { orgId: string; type: string; oauthAppId: string | null; integrationName: string },
    option: AuthOption,
  ): Promise<OAuthClient | null> {
    let row: OAuthAppRow | null = null;
    if (conn.type === 'PLATFORM_OAUTH2') row = await repo.findPlatformApp(this.deps.orm, conn.integrationName);
    else if (conn.oauthAppId) row = await repo.findOrgApp(this.deps.orm, conn.orgId, conn.oauthAppId);
    if (!row) return null;
    try {
      return this.client(row, option);
    } catch {
      return null;
    }
  }

  // ---- custom apps (API) ----------------------------------------------------------------------------------

  async list(actor: Actor, q: ListOAuthAppsQueryInput) {
    const [rows, total] = await Promise.all([
      repo.listApps(this.deps.orm, actor.orgId, q.integrationName, q.limit, q.offset),
      repo.countApps(this.deps.orm, actor.orgId, q.integrationName),
    ]);
    return { oauthApps: rows.map(toOAuthApp), total };
  }

  async get(actor: Actor, id: string) {
    const row = await repo.findApp(this.deps.orm, actor.orgId, id);
    if (!row) throw notFound();
    return toOAuthApp(row);
  }

  async create(actor: Actor, plan: string, input: CreateOAuthAppInput) {
    this.requireCustomAppsPlan(plan);
    return toOAuthApp(await this.insert(actor.orgId, input));
  }

  async update(actor: Actor, plan: string, id: string, input: UpdateOAuthAppInput) {
    if (Object.values(input).every((v) => v === undefined))
      throw new AppError('NO_UPDATES', 'Give at least one of name, clientId, clientSecret, scopes, authUrl, tokenUrl.');
    const current = await repo.findApp(this.deps.orm, actor.orgId, id);
    if (!current) throw notFound();
    this.requireCustomAppsPlan(plan);
    return toOAuthApp(await this.patch(actor.orgId, current, input));
  }

  /** 409 OAUTH_APP_IN_USE while workspace integrations or connections still use the app. */
  async delete(actor: Actor, id: string) {
    const row = await repo.findApp(this.deps.orm, actor.orgId, id);
    if (!row) throw notFound();
    const used: OAuthAppUsage = { workspaceIntegrations: 0, connections: 0 };
    for (const d of this.deps.dependents) used[d.kind] += await d.count(actor.orgId, id);
    if (used.workspaceIntegrations > 0 || used.connections > 0) {
      throw new AppError(
        'OAUTH_APP_IN_USE',
        `The OAuth app is used by ${used.workspaceIntegrations} workspace integration(s) and ${used.connections} connection(s); change or delete them first.`,
        { ...used },
      );
    }
    return this.deleteRow(actor.orgId, id);
  }

  /** Deletes the app row; a workspace integration that started using it (its key restricts the delete) answers 409. */
  private async deleteRow(orgId: string | null, id: string) {
    let deleted: boolean;
    try {
      deleted = await repo.deleteApp(this.deps.orm, orgId, id);
    } catch (err) {
      // 23001 on PostgreSQL 16+, 23503 before: either way the only key that can refuse this delete is oauth_app_id.
      if (isRestrictViolation(err) || isForeignKeyViolation(err))
        throw new AppError('OAUTH_APP_IN_USE', 'A workspace integration uses the OAuth app; change or delete it first.');
      throw err;
    }
    if (!deleted) throw notFound();
    return { deleted: true as const, id };
  }

  // ---- service-managed apps (operator API and CLI) --------------------------------------------------------

  async listPlatform(q: ListOAuthAppsQueryInput) {
    const [rows, total] = await Promise.all([
      repo.listApps(this.deps.orm, null, q.integrationName, q.limit, q.offset),
      repo.countApps(this.deps.orm, null, q.integrationName),
    ]);
    return { oauthApps: rows.map(toOAuthApp), total };
  }

  /** One service-managed app per integration: 409 DUPLICATE when it has one (PATCH it instead). */
  async createPlatform(input: CreateOAuthAppInput) {
    return toOAuthApp(await this.insert(null, input));
  }

  async updatePlatform(id: string, input: UpdateOAuthAppInput) {
    if (Object.values(input).every((v) => v === undefined))
      throw new AppError('NO_UPDATES', 'Give at least one of name, clientId, clientSecret, scopes, authUrl, tokenUrl.');
    const current = await repo.findApp(this.deps.orm, null, id);
    if (!current) throw notFound();
    return toOAuthApp(await this.patch(null, current, input));
  }

  /** Connections made with the app can no longer refresh once it is gone; the operator decides. */
  async deletePlatform(id: string) {
    return this.deleteRow(null, id);
  }

  /** CLI: create or replace the service-managed app of an integration. */
  async setPlatform(input: CreateOAuthAppInput) {
    const current = await repo.findPlatformApp(this.deps.orm, input.integrationName);
    if (!current) return this.createPlatform(input);
    const { integrationName: _n, ...rest } = input;
    return toOAuthApp(
      await this.patch(null, current, { ...rest, authUrl: input.authUrl ?? null, tokenUrl: input.tokenUrl ?? null }),
    );
  }

  async deletePlatformByIntegration(integrationName: string) {
    const current = await repo.findPlatformApp(this.deps.orm, integrationName);
    if (!current) throw notFound();
    return this.deletePlatform(current.id);
  }

  // ---- internals ------------------------------------------------------------------------------------------

  private oauthOption(integrationName: string, orgId: string | null): { def: IntegrationDefinition; option: AuthOption } {
    const def = this.deps.registry.get(integrationName, orgId);
    if (!def) throw new AppError('INTEGRATION_NOT_FOUND', `No integration named "${integrationName}".`);
    const option = def.auth.find((a) => a.type === 'OAUTH2');
    if (!option)
      throw invalidField(
        'integrationName',
        `${integrationName} has no OAuth2 auth method (${def.auth.map((a) => a.type).join(', ') || 'it takes no connection'})`,
      );
    return { def, option };
  }

  private async insert(orgId: string | null, input: CreateOAuthAppInput): Promise<OAuthAppRow> {
    const { def, option } = this.oauthOption(input.integrationName, orgId);
    if (!(input.authUrl ?? option.oauth2?.authUrl))
      throw invalidField('authUrl', `is required: ${def.name} does not name its authorization URL`);
    if (!(input.tokenUrl ?? option.oauth2?.tokenUrl))
      throw invalidField('tokenUrl', `is required: ${def.name} does not name its token URL`);
    const id = newId();
    try {
      return await repo.insertApp(this.deps.orm, {
        id,
        orgId,
        integrationName: def.name,
        name: input.name ?? def.displayName,
        clientId: input.clientId,
        clientSecret: this.deps.secrets.seal(PURPOSE, id, input.clientSecret),
        scopes: input.scopes ?? [],
        authUrl: input.authUrl ?? null,
        tokenUrl: input.tokenUrl ?? null,
      });
    } catch (err) {
      if (isUniqueViolation(err))
        throw new AppError('DUPLICATE', `${def.name} already has a service-managed OAuth app; update it instead.`);
      throw err;
    }
  }

  private async patch(orgId: string | null, current: OAuthAppRow, input: UpdateOAuthAppInput): Promise<OAuthAppRow> {
    const { option } = this.oauthOption(current.integrationName, orgId);
    const authUrl = input.authUrl !== undefined ? input.authUrl : current.authUrl;
    const tokenUrl = input.tokenUrl !== undefined ? input.tokenUrl : current.tokenUrl;
    if (!(authUrl ?? option.oauth2?.authUrl))
      throw invalidField('authUrl', `is required: ${current.integrationName} does not name its authorization URL`);
    if (!(tokenUrl ?? option.oauth2?.tokenUrl))
      throw invalidField('tokenUrl', `is required: ${current.integrationName} does not name its token URL`);
    const row = await repo.updateApp(this.deps.orm, orgId, current.id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.clientId !== undefined ? { clientId: input.clientId } : {}),
      ...(input.clientSecret !== undefined
        ? { clientSecret: this.deps.secrets.seal(PURPOSE, current.id, input.clientSecret) }
        : {}),
      ...(input.scopes !== undefined ? { scopes: input.scopes } : {}),
      ...(input.authUrl !== undefined ? { authUrl: input.authUrl } : {}),
      ...(input.tokenUrl !== undefined ? { tokenUrl: input.tokenUrl } : {}),
    });
    if (!row) throw notFound();
    return row;
  }

  private client(row: OAuthAppRow, option: AuthOption): OAuthClient {
    const authUrl = row.authUrl ?? option.oauth2?.authUrl;
    const tokenUrl = row.tokenUrl ?? option.oauth2?.tokenUrl;
    if (!authUrl || !tokenUrl)
      throw new AppError('NO_OAUTH_APP', `The OAuth app of ${row.integrationName} has no authorization or token URL.`);
    return {
      appId: row.id,
      serviceManaged: row.orgId === null,
      clientId: row.clientId,
      clientSecret: this.deps.secrets.open<string>(PURPOSE, row.id, row.clientSecret),
      scopes: row.scopes.length ? row.scopes : (option.oauth2?.scope ?? []),
      authUrl,
      tokenUrl,
      pkce: option.oauth2?.pkce !== false,
      clientAuth: option.oauth2?.authorizationMethod === 'HEADER' ? 'basic' : 'body',
      authorizeParams: option.oauth2?.extra ?? {},
    };
  }
}
