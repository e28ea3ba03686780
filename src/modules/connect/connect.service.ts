import type { ConnectionRecord } from '../../engine/types.js';
import type { AuthOption, IntegrationDefinition } from '../../integrations/framework.js';
import type { IntegrationRegistry } from '../../integrations/registry.js';
import type { Orm } from '../../platform/db/database.js';
import type { EgressGuard } from '../../platform/egress.js';
import { AppError, invalidField, isAppError } from '../../platform/errors.js';
import { Access, type Actor } from '../../platform/http/access.js';
import { hashToken } from '../../platform/crypto.js';
import { assertOrgActive } from '../../platform/org-status.js';
import { isUuid, newId, newToken, TOKEN_PREFIX } from '../../platform/ids.js';
import type { SecretBox } from '../../platform/secrets.js';
import type { ConnectionsService } from '../connections/connections.service.js';
import type { ConnectionType, Verification } from '../connections/connections.schemas.js';
import type { EndUsersService } from '../end-users/end-users.service.js';
import type { OAuthAppMode, OAuthAppsService } from '../oauth-apps/oauth-apps.service.js';
import type { WorkspaceIntegrationsService } from '../workspace-integrations/workspace-integrations.service.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import { fieldsFrom, problem, validateWithin } from './connect.forms.js';
import { toPollResult, toSession } from './connect.mapper.js';
import * as repo from './connect.repository.js';
import type { SessionRow } from './connect.repository.js';
import { SESSION_TTL_SECONDS, type CreateConnectTokenInput, type OAuthCallbackInput } from './connect.schemas.js';
import { authorizeUrl, oauthCredentials, pkcePair, randomState, tokenRequest, TokenRequestError } from './oauth2.js';

const PURPOSE = 'connect_session';
const TOKEN_TIMEOUT_MS = 15_000;

export type Scope = 'ORGANIZATION' | 'WORKSPACE' | 'USER';

/** A session as the pages see it: the row with its integration and auth option. */
export interface SessionView {
  session: SessionRow;
  definition: IntegrationDefinition;
  option: AuthOption;
  /** The portal address to go back to (portal-born sessions), decrypted. */
  returnTo: string | null;
}

/** What a form submission led to: a finished session, or a problem the user can fix and resubmit. */
export type SubmitOutcome =
  { kind: 'finished'; view: SessionView } | { kind: 'invalid'; view: SessionView; message: string; field: string | null };

/** A session to open for a flow (from the API, or from the end-user portal). */
export interface NewSession {
  orgId: string;
  workspaceId: string;
  integrationName: string;
  connectionName: string;
  externalId: string;
  authMethodKey: string;
  scope: Scope;
  endUserExternalId: string | null;
  endUserId: string | null;
  workspaceIntegrationId: string | null;
  oauthAppMode: OAuthAppMode;
  oauthAppId: string | null;
  successRedirectUri: string | null;
  errorRedirectUri: string | null;
  reconnectConnectionId?: string | null;
  portalTokenId?: string | null;
  returnTo?: string | null;
}

const invalidToken = () => new AppError('INVALID_TOKEN', 'The connect token is invalid or has expired.');
const expired = (s: SessionRow) => s.expiresAt.getTime() <= Date.now();

/**
 * Hosted connect: sessions (cst_ tokens), the credential form, the OAuth2 authorization code flow with PKCE, and
 * storing the resulting connection through ConnectionsService. Transitions are documented in
 * docs/decisions/0030-connect-sessions.md; each is one conditional UPDATE, so concurrent submissions and
 * replayed callbacks cannot finish a session twice.
 */
