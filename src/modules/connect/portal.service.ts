import type { ConnectionRecord } from '../../engine/types.js';
import type { AuthOption, IntegrationDefinition } from '../../integrations/framework.js';
import type { IntegrationRegistry } from '../../integrations/registry.js';
import type { Orm } from '../../platform/db/database.js';
import { hashToken } from '../../platform/crypto.js';
import { assertOrgActive } from '../../platform/org-status.js';
import { AppError, invalidField } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/access.js';
import { newId, newToken, TOKEN_PREFIX } from '../../platform/ids.js';
import type { Mailer } from '../../platform/mailer.js';
import type { ConnectionsService } from '../connections/connections.service.js';
import type { EndUsersService } from '../end-users/end-users.service.js';
import type { OAuthAppMode } from '../oauth-apps/oauth-apps.service.js';
import type { WorkspaceIntegrationsService } from '../workspace-integrations/workspace-integrations.service.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import * as repo from './connect.repository.js';
import type { PortalTokenRow } from './connect.repository.js';
import type { EndUserConnectTokenInput, EndUserInviteInput } from './connect.schemas.js';
import { workspaceActor, type ConnectService } from './connect.service.js';

/** One thing the end user may connect: an integration with one auth method (and its OAuth app policy). */
export interface PortalItem {
  key: string;
  definition: IntegrationDefinition;
  option: AuthOption;
  label: string;
  workspaceIntegrationId: string | null;
  oauthAppMode: OAuthAppMode;
  oauthAppId: string | null;
  /** The end user's own (USER-scoped) connection for it, if any. */
  connection: ConnectionRecord | null;
}

export interface PortalHolder {
  token: PortalTokenRow;
  endUser: { id: string; externalId: string; displayName: string | null };
  workspaceName: string;
}

export interface PortalView extends PortalHolder {
  items: PortalItem[];
}

const invalidToken = () => new AppError('INVALID_TOKEN', 'The portal link is invalid or has expired.');

/**
 * The end-user connect portal: eut_ tokens (connect-token, invite by email) and what the portal page may do —
 * list the integrations the end user may connect, connect or reconnect them through a hosted connect session,
 * and disconnect the end user's own USER-scoped connections. Nothing else.
 */
export class PortalService {
  constructor(
    private readonly deps: {
      orm: Orm;
      registry: IntegrationRegistry;
      workspaces: WorkspacesService;
      endUsers: EndUsersService;
      workspaceIntegrations: WorkspaceIntegrationsService;
      connections: ConnectionsService;
      connect: ConnectService;
      mailer: Mailer;
      publicUrl: string;
      log: { warn(o: object, m?: string): void };
    },
  ) {}

  /** POST /end-users/:id/connect-token. */
  async issue(actor: Actor, endUserId: string, input: EndUserConnectTokenInput, email: string | null = null) {
    const { endUser } = await this.deps.endUsers.get(actor, endUserId);
    await this.deps.workspaces.requireUsable(actor, endUser.workspaceId);
    const limit = await this.checkLimit(actor.orgId, endUser.workspaceId, input);
    const token = newToken(TOKEN_PREFIX.endUserConnect);
    const row = await repo.insertPortalToken(this.deps.orm, {
      id: newId(),
      orgId: actor.orgId,
      workspaceId: endUser.workspaceId,
      endUserId: endUser.id,
      tokenHash: hashToken(token),
      integrationName: limit.integrationName,
      workspaceIntegrationId: limit.workspaceIntegrationId,
      email,
      expiresAt: new Date(Date.now() + input.expiresIn * 1000),
    });
    return { connectUrl: this.portalUrl(token), token, expiresAt: row.expiresAt.toISOString() };
  }

