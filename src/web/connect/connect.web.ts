import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { AppError, isAppError } from '../../platform/errors.js';
import { SUSPENDED_TITLE } from '../../platform/org-status.js';
import { formReason } from '../../modules/approvals/approvals.schemas.js';
import { OAuthCallbackQuery, type OAuthCallbackInput } from '../../modules/connect/connect.schemas.js';
import type { SessionView } from '../../modules/connect/connect.sessions.js';
import { effectiveStatus } from '../../modules/connect/connect.mapper.js';
import { CONNECT_CSS, CONNECT_JS } from './assets.js';
import { connectingPage, connectPage, portalPage, problemPage, resultPage, signInPage, type FormState } from './pages.js';
import { approvalsSection } from './portal-approvals.html.js';
import { noAuth } from '../../platform/http/route-access.js';

/** Who may call the pages (route-access.ts): the token in the URL or form is the credential. */
const asset = { config: { access: noAuth('static assets of the hosted pages') } };
const bySession = { config: { access: noAuth('the connect session token') } };
const byPortal = { config: { access: noAuth("the end user's portal token") } };

/** Form posts are small: a few credential fields. */
const FORM_LIMIT = 64 * 1024;

const CSP = [
  "default-src 'none'",
  "style-src 'self'",
  "script-src 'self'",
  "img-src 'self'", // logos are served by the service (docs/decisions/0096)
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

type Form = Record<string, string | string[]>;

const APPROVAL_ID = /^apr_[A-Za-z0-9_-]{1,64}$/;

const PORTAL_NOTICES = new Map([
  ['disconnected', 'The connection was removed.'],
  ['approved', 'Approved. The app can now go ahead with the request.'],
  ['rejected', 'Rejected. The request will not run.'],
]);

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

const str = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : Array.isArray(v) && typeof v[0] === 'string' ? v[0] : undefined;

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
  const approvals = app.services.approvals;
  const hide = { hide: true };

  // Encapsulated: only these routes accept HTML form posts.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_LIMIT },
    (_req, body, done) => {
      const form: Form = Object.create(null) as Form;
      for (const [k, v] of new URLSearchParams(body as string)) {
        const prev = form[k];
        form[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
      }
      done(null, form);
    },
  );

  app.setErrorHandler((err: unknown, req: FastifyRequest, reply: FastifyReply) => {
    if (isAppError(err)) {
      const titles: Record<string, string> = {
        MISSING_TOKEN: 'This link is incomplete',
        INVALID_TOKEN: 'This link has expired',
        NOT_FOUND: 'Not available',
        VALIDATION_ERROR: 'Something is missing',
        ORGANIZATION_SUSPENDED: SUSPENDED_TITLE,
      };
      return sendPage(reply, err.status, problemPage(titles[err.code] ?? 'This link cannot be used', err.message));
    }
    const status = (err as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500)
      return sendPage(reply, status, problemPage('This request cannot be used', 'The request was malformed.'));
    req.log.error({ err: { message: (err as Error)?.message } }, 'connect page failed');
    return sendPage(reply, 500, problemPage('Something went wrong', 'The page could not be shown. Try again in a moment.'));
  });

  app.get('/connect/assets/connect.css', { ...asset, schema: hide }, async (_req, reply) =>
    reply.header('content-type', 'text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(CONNECT_CSS),
  );
  app.get('/connect/assets/connect.js', { ...asset, schema: hide }, async (_req, reply) =>
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(CONNECT_JS),
  );

  app.get<{ Querystring: { token?: string } }>(
    '/connect',
    { ...bySession, schema: { ...hide, querystring: Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })) }) } },
    async (req, reply) => {
      const token = req.query.token ?? '';
      const page = sessionPage(await connect.view(token), token);
      return sendPage(reply, page.status, page.html);
    },
  );

  app.post<{ Body: Form }>('/connect', { ...bySession, schema: hide }, async (req, reply) => {
    const form = req.body ?? {};
    const token = str(form.token) ?? '';
    const outcome = await connect.submit(token, form);
    const page =
      outcome.kind === 'invalid'
        ? sessionPage(outcome.view, token, { error: { message: outcome.message, field: outcome.field }, values: form })
        : sessionPage(outcome.view, token);
    return sendPage(reply, page.status, page.html);
  });

  app.post<{ Body: Form }>('/connect/cancel', { ...bySession, schema: hide }, async (req, reply) => {
    const token = str(req.body?.token) ?? '';
    const page = sessionPage(await connect.cancel(token), token);
    return sendPage(reply, page.status, page.html);
  });

  app.get<{ Querystring: { token?: string } }>(
    '/connect/oauth/start',
    { ...bySession, schema: { ...hide, querystring: Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })) }) } },
    async (req, reply) => startOAuth(reply, req.query.token ?? ''),
  );

  // The sign-in of an auth option that asks for fields beside its tokens: the form posts them here. The page's
  // CSP lets a form go only to this origin (form-action 'self'), redirects included, so the way on to the
  // provider is a page that follows its link (by itself with script, with one click without).
  app.post<{ Body: Form }>('/connect/oauth/start', { ...bySession, schema: hide }, async (req, reply) =>
    startOAuth(reply, str(req.body?.token) ?? '', req.body ?? {}),
  );

  async function startOAuth(reply: FastifyReply, token: string, form?: Form) {
    const { view, redirect, invalid } = await connect.startOAuth(token, form);
    if (redirect && form) return sendPage(reply, 200, signInPage(view, redirect));
    if (redirect)
      return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(redirect, 302);
    const page = sessionPage(view, token, invalid ? { error: invalid, values: form ?? {} } : undefined);
    return sendPage(reply, page.status, page.html);
  }

  app.get<{ Querystring: OAuthCallbackInput }>('/api/v1/connect/oauth-callback', {
    config: { access: noAuth('the OAuth state, bound to the connect session') },
    schema: {
      operationId: 'connect.oauthCallback',
      'x-switchboard-sdk': false,
      tags: ['Connect'],
      summary:
        'OAuth2 redirect URI: the provider sends the user back here with code and state (register {base_url}/api/v1/connect/oauth-callback with the provider)',
      querystring: OAuthCallbackQuery,
      produces: ['text/html'],
    },
    handler: async (req, reply) => {
      const view = await connect.oauthCallback(req.query);
      return sendPage(reply, 200, resultPageOrState(view));
    },
  });

  // ---- the end-user portal ------------------------------------------------------------------------------

  /** The portal page with the end user's approvals (see docs/decisions/0068-end-user-portal-approvals.md). */
  async function renderPortal(
    reply: FastifyReply,
    token: string,
    status: number,
    opts: { notice?: string | null; problem?: string },
  ) {
    const view = await portal.view(token);
    const { pending, recent } = await approvals.forEndUser(view.token.orgId, view.token.workspaceId, view.endUser.id);
    return sendPage(reply, status, portalPage(view, token, { ...opts, approvals: approvalsSection(pending, recent, token) }));
  }

  app.get<{ Querystring: { token?: string; notice?: string } }>(
    '/connect/portal',
    {
      ...byPortal,
      schema: {
        ...hide,
        querystring: Type.Object({
          token: Type.Optional(Type.String({ maxLength: 200 })),
          notice: Type.Optional(Type.String({ maxLength: 50 })),
        }),
      },
    },
    async (req, reply) =>
      renderPortal(reply, req.query.token ?? '', 200, { notice: PORTAL_NOTICES.get(req.query.notice ?? '') ?? null }),
  );

  app.post<{ Body: Form }>('/connect/portal/connect', { ...byPortal, schema: hide }, async (req, reply) => {
    const url = await portal.startConnect(str(req.body?.token) ?? '', str(req.body?.item) ?? '');
    const { pathname, search } = new URL(url);
    return reply.header('cache-control', 'no-store').redirect(pathname + search, 303);
  });

  app.post<{ Body: Form }>('/connect/portal/disconnect', { ...byPortal, schema: hide }, async (req, reply) => {
    const token = str(req.body?.token) ?? '';
    await portal.disconnect(token, str(req.body?.connectionId) ?? '');
    return reply
      .header('cache-control', 'no-store')
      .redirect(`/connect/portal?token=${encodeURIComponent(token)}&notice=disconnected`, 303);
  });

  // end_user approvers decide their own requests here; the token in the form is the credential, as above.
  const decide =
    (action: 'approve' | 'reject') =>
    async (req: FastifyRequest<{ Params: { id: string }; Body: Form }>, reply: FastifyReply) => {
      const token = str(req.body?.token) ?? '';
      const { token: row, endUser } = await portal.holder(token);
      const reason = formReason(str(req.body?.reason));
      try {
        if (!APPROVAL_ID.test(req.params.id)) throw new AppError('NOT_FOUND', 'Approval request not found.');
        await approvals.decideAsEndUser(row.orgId, endUser.id, req.params.id, action, { reason });
      } catch (err) {
        if (!isAppError(err) || (err.code !== 'NOT_FOUND' && err.code !== 'APPROVAL_NOT_PENDING')) throw err;
        const problem = err.code === 'NOT_FOUND' ? 'That approval request was not found here.' : err.message;
        return renderPortal(reply, token, err.status, { problem });
      }
      const notice = action === 'approve' ? 'approved' : 'rejected';
      return reply
        .header('cache-control', 'no-store')
        .redirect(`/connect/portal?token=${encodeURIComponent(token)}&notice=${notice}`, 303);
    };
  app.post<{ Params: { id: string }; Body: Form }>(
    '/connect/portal/approvals/:id/approve',
    { ...byPortal, schema: hide },
    decide('approve'),
  );
  app.post<{ Params: { id: string }; Body: Form }>(
    '/connect/portal/approvals/:id/reject',
    { ...byPortal, schema: hide },
    decide('reject'),
  );
};

function resultPageOrState(view: SessionView): string {
  const { status } = effectiveStatus(view.session);
  return status === 'CONNECTING' ? connectingPage(view) : resultPage(view);
}
