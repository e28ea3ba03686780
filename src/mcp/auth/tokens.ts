import type { Executor, Orm } from '../../platform/db/database.js';
import { hashToken } from '../../platform/crypto.js';
import { newId, newToken, TOKEN_PREFIX } from '../../platform/ids.js';
import type { McpServerRow } from '../../modules/mcp-servers/mcp-servers.repository.js';
import * as repo from './tokens.repository.js';
import * as serversRepo from '../../modules/mcp-servers/mcp-servers.repository.js';
import { cachedOrNull, ConfigCache } from '../../platform/cache.js';
import type { InvalidationBus } from '../../platform/invalidation.js';
import { CONFIG_CACHE_TTL_MS } from '../../modules/workspaces/workspaces.service.js';

export type McpTokenKind = 'static' | 'bearer' | 'oauth_access' | 'oauth_refresh';

/** Characters of a token shown in records (the prefix and a few random characters; never enough to use it). */
const SHOWN = 12;

/** Who an MCP request comes from, once its token checked out. */
export interface McpPrincipal {
  tokenId: string;
  kind: Exclude<McpTokenKind, 'oauth_refresh'>;
  orgId: string;
  plan: string;
  server: McpServerRow;
  /** The end user the calls run for: the token's, or the server's scoping end user; null for a shared token. */
  endUserId: string | null;
  scopes: string[];
}

/** Why a token was refused: a 401 (missing or bad token) or a 403 (the token is fine, the server cannot be used). */
export type TokenCheck =
  | { ok: true; principal: McpPrincipal }
  | { ok: false; status: 401; reason: string }
  | { ok: false; status: 403; code: 'ORGANIZATION_SUSPENDED' | 'RESOURCE_SUSPENDED'; reason: string };

export const bearerEnabled = (authMode: string) => authMode === 'bearer' || authMode === 'oauth_and_bearer';
export const oauthEnabled = (authMode: string) => authMode === 'oauth' || authMode === 'oauth_and_bearer';

/**
 * MCP endpoint tokens: issued here, stored only as SHA-256 hashes, checked on every request against their server,
 * the server's current auth mode, expiry, revocation (of the token or its OAuth grant) and suspension.
 */
export class McpTokens {
  /** Token lookups by hash (every MCP request). Revocations publish `mcp_tokens` after their commit. */
  private readonly found = new ConfigCache<repo.FoundToken>({ ttlMs: CONFIG_CACHE_TTL_MS, maxEntries: 50_000 });
  /** Servers by id, for the endpoint's existence check. */
  private readonly servers = new ConfigCache<McpServerRow>({ ttlMs: CONFIG_CACHE_TTL_MS, maxEntries: 20_000 });

  constructor(
    private readonly orm: Orm,
    private readonly bus?: InvalidationBus,
  ) {
    bus?.subscribe((msg) => {
      const drop = (tag: string) => {
        this.found.invalidateTag(tag);
        this.servers.invalidateTag(tag);
      };
      if (msg.type === 'all') {
        this.found.clear();
        this.servers.clear();
      } else if (msg.type === 'mcp_tokens') {
        if (msg.serverId) drop(`mcps:${msg.serverId}`);
        if (msg.grantId) drop(`grant:${msg.grantId}`);
        if (msg.tokenId) drop(`mcptok:${msg.tokenId}`);
      } else if (msg.type === 'workspace_config')
        drop(`ws:${msg.workspaceId}`); // server and tool changes
      else if (msg.type === 'workspace') drop(`ws:${msg.id}`);
      else if (msg.type === 'end_user') drop(`eu:${msg.id}`);
      else if (msg.type === 'organization') drop(`org:${msg.id}`); // suspension, plan
    });
  }

  /** A server by id (cached; server changes publish `workspace_config` for its workspace). */
  async server(id: string): Promise<McpServerRow | null> {
    return cachedOrNull(
      this.servers,
      id,
      (s) => [`mcps:${s.id}`, `org:${s.orgId}`, `ws:${s.workspaceId ?? ''}`],
      () => serversRepo.findServerById(this.orm, id),
    );
  }

  /** Revoke one token, publishing the revocation to every node (outside a transaction, so it is committed). */
  async revokeToken(id: string): Promise<boolean> {
    const done = await repo.revokeToken(this.orm, id);
    await this.bus?.publish({ type: 'mcp_tokens', tokenId: id });
    return done;
  }

  /** Revoke an OAuth grant and all its tokens, on every node at once. */
  async revokeGrant(grantId: string): Promise<void> {
    await repo.revokeGrant(this.orm, grantId);
    await this.bus?.publish({ type: 'mcp_tokens', grantId });
  }

  /**
   * A person's password was reset: their MCP OAuth grants and tokens are revoked and their unused authorization
   * codes deleted, within the reset's transaction (the ids of the grants revoked; `announce` them after the commit).
   */
  async revokeOf(tx: Executor, userId: string): Promise<string[]> {
    return repo.revokeGrantsOfUser(tx, userId);
  }

