import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { isAppError, type AppError } from '../../platform/errors.js';
import { signUpProblems } from '../../modules/auth/auth.schemas.js';
import { acceptForms, formField, sendPage } from '../forms.js';
import { resetCodePage, resetDonePage, resetLinkPage, resetRequestPage } from './password-reset.page.js';
import { noAuth } from '../../platform/http/route-access.js';

const MAX_EMAIL = 254;
const RESET_ID = /^prs_[A-Za-z0-9_-]{20,80}$/;
const LINK_TOKEN = /^prl_[A-Za-z0-9_-]{20,80}$/;

/**
 * `/auth/reset-password`: the hosted pages of the password reset (0088), linked as "Forgot your password?" from the
 * sign-in forms (MCP authorize page, approval review page). They call the same service as
 * `POST /api/v1/auth/password-reset/*` and sign no one in: after the reset the person signs in where they were.
 */
export const passwordResetPages: FastifyPluginAsync = async (app) => {
  const passwordReset = app.services.passwordReset;
  acceptForms(app);

  // The email's link carries its token as `token` (request logs leave it out): the new password is all it asks for.
  app.get(
    '/auth/reset-password',
    { config: { access: noAuth('the emailed reset token') }, schema: { hide: true } },
    async (req, reply) => {
      const token = (req.query as Record<string, unknown>).token;
      if (typeof token === 'string' && LINK_TOKEN.test(token)) return sendPage(reply, 200, resetLinkPage({ token }));
      return sendPage(reply, 200, resetRequestPage());
    },
  );

  app.post(
    '/auth/reset-password',
    { config: { access: noAuth('the emailed reset token') }, schema: { hide: true } },
    async (req, reply) => {
      // Another site's post could only send codes (no one is signed in here); browsers say where a post came from.
      if (req.headers['sec-fetch-site'] === 'cross-site')
        return sendPage(reply, 403, resetRequestPage({ error: 'This form can only be sent from this site.' }));
      const action = formField(req.body, 'action');
      if (action === 'confirm')
        return confirm(reply, formField(req.body, 'resetId'), formField(req.body, 'code'), formField(req.body, 'password'));
      if (action === 'link') return confirmLink(reply, formField(req.body, 'token'), formField(req.body, 'password'));
      const email = formField(req.body, 'email').trim();
      if (!email || email.length > MAX_EMAIL || signUpProblems({ email, password: 'x'.repeat(8), name: 'x' }).has('email')) {
        return sendPage(
          reply,
          400,
          resetRequestPage({ email: email.slice(0, MAX_EMAIL), error: 'Enter the email address of your account.' }),
        );
      }
      let resetId: string;
      try {
        ({ resetId } = passwordReset.request(email));
      } catch (err) {
        if (!isAppError(err)) throw err;
        return sendPage(reply, err.status, resetRequestPage({ email, error: pageMessage(err) }));
      }
      return sendPage(
        reply,
        200,
        resetCodePage({ email, resetId, info: `If an account has the address ${email}, we are emailing it an 8-digit code.` }),
      );
    },
  );

  async function confirmLink(reply: FastifyReply, token: string, password: string) {
    if (!LINK_TOKEN.test(token))
      return sendPage(reply, 400, resetRequestPage({ error: 'This link is not valid; ask for a new one.' }));
    let email: string;
    try {
      ({ email } = await passwordReset.confirmWithLink(token, password));
    } catch (err) {
      if (!isAppError(err)) throw err;
      // A password that breaks the rule can be typed again on the same link; a used or expired link cannot.
      if (err.code === 'VALIDATION_ERROR') return sendPage(reply, 400, resetLinkPage({ token, error: err.message }));
      return sendPage(reply, err.status, resetRequestPage({ error: err.message }));
    }
    return sendPage(reply, 200, resetDonePage(email));
  }

  async function confirm(reply: FastifyReply, resetId: string, code: string, password: string) {
    if (!RESET_ID.test(resetId)) return sendPage(reply, 400, resetRequestPage({ error: 'Ask for a code first.' }));
    let email: string;
    try {
      ({ email } = await passwordReset.confirm({ resetId, code, password }));
    } catch (err) {
      if (!isAppError(err)) throw err;
      return sendPage(reply, err.status, resetCodePage({ resetId, error: err.message }));
    }
    return sendPage(reply, 200, resetDonePage(email));
  }
};

/** The API's messages name its operator's settings; a person on this page gets the short version. */
function pageMessage(err: AppError): string {
  if (err.code === 'EMAIL_NOT_CONFIGURED')
    return 'This service cannot send email, so a password cannot be reset here. Ask its operator to set it for you.';
  return err.message;
}
