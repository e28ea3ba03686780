import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, isAppError } from '../../platform/errors.js';
import { readCookie, SESSION_COOKIE } from '../../platform/http/auth.js';
import { signUpProblems, SignUpBody, type SignUpInput } from '../../modules/auth/auth.schemas.js';
import { retryAfterOf } from '../../modules/auth/sign-in-throttle.js';
import {
  consentPage,
  deniedPage,
  errorPage,
  signInPage,
  verifyEmailPage,
  type PageContext,
} from '../../web/mcp-authorize.page.js';
import { OAuthError } from './clients.js';
import { parseLimitedJson, type JsonLimits } from '../../platform/http/json-limits.js';
import type { AuthorizeRequest, Person } from './oauth.service.js';
import { noAuth } from '../../platform/http/route-access.js';

/** The consent page checks the person's session itself and answers with its sign-in form (route-access.ts). */
const authorizePage = noAuth('a signed-in person, checked by the page; consent forms carry a CSRF token');

type Form = Record<string, string>;

function parseForm(body: unknown): Form {
  if (typeof body !== 'string') return {};
  const out: Form = {};
  for (const [k, v] of new URLSearchParams(body)) if (!(k in out)) out[k] = v;
  return out;
}

function parseJson(body: unknown, limits: JsonLimits): unknown {
  if (typeof body !== 'string' || !body.trim()) return undefined;
  try {
    return parseLimitedJson(body, limits);
  } catch (err) {
    throw new OAuthError('invalid_client_metadata', (err as Error).message);
  }
}

const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
  'Referrer-Policy': 'no-referrer',
};
const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, MCP-Protocol-Version',
  'Access-Control-Max-Age': '86400',
};

/**
 * The MCP OAuth authorization server: metadata (RFC 8414), dynamic client registration (RFC 7591), the authorize
 * page (sign in with a user account, map to a workspace end user, allow or deny), token and revocation endpoints.
 * Protocol endpoints, not REST resources: they answer in OAuth's shapes and stay out of the OpenAPI document.
 */
