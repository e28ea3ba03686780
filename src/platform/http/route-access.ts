/**
 * Who may call a route. Every route declares it in `config.access`; registerAuth (./auth.ts) enforces what the request
 * alone decides — the credential, and an organization-scope key for organization-level routes — before the handler
 * runs. What depends on the resource (the workspace it lives in, approvals.decide on the request found) is checked by
 * the service that loads it; test/route-checks.test.ts reads these declarations from the OpenAPI document and proves
 * both halves on every route (docs/decisions/0125).
 */

/**
 * What an API key must reach:
 * - `organization`: organization-level resources (keys, members, OAuth apps, the signing secret); a
 *   workspace-scoped key gets 403 SCOPE_DENIED.
 * - `workspace`: names a workspace — in the path, query or body, or through the resource it names (which may also be
 *   organization-wide) — and a key that does not reach it gets 403 SCOPE_DENIED; a list that names none returns only
 *   what the key reaches.
 * - `any`: names no workspace; any key of the organization may call it, and what it lists is limited to the
 *   workspaces the key reaches.
 */
export type Reach = 'organization' | 'workspace' | 'any';

/** Permissions an API key carries beyond its reach (KeyPermissions). */
export type Permission = 'approvals.decide';

export type RouteAccess =
  | { auth: 'apiKey'; reach: Reach; permission?: Permission }
  | { auth: 'session' }
  | { auth: 'operator' }
  /** No credential checked before the handler; `reason` says what protects it instead (or that it is public). */
  | { auth: 'none'; reason: string };

export type AuthMode = RouteAccess['auth'];

export const apiKey = (reach: Reach, permission?: Permission): RouteAccess =>
  permission ? { auth: 'apiKey', reach, permission } : { auth: 'apiKey', reach };

/** A signed-in person (the sb_session cookie or a session bearer token). */
export const session = (): RouteAccess => ({ auth: 'session' });

/** The operator token (SWITCHBOARD_OPERATOR_TOKEN). */
export const operator = (): RouteAccess => ({ auth: 'operator' });

export const noAuth = (reason: string): RouteAccess => ({ auth: 'none', reason });

const SECURITY_SCHEME: Record<AuthMode, string | null> = {
  apiKey: 'apiKey',
  session: 'session',
  operator: 'operatorToken',
  none: null,
};

/** The OpenAPI `security` requirement a declaration implies: API-key routes also take a member's session (0132). */
export function securityOf(access: RouteAccess): Array<Record<string, string[]>> {
  const scheme = SECURITY_SCHEME[access.auth];
  if (access.auth === 'apiKey') return [{ apiKey: [] }, { memberSession: [], organizationHeader: [] }];
  return scheme ? [{ [scheme]: [] }] : [];
}

export function isRouteAccess(value: unknown): value is RouteAccess {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  switch (v.auth) {
    case 'apiKey':
      return (
        (v.reach === 'organization' || v.reach === 'workspace' || v.reach === 'any') &&
        (v.permission === undefined || v.permission === 'approvals.decide')
      );
    case 'session':
    case 'operator':
      return true;
    case 'none':
      return typeof v.reason === 'string' && v.reason.length > 0;
    default:
      return false;
  }
}