export class ConnectService {
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
  ) {}

  get callbackUrl(): string {
    return `${this.deps.publicUrl}/api/v1/connect/oauth-callback`;
  }

  // ---- API ------------------------------------------------------------------------------------------------

  /** POST /connect/token: checks every rule up front, so the page never starts a flow that cannot finish. */
  async createToken(caller: Actor & { plan: string }, input: CreateConnectTokenInput) {
    await this.deps.workspaces.requireUsable(caller, input.workspaceId);
    const def = this.deps.registry.get(input.integrationName);
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

  /** Creates the session row; the plain token is returned once and only its hash is kept. */
  async open(s: NewSession): Promise<{ token: string; row: SessionRow }> {
    const token = newToken(TOKEN_PREFIX.connectSession);
    const id = newId();
    const row = await repo.insertSession(this.deps.orm, {
      id,
      orgId: s.orgId,
      workspaceId: s.workspaceId,
      tokenHash: hashToken(token),
      integrationName: s.integrationName,
      connectionName: s.connectionName,
      externalId: s.externalId,
      authMethodKey: s.authMethodKey,
      scope: s.scope,
      endUserExternalId: s.endUserExternalId,
      endUserId: s.endUserId,
      workspaceIntegrationId: s.workspaceIntegrationId,
      oauthAppMode: s.oauthAppMode,
      oauthAppId: s.oauthAppId,
      successRedirectUri: s.successRedirectUri,
      errorRedirectUri: s.errorRedirectUri,
      reconnectConnectionId: s.reconnectConnectionId ?? null,
      portalTokenId: s.portalTokenId ?? null,
      returnTo: s.returnTo ? this.deps.secrets.seal(PURPOSE, id, s.returnTo) : null,
      status: 'PENDING',
      expiresAt: new Date(Date.now() + SESSION_TTL_SECONDS * 1000),
    });
    return { token, row };
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
    const row = await this.byToken(token);
    return toPollResult(row);
  }

  // ---- the connect page -----------------------------------------------------------------------------------

  /** The session of a page request; 401 INVALID_TOKEN for an unknown or expired token. */
  async view(token: string | undefined): Promise<SessionView> {
    if (!token) throw new AppError('MISSING_TOKEN', 'The link has no connect token.');
    return this.viewOf(await this.byToken(token));
  }

  /** The credential form was submitted: check, validate with the integration, then store (or repair). */
  async submit(token: string, form: Record<string, unknown>): Promise<SubmitOutcome> {
    let view = await this.view(token);
    const { session, option } = view;
    if (session.status !== 'PENDING') return { kind: 'finished', view };
    if (option.type === 'OAUTH2' || option.type === 'NONE')
      throw invalidField('authMethodKey', 'uses OAuth2: start the sign-in instead');
    const type = option.type as ConnectionType;
    let credentials: Record<string, unknown>;
    try {
      credentials = this.deps.connections.credentialsFrom(type, option, fieldsFrom(option, form)).credentials;
    } catch (err) {
      if (isAppError(err) && err.code === 'VALIDATION_ERROR') return { kind: 'invalid', view, ...problem(err, option) };
      throw err;
    }
    const claimed = await repo.transition(this.deps.orm, session.orgId, session.id, ['PENDING'], { status: 'CONNECTING' });
    if (!claimed) return { kind: 'finished', view: await this.reload(view) };
    view = { ...view, session: claimed };
    if (option.validate) {
      const verdict = await validateWithin(option, { type, authMethodKey: option.key, value: credentials });
      if (!verdict.valid) {
        const back = await repo.transition(this.deps.orm, session.orgId, session.id, ['CONNECTING'], { status: 'PENDING' });
        return { kind: 'invalid', view: back ? { ...view, session: back } : view, message: verdict.error, field: null };
      }
    }
    // Saved as entered unless the integration could check the credentials (and did, above).
    const verification = option.validate ? 'verified' : 'unverified';
    return {
      kind: 'finished',
      view: await this.finish(view, { type, credentials, tokenExpiresAt: null, oauthAppId: null, verification }),
    };
  }

  /** The user gave up: PENDING → FAILED (a finished session stays as it is). */
  async cancel(token: string): Promise<SessionView> {
    const view = await this.view(token);
    const row = await repo.transition(this.deps.orm, view.session.orgId, view.session.id, ['PENDING'], {
      status: 'FAILED',
      error: 'The user cancelled the connection.',
      oauthStateHash: null,
      oauthPkce: null,
    });
    return row ? { ...view, session: row } : this.reload(view);
  }

  /**
   * Starts the OAuth2 authorization code flow: a fresh state (stored hashed, bound to this session) and PKCE
   * verifier (stored sealed); returns the provider's authorization URL. Restarting replaces both.
   */
  async startOAuth(token: string): Promise<{ view: SessionView; redirect: string | null }> {
    const view = await this.view(token);
    const { session, definition, option } = view;
    if (session.status !== 'PENDING') return { view, redirect: null };
    if (option.type !== 'OAUTH2') throw invalidField('authMethodKey', `is ${option.type}: fill in the form instead`);
    let client;
    try {
      client = await this.deps.oauthApps.clientForFlow(
        session.orgId,
        definition,
        option,
        session.oauthAppMode as OAuthAppMode,
        session.oauthAppId,
      );
    } catch (err) {
      if (!isAppError(err)) throw err;
      return { view: await this.fail(view, ['PENDING'], err.message), redirect: null };
    }
    const state = randomState();
    const pkce = client.pkce ? pkcePair() : null;
    const row = await repo.transition(this.deps.orm, session.orgId, session.id, ['PENDING'], {
      oauthStateHash: hashToken(state),
      oauthPkce: this.deps.secrets.seal(PURPOSE, session.id, { verifier: pkce?.verifier ?? null }),
    });
    if (!row) return { view: await this.reload(view), redirect: null };
    return {
      view: { ...view, session: row },
      redirect: authorizeUrl(client, { redirectUri: this.callbackUrl, state, challenge: pkce?.challenge ?? null }),
    };
  }

  /**
   * The provider sent the user back. The state names the session (single use: cleared on the claim); the code
   * is exchanged with the PKCE verifier through the egress guard; the tokens become the connection.
   */
  async oauthCallback(q: OAuthCallbackInput): Promise<SessionView> {
    if (!q.state) throw new AppError('INVALID_TOKEN', 'The sign-in response has no state; start again from the connect link.');
    const found = await repo.findSessionByState(this.deps.orm, hashToken(q.state));
    if (!found)
      throw new AppError(
        'INVALID_TOKEN',
        'This sign-in response is unknown or was already used; start again from the connect link.',
      );
    await assertOrgActive(this.deps.orm, found.orgId);
    let view = await this.viewOf(found);
    if (expired(found)) return view;
    const claimed = await repo.transition(this.deps.orm, found.orgId, found.id, ['PENDING'], {
      status: 'CONNECTING',
      oauthStateHash: null,
      oauthPkce: null,
    });
    if (!claimed) return this.reload(view);
    view = { ...view, session: claimed };
    if (q.error) {
      const reason = `${q.error.slice(0, 100)}${q.error_description ? `: ${q.error_description.slice(0, 200)}` : ''}`;
      return this.fail(view, ['CONNECTING'], `The provider did not authorize the connection (${reason}).`);
    }
    if (!q.code) return this.fail(view, ['CONNECTING'], 'The provider sent no authorization code.');
    const pkce = found.oauthPkce
      ? this.deps.secrets.open<{ verifier: string | null }>(PURPOSE, found.id, found.oauthPkce)
      : { verifier: null };
    try {
      const client = await this.deps.oauthApps.clientForFlow(
        found.orgId,
        view.definition,
        view.option,
        found.oauthAppMode as OAuthAppMode,
        found.oauthAppId,
      );
      const tokens = await tokenRequest(
        this.deps.egress,
        client,
        {
          grant_type: 'authorization_code',
          code: q.code,
          redirect_uri: this.callbackUrl,
          ...(pkce.verifier ? { code_verifier: pkce.verifier } : {}),
        },
        TOKEN_TIMEOUT_MS,
      );
      const { credentials, tokenExpiresAt } = oauthCredentials(tokens);
      return await this.finish(view, {
        type: client.serviceManaged ? 'PLATFORM_OAUTH2' : 'OAUTH2',
        credentials,
        tokenExpiresAt,
        oauthAppId: client.serviceManaged ? null : client.appId,
        verification: 'verified', // the provider exchanged the code for tokens
      });
    } catch (err) {
      if (err instanceof TokenRequestError || isAppError(err)) return this.fail(view, ['CONNECTING'], err.message);
      this.deps.log.warn({ err: { message: (err as Error).message }, sessionId: found.id }, 'oauth callback failed');
      return this.fail(view, ['CONNECTING'], 'The connection could not be completed.');
    }
  }

  // ---- internals ------------------------------------------------------------------------------------------

  /**
   * CONNECTING → COMPLETED: store the connection, or repair the one this flow reconnects (same id, back to
   * ACTIVE), or the existing connection with the same identity when it belongs to the same owner. Any refusal
   * (plan limit, an identity held by another owner) → FAILED with its message.
   */
  private async finish(
    view: SessionView,
    c: {
      type: ConnectionType;
      credentials: Record<string, unknown>;
      tokenExpiresAt: Date | null;
      oauthAppId: string | null;
      verification: Verification;
    },
  ): Promise<SessionView> {
    const s = view.session;
    let connectionId: string;
    try {
      const target = s.reconnectConnectionId
        ? await this.deps.connections.find(s.orgId, s.reconnectConnectionId)
        : await this.sameOwnerConnection(s.orgId, s.integrationName, s.externalId, s.authMethodKey, s);
      if (s.reconnectConnectionId && !target)
        return await this.fail(view, ['CONNECTING'], 'The connection to repair no longer exists.');
      if (target) {
        const repaired = await this.deps.connections.updateCredentials(s.orgId, target.id, c.credentials, {
          tokenExpiresAt: c.tokenExpiresAt,
          type: c.type,
          oauthAppId: c.oauthAppId,
          verification: c.verification,
          ...(s.reconnectConnectionId ? {} : { displayName: s.connectionName }),
        });
        if (!repaired) return await this.fail(view, ['CONNECTING'], 'The connection to repair no longer exists.');
        connectionId = repaired.id;
      } else {
        const row = await this.deps.connections.store({
          orgId: s.orgId,
          scope: s.scope as Scope,
          workspaceId: s.scope === 'ORGANIZATION' ? null : s.workspaceId,
          endUserExternalId: s.scope === 'USER' ? s.endUserExternalId : null,
          endUserInternalId: s.scope === 'USER' ? s.endUserId : null,
          integrationName: s.integrationName,
          authMethodKey: s.authMethodKey,
          externalId: s.externalId,
          displayName: s.connectionName,
          type: c.type,
          credentials: c.credentials,
          oauthAppId: c.oauthAppId,
          tokenExpiresAt: c.tokenExpiresAt,
          verification: c.verification,
        });
        connectionId = row.id;
      }
    } catch (err) {
      if (isAppError(err)) return this.fail(view, ['CONNECTING'], err.message);
      throw err;
    }
    const done = await repo.transition(this.deps.orm, s.orgId, s.id, ['CONNECTING'], {
      status: 'COMPLETED',
      connectionId,
      error: null,
      verification: c.verification,
    });
    return done ? { ...view, session: done } : this.reload(view);
  }

  private async fail(view: SessionView, from: Array<'PENDING' | 'CONNECTING'>, message: string): Promise<SessionView> {
    const row = await repo.transition(this.deps.orm, view.session.orgId, view.session.id, from, {
      status: 'FAILED',
      error: message.slice(0, 500),
      oauthStateHash: null,
      oauthPkce: null,
    });
    return row ? { ...view, session: row } : this.reload(view);
  }

  private async reload(view: SessionView): Promise<SessionView> {
    const row = await repo.findSession(this.deps.orm, view.session.orgId, view.session.id);
    return row ? { ...view, session: row } : view;
  }

  private async byToken(token: string): Promise<SessionRow> {
    if (!token.startsWith(TOKEN_PREFIX.connectSession)) throw invalidToken();
    const row = await repo.findSessionByToken(this.deps.orm, hashToken(token));
    if (!row || expired(row)) throw invalidToken();
    await assertOrgActive(this.deps.orm, row.orgId);
    return row;
  }

  private async viewOf(session: SessionRow): Promise<SessionView> {
    const definition = this.deps.registry.get(session.integrationName);
    const option = definition?.auth.find((a) => a.key === session.authMethodKey);
    if (!definition || !option)
      throw new AppError('INTEGRATION_NOT_FOUND', `${session.integrationName} is no longer available on this service.`);
    const returnTo = session.returnTo ? this.deps.secrets.open<string>(PURPOSE, session.id, session.returnTo) : null;
    return { session, definition, option, returnTo };
  }

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

  /**
   * The connection this identity (integration, externalId, auth method) already names, when it belongs to the
   * same owner (scope, workspace, end user): connecting again repairs it. Another owner's → 409 DUPLICATE.
   */
  private async sameOwnerConnection(
    orgId: string,
    integrationName: string,
    externalId: string,
    authMethodKey: string,
    owner: { scope: string; workspaceId: string; endUserExternalId: string | null; endUserId?: string | null },
  ): Promise<ConnectionRecord | null> {
    const existing = (await this.deps.connections.findByExternalId(orgId, integrationName, externalId)).find(
      (c) => c.authMethodKey === authMethodKey,
    );
    if (!existing) return null;
    let endUserId = owner.endUserId ?? null;
    if (!endUserId && owner.endUserExternalId)
      endUserId =
        (await this.deps.endUsers.findByExternalId(this.deps.orm, orgId, owner.workspaceId, owner.endUserExternalId))?.id ?? null;
    const same =
      existing.scope === owner.scope &&
      (owner.scope === 'ORGANIZATION' || existing.workspaceId === owner.workspaceId) &&
      (owner.scope !== 'USER' || (endUserId !== null && existing.endUserId === endUserId));
    if (!same) {
      throw new AppError(
        'DUPLICATE',
        `A ${integrationName} connection with externalId "${externalId}" and auth method "${authMethodKey}" already exists for another scope or end user.`,
      );
    }
    return existing;
  }

  private async checkIdentity(
    orgId: string,
    integrationName: string,
    externalId: string,
    authMethodKey: string,
    owner: { scope: string; workspaceId: string; endUserExternalId: string | null },
  ) {
    await this.sameOwnerConnection(orgId, integrationName, externalId, authMethodKey, owner);
  }
}

/** A key for page-driven service calls: it reaches only the session's workspace. */
export function workspaceActor(orgId: string, workspaceId: string): Actor {
  return { orgId, access: Access.fromPermissions({ scope: 'workspace', workspaceIds: [workspaceId] }) };
}
