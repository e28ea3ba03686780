import { hkdfSync } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { hmacSha256Hex, safeEqual } from '../../platform/crypto.js';
import { isAppError } from '../../platform/errors.js';
import { SUSPENDED_TITLE } from '../../platform/org-status.js';
import { readCookie, SESSION_COOKIE } from '../../platform/http/auth.js';
import { toApproval } from '../../modules/approvals/approvals.mapper.js';
import { formReason } from '../../modules/approvals/approvals.schemas.js';
import { retryAfterOf } from '../../modules/auth/sign-in-throttle.js';
import type { DecisionAction } from '../../modules/approvals/approval-decisions.js';
import { inboxPage, LOCAL_TIME_JS, messagePage, reviewPage, signInPage } from './approval-pages.html.js';
import { acceptForms, formField, PAGE_CSP, sendPage } from '../forms.js';
import { noAuth } from '../../platform/http/route-access.js';
import { dashboardBuilt } from '../dashboard/dashboard.routes.js';

/** Who may call the pages (route-access.ts): they check the session themselves, answering with the sign-in form. */
const asset = { config: { access: noAuth('static assets of the review pages') } };
const signedInPage = {
  config: { access: noAuth('a signed-in reviewer, checked by the page (it answers with the sign-in form)') },
};
const signInForm = { config: { access: noAuth('signing in (throttled per address and account)') } };
const byLink = { config: { access: noAuth('the bearer link token of the approval request') } };

const ID_RE = /^apr_[A-Za-z0-9_-]{1,64}$/;
/** The pages' CSP, plus our own script file (local times); still no inline script. */
const REVIEW_CSP = `${PAGE_CSP}; script-src 'self'`;

/**
 * The review pages: `/approvals/<id>` for signed-in members the policy's approvers allow (dashboard), `/approvals`,
 * the list of what waits for the signed-in reader, and `/approve/<id>?token=…`, a bearer link. Which exist for a
 * request depends on its approvalAccessMode.
 */
