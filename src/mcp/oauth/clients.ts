import { OAuthClientMetadataSchema } from '@modelcontextprotocol/sdk/shared/auth.js';
import { fetch } from 'undici';
import type { Orm } from '../../platform/db/database.js';
import { hashToken, safeEqual } from '../../platform/crypto.js';
import type { EgressGuard } from '../../platform/egress.js';
import { newToken, TOKEN_PREFIX } from '../../platform/ids.js';
import * as repo from './oauth.repository.js';
import type { OAuthClientRow } from './oauth.repository.js';
import { DEFAULT_JSON_LIMITS, inspectJson } from '../../platform/http/json-limits.js';

/** An OAuth error as RFC 6749 / 7591 shape it: `{error, error_description}` with its status. */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status = 400,
  ) {
    super(description);
    this.name = 'OAuthError';
  }
}

export const AUTH_METHODS = ['none', 'client_secret_basic', 'client_secret_post'] as const;

export interface ClientMetadata {
  redirect_uris: string[];
  token_endpoint_auth_method: (typeof AUTH_METHODS)[number];
  grant_types: string[];
  response_types: string[];
  client_name?: string;
  client_uri?: string;
  logo_uri?: string;
  scope?: string;
  software_id?: string;
  software_version?: string;
}

export interface OAuthClient {
  clientId: string;
  source: 'dcr' | 'metadata_document';
  metadata: ClientMetadata;
  secretHash: string | null;
}

const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);
const isLoopback = (u: URL) => LOOPBACK.has(u.hostname);
const METADATA_TTL_MS = 3600_000;
const MAX_DOCUMENT_BYTES = 64 * 1024;

/** Redirect URIs: https anywhere, http only on loopback (RFC 8252), or a native app's private-use scheme. */
function checkRedirectUri(raw: string): string | null {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return 'is not a URL';
  }
  if (u.hash) return 'must not have a fragment';
  if (raw.length > 2000) return 'is too long';
  if (u.protocol === 'https:') return null;
  if (u.protocol === 'http:') return isLoopback(u) ? null : 'must use https (http only for loopback addresses)';
  if (['javascript:', 'data:', 'vbscript:', 'file:', 'blob:', 'about:', 'ftp:', 'ws:', 'wss:'].includes(u.protocol))
    return `must not use the ${u.protocol} scheme`;
  // A private-use URI scheme of a native app (RFC 8252 §7.1), e.g. com.example.app:/callback or cursor://...
  return /^[a-z][a-z0-9+.-]*:$/.test(u.protocol) ? null : 'has an invalid scheme';
}

