import { createHash, createHmac } from 'node:crypto';
import { isOrgSuspended } from '../../platform/org-status.js';
import type { Executor, Orm } from '../../platform/db/database.js';
import { hashToken, safeEqual } from '../../platform/crypto.js';
import { newId, newToken, TOKEN_PREFIX } from '../../platform/ids.js';
import type { EndUsersService } from '../../modules/end-users/end-users.service.js';
import * as serversRepo from '../../modules/mcp-servers/mcp-servers.repository.js';
import type { McpServerRow } from '../../modules/mcp-servers/mcp-servers.repository.js';
import { oauthEnabled, type McpTokens } from '../auth/tokens.js';
import * as tokensRepo from '../auth/tokens.repository.js';
import { OAuthError, redirectUriMatches, type OAuthClient, type OAuthClients } from './clients.js';
import { EndUserMapping, type EndUserDecision, type Person } from './end-user-mapping.js';
import * as repo from './oauth.repository.js';

export type { EndUserDecision, Person } from './end-user-mapping.js';

export const ACCESS_TOKEN_TTL_S = 3600;
export const REFRESH_TOKEN_TTL_S = 30 * 86_400;
const CODE_TTL_MS = 10 * 60_000;
const REQUEST_TTL_MS = 3600_000;

/** The authorize request, validated; it travels signed between the page's steps. */
export interface AuthorizeRequest {
  clientId: string;
  redirectUri: string;
  state: string | null;
  codeChallenge: string;
  scopes: string[];
  resource: string;
  serverId: string;
}

export type AuthorizeCheck =
  /** Not safe to redirect (unknown client or redirect URI): shown on the page. */
  | { kind: 'page_error'; message: string }
  /** Reported to the client at its redirect URI (RFC 6749 §4.1.2.1). */
  | { kind: 'redirect'; location: string }
  | { kind: 'ok'; request: AuthorizeRequest; client: OAuthClient; server: McpServerRow };

const PKCE = /^[A-Za-z0-9_-]{43}$/;
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

/**
 * Switchboard as the authorization server of its MCP endpoints (the MCP authorization specification): authorization
 * code with PKCE S256 only, resource indicators binding each grant to one server, refresh-token rotation with reuse
 * detection, revocation. People sign in with their user account and act as a workspace end user.
 */
export class McpOAuthService {
  constructor(
    private readonly deps: {
      orm: Orm;
      clients: OAuthClients;
      tokens: McpTokens;
      endUsers: EndUsersService;
      publicUrl: string;
      signingKey: Buffer;
    },
  ) {
    this.mapping = new EndUserMapping(deps.orm, deps.endUsers);
  }

  private readonly mapping: EndUserMapping;

  get issuer(): string {
    return this.deps.publicUrl;
  }

  metadata() {
    const base = this.deps.publicUrl;
    return {
      issuer: base,
      authorization_endpoint: `${base}/mcp/oauth/authorize`,
      token_endpoint: `${base}/mcp/oauth/token`,
      registration_endpoint: `${base}/mcp/oauth/register`,
      revocation_endpoint: `${base}/mcp/oauth/revoke`,
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
      revocation_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
      scopes_supported: ['mcp:tools', 'mcp:code'],
      client_id_metadata_document_supported: true,
      authorization_response_iss_parameter_supported: true,
    };
  }

