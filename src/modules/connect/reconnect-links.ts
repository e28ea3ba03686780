import type { ConnectionRecord } from '../../engine/types.js';
import type { ConnectionsService } from '../connections/connections.service.js';
import type { EndUsersService } from '../end-users/end-users.service.js';
import type { ConnectService } from './connect.service.js';

/** Who asks for a link: a call inside a workspace, for an end user or for the workspace itself. */
export interface ReconnectReach {
  workspaceId: string;
  endUserId: string | null;
}

/** A connection that needs a person, and the hosted link that repairs it (null when this caller may not have one). */
export interface ReconnectNotice {
  connectionId: string;
  connectionName: string;
  url: string | null;
  expiresAt: string | null;
}

/**
 * Whether a caller may hand out a link that repairs this connection (docs/decisions/0144). The person who opens it
 * chooses the account the connection will use, so the link goes only where that choice belongs: an end user's call
 * gets links for that end user's own connections; the workspace's own caller (no end user) for the workspace's and
 * its end users' connections, as a workspace-scoped key may make them. An organization-wide connection is repaired
 * by an administrator.
 */
export function mayRelink(conn: Pick<ConnectionRecord, 'scope' | 'workspaceId' | 'endUserId'>, reach: ReconnectReach): boolean {
  if (conn.scope === 'ORGANIZATION' || conn.workspaceId !== reach.workspaceId) return false;
  if (reach.endUserId === null) return true;
  return conn.scope === 'USER' && conn.endUserId === reach.endUserId;
}

/**
 * A link is handed out again while its session waits and this much of its life is left, so an agent retrying does not
 * open a session per call.
 */
const REUSE_WHILE_LEFT_MS = 60 * 60_000;
const MAX_KEPT = 10_000;

/**
 * Hosted links that repair a connection in place (the same id): a connect session for the connection's identity, as
 * the end-user portal opens one. MCP tool results and Code Mode errors carry them (0144).
 */
export class ReconnectLinks {
  private readonly recent = new Map<string, { url: string; sessionId: string; expiresAt: Date }>();

  constructor(private readonly deps: { connect: ConnectService; connections: ConnectionsService; endUsers: EndUsersService }) {}

  /** The notice for a connection of this organization that needs re-authorization; null when there is none. */
  async notice(orgId: string, connectionId: string, reach: ReconnectReach): Promise<ReconnectNotice | null> {
    const conn = await this.deps.connections.find(orgId, connectionId);
    if (!conn) return null;
    const base = { connectionId: conn.id, connectionName: conn.displayName };
    if (!mayRelink(conn, reach)) return { ...base, url: null, expiresAt: null };
    const cacheKey = `${conn.id}:${reach.endUserId ?? ''}`;
    const kept = this.recent.get(cacheKey);
    if (
      kept &&
      kept.expiresAt.getTime() - Date.now() > REUSE_WHILE_LEFT_MS &&
      (await this.deps.connect.stillPending(orgId, kept.sessionId))
    )
      return { ...base, url: kept.url, expiresAt: kept.expiresAt.toISOString() };
    const endUserExternalId = conn.endUserId
      ? ((await this.deps.endUsers.externalIds(orgId, [conn.endUserId])).get(conn.endUserId) ?? null)
      : null;
    const { token, row } = await this.deps.connect.open({
      orgId,
      workspaceId: reach.workspaceId,
      integrationName: conn.integrationName,
      connectionName: conn.displayName,
      externalId: conn.externalId,
      authMethodKey: conn.authMethodKey,
      scope: conn.scope as 'WORKSPACE' | 'USER',
      endUserExternalId,
      endUserId: conn.endUserId,
      workspaceIntegrationId: null,
      oauthAppMode: conn.oauthAppId ? 'custom' : 'service_managed',
      oauthAppId: conn.oauthAppId,
      successRedirectUri: null,
      errorRedirectUri: null,
      reconnectConnectionId: conn.id,
    });
    const url = this.deps.connect.connectUrl(token);
    if (this.recent.size >= MAX_KEPT) this.recent.clear();
    this.recent.set(cacheKey, { url, sessionId: row.id, expiresAt: row.expiresAt });
    return { ...base, url, expiresAt: row.expiresAt.toISOString() };
  }
}
