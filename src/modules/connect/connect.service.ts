import type { AuthOption, IntegrationDefinition } from '../../integrations/framework.js';
import type { IntegrationRegistry } from '../../integrations/registry.js';
import type { Orm } from '../../platform/db/database.js';
import type { EgressGuard } from '../../platform/egress.js';
import { AppError, invalidField } from '../../platform/errors.js';
import { Access, type Actor } from '../../platform/http/access.js';
import { isUuid } from '../../platform/ids.js';
import type { SecretBox } from '../../platform/secrets.js';
import type { ConnectionsService } from '../connections/connections.service.js';
import type { EndUsersService } from '../end-users/end-users.service.js';
import type { OAuthAppMode, OAuthAppsService } from '../oauth-apps/oauth-apps.service.js';
import type { WorkspaceIntegrationsService } from '../workspace-integrations/workspace-integrations.service.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import { FormFlow, type SubmitOutcome } from './connect.form-flow.js';
import { toPollResult, toSession } from './connect.mapper.js';
import { OAuthFlow, type StartOutcome } from './connect.oauth-flow.js';
import * as repo from './connect.repository.js';
import type { SessionRow } from './connect.repository.js';
import type { CreateConnectTokenInput, OAuthCallbackInput } from './connect.schemas.js';
import { ConnectSessions, expired, type NewSession, type Scope, type SessionView } from './connect.sessions.js';

/**
 * Hosted connect: sessions (cst_ tokens), the credential form, the OAuth2 authorization code flow with PKCE, and
 * storing the resulting connection through ConnectionsService. Transitions are documented in
 * docs/decisions/0030-connect-sessions.md; each is one conditional UPDATE, so concurrent submissions and
 * replayed callbacks cannot finish a session twice. The API is here; sessions and their transitions are in
 * {@link ConnectSessions}, the credential form in {@link FormFlow}, the OAuth2 flow in {@link OAuthFlow}.
 */
export class ConnectService {
  private readonly sessions: ConnectSessions;
  private readonly form: FormFlow;
  private readonly oauth: OAuthFlow;

  constructor(
    private readonly deps: {
      orm: Orm;
      registry: IntegrationRegistry;
      workspaces: WorkspacesService;
      endUsers: EndUsersService;
      workspaceIntegrations: WorkspaceIntegrationsService;
      connections: ConnectionsService;
      oauthApps: OAuthAppsService;
      secrets: SecretBox;
      egress: EgressGuard;
      publicUrl: string;
      log: { warn(o: object, m?: string): void };
    },
  ) {
    this.sessions = new ConnectSessions(deps);
    this.form = new FormFlow(deps, this.sessions);
    this.oauth = new OAuthFlow(deps, this.sessions);
  }

  get callbackUrl(): string {
    return this.oauth.callbackUrl;
  }

  // ---- API ------------------------------------------------------------------------------------------------

  /** POST /connect/token: checks every rule up front, so the page never starts a flow that cannot finish. */
  async createToken(caller: Actor & { plan: string }, input: CreateConnectTokenInput) {
    await this.deps.workspaces.requireUsable(caller, input.workspaceId);
    const def = this.deps.registry.get(input.integrationName, caller.orgId);
    if (!def) throw new AppError('INTEGRATION_NOT_FOUND', `No integration named "${input.integrationName}".`);
    if (def.auth.length === 0) throw invalidField('integrationName', `${def.name} takes no connection`);

    let authMethodKey = input.authMethodKey;
    let mode = input.oauthAppMode as OAuthAppMode | undefined;
    let appId = input.oauthAppId ?? null;
    let workspaceIntegrationId: string | null = null;
    if (input.workspaceIntegrationId) {
      const wi = (await this.deps.workspaceIntegrations.listForWorkspace(caller.orgId, input.workspaceId)).find(
        (w) => w.id === input.workspaceIntegrationId,
      );
      if (!wi) throw new AppError('NOT_FOUND', 'No workspace integration with this id in the workspace.');
      if (wi.integrationName !== def.name)
        throw invalidField('workspaceIntegrationId', `configures ${wi.integrationName}, not ${def.name}`);
      if (authMethodKey !== undefined && authMethodKey !== wi.authMethodKey) {
        throw new AppError(
          'INVALID_AUTH_METHOD',
          `The workspace integration uses the auth method "${wi.authMethodKey}"; omit authMethodKey or give that one.`,
        );
      }
      if (
        (mode !== undefined && mode !== wi.oauthAppMode) ||
        (input.oauthAppId !== undefined && input.oauthAppId !== wi.oauthAppId)
      ) {
        throw new AppError(
          'INVALID_OAUTH_APP',
          'The OAuth app policy comes from the workspace integration; omit oauthAppMode and oauthAppId or give its values.',
        );
      }
      authMethodKey = wi.authMethodKey;
      mode = wi.oauthAppMode as OAuthAppMode;
      appId = wi.oauthAppId;
      workspaceIntegrationId = wi.id;
    }
    const option = this.authOption(def, authMethodKey);
    if (option.type === 'OAUTH2' && mode === 'custom') this.deps.oauthApps.requireCustomAppsPlan(caller.plan);
    appId = await this.deps.oauthApps.checkChoice(caller.orgId, def.name, option.type, mode, appId);
    if (option.type === 'OAUTH2')
      await this.deps.oauthApps.clientForFlow(caller.orgId, def, option, mode ?? 'service_managed', appId);

    const scope = this.scopeOf(input);
    if (scope === 'ORGANIZATION') caller.access.assertOrgWide();
    await this.checkIdentity(caller.orgId, def.name, input.externalId, option.key, {
      scope,
      workspaceId: input.workspaceId,
      endUserExternalId: input.endUserId ?? null,
    });

    const { token, row } = await this.open({
      orgId: caller.orgId,
      workspaceId: input.workspaceId,
      integrationName: def.name,
      connectionName: input.connectionName,
      externalId: input.externalId,
      authMethodKey: option.key,
      scope,
      endUserExternalId: input.endUserId ?? null,
      endUserId: null,
      workspaceIntegrationId,
      oauthAppMode: option.type === 'OAUTH2' ? (mode ?? 'service_managed') : 'service_managed',
      oauthAppId: appId,
      successRedirectUri: input.successRedirectUri ?? null,
      errorRedirectUri: input.errorRedirectUri ?? null,
    });
    return { token, connectUrl: this.connectUrl(token), expiresAt: row.expiresAt.toISOString(), sessionId: row.id };
  }