/** Validates RFC 7591 client metadata (registration body or metadata document) into what this server supports. */
export function parseClientMetadata(body: unknown, { documentUrl }: { documentUrl?: string } = {}): ClientMetadata {
  const bad = (msg: string) => new OAuthError('invalid_client_metadata', msg);
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw bad('The client metadata must be a JSON object.');
  if (JSON.stringify(body).length > 16_384) throw bad('The client metadata is too large.');
  const parsed = OAuthClientMetadataSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw bad(`${issue?.path.join('.') || 'metadata'}: ${issue?.message ?? 'is invalid'}`);
  }
  const m = parsed.data;
  if (!m.redirect_uris.length || m.redirect_uris.length > 10)
    throw new OAuthError('invalid_redirect_uri', 'redirect_uris must list 1 to 10 URIs.');
  for (const uri of m.redirect_uris) {
    const problem = checkRedirectUri(uri);
    if (problem) throw new OAuthError('invalid_redirect_uri', `redirect_uri ${JSON.stringify(uri.slice(0, 200))} ${problem}.`);
  }
  const method = (m.token_endpoint_auth_method ??
    (documentUrl ? 'none' : 'client_secret_basic')) as ClientMetadata['token_endpoint_auth_method'];
  if (!(AUTH_METHODS as readonly string[]).includes(method))
    throw bad(`token_endpoint_auth_method must be one of ${AUTH_METHODS.join(', ')}.`);
  if (documentUrl && method !== 'none')
    throw bad('A client identified by a metadata document is a public client: token_endpoint_auth_method must be "none".');
  const grantTypes = m.grant_types ?? ['authorization_code', 'refresh_token'];
  if (
    !grantTypes.includes('authorization_code') ||
    grantTypes.some((g) => !['authorization_code', 'refresh_token'].includes(g))
  ) {
    throw bad('grant_types must include authorization_code and may add refresh_token only.');
  }
  const responseTypes = m.response_types ?? ['code'];
  if (responseTypes.some((r) => r !== 'code')) throw bad('response_types may only be ["code"].');
  const str = (v: string | undefined, max: number) => (v && v.length <= max ? v : undefined);
  const out: ClientMetadata = {
    redirect_uris: m.redirect_uris,
    token_endpoint_auth_method: method,
    grant_types: grantTypes,
    response_types: responseTypes,
  };
  const name = str(m.client_name, 200);
  if (name) out.client_name = name;
  const uri = str(m.client_uri, 2000);
  if (uri) out.client_uri = uri;
  const logo = str(m.logo_uri, 2000);
  if (logo) out.logo_uri = logo;
  const scope = str(m.scope, 500);
  if (scope) out.scope = scope;
  const sid = str(m.software_id, 200);
  if (sid) out.software_id = sid;
  const sv = str(m.software_version, 100);
  if (sv) out.software_version = sv;
  return out;
}

/** Whether a client_id is a client ID metadata document URL this server may fetch. */
export function isMetadataDocumentUrl(clientId: string, egressAllow: readonly string[]): boolean {
  let u: URL;
  try {
    u = new URL(clientId);
  } catch {
    return false;
  }
  if (u.pathname === '/' || u.hash || u.username || u.password) return false;
  if (u.protocol === 'https:') return true;
  // Development only: http on a loopback host the operator allowed outbound calls to (SWITCHBOARD_EGRESS_ALLOW).
  return (
    u.protocol === 'http:' &&
    isLoopback(u) &&
    egressAllow.some((h) => h === u.hostname || h === u.hostname.replace(/^\[|\]$/g, ''))
  );
}

/** Registered clients: dynamic registration (RFC 7591) and client ID metadata documents fetched through the SSRF guard. */
export class OAuthClients {
  constructor(private readonly deps: { orm: Orm; egress: EgressGuard; egressAllow: readonly string[] }) {}

  async register(body: unknown): Promise<Record<string, unknown>> {
    const metadata = parseClientMetadata(body);
    const clientId = `mcpcl_${newToken('', 16)}`;
    const secret = metadata.token_endpoint_auth_method === 'none' ? null : newToken(TOKEN_PREFIX.mcpClientSecret);
    const row = await repo.insertClient(this.deps.orm, {
      clientId,
      source: 'dcr',
      clientSecretHash: secret ? hashToken(secret) : null,
      metadata: metadata as unknown as Record<string, unknown>,
    });
    return {
      client_id: clientId,
      ...(secret ? { client_secret: secret, client_secret_expires_at: 0 } : {}),
      client_id_issued_at: Math.floor(row.createdAt.getTime() / 1000),
      ...metadata,
    };
  }

  /** The client named by client_id: registered, or its metadata document (fetched, cached for an hour). */
  async find(clientId: string): Promise<OAuthClient | null> {
    if (!clientId || clientId.length > 2000) return null;
    const row = await repo.findClient(this.deps.orm, clientId);
    const document = isMetadataDocumentUrl(clientId, this.deps.egressAllow);
    if (row && (!document || (row.fetchedAt && Date.now() - row.fetchedAt.getTime() < METADATA_TTL_MS)))
      return this.toClient(row);
    if (!document) return null;
    const metadata = await this.fetchDocument(clientId);
    return this.toClient(
      await repo.upsertMetadataClient(this.deps.orm, clientId, metadata as unknown as Record<string, unknown>),
    );
  }

