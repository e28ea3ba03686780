import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import type { Access, Actor } from './access.js';
import type { RouteAccess } from './route-access.js';

export type Principal =
  | { kind: 'apiKey'; orgId: string; keyId: string; plan: string; access: Access }
  | { kind: 'user'; userId: string; email: string; emailVerified: boolean; sessionId: string; sessionExpiresAt: Date }
  /** A signed-in person acting in one of their organizations on an API-key route (0132). */
  | {
      kind: 'member';
      orgId: string;
      userId: string;
      email: string;
      memberId: string;
      role: string;
      plan: string;
      access: Access;
      sessionId: string;
    }
  | { kind: 'operator' }
  | { kind: 'anonymous' };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (./route-access.ts). Every route declares it; buildApp refuses to start otherwise. */
    access?: RouteAccess;
    /** The request body as the OpenAPI document shows it, where validation accepts a lenient union (actions). */
    documentedBody?: unknown;
  }
  interface FastifyRequest {
    principal: Principal;
  }
}

export interface Authenticators {
  apiKey(token: string): Promise<Principal>;
  session(token: string): Promise<Principal>;
  /** A person's session in the organization named by ORGANIZATION_HEADER (a member principal, or an error). */
  member(sessionToken: string, orgId: string): Promise<Principal>;
  operator(token: string): Promise<Principal>;
}

export const SESSION_COOKIE = 'sb_session';

/**
 * The organization a signed-in person acts in on API-key routes. Required with a session there: it also keeps other
 * sites out, as a page of another origin cannot send a custom header without a CORS preflight, which the service
 * never grants (0132).
 */
export const ORGANIZATION_HEADER = 'x-switchboard-organization';

const SESSION_TOKEN_PREFIX = 'uss_';

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? '';
}

export function readCookie(request: FastifyRequest, name: string): string | null {
  const raw = request.headers.cookie;
  if (!raw) return null;
  for (const part of raw.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

function accessOf(route: FastifyRequest['routeOptions']): RouteAccess {
  const access = route.config?.access;
  // buildApp checks every route's declaration at start-up; a route without one is refused, never served open.
  if (!access) throw new AppError('UNAUTHORIZED');
  return access;
}

/**
 * The one place route declarations are enforced. Every request is authenticated in onRequest, before the body is
 * read, so a caller without a credential learns nothing; an organization-level route refuses a workspace-scoped key
 * in preHandler — after validation, as the services did before the declaration existed. `tenantSeen` learns the
 * organization of each request a key or a member makes (0174).
 */
export function registerAuth(app: FastifyInstance, auth: Authenticators, tenantSeen: (orgId: string) => void): void {
  app.decorateRequest('principal', null as never);
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions; // a getter that builds an object: read once
    if (!route.url) {
      request.principal = { kind: 'anonymous' };
      return; // unknown route: the not-found handler answers
    }
    const mode = accessOf(route).auth;
    if (mode === 'none') {
      request.principal = { kind: 'anonymous' };
      return;
    }
    const token = bearer(request);
    if (mode === 'apiKey') {
      // A person's session (the cookie, or a session token as bearer) with the organization named: a member.
      const sessionToken = token ? (token.startsWith(SESSION_TOKEN_PREFIX) ? token : null) : readCookie(request, SESSION_COOKIE);
      if (sessionToken) {
        const orgId = request.headers[ORGANIZATION_HEADER];
        if (typeof orgId !== 'string' || orgId === '')
          throw new AppError(
            'UNAUTHORIZED',
            'A signed-in person names the organization to act in: X-Switchboard-Organization: <organization id>. Or use an API key: Authorization: Bearer svc_...',
          );
        const member = await auth.member(sessionToken, orgId);
        request.principal = member;
        tenantSeen(orgId);
        return;
      }
      if (!token) throw new AppError('UNAUTHORIZED', 'An API key is required: Authorization: Bearer svc_...');
      const key = await auth.apiKey(token);
      request.principal = key;
      if (key.kind === 'apiKey') tenantSeen(key.orgId);
    } else if (mode === 'operator') {
      if (!token) throw new AppError('UNAUTHORIZED', 'The operator token is required: Authorization: Bearer <operator token>');
      request.principal = await auth.operator(token);
    } else {
      const sessionToken = token || readCookie(request, SESSION_COOKIE);
      if (!sessionToken)
        throw new AppError(
          'UNAUTHORIZED',
          'Sign in first: a session cookie or Authorization: Bearer <session token> is required.',
        );
      request.principal = await auth.session(sessionToken);
    }
  });
  // A callback hook (it never waits): an async one costs a promise and a turn on every request.
  app.addHook('preHandler', (request, _reply, done) => {
    const access = request.routeOptions.config?.access;
    try {
      if (access?.auth === 'apiKey' && access.reach === 'organization') actorOf(request).access.assertOrgWide();
    } catch (err) {
      return done(err as Error);
    }
    done();
  });
}

/** The caller of an API-key route: a key, or a signed-in member (routes with auth 'apiKey' only). */
export function actorOf(request: FastifyRequest): Actor {
  const p = request.principal;
  if (p.kind !== 'apiKey' && p.kind !== 'member') throw new AppError('UNAUTHORIZED');
  return { orgId: p.orgId, access: p.access };
}

/** The caller as the execution engine sees it (organization, reach, plan and key id; null for a member). */
export function callerOf(request: FastifyRequest): { orgId: string; access: Access; plan: string; apiKeyId: string | null } {
  const p = request.principal;
  if (p.kind === 'member') return { orgId: p.orgId, access: p.access, plan: p.plan, apiKeyId: null };
  if (p.kind !== 'apiKey') throw new AppError('UNAUTHORIZED');
  return { orgId: p.orgId, access: p.access, plan: p.plan, apiKeyId: p.keyId };
}

export function userOf(request: FastifyRequest): Principal & { kind: 'user' } {
  const p = request.principal;
  if (p.kind !== 'user') throw new AppError('UNAUTHORIZED', 'Sign in first.');
  return p;
}