export async function mcpOAuthRoutes(app: FastifyInstance): Promise<void> {
  const { mcpOAuth: oauth, mcpOAuthClients: clients, auth, emailVerification } = app.services;
  const secureCookie = app.config.publicUrl.startsWith('https://');

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  const oauthError = (reply: FastifyReply, err: unknown) => {
    void reply.headers({ ...CORS, 'Cache-Control': 'no-store' });
    if (err instanceof OAuthError) {
      if (err.status === 401) void reply.header('WWW-Authenticate', 'Basic realm="switchboard-mcp"');
      return reply.code(err.status).send({ error: err.error, error_description: err.description });
    }
    throw err;
  };
  const cors = {
    config: { access: noAuth('OAuth 2.1: client authentication, PKCE and refresh rotation') },
    schema: { hide: true },
  };
  for (const path of [
    '/.well-known/oauth-authorization-server',
    '/mcp/oauth/register',
    '/mcp/oauth/token',
    '/mcp/oauth/revoke',
  ]) {
    app.options(path, { ...cors, handler: async (_req, reply) => reply.code(204).headers(CORS).send() });
  }

  app.get('/.well-known/oauth-authorization-server', {
    ...cors,
    handler: async (_req, reply) => reply.headers(CORS).send(oauth.metadata()),
  });

  app.post('/mcp/oauth/register', {
    ...cors,
    handler: async (req, reply) => {
      try {
        const client = await clients.register(parseJson(req.body, app.config.jsonLimits));
        return reply
          .code(201)
          .headers({ ...CORS, 'Cache-Control': 'no-store' })
          .send(client);
      } catch (err) {
        return oauthError(reply, err);
      }
    },
  });

  app.post('/mcp/oauth/token', {
    ...cors,
    handler: async (req, reply) => {
      try {
        const tokens = await oauth.token(formOf(req), req.headers.authorization);
        return reply.headers({ ...CORS, 'Cache-Control': 'no-store', Pragma: 'no-cache' }).send(tokens);
      } catch (err) {
        return oauthError(reply, err);
      }
    },
  });

  app.post('/mcp/oauth/revoke', {
    ...cors,
    handler: async (req, reply) => {
      try {
        await oauth.revoke(formOf(req), req.headers.authorization);
        return reply.headers({ ...CORS, 'Cache-Control': 'no-store' }).send({});
      } catch (err) {
        return oauthError(reply, err);
      }
    },
  });

  // ---- the authorize page ----

  const person = async (req: FastifyRequest): Promise<(Person & { sessionId: string }) | null> => {
    const token = readCookie(req, SESSION_COOKIE);
    if (!token) return null;
    try {
      const p = await auth.verifySession(token);
      const user = await auth.me(p.userId);
      return { id: user.id, email: user.email, name: user.name, emailVerified: user.emailVerified, sessionId: p.sessionId };
    } catch {
      return null;
    }
  };
  const page = (reply: FastifyReply, status: number, html: string) => reply.code(status).headers(PAGE_HEADERS).send(html);
  const seeOther = (reply: FastifyReply, location: string) =>
    reply.code(303).header('Location', location).header('Cache-Control', 'no-store').send();
  const backToPage = (r: AuthorizeRequest) => `/mcp/oauth/authorize?${oauth.queryOf(r)}`;
  const setSession = (reply: FastifyReply, token: string, expiresAt: string) => {
    const maxAge = Math.max(0, Math.floor((Date.parse(expiresAt) - Date.now()) / 1000));
    void reply.header(
      'Set-Cookie',
      `${SESSION_COOKIE}=${encodeURIComponent(token)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secureCookie ? '; Secure' : ''}`,
    );
  };

  /** Renders what the person sees for a valid request: sign in, verify the email, consent, or why they cannot continue. */
  const show = async (
    reply: FastifyReply,
    req: FastifyRequest,
    query: Record<string, string | undefined>,
    notice?: { error?: string; info?: string; email?: string; mode?: 'signin' | 'signup' },
    status = 200,
  ) => {
    const check = await oauth.checkAuthorize(query);
    if (check.kind === 'page_error') return page(reply, 400, errorPage(check.message));
    if (check.kind === 'redirect') return seeOther(reply, check.location);
    const sealed = oauth.seal(check.request);
    const ctx: PageContext = {
      clientName: check.client.metadata.client_name ?? check.client.clientId,
      serverName: check.server.name,
      sealed,
    };
    const who = await person(req);
    if (!who) return page(reply, status, signInPage(ctx, notice ?? {}));
    const csrf = oauth.csrf(who.sessionId, sealed);
    const decision = await oauth.endUserFor(check.server, who, false);
    if (!decision.ok && decision.verifyEmail) {
      const canSend = emailVerification.canSend;
      const pending = canSend && (await emailVerification.pending(who.id));
      const opts = {
        email: who.email,
        csrf,
        canSend,
        pending,
        ...(notice?.error ? { error: notice.error } : {}),
        ...(notice?.info ? { info: notice.info } : {}),
      };
      return page(reply, canSend ? status : 503, verifyEmailPage(ctx, opts));
    }
    if (!decision.ok) return page(reply, 403, deniedPage(ctx, { reason: decision.reason, csrf }));
    const endUser = decision.endUser ? `the end user "${decision.endUser.externalId}"` : 'a new end user of this workspace';
    return page(reply, 200, consentPage(ctx, { email: who.email, endUser, scopes: check.request.scopes, csrf }));
  };

  app.get<{ Querystring: Record<string, string | undefined> }>('/mcp/oauth/authorize', {
    config: { access: authorizePage },
    schema: { hide: true },
    handler: async (req, reply) => show(reply, req, flat(req.query)),
  });

  app.post('/mcp/oauth/authorize', {
    config: { access: authorizePage },
    schema: { hide: true },
    handler: async (req, reply) => {
      // Sign-in happens before the page's CSRF token exists: a browser's cross-site post is refused outright, so no
      // other site can sign the visitor in to an account of its choosing (login CSRF). The page sends no referrer,
      // so its own posts carry `Origin: null`; browsers mark every post with Sec-Fetch-Site.
      const origin = req.headers.origin;
      const foreign = origin !== undefined && origin !== 'null' && origin !== new URL(app.config.publicUrl).origin;
      if (req.headers['sec-fetch-site'] === 'cross-site' || foreign) {
        return page(reply, 403, errorPage('This form can only be sent from its own page.'));
      }
      const form = formOf(req);
      const r = oauth.open(form.request);
      if (!r) return page(reply, 400, errorPage('This sign-in request has expired or was altered.'));
      const query = Object.fromEntries(new URLSearchParams(oauth.queryOf(r)));
      switch (form.action) {
        case 'show_signup':
          return show(reply, req, query, { mode: 'signup' });
        case 'show_signin':
          return show(reply, req, query, { mode: 'signin' });
        case 'signin':
        case 'signup': {
          try {
            const email = (form.email ?? '').trim();
            const session =
              form.action === 'signin'
                ? await auth.signIn({ email, password: form.password ?? '' }, { address: req.ip })
                : await auth.signUp(signUpInput(email, form.password ?? '', form.name ?? ''));
            setSession(reply, session.token, session.expiresAt);
            await sendCodeIfNeeded(query, session.user);
            return seeOther(reply, backToPage(r));
          } catch (err) {
            if (!isAppError(err)) throw err;
            const message = err.code === 'INVALID_CREDENTIALS' ? 'The email or password is wrong.' : err.message;
            if (err.code === 'RATE_LIMITED') void reply.header('Retry-After', retryAfterOf(err));
            return show(reply, req, query, { error: message, email: form.email ?? '', mode: form.action }, err.status);
          }
        }
        default:
          break;
      }
      // Every other step acts on the signed-in session and must come from this page.
      const who = await person(req);
      if (!who) return show(reply, req, query, { error: 'Your session has ended; please sign in again.' }, 401);
      if (!form.csrf || form.csrf !== oauth.csrf(who.sessionId, form.request ?? '')) {
        return page(
          reply,
          403,
          errorPage(
            'This form was not sent from the authorization page of your current session. Go back to the application and start again.',
          ),
        );
      }
      if (form.action === 'signout') {
        await auth.signOut(who.sessionId);
        void reply.header(
          'Set-Cookie',
          `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secureCookie ? '; Secure' : ''}`,
        );
        return seeOther(reply, backToPage(r));
      }
      if (form.action === 'deny') return seeOther(reply, oauth.denied(r));
      if (form.action === 'verify_email') {
        try {
          await emailVerification.confirm(who.id, form.code ?? '');
          return seeOther(reply, backToPage(r));
        } catch (err) {
          if (!isAppError(err)) throw err;
          return show(reply, req, query, { error: err.message }, err.status);
        }
      }
      if (form.action === 'send_code') {
        try {
          await emailVerification.request(who.id);
          return show(reply, req, query, { info: `We sent a new code to ${who.email}.` });
        } catch (err) {
          if (!isAppError(err)) throw err;
          return show(reply, req, query, { error: err.message }, err.status);
        }
      }
      if (form.action !== 'allow') return page(reply, 400, errorPage('Unknown action.'));
      const check = await oauth.checkAuthorize(query);
      if (check.kind === 'page_error') return page(reply, 400, errorPage(check.message));
      if (check.kind === 'redirect') return seeOther(reply, check.location);
      let decision;
      try {
        decision = await oauth.endUserFor(check.server, who, true);
      } catch (err) {
        // e.g. the workspace is suspended: the client hears it as a denial, the person sees it on the redirect.
        if (!isAppError(err)) throw err;
        return seeOther(reply, oauth.denied(r, err.message));
      }
      if (!decision.ok || !decision.endUser)
        return seeOther(reply, oauth.denied(r, decision.ok ? 'No end user' : decision.reason));
      return seeOther(reply, await oauth.issueCode(check.request, check.server, who, decision.endUser.id));
    },
  });

  /** Right after signing in or up: when the page is going to ask for the emailed code, send the first one. */
  async function sendCodeIfNeeded(query: Record<string, string | undefined>, user: Person) {
    if (user.emailVerified || !emailVerification.canSend) return;
    const check = await oauth.checkAuthorize(query);
    if (check.kind !== 'ok') return;
    const decision = await oauth.endUserFor(check.server, user, false);
    if (decision.ok || !decision.verifyEmail) return;
    try {
      await emailVerification.request(user.id);
    } catch (err) {
      // Sent less than a minute ago, or the SMTP server failed: the page offers to send one.
      if (!isAppError(err)) throw err;
    }
  }

  function formOf(req: FastifyRequest): Form {
    const type = String(req.headers['content-type'] ?? '');
    if (type.startsWith('application/json')) {
      try {
        const v = parseJson(req.body, app.config.jsonLimits);
        return v && typeof v === 'object' && !Array.isArray(v)
          ? Object.fromEntries(Object.entries(v).filter(([, x]) => typeof x === 'string'))
          : {};
      } catch {
        return {};
      }
    }
    return parseForm(req.body);
  }
}

const flat = (q: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(q).map(([k, v]) => [k, Array.isArray(v) ? String(v[0]) : typeof v === 'string' ? v : undefined]),
  );

const { password: PASSWORD } = SignUpBody.properties;
const SIGN_UP_HINTS: Array<[keyof SignUpInput, string]> = [
  ['email', 'a valid email'],
  ['password', `a password of ${PASSWORD.minLength} to ${PASSWORD.maxLength} characters`],
  ['name', 'a name'],
];

/** The page's sign-up goes through the same schema as POST /api/v1/auth/sign-up; the name is trimmed first. */
function signUpInput(email: string, password: string, name: string): SignUpInput {
  const input = { email, password, name: name.trim() };
  const problems = signUpProblems(input);
  const hints = SIGN_UP_HINTS.filter(([field]) => problems.has(field)).map(([, hint]) => hint);
  if (problems.size) throw new AppError('VALIDATION_ERROR', `Enter ${hints.join(', ')}.`);
  return input;
}
