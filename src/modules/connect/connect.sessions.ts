import type { ConnectionRecord } from '../../engine/types.js';
import type { AuthOption, IntegrationDefinition } from '../../integrations/framework.js';
import type { IntegrationRegistry } from '../../integrations/registry.js';
import type { Orm } from '../../platform/db/database.js';
import { AppError, isAppError } from '../../platform/errors.js';
import { hashToken } from '../../platform/crypto.js';
import { assertOrgActive } from '../../platform/org-status.js';
import { newId, newToken, TOKEN_PREFIX } from '../../platform/ids.js';
import type { SecretBox } from '../../platform/secrets.js';
import type { ConnectionsService } from '../connections/connections.service.js';
import type { ConnectionType, Verification } from '../connections/connections.schemas.js';
import type { EndUsersService } from '../end-users/end-users.service.js';
import type { OAuthAppMode } from '../oauth-apps/oauth-apps.service.js';
import * as repo from './connect.repository.js';
import type { SessionRow } from './connect.repository.js';
import { SESSION_TTL_SECONDS } from './connect.schemas.js';

/** Key-rotation purpose of a session's sealed columns (return_to, oauth_pkce; see ENCRYPTED_COLUMNS). */
export const SESSION_PURPOSE = 'connect_session';

export type Scope = 'ORGANIZATION' | 'WORKSPACE' | 'USER';

/** A session as the pages see it: the row with its integration and auth option. */
export interface SessionView {
  session: SessionRow;
  definition: IntegrationDefinition;
  option: AuthOption;
  /** The portal address to go back to (portal-born sessions), decrypted. */
  returnTo: string | null;
}

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

export interface SessionDeps {
  orm: Orm;
  registry: IntegrationRegistry;
  endUsers: EndUsersService;
  connections: ConnectionsService;
  secrets: SecretBox;
}

const invalidToken = () => new AppError('INVALID_TOKEN', 'The connect token is invalid or has expired.');
export const expired = (s: SessionRow) => s.expiresAt.getTime() <= Date.now();

/**
 * Connect sessions (cst_ tokens) and the transitions both flows share: open, look up, cancel, fail, and finish by
 * storing the connection through ConnectionsService. Transitions are documented in
 * docs/decisions/0030-connect-sessions.md; each is one conditional UPDATE, so concurrent submissions and
 * replayed callbacks cannot finish a session twice.
 */
export class ConnectSessions {
  constructor(private readonly deps: SessionDeps) {}

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
      returnTo: s.returnTo ? this.deps.secrets.seal(SESSION_PURPOSE, id, s.returnTo) : null,
      status: 'PENDING',
      expiresAt: new Date(Date.now() + SESSION_TTL_SECONDS * 1000),
    });
    return { token, row };
  }

  /** The session of a page request; 401 INVALID_TOKEN for an unknown or expired token. */
  async view(token: string | undefined): Promise<SessionView> {
    if (!token) throw new AppError('MISSING_TOKEN', 'The link has no connect token.');
    return this.viewOf(await this.byToken(token));
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
   * CONNECTING → COMPLETED: store the connection, or repair the one this flow reconnects (same id, back to
   * ACTIVE), or the existing connection with the same identity when it belongs to the same owner. Any refusal
   * (plan limit, an identity held by another owner) → FAILED with its message.
   */
  async finish(
    view: SessionView,
    c: {
      type: ConnectionType;
      credentials: Record<string, unknown>;
      tokenExpiresAt: Date | null;
      credentialExpiresAt: Date | null;
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
          credentialExpiresAt: c.credentialExpiresAt,
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
          credentialExpiresAt: c.credentialExpiresAt,
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

  async fail(view: SessionView, from: Array<'PENDING' | 'CONNECTING'>, message: string): Promise<SessionView> {
    const row = await repo.transition(this.deps.orm, view.session.orgId, view.session.id, from, {
      status: 'FAILED',
      error: message.slice(0, 500),
      oauthStateHash: null,
      oauthPkce: null,
    });
    return row ? { ...view, session: row } : this.reload(view);
  }

  async reload(view: SessionView): Promise<SessionView> {
    const row = await repo.findSession(this.deps.orm, view.session.orgId, view.session.id);
    return row ? { ...view, session: row } : view;
  }

  async byToken(token: string): Promise<SessionRow> {
    if (!token.startsWith(TOKEN_PREFIX.connectSession)) throw invalidToken();
    const row = await repo.findSessionByToken(this.deps.orm, hashToken(token));
    if (!row || expired(row)) throw invalidToken();
    await assertOrgActive(this.deps.orm, row.orgId);
    return row;
  }

  async viewOf(session: SessionRow): Promise<SessionView> {
    const definition = this.deps.registry.get(session.integrationName, session.orgId);
    const option = definition?.auth.find((a) => a.key === session.authMethodKey);
    if (!definition || !option)
      throw new AppError('INTEGRATION_NOT_FOUND', `${session.integrationName} is no longer available on this service.`);
    const returnTo = session.returnTo ? this.deps.secrets.open<string>(SESSION_PURPOSE, session.id, session.returnTo) : null;
    return { session, definition, option, returnTo };
  }

  /**
   * The connection this identity (integration, externalId, auth method) already names, when it belongs to the
   * same owner (scope, workspace, end user): connecting again repairs it. Another owner's → 409 DUPLICATE.
   */
  async sameOwnerConnection(
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
}