  /** Opens a session ({@link ConnectSessions.open}); the end-user portal opens its sessions here too. */
  async open(s: NewSession): Promise<{ token: string; row: SessionRow }> {
    return this.sessions.open(s);
  }

  /** Whether a session still waits for its person (PENDING, unexpired): its link may be handed out again. */
  async stillPending(orgId: string, sessionId: string): Promise<boolean> {
    const row = await repo.findSession(this.deps.orm, orgId, sessionId);
    return row !== null && row.status === 'PENDING' && !expired(row);
  }

  connectUrl(token: string): string {
    return `${this.deps.publicUrl}/connect?token=${encodeURIComponent(token)}`;
  }

  /** GET /connect/session/:id: 403 FORBIDDEN for another organization's session, 404 when there is none. */
  async getSession(actor: Actor, id: string) {
    const row = isUuid(id) ? await repo.findSession(this.deps.orm, actor.orgId, id) : null;
    if (!row) {
      if (isUuid(id) && (await repo.sessionOwner(this.deps.orm, id)))
        throw new AppError('FORBIDDEN', 'This connect session belongs to another organization.');
      throw new AppError('NOT_FOUND', 'Connect session not found.');
    }
    actor.access.assertWorkspace(row.workspaceId);
    return { session: toSession(row) };
  }

  /** POST /connect/session/poll: no API key; the cst_ token is the credential. */
  async poll(token: string | undefined) {
    if (token === undefined || token.trim() === '')
      throw new AppError('MISSING_TOKEN', 'Give the connect token: {"token": "cst_..."}.');
    const row = await this.sessions.byToken(token);
    return toPollResult(row);
  }

  // ---- the connect page -----------------------------------------------------------------------------------

  /** The session of a page request; 401 INVALID_TOKEN for an unknown or expired token. */
  async view(token: string | undefined): Promise<SessionView> {
    return this.sessions.view(token);
  }

  /** The credential form was submitted ({@link FormFlow.submit}). */
  async submit(token: string, form: Record<string, unknown>): Promise<SubmitOutcome> {
    return this.form.submit(token, form);
  }

  /** The user gave up ({@link ConnectSessions.cancel}). */
  async cancel(token: string): Promise<SessionView> {
    return this.sessions.cancel(token);
  }

  /** Starts the OAuth2 sign-in ({@link OAuthFlow.startOAuth}). */
  async startOAuth(token: string, form?: Record<string, unknown>): Promise<StartOutcome> {
    return this.oauth.startOAuth(token, form);
  }

  /** The provider sent the user back ({@link OAuthFlow.oauthCallback}). */
  async oauthCallback(q: OAuthCallbackInput): Promise<SessionView> {
    return this.oauth.oauthCallback(q);
  }

  // ---- internals ------------------------------------------------------------------------------------------

  private authOption(def: IntegrationDefinition, key: string | undefined): AuthOption {
    if (key === undefined) {
      if (def.auth.length > 1)
        throw new AppError(
          'AUTH_METHOD_REQUIRED',
          `${def.name} has several auth methods; give authMethodKey (${def.auth.map((a) => a.key).join(', ')}).`,
        );
      return def.auth[0]!;
    }
    const option = def.auth.find((a) => a.key === key);
    if (!option)
      throw new AppError(
        'INVALID_AUTH_METHOD',
        `${def.name} has no auth method "${key}" (available: ${def.auth.map((a) => a.key).join(', ')}).`,
      );
    return option;
  }

  /** ORGANIZATION by default, USER when an end user is named; the fields must fit the scope. */
  private scopeOf(input: CreateConnectTokenInput): Scope {
    const scope = (input.scope as Scope | undefined) ?? (input.endUserId ? 'USER' : 'ORGANIZATION');
    if (scope === 'USER' && !input.endUserId) throw invalidField('endUserId', 'is required for USER scope');
    if (scope !== 'USER' && input.endUserId) throw invalidField('endUserId', `is only for USER scope (scope is ${scope})`);
    return scope;
  }

  private async checkIdentity(
    orgId: string,
    integrationName: string,
    externalId: string,
    authMethodKey: string,
    owner: { scope: string; workspaceId: string; endUserExternalId: string | null },
  ) {
    await this.sessions.sameOwnerConnection(orgId, integrationName, externalId, authMethodKey, owner);
  }
}

/** A key for page-driven service calls: it reaches only the session's workspace. */
export function workspaceActor(orgId: string, workspaceId: string): Actor {
  return { orgId, access: Access.fromPermissions({ scope: 'workspace', workspaceIds: [workspaceId] }) };
}