export const approvalPagesRoutes: FastifyPluginAsync = async (app) => {
  const approvals = app.services.approvals;
  const auth = app.services.auth;
  const publicUrl = app.config.publicUrl;
  const secure = publicUrl.startsWith('https://');
  const csrfKey = Buffer.from(
    hkdfSync('sha256', app.config.encryptionKey!, Buffer.alloc(0), 'switchboard:approval-pages-csrf', 32),
  );

  // Forms post application/x-www-form-urlencoded (this plugin only).
  acceptForms(app);
  const html = (reply: FastifyReply, status: number, page: string) => sendPage(reply, status, page, REVIEW_CSP);
  const suspended = (reply: FastifyReply) =>
    html(reply, 403, messagePage(SUSPENDED_TITLE, 'Its approval requests cannot be reviewed or decided.'));
  const notFound = (reply: FastifyReply) =>
    html(reply, 404, messagePage('Not found', 'This approval request does not exist, or you are not one of its reviewers.'));
  const field = formField;
  const actionOf = (body: unknown): DecisionAction | null => {
    const a = field(body, 'action');
    return a === 'approve' || a === 'reject' || a === 'cancel' ? a : null;
  };
  const csrfFor = (sessionId: string, id: string) => hmacSha256Hex(csrfKey, `${sessionId}:${id}`);

  async function signedIn(req: FastifyRequest) {
    const token = readCookie(req, SESSION_COOKIE);
    if (!token) return null;
    try {
      return await auth.verifySession(token);
    } catch {
      return null;
    }
  }

  // ---- dashboard review page (signed-in members) ----------------------------------------------------------

  const renderDashboard = async (req: FastifyRequest, reply: FastifyReply, id: string, notice?: string) => {
    if (!ID_RE.test(id)) return notFound(reply);
    const user = await signedIn(req);
    if (!user) return html(reply, 401, signInPage(`/approvals/${id}/sign-in`));
    const row = await approvals.findRowById(id);
    // The dashboard takes the approvalUrl over for a member of the request's organization when it is built (0137).
    if (
      notice === undefined &&
      row &&
      row.approvalAccessMode !== 'hosted_link_only' &&
      (await dashboardBuilt(app)) &&
      (await app.services.members.membershipIn(row.orgId, user.userId))
    )
      return reply.code(303).header('location', `/o/${row.orgId}/approvals/${id}`).send();
    if (!row || row.approvalAccessMode === 'hosted_link_only' || !(await approvals.userMayReview(row, user.userId)))
      return notFound(reply);
    if (await approvals.orgSuspended(row)) return suspended(reply);
    const form = { action: `/approvals/${id}/decision`, hidden: { csrf: csrfFor(user.sessionId, id) }, allowCancel: true };
    return html(reply, 200, reviewPage(toApproval(row, publicUrl), form, notice, true));
  };

  /** Signs in from a page's form and goes on to `next` (a path of these pages), setting the session cookie. */
  const signInAndGo = async (req: FastifyRequest, reply: FastifyReply, formAction: string, next: string) => {
    try {
      const session = await auth.signIn(
        { email: field(req.body, 'email'), password: field(req.body, 'password') },
        { address: req.ip },
      );
      const maxAge = Math.max(0, Math.floor((Date.parse(session.expiresAt) - Date.now()) / 1000));
      void reply.header(
        'set-cookie',
        `${SESSION_COOKIE}=${encodeURIComponent(session.token)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure ? '; Secure' : ''}`,
      );
      return reply.code(303).header('location', next).send();
    } catch (err) {
      if (!isAppError(err)) throw err;
      if (err.code === 'RATE_LIMITED') {
        void reply.header('retry-after', retryAfterOf(err));
        return html(reply, 429, signInPage(formAction, err.message));
      }
      return html(reply, 401, signInPage(formAction, 'The email or password is wrong.'));
    }
  };

  app.get('/approvals/assets/local-time.js', { ...asset, schema: { hide: true } }, async (_req, reply) =>
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .send(LOCAL_TIME_JS),
  );

  // ---- what waits for the signed-in reviewer ---------------------------------------------------------------

  app.get('/approvals', { ...signedInPage, schema: { hide: true } }, async (req, reply) => {
    const user = await signedIn(req);
    if (!user) return html(reply, 401, signInPage('/approvals/sign-in'));
    const { items, more } = await approvals.waitingFor(user.userId);
    return html(reply, 200, inboxPage(user.email, items, more));
  });

  app.post('/approvals/sign-in', { ...signInForm, schema: { hide: true } }, async (req, reply) =>
    signInAndGo(req, reply, '/approvals/sign-in', '/approvals'),
  );

  app.get<{ Params: { id: string } }>('/approvals/:id', { ...signedInPage, schema: { hide: true } }, async (req, reply) =>
    renderDashboard(req, reply, req.params.id),
  );

  app.post<{ Params: { id: string } }>(
    '/approvals/:id/sign-in',
    { ...signInForm, schema: { hide: true } },
    async (req, reply) => {
      const id = req.params.id;
      if (!ID_RE.test(id)) return notFound(reply);
      return signInAndGo(req, reply, `/approvals/${id}/sign-in`, `/approvals/${id}`);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/approvals/:id/decision',
    { ...signedInPage, schema: { hide: true } },
    async (req, reply) => {
      const id = req.params.id;
      if (!ID_RE.test(id)) return notFound(reply);
      const user = await signedIn(req);
      if (!user) return html(reply, 401, signInPage(`/approvals/${id}/sign-in`));
      const action = actionOf(req.body);
      if (!action || !safeEqual(field(req.body, 'csrf'), csrfFor(user.sessionId, id))) {
        return html(reply, 400, messagePage('Bad request', 'The form is invalid or has expired; reload the page and try again.'));
      }
      try {
        await approvals.decideAsUser({ userId: user.userId, email: user.email }, id, action, {
          reason: formReason(field(req.body, 'reason')),
        });
      } catch (err) {
        if (!isAppError(err)) throw err;
        if (err.code === 'NOT_FOUND') return notFound(reply);
        if (err.code === 'ORGANIZATION_SUSPENDED') return suspended(reply);
        return renderDashboard(req, reply, id, err.message);
      }
      return reply.code(303).header('location', `/approvals/${id}`).send();
    },
  );

  // ---- hosted bearer link ---------------------------------------------------------------------------------

  const invalidLink = (reply: FastifyReply) =>
    html(reply, 404, messagePage('Link not active', 'This approval link is invalid or no longer active.'));

  app.get<{ Params: { id: string }; Querystring: { token?: string } }>(
    '/approve/:id',
    { ...byLink, schema: { hide: true } },
    async (req, reply) => {
      const { id } = req.params;
      const token = typeof req.query.token === 'string' ? req.query.token : '';
      if (!ID_RE.test(id) || !token) return invalidLink(reply);
      const row = await approvals.rowForLink(id, token);
      if (!row) return invalidLink(reply);
      if (await approvals.orgSuspended(row)) return suspended(reply);
      const form = { action: `/approve/${id}/decision`, hidden: { token }, allowCancel: false };
      return html(reply, 200, reviewPage(toApproval(row, publicUrl), form));
    },
  );

  app.post<{ Params: { id: string } }>('/approve/:id/decision', { ...byLink, schema: { hide: true } }, async (req, reply) => {
    const { id } = req.params;
    const action = actionOf(req.body);
    const token = field(req.body, 'token');
    if (!ID_RE.test(id) || !token) return invalidLink(reply);
    if (action !== 'approve' && action !== 'reject')
      return html(reply, 400, messagePage('Bad request', 'Choose approve or reject.'));
    try {
      const { approval } = await approvals.decideWithLink(id, token, action, { reason: formReason(field(req.body, 'reason')) });
      return html(
        reply,
        200,
        reviewPage(approval, null, action === 'approve' ? 'Approved. The caller can now retry the request.' : 'Rejected.'),
      );
    } catch (err) {
      if (!isAppError(err)) throw err;
      if (err.code === 'INVALID_TOKEN') return invalidLink(reply);
      if (err.code === 'ORGANIZATION_SUSPENDED') return suspended(reply);
      return html(reply, 409, messagePage('Already decided', err.message));
    }
  });
};