  /** Checks an authorize request (query of GET /mcp/oauth/authorize, or the signed copy the page posts back). */
  async checkAuthorize(q: Record<string, string | undefined>): Promise<AuthorizeCheck> {
    if (!q.client_id) return { kind: 'page_error', message: 'The request has no client_id.' };
    let client: OAuthClient | null;
    try {
      client = await this.deps.clients.find(q.client_id);
    } catch (err) {
      return { kind: 'page_error', message: err instanceof OAuthError ? err.description : 'The client could not be loaded.' };
    }
    if (!client)
      return { kind: 'page_error', message: 'This application is not registered with Switchboard (unknown client_id).' };
    const registered = client.metadata.redirect_uris;
    const redirectUri = q.redirect_uri ?? (registered.length === 1 ? registered[0] : undefined);
    if (!redirectUri) return { kind: 'page_error', message: 'The request has no redirect_uri.' };
    if (!redirectUriMatches(registered, redirectUri))
      return { kind: 'page_error', message: 'The redirect_uri is not registered for this application.' };
    const state = q.state ?? null;
    const fail = (error: string, description: string): AuthorizeCheck => ({
      kind: 'redirect',
      location: this.redirect(redirectUri, { error, error_description: description, state }),
    });

    if (q.response_type !== 'code') return fail('unsupported_response_type', 'Only response_type=code is supported.');
    if (!q.code_challenge || q.code_challenge_method !== 'S256')
      return fail('invalid_request', 'PKCE is required: send code_challenge with code_challenge_method=S256.');
    if (!PKCE.test(q.code_challenge))
      return fail('invalid_request', 'code_challenge must be the base64url SHA-256 of the code verifier (43 characters).');
    if (!q.resource) return fail('invalid_target', 'resource is required: the URL of the MCP server ({base_url}/mcp/srv_<id>).');
    const serverId = this.serverIdOf(q.resource);
    const server = serverId ? await serversRepo.findServerById(this.deps.orm, serverId) : null;
    if (!server) return fail('invalid_target', 'resource is not an MCP server of this authorization server.');
    if (!oauthEnabled(server.authMode)) return fail('invalid_target', 'MCP OAuth is not enabled on this MCP server.');
    if (server.suspended || !server.workspaceId) return fail('access_denied', 'This MCP server cannot be used at the moment.');
    if (await isOrgSuspended(this.deps.orm, server.orgId)) return fail('access_denied', 'This organization is suspended.');
    const allowed = server.mode === 'CODE' ? ['mcp:tools', 'mcp:code'] : ['mcp:tools'];
    const requested = (q.scope ?? '').split(' ').filter(Boolean);
    const scopes = requested.length ? [...new Set(requested.filter((s) => allowed.includes(s)))] : allowed;
    if (!scopes.length) return fail('invalid_scope', `This server supports the scopes ${allowed.join(' ')}.`);
    return {
      kind: 'ok',
      client,
      server,
      request: {
        clientId: client.clientId,
        redirectUri,
        state,
        codeChallenge: q.code_challenge,
        scopes,
        resource: this.resourceOf(server.id),
        serverId: server.id,
      },
    };
  }

  /** The query that reproduces a request (used to come back to the page after signing in). */
  queryOf(r: AuthorizeRequest): string {
    const q = new URLSearchParams({
      response_type: 'code',
      client_id: r.clientId,
      redirect_uri: r.redirectUri,
      code_challenge: r.codeChallenge,
      code_challenge_method: 'S256',
      scope: r.scopes.join(' '),
      resource: r.resource,
    });
    if (r.state !== null) q.set('state', r.state);
    return q.toString();
  }

  /** The request signed for the page's form (tamper-proof, valid for an hour). */
  seal(r: AuthorizeRequest): string {
    const body = Buffer.from(JSON.stringify({ ...r, at: Date.now() })).toString('base64url');
    return `${body}.${this.mac(`request:${body}`)}`;
  }

  open(sealed: string | undefined): AuthorizeRequest | null {
    if (!sealed) return null;
    const [body, mac] = sealed.split('.');
    if (!body || !mac || !safeEqual(mac, this.mac(`request:${body}`))) return null;
    try {
      const r = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as AuthorizeRequest & { at: number };
      return Date.now() - r.at > REQUEST_TTL_MS ? null : r;
    } catch {
      return null;
    }
  }

  /** Binds a form post to the signed-in session (cross-site request forgery). */
  csrf(sessionId: string, sealed: string): string {
    return this.mac(`csrf:${sessionId}:${sealed}`);
  }

  /** Which end user the person acts as (see EndUserMapping). */
  endUserFor(server: McpServerRow, person: Person, commit: boolean): Promise<EndUserDecision> {
    return this.mapping.endUserFor(server, person, commit);
  }