  /** POST /end-users/:id/invite: the same link, emailed; 400 EMAIL_NOT_CONFIGURED without SMTP. */
  async invite(actor: Actor, endUserId: string, input: EndUserInviteInput) {
    const { endUser } = await this.deps.endUsers.get(actor, endUserId);
    if (!this.deps.mailer.configured)
      throw new AppError(
        'EMAIL_NOT_CONFIGURED',
        'Email sending is not configured on this service (SWITCHBOARD_SMTP_URL); use POST /end-users/:id/connect-token and deliver the link yourself.',
      );
    const issued = await this.issue(actor, endUserId, input, input.email);
    const workspace = await this.deps.workspaces.get(actor, endUser.workspaceId);
    const until = new Date(issued.expiresAt).toUTCString();
    let emailSent = false;
    try {
      await this.deps.mailer.send({
        to: input.email,
        subject: `Connect your accounts to ${workspace.name}`,
        text: `Hello${endUser.displayName ? ` ${endUser.displayName}` : ''},\n\n${workspace.name} asks you to connect your accounts. Open this link to connect, reconnect or disconnect them:\n\n${issued.connectUrl}\n\nThe link works until ${until}. If you did not expect this message, ignore it.\n`,
        html: `<p>Hello${endUser.displayName ? ` ${escapeHtml(endUser.displayName)}` : ''},</p><p>${escapeHtml(workspace.name)} asks you to connect your accounts.</p><p><a href="${escapeHtml(issued.connectUrl)}">Connect your accounts</a></p><p>The link works until ${escapeHtml(until)}. If you did not expect this message, ignore it.</p>`,
      });
      emailSent = true;
    } catch (err) {
      this.deps.log.warn({ err: { message: (err as Error).message }, endUserId }, 'invite email not sent');
    }
    return { ...issued, emailSent };
  }

  portalUrl(token: string): string {
    return `${this.deps.publicUrl}/connect/portal?token=${encodeURIComponent(token)}`;
  }

  // ---- the portal page ------------------------------------------------------------------------------------

  /** Who a portal link speaks for: its token row, workspace and end user (401 INVALID_TOKEN when expired or unknown). */
  async holder(token: string | undefined): Promise<PortalHolder> {
    if (!token) throw new AppError('MISSING_TOKEN', 'The link has no portal token.');
    if (!token.startsWith(TOKEN_PREFIX.endUserConnect)) throw invalidToken();
    const row = await repo.findPortalToken(this.deps.orm, hashToken(token));
    if (!row || row.expiresAt.getTime() <= Date.now()) throw invalidToken();
    await assertOrgActive(this.deps.orm, row.orgId);
    const actor = workspaceActor(row.orgId, row.workspaceId);
    const workspace = await this.deps.workspaces.requireUsable(actor, row.workspaceId);
    const endUser = await this.deps.endUsers.findInWorkspace(row.orgId, row.workspaceId, row.endUserId);
    if (!endUser) throw invalidToken();
    return {
      token: row,
      endUser: { id: endUser.id, externalId: endUser.externalId, displayName: endUser.displayName },
      workspaceName: workspace.name,
    };
  }

  async view(token: string | undefined): Promise<PortalView> {
    const { token: row, endUser, workspaceName } = await this.holder(token);
    const items = await this.items(row);
    const own = new Map<string, ConnectionRecord[]>();
    for (const name of new Set(items.map((i) => i.definition.name))) {
      own.set(
        name,
        (await this.deps.connections.candidates(row.orgId, name, row.workspaceId, endUser.id)).filter(
          (c) => c.scope === 'USER' && c.endUserId === endUser.id,
        ),
      );
    }
    for (const item of items)
      item.connection = own.get(item.definition.name)?.find((c) => c.authMethodKey === item.option.key) ?? null;
    return { token: row, endUser, workspaceName, items };
  }

  /**
   * Connect (or reconnect, when the end user already has one: the same connection id is repaired) through a
   * hosted connect session that returns to the portal. Returns the connect page URL.
   */
  async startConnect(token: string, key: string): Promise<string> {
    const view = await this.view(token);
    const item = view.items.find((i) => i.key === key);
    if (!item) throw new AppError('NOT_FOUND', 'This portal does not offer that integration.');
    const existing = item.connection;
    const externalId = existing?.externalId ?? (await this.freeExternalId(view, item));
    const { token: cst } = await this.deps.connect.open({
      orgId: view.token.orgId,
      workspaceId: view.token.workspaceId,
      integrationName: item.definition.name,
      connectionName:
        existing?.displayName ??
        `${item.definition.displayName} (${view.endUser.displayName ?? view.endUser.externalId})`.slice(0, 255),
      externalId,
      authMethodKey: item.option.key,
      scope: 'USER',
      endUserExternalId: view.endUser.externalId,
      endUserId: view.endUser.id,
      workspaceIntegrationId: item.workspaceIntegrationId,
      oauthAppMode: item.oauthAppMode,
      oauthAppId: item.oauthAppId,
      successRedirectUri: null,
      errorRedirectUri: null,
      reconnectConnectionId: existing?.id ?? null,
      portalTokenId: view.token.id,
      returnTo: this.portalUrl(token),
    });
    return this.deps.connect.connectUrl(cst);
  }

