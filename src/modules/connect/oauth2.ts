import { createHash, randomBytes } from 'node:crypto';
import { request } from 'undici';
import type { EgressGuard } from '../../platform/egress.js';
import type { OAuthClient } from '../oauth-apps/oauth-apps.service.js';

/** RFC 7636: a 43-character verifier (32 random bytes) and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export const randomState = (): string => randomBytes(32).toString('base64url');

const FLOW_PARAMS = new Set([
  'response_type',
  'client_id',
  'redirect_uri',
  'scope',
  'state',
  'code_challenge',
  'code_challenge_method',
]);

/** The provider's authorization URL for the authorization code flow (PKCE S256 unless the option disables it). */
export function authorizeUrl(client: OAuthClient, p: { redirectUri: string; state: string; challenge: string | null }): string {
  const url = new URL(client.authUrl);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('The authorization URL must be http(s).');
  const q = url.searchParams;
  // The provider's own parameters, never one of the flow's: those are ours alone, set or left out below.
  for (const [k, v] of Object.entries(client.authorizeParams)) if (!FLOW_PARAMS.has(k)) q.set(k, v);
  q.set('response_type', 'code');
  q.set('client_id', client.clientId);
  q.set('redirect_uri', p.redirectUri);
  if (client.scopes.length) q.set('scope', client.scopes.join(' '));
  q.set('state', p.state);
  if (p.challenge) {
    q.set('code_challenge', p.challenge);
    q.set('code_challenge_method', 'S256');
  }
  return url.toString();
}

/** A token endpoint answer, split into the stored credential fields and everything else (kept as `data`). */
export interface TokenSet {
  access_token: string;
  refresh_token?: string;
  token_type: string;
  expires_in?: number;
  scope?: string;
  data: Record<string, unknown>;
}

/**
 * Why a token request failed. `permanent` (the provider refused the grant or the client: 400/401) means a retry
 * cannot help and the user must reconnect; otherwise (network, timeout, 5xx, 429) it may work later.
 */
export class TokenRequestError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'TokenRequestError';
  }
}

const STANDARD = new Set(['access_token', 'refresh_token', 'token_type', 'expires_in', 'scope', 'id_token']);

/**
 * POST to the token endpoint through the egress guard, the client authenticated as the integration says: in the body
 * (client_secret_post, the default) or with HTTP Basic (client_secret_basic, RFC 6749 §2.3.1: both parts
 * form-urlencoded). Errors carry the provider's error code and description, never a token or the response body.
 */
export async function tokenRequest(
  egress: EgressGuard,
  client: OAuthClient,
  params: Record<string, string>,
  timeoutMs: number,
): Promise<TokenSet> {
  const basic = client.clientAuth === 'basic';
  const form = new URLSearchParams(
    basic ? params : { ...params, client_id: client.clientId, client_secret: client.clientSecret },
  );
  const encode = (v: string) => encodeURIComponent(v).replace(/%20/g, '+');
  const authorization = basic
    ? { authorization: `Basic ${Buffer.from(`${encode(client.clientId)}:${encode(client.clientSecret)}`).toString('base64')}` }
    : {};
  let status: number;
  let text: string;
  let contentType: string;
  try {
    const res = await request(client.tokenUrl, {
      method: 'POST',
      dispatcher: egress.dispatcher(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', ...authorization },
      body: form.toString(),
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      signal: AbortSignal.timeout(timeoutMs),
    });
    status = res.statusCode;
    contentType = String(res.headers['content-type'] ?? '');
    text = await res.body.text();
  } catch (err) {
    const code = (err as { code?: string }).code;
    throw new TokenRequestError(
      `The token endpoint could not be reached${code === 'EGRESS_DENIED' ? ' (its address is not allowed)' : ''}: ${(err as Error).name}.`,
      false,
    );
  }
  let body: Record<string, unknown> = {};
  try {
    body = contentType.includes('application/x-www-form-urlencoded')
      ? Object.fromEntries(new URLSearchParams(text))
      : (JSON.parse(text) as Record<string, unknown>);
  } catch {
    body = {};
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) body = {};
  const providerError = typeof body.error === 'string' ? body.error.slice(0, 100) : null;
  if (status >= 400 || providerError) {
    const description = typeof body.error_description === 'string' ? `: ${body.error_description.slice(0, 200)}` : '';
    const permanent = status === 400 || status === 401 || (status < 400 && providerError !== null);
    throw new TokenRequestError(
      `The provider refused the token request (HTTP ${status}${providerError ? `, ${providerError}` : ''}${description}).`,
      permanent,
    );
  }
  if (typeof body.access_token !== 'string' || body.access_token === '') {
    throw new TokenRequestError(`The provider's token response (HTTP ${status}) has no access_token.`, false);
  }
  const expires = typeof body.expires_in === 'string' ? Number(body.expires_in) : body.expires_in;
  const data: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) if (!STANDARD.has(k)) data[k] = v;
  return {
    access_token: body.access_token,
    ...(typeof body.refresh_token === 'string' && body.refresh_token ? { refresh_token: body.refresh_token } : {}),
    token_type: typeof body.token_type === 'string' && body.token_type ? body.token_type : 'Bearer',
    ...(typeof expires === 'number' && Number.isFinite(expires) && expires > 0 ? { expires_in: Math.floor(expires) } : {}),
    ...(typeof body.scope === 'string' ? { scope: body.scope } : {}),
    data,
  };
}