  /** Client authentication at the token and revocation endpoints (RFC 6749 §2.3). */
  async authenticate(form: Record<string, string>, authorization: string | undefined): Promise<OAuthClient> {
    let clientId = form.client_id;
    let secret = form.client_secret;
    let via: 'basic' | 'post' | 'none' = secret ? 'post' : 'none';
    const basic = authorization ? /^Basic\s+(\S+)$/i.exec(authorization) : null;
    if (basic?.[1]) {
      const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      if (colon < 0) throw new OAuthError('invalid_client', 'The Basic credentials are malformed.', 401);
      try {
        clientId = decodeURIComponent(decoded.slice(0, colon));
        secret = decodeURIComponent(decoded.slice(colon + 1));
      } catch {
        throw new OAuthError('invalid_client', 'The Basic credentials are malformed.', 401);
      }
      via = 'basic';
    }
    if (!clientId) throw new OAuthError('invalid_client', 'client_id is required.', 401);
    const client = await this.find(clientId).catch(() => null);
    if (!client) throw new OAuthError('invalid_client', 'Unknown client.', 401);
    const method = client.metadata.token_endpoint_auth_method;
    if (method === 'none') {
      if (via !== 'none')
        throw new OAuthError('invalid_client', 'This client is public: it authenticates with client_id only.', 401);
      return client;
    }
    const expected = method === 'client_secret_basic' ? 'basic' : 'post';
    if (via !== expected || !secret || !client.secretHash || !safeEqual(hashToken(secret), client.secretHash)) {
      throw new OAuthError('invalid_client', `Client authentication failed (this client uses ${method}).`, 401);
    }
    return client;
  }

  private async fetchDocument(url: string): Promise<ClientMetadata> {
    const fail = (msg: string) => new OAuthError('invalid_client', `The client metadata document could not be used: ${msg}`);
    let res;
    try {
      res = await fetch(url, {
        dispatcher: this.deps.egress.dispatcher(),
        redirect: 'error',
        signal: AbortSignal.timeout(5000),
        headers: { accept: 'application/json' },
      });
    } catch (err) {
      throw fail((err as Error).name === 'TimeoutError' ? 'it did not answer in time' : 'it could not be fetched');
    }
    if (!res.ok) throw fail(`it answered HTTP ${res.status}`);
    const text = await res.text();
    if (text.length > MAX_DOCUMENT_BYTES) throw fail('it is larger than 64 KiB');
    let doc: unknown;
    try {
      doc = JSON.parse(text);
    } catch {
      throw fail('it is not JSON');
    }
    if (inspectJson(doc, DEFAULT_JSON_LIMITS).problem) throw fail('it is not JSON within the limits of a request body');
    if ((doc as { client_id?: unknown })?.client_id !== url) throw fail('its client_id does not equal its URL');
    return parseClientMetadata(doc, { documentUrl: url });
  }

  private toClient(row: OAuthClientRow): OAuthClient {
    return {
      clientId: row.clientId,
      source: row.source as OAuthClient['source'],
      metadata: row.metadata as unknown as ClientMetadata,
      secretHash: row.clientSecretHash,
    };
  }
}

/** RFC 8252 §7.3: a loopback redirect URI matches whatever port the client picks; everything else matches exactly. */
export function redirectUriMatches(registered: string[], given: string): boolean {
  if (registered.includes(given)) return true;
  let g: URL;
  try {
    g = new URL(given);
  } catch {
    return false;
  }
  if (g.protocol !== 'http:' || !isLoopback(g)) return false;
  return registered.some((r) => {
    try {
      const u = new URL(r);
      return u.protocol === 'http:' && u.hostname === g.hostname && u.pathname === g.pathname && u.search === g.search;
    } catch {
      return false;
    }
  });
}
