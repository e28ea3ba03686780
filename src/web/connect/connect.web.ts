import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { isAppError } from '../../platform/errors.js';
import { OAuthCallbackQuery, type OAuthCallbackInput } from '../../modules/connect/connect.schemas.js';
import type { SessionView } from '../../modules/connect/connect.service.js';
import { effectiveStatus } from '../../modules/connect/connect.mapper.js';
import { CONNECT_CSS, CONNECT_JS } from './assets.js';
import { connectingPage, connectPage, portalPage, problemPage, resultPage, type FormState } from './pages.js';

/** Form posts are small: a few credential fields. */
const FORM_LIMIT = 64 * 1024;

const CSP = [
  "default-src 'none'",
  "style-src 'self'",
  "script-src 'self'",
  'img-src https: http: data:',
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

type Form = Record<string, string | string[]>;

function sendPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', CSP)
    .header('x-frame-options', 'DENY')
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(html);
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : Array.isArray(v) && typeof v[0] === 'string' ? v[0] : undefined);

/** The page for a session in its current state. */
function sessionPage(view: SessionView, token: string, state?: FormState): { status: number; html: string } {
  const { status } = effectiveStatus(view.session);
  if (status === 'PENDING') return { status: state?.error ? 400 : 200, html: connectPage(view, token, state) };
  if (status === 'CONNECTING') return { status: 200, html: connectingPage(view) };
  return { status: 200, html: resultPage(view) };
}

/**
 * The hosted pages: the connect page (/connect), the OAuth2 start and callback, and the end-user portal
 * (/connect/portal). Server-rendered, no API key: the cst_/eut_ token in the link is the credential.
 */
export const connectPages: FastifyPluginAsync = async (app) => {
  const connect = app.services.connect;
  const portal = app.services.portal;
  const hide = { hide: true };

  // Encapsulated: only these routes accept HTML form posts.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_LIMIT }, (_req, body, done) => {
    const form: Form = Object.create(null) as Form;
    for (const [k, v] of new URLSearchParams(body as string)) {
      const prev = form[k];
      form[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
    }
    done(null, form);
  });

  app.setErrorHandler((err: unknown, req: FastifyRequest, reply: FastifyReply) => {
    if (isAppError(err)) {
      const titles: Record<string, string> = {
        MISSING_TOKEN: 'This link is incomplete',
        INVALID_TOKEN: 'This link has expired',
        NOT_FOUND: 'Not available',
        VALIDATION_ERROR: 'Something is missing',
      };
      return sendPage(reply, err.status, problemPage(titles[err.code] ?? 'This link cannot be used', err.message));
    }
    const status = (err as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) return sendPage(reply, status, problemPage('This request cannot be used', 'The request was malformed.'));
    req.log.error({ err: { message: (err as Error)?.message } }, 'connect page failed');
    return sendPage(reply, 500, problemPage('Something went wrong', 'The page could not be shown. Try again in a moment.'));
  });

  app.get('/connect/assets/connect.css', { schema: hide }, async (_req, reply) =>
    reply.header('content-type', 'text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(CONNECT_CSS),
  );
  app.get('/connect/assets/connect.js', { schema: hide }, async (_req, reply) =>
    reply.header('content-type', 'text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').send(CONNECT_JS),
  );

  app.get<{ Querystring: { token?: string } }>('/connect', { schema: { ...hide, querystring: Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })) }) } }, async (req, reply) => {
    const token = req.query.token ?? '';
    const page = sessionPage(await connect.view(token), token);
    return sendPage(reply, page.status, page.html);
  });

  app.post<{ Body: Form }>('/connect', { schema: hide }, async (req, reply) => {
    const form = req.body ?? {};
    const token = str(form.token) ?? '';
    const outcome = await connect.submit(token, form);
    const page =
      outcome.kind === 'invalid'
        ? sessionPage(outcome.view, token, { error: { message: outcome.message, field: outcome.field }, values: form })
        : sessionPage(outcome.view, token);
    return sendPage(reply, page.status, page.html);
  });

  app.post<{ Body: Form }>('/connect/cancel', { schema: hide }, async (req, reply) => {
    const token = str(req.body?.token) ?? '';
    const page = sessionPage(await connect.cancel(token), token);
    return sendPage(reply, page.status, page.html);
  });

  app.get<{ Querystring: { token?: string } }>('/connect/oauth/start', { schema: { ...hide, querystring: Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })) }) } }, async (req, reply) => {
    const token = req.query.token ?? '';
    const { view, redirect } = await connect.startOAuth(token);
    if (redirect) return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(redirect, 302);
    const page = sessionPage(view, token);
    return sendPage(reply, page.status, page.html);
  });

  app.get<{ Querystring: OAuthCallbackInput }>('/api/v1/connect/oauth-callback', {
    config: { auth: 'none' },
    schema: {
      tags: ['Connect'],
      summary: "OAuth2 redirect URI: the provider sends the user back here with code and state (register {base_url}/api/v1/connect/oauth-callback with the provider)",
      security: [],
      querystring: OAuthCallbackQuery,
      produces: ['text/html'],
    },
    handler: async (req, reply) => {
      const view = await connect.oauthCallback(req.query);
      return sendPage(reply, 200, resultPageOrState(view));
    },
  });

  // ---- the end-user portal ------------------------------------------------------------------------------

  app.get<{ Querystring: { token?: string; notice?: string } }>(
    '/connect/portal',
    { schema: { ...hide, querystring: Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })), notice: Type.Optional(Type.String({ maxLength: 50 })) }) } },
    async (req, reply) => {
      const token = req.query.token ?? '';
      const view = await portal.view(token);
      const notice = req.query.notice === 'disconnected' ? 'The connection was removed.' : null;
      return sendPage(reply, 200, portalPage(view, token, notice));
    },
  );

  app.post<{ Body: Form }>('/connect/portal/connect', { schema: hide }, async (req, reply) => {
    const url = await portal.startConnect(str(req.body?.token) ?? '', str(req.body?.item) ?? '');
    const { pathname, search } = new URL(url);
    return reply.header('cache-control', 'no-store').redirect(pathname + search, 303);
  });

  app.post<{ Body: Form }>('/connect/portal/disconnect', { schema: hide }, async (req, reply) => {
    const token = str(req.body?.token) ?? '';
    await portal.disconnect(token, str(req.body?.connectionId) ?? '');
    return reply.header('cache-control', 'no-store').redirect(`/connect/portal?token=${encodeURIComponent(token)}&notice=disconnected`, 303);
  });
};

function resultPageOrState(view: SessionView): string {
  const { status } = effectiveStatus(view.session);
  return status === 'CONNECTING' ? connectingPage(view) : resultPage(view);
}