  async announce(grantIds: string[]): Promise<void> {
    for (const grantId of grantIds) await this.bus?.publish({ type: 'mcp_tokens', grantId });
  }

  /** Replaces the server's shared static bearer token (the old one stops working at once). */
  async issueStatic(db: Executor, server: Pick<McpServerRow, 'id' | 'orgId'>): Promise<string> {
    const plain = newToken(TOKEN_PREFIX.mcpBearer);
    await repo.deleteStaticToken(db, server.orgId, server.id);
    await repo.insertToken(db, this.row(server, 'static', plain, ['mcp:tools', 'mcp:code'], null, null, null));
    return plain;
  }

  async revokeStatic(db: Executor, server: Pick<McpServerRow, 'id' | 'orgId'>): Promise<void> {
    await repo.deleteStaticToken(db, server.orgId, server.id);
  }

  async hasStatic(db: Executor, server: Pick<McpServerRow, 'id' | 'orgId'>): Promise<boolean> {
    return repo.hasStaticToken(db, server.orgId, server.id);
  }

  async issue(
    db: Executor,
    server: Pick<McpServerRow, 'id' | 'orgId'>,
    kind: 'bearer' | 'oauth_access' | 'oauth_refresh',
    opts: { endUserId: string; scopes: string[]; expiresInSeconds: number; grantId?: string | null },
  ): Promise<{ plain: string; record: repo.McpTokenRow }> {
    const prefix =
      kind === 'bearer' ? TOKEN_PREFIX.mcpBearer : kind === 'oauth_access' ? TOKEN_PREFIX.mcpOAuth : TOKEN_PREFIX.mcpRefresh;
    const plain = newToken(prefix);
    const now = new Date();
    const expiresAt = new Date(now.getTime() + opts.expiresInSeconds * 1000);
    const record = await repo.insertToken(db, {
      ...this.row(server, kind, plain, opts.scopes, opts.endUserId, opts.grantId ?? null, expiresAt),
      createdAt: now,
    });
    return { plain, record };
  }

  /** Checks a bearer token presented at `/mcp/srv_<serverId>`. */
  async check(serverId: string, plain: string): Promise<TokenCheck> {
    const bad = (reason: string): TokenCheck => ({ ok: false, status: 401, reason });
    if (!/^mcpo?_[A-Za-z0-9_-]{20,100}$/.test(plain)) return bad('The access token is malformed.');
    const found = await cachedOrNull(
      this.found,
      hashToken(plain),
      (f) => [
        `mcptok:${f.token.id}`,
        `grant:${f.token.grantId ?? ''}`,
        `mcps:${f.server.id}`,
        `org:${f.token.orgId}`,
        `ws:${f.server.workspaceId ?? ''}`,
        `eu:${f.token.endUserId ?? ''}`,
      ],
      () => repo.findTokenForRequest(this.orm, hashToken(plain)),
    );
    if (!found || found.token.kind === 'oauth_refresh') return bad('The access token is invalid.');
    const { token, server } = found;
    if (token.mcpServerId !== serverId) return bad('The access token was issued for another MCP server.');
    if (token.revokedAt || found.grantRevokedAt) return bad('The access token has been revoked.');
    if (token.expiresAt && token.expiresAt.getTime() <= Date.now()) return bad('The access token has expired.');
    const kind = token.kind as McpPrincipal['kind'];
    if ((kind === 'static' || kind === 'bearer') && !bearerEnabled(server.authMode))
      return bad('Bearer tokens are not enabled on this MCP server.');
    if (kind === 'oauth_access' && !oauthEnabled(server.authMode)) return bad('MCP OAuth is not enabled on this MCP server.');
    // A server scoped to one end user only ever acts as that end user.
    if (server.endUserId && token.endUserId && token.endUserId !== server.endUserId)
      return bad('The access token belongs to another end user than the one this server is scoped to.');
    if (found.orgSuspended)
      return { ok: false, status: 403, code: 'ORGANIZATION_SUSPENDED', reason: 'The organization is suspended.' };
    if (server.suspended || found.workspaceSuspended) {
      return {
        ok: false,
        status: 403,
        code: 'RESOURCE_SUSPENDED',
        reason: 'This MCP server is suspended: the plan covers fewer servers or workspaces.',
      };
    }
    return {
      ok: true,
      principal: {
        tokenId: token.id,
        kind,
        orgId: token.orgId,
        plan: found.plan,
        server,
        endUserId: token.endUserId ?? server.endUserId,
        scopes: token.scopes,
      },
    };
  }

  private row(
    server: Pick<McpServerRow, 'id' | 'orgId'>,
    kind: McpTokenKind,
    plain: string,
    scopes: string[],
    endUserId: string | null,
    grantId: string | null,
    expiresAt: Date | null,
  ) {
    return {
      id: newId(),
      orgId: server.orgId,
      mcpServerId: server.id,
      kind,
      tokenHash: hashToken(plain),
      tokenPrefix: plain.slice(0, SHOWN),
      scopes,
      endUserId,
      grantId,
      expiresAt,
    };
  }
}