  /** The person allowed access: a one-time code bound to client, redirect URI, PKCE challenge, server and end user. */
  async issueCode(r: AuthorizeRequest, server: McpServerRow, person: Person, endUserId: string): Promise<string> {
    const code = newToken(TOKEN_PREFIX.mcpAuthCode);
    await repo.insertCode(this.deps.orm, {
      codeHash: hashToken(code),
      orgId: server.orgId,
      mcpServerId: server.id,
      endUserId,
      userId: person.id,
      clientId: r.clientId,
      redirectUri: r.redirectUri,
      codeChallenge: r.codeChallenge,
      scopes: r.scopes,
      resource: r.resource,
      expiresAt: new Date(Date.now() + CODE_TTL_MS),
    });
    return this.redirect(r.redirectUri, { code, state: r.state });
  }

  denied(r: AuthorizeRequest, description = 'The person declined access.'): string {
    return this.redirect(r.redirectUri, { error: 'access_denied', error_description: description, state: r.state });
  }

  /** POST /mcp/oauth/token: authorization_code (with PKCE) or refresh_token (rotated). */
  async token(form: Record<string, string>, authorization: string | undefined) {
    const client = await this.deps.clients.authenticate(form, authorization);
    if (form.grant_type === 'authorization_code') return this.exchangeCode(client, form);
    if (form.grant_type === 'refresh_token') return this.refresh(client, form);
    throw new OAuthError('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token.');
  }

  /** POST /mcp/oauth/revoke (RFC 7009): ends the token's whole grant; unknown tokens are not an error. */
  async revoke(form: Record<string, string>, authorization: string | undefined): Promise<void> {
    const client = await this.deps.clients.authenticate(form, authorization);
    if (!form.token) throw new OAuthError('invalid_request', 'token is required.');
    const row = await tokensRepo.findTokenByHash(this.deps.orm, hashToken(form.token));
    if (!row?.grantId) return;
    const grant = await repo.grantsOfClient(this.deps.orm, row.grantId, client.clientId);
    if (grant) await this.deps.tokens.revokeGrant(grant.id);
  }

  private async exchangeCode(client: OAuthClient, form: Record<string, string>) {
    if (!form.code || !form.code_verifier || !form.redirect_uri)
      throw new OAuthError('invalid_request', 'code, code_verifier and redirect_uri are required.');
    if (!VERIFIER.test(form.code_verifier))
      throw new OAuthError('invalid_request', 'code_verifier must be 43 to 128 characters of [A-Za-z0-9._~-].');
    const consumed = await repo.consumeCode(this.deps.orm, hashToken(form.code));
    if (!consumed) throw new OAuthError('invalid_grant', 'The authorization code is invalid.');
    const code = consumed.row;
    if (consumed.alreadyUsed) {
      // A code used twice: whatever it granted is revoked (RFC 6749 §4.1.2).
      if (code.grantId) await this.deps.tokens.revokeGrant(code.grantId);
      throw new OAuthError('invalid_grant', 'The authorization code was already used.');
    }
    if (code.expiresAt.getTime() <= Date.now()) throw new OAuthError('invalid_grant', 'The authorization code has expired.');
    if (code.clientId !== client.clientId)
      throw new OAuthError('invalid_grant', 'The authorization code was issued to another client.');
    if (code.redirectUri !== form.redirect_uri)
      throw new OAuthError('invalid_grant', 'redirect_uri differs from the authorization request.');
    const challenge = createHash('sha256').update(form.code_verifier).digest('base64url');
    if (!safeEqual(challenge, code.codeChallenge))
      throw new OAuthError('invalid_grant', 'The code_verifier does not match the code_challenge.');
    if (form.resource && form.resource !== code.resource)
      throw new OAuthError('invalid_target', 'resource differs from the authorization request.');
    const server = await this.usableServer(code.mcpServerId);
    return this.deps.orm.transaction(async (t) => {
      const tx = t as unknown as Executor;
      const grant = await tokensRepo.insertGrant(tx, {
        id: newId(),
        orgId: code.orgId,
        mcpServerId: code.mcpServerId,
        endUserId: code.endUserId,
        userId: code.userId,
        clientId: client.clientId,
        scopes: code.scopes,
        resource: code.resource,
      });
      await repo.setCodeGrant(tx, code.codeHash, grant.id);
      return this.issuePair(tx, server, grant.id, code.endUserId, code.scopes);
    });
  }