/** Seconds from a token response field (a number or a numeric string), or undefined. */
function seconds(v: unknown): number | undefined {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.floor(n) : undefined;
}

/**
 * When OAuth2 credentials stop working without a person (0144): the refresh token's own expiry when the provider
 * states it (`refresh_token_expires_in`, or Intuit's `x_refresh_token_expires_in`); with no refresh token at all, the
 * access token's expiry; null when a refresh token with no stated expiry was issued; undefined on a refresh that kept
 * the refresh token (its expiry, stored earlier, stands).
 */
function credentialExpiry(tokens: TokenSet, refresh: string | undefined, tokenExpiresAt: Date | null, now: number) {
  const refreshIn = seconds(tokens.data.refresh_token_expires_in) ?? seconds(tokens.data.x_refresh_token_expires_in);
  if (refreshIn !== undefined) return new Date((now + refreshIn) * 1000);
  if (tokens.refresh_token) return null;
  return refresh ? undefined : tokenExpiresAt;
}

/** The stored credential shape of an OAuth2 connection (ConnectionsService's), and when its tokens expire. */
export function oauthCredentials(
  tokens: TokenSet,
  previous?: Record<string, unknown>,
): { credentials: Record<string, unknown>; tokenExpiresAt: Date | null; credentialExpiresAt: Date | null | undefined } {
  const now = Math.floor(Date.now() / 1000);
  const credentials: Record<string, unknown> = {
    access_token: tokens.access_token,
    token_type: tokens.token_type,
    data: { ...(previous?.data ?? {}), ...tokens.data },
    claimed_at: now,
  };
  // A provider that does not rotate refresh tokens omits it on refresh: keep the one we have.
  const refresh = tokens.refresh_token ?? (typeof previous?.refresh_token === 'string' ? previous.refresh_token : undefined);
  if (refresh) credentials.refresh_token = refresh;
  if (tokens.expires_in !== undefined) credentials.expires_in = tokens.expires_in;
  const scope = tokens.scope ?? (typeof previous?.scope === 'string' ? previous.scope : undefined);
  if (scope !== undefined) credentials.scope = scope;
  // The fields the connection was made with beside its tokens (a server URL, a region) outlive every refresh.
  if (previous?.props && typeof previous.props === 'object') credentials.props = previous.props;
  const tokenExpiresAt = tokens.expires_in !== undefined ? new Date((now + tokens.expires_in) * 1000) : null;
  return { credentials, tokenExpiresAt, credentialExpiresAt: credentialExpiry(tokens, refresh, tokenExpiresAt, now) };
}