  /** Deletes one of the end user's own connections shown by this portal. */
  async disconnect(token: string, connectionId: string): Promise<void> {
    const view = await this.view(token);
    const conn = view.items.map((i) => i.connection).find((c) => c?.id === connectionId);
    if (!conn) throw new AppError('NOT_FOUND', 'This portal shows no such connection.');
    await this.deps.connections.delete(workspaceActor(view.token.orgId, view.token.workspaceId), conn.id);
  }

  // ---- internals ------------------------------------------------------------------------------------------

  /** The integration or workspace integration a token is limited to, checked when it is issued. */
  private async checkLimit(
    orgId: string,
    workspaceId: string,
    input: { integrationName?: string; workspaceIntegrationId?: string },
  ) {
    let integrationName = input.integrationName ?? null;
    if (integrationName !== null) {
      const def = this.deps.registry.get(integrationName, orgId);
      if (!def) throw new AppError('INTEGRATION_NOT_FOUND', `No integration named "${integrationName}".`);
      if (def.auth.length === 0) throw invalidField('integrationName', `${def.name} takes no connection`);
    }
    if (input.workspaceIntegrationId) {
      const wi = (await this.deps.workspaceIntegrations.listForWorkspace(orgId, workspaceId)).find(
        (w) => w.id === input.workspaceIntegrationId,
      );
      if (!wi) throw new AppError('NOT_FOUND', "No workspace integration with this id in the end user's workspace.");
      if (integrationName !== null && wi.integrationName !== integrationName)
        throw invalidField('workspaceIntegrationId', `configures ${wi.integrationName}, not ${integrationName}`);
      const def = this.deps.registry.get(wi.integrationName);
      if (!def || def.auth.length === 0)
        throw invalidField('workspaceIntegrationId', `configures ${wi.integrationName}, which takes no connection`);
      integrationName = wi.integrationName;
    }
    return { integrationName, workspaceIntegrationId: input.workspaceIntegrationId ?? null };
  }

  /**
   * What the portal offers: the one workspace integration named, or the configured ones (of the named
   * integration, or all that take a connection); an integration not configured offers each of its auth methods.
   */
  private async items(token: PortalTokenRow): Promise<PortalItem[]> {
    const configured = (await this.deps.workspaceIntegrations.listForWorkspace(token.orgId, token.workspaceId)).filter(
      (w) =>
        (!token.workspaceIntegrationId || w.id === token.workspaceIntegrationId) &&
        (!token.integrationName || w.integrationName === token.integrationName),
    );
    const items: PortalItem[] = [];
    const seen = new Set<string>();
    for (const wi of configured) {
      const definition = this.deps.registry.get(wi.integrationName, token.orgId);
      const option = definition?.auth.find((a) => a.key === wi.authMethodKey);
      if (!definition || !option) continue;
      const key = `${definition.name}|${option.key}`;
      if (seen.has(key)) continue;
      seen.add(key);
      items.push({
        key,
        definition,
        option,
        label: wi.displayName ?? definition.displayName,
        workspaceIntegrationId: wi.id,
        oauthAppMode: wi.oauthAppMode as OAuthAppMode,
        oauthAppId: wi.oauthAppId,
        connection: null,
      });
    }
    if (items.length === 0 && token.integrationName && !token.workspaceIntegrationId) {
      const definition = this.deps.registry.get(token.integrationName, token.orgId);
      for (const option of definition?.auth ?? []) {
        items.push({
          key: `${definition!.name}|${option.key}`,
          definition: definition!,
          option,
          label: definition!.auth.length > 1 ? `${definition!.displayName} (${option.displayName})` : definition!.displayName,
          workspaceIntegrationId: null,
          oauthAppMode: 'service_managed',
          oauthAppId: null,
          connection: null,
        });
      }
    }
    return items;
  }

  /** The end user's externalId names their connection, unless another owner already holds that identity. */
  private async freeExternalId(view: PortalView, item: PortalItem): Promise<string> {
    const taken = (
      await this.deps.connections.findByExternalId(view.token.orgId, item.definition.name, view.endUser.externalId)
    ).some((c) => c.authMethodKey === item.option.key);
    return taken ? `${view.endUser.externalId}:${view.endUser.id}`.slice(0, 255) : view.endUser.externalId;
  }
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