  private async refresh(client: OAuthClient, form: Record<string, string>) {
    if (!form.refresh_token) throw new OAuthError('invalid_request', 'refresh_token is required.');
    const row = await tokensRepo.findTokenByHash(this.deps.orm, hashToken(form.refresh_token));
    if (!row || row.kind !== 'oauth_refresh' || !row.grantId)
      throw new OAuthError('invalid_grant', 'The refresh token is invalid.');
    const grant = await tokensRepo.findGrant(this.deps.orm, row.grantId);
    if (!grant || grant.clientId !== client.clientId)
      throw new OAuthError('invalid_grant', 'The refresh token was issued to another client.');
    if (grant.revokedAt) throw new OAuthError('invalid_grant', 'The grant has been revoked.');
    if (row.revokedAt) {
      // A rotated refresh token presented again: someone else may hold it, so the whole grant ends.
      await this.deps.tokens.revokeGrant(grant.id);
      throw new OAuthError('invalid_grant', 'The refresh token was already used; the grant has been revoked.');
    }
    if (row.expiresAt && row.expiresAt.getTime() <= Date.now())
      throw new OAuthError('invalid_grant', 'The refresh token has expired.');
    if (form.resource && form.resource !== grant.resource)
      throw new OAuthError('invalid_target', 'resource differs from the grant.');
    let scopes = grant.scopes;
    if (form.scope) {
      const asked = form.scope.split(' ').filter(Boolean);
      if (asked.some((s) => !grant.scopes.includes(s)))
        throw new OAuthError('invalid_scope', 'A refresh can only narrow the granted scopes.');
      scopes = [...new Set(asked)];
    }
    if (!(await this.deps.tokens.revokeToken(row.id))) {
      // Used concurrently by someone else: the same reuse as above.
      await this.deps.tokens.revokeGrant(grant.id);
      throw new OAuthError('invalid_grant', 'The refresh token was already used; the grant has been revoked.');
    }
    const server = await this.usableServer(grant.mcpServerId);
    return this.deps.orm.transaction(async (t) =>
      this.issuePair(t as unknown as Executor, server, grant.id, grant.endUserId, scopes),
    );
  }

  private async issuePair(tx: Executor, server: McpServerRow, grantId: string, endUserId: string, scopes: string[]) {
    const access = await this.deps.tokens.issue(tx, server, 'oauth_access', {
      endUserId,
      scopes,
      expiresInSeconds: ACCESS_TOKEN_TTL_S,
      grantId,
    });
    const refresh = await this.deps.tokens.issue(tx, server, 'oauth_refresh', {
      endUserId,
      scopes,
      expiresInSeconds: REFRESH_TOKEN_TTL_S,
      grantId,
    });
    return {
      access_token: access.plain,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_TTL_S,
      refresh_token: refresh.plain,
      scope: scopes.join(' '),
    };
  }

  private async usableServer(id: string): Promise<McpServerRow> {
    const server = await serversRepo.findServerById(this.deps.orm, id);
    if (!server || !oauthEnabled(server.authMode))
      throw new OAuthError('invalid_grant', 'MCP OAuth is no longer enabled on this server.');
    return server;
  }

  private resourceOf(serverId: string): string {
    return `${this.deps.publicUrl}/mcp/srv_${serverId}`;
  }

  private serverIdOf(resource: string): string | null {
    const prefix = `${this.deps.publicUrl}/mcp/srv_`;
    if (!resource.startsWith(prefix)) return null;
    const id = resource.slice(prefix.length).replace(/\/$/, '');
    return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id) ? id.toLowerCase() : null;
  }

  private redirect(uri: string, params: Record<string, string | null>): string {
    const u = new URL(uri);
    for (const [k, v] of Object.entries(params)) if (v !== null) u.searchParams.set(k, v);
    u.searchParams.set('iss', this.deps.publicUrl);
    return u.toString();
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.deps.signingKey).update(payload).digest('base64url');
  }
}
