import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { isAppError, type AppError } from '../../platform/errors.js';
import { signUpProblems } from '../../modules/auth/auth.schemas.js';
import { acceptForms, formField, sendPage } from '../forms.js';
import { resetCodePage, resetDonePage, resetRequestPage } from './password-reset.page.js';

const MAX_EMAIL = 254;

/**
 * `/auth/reset-password`: the hosted pages of the password reset (0088), linked as "Forgot your password?" from the
 * sign-in forms (MCP authorize page, approval review page). They call the same service as
 * `POST /api/v1/auth/password-reset/*` and sign no one in: after the reset the person signs in where they were.
 */
export const passwordResetPages: FastifyPluginAsync = async (app) => {
  const passwordReset = app.services.passwordReset;
  acceptForms(app);

  app.get('/auth/reset-password', { config: { auth: 'none' }, schema: { hide: true } }, async (_req, reply) => sendPage(reply, 200, resetRequestPage()));

  app.post('/auth/reset-password', { config: { auth: 'none' }, schema: { hide: true } }, async (req, reply) => {
    // Another site's post could only send codes (no one is signed in here); browsers say where a post came from.
    if (req.headers['sec-fetch-site'] === 'cross-site') return sendPage(reply, 403, resetRequestPage({ error: 'This form can only be sent from this site.' }));
    const email = formField(req.body, 'email').trim();
    if (!email || email.length > MAX_EMAIL || signUpProblems({ email, password: 'x'.repeat(8), name: 'x' }).has('email')) {
      return sendPage(reply, 400, resetRequestPage({ email: email.slice(0, MAX_EMAIL), error: 'Enter the email address of your account.' }));
    }
    const action = formField(req.body, 'action');
    if (action === 'confirm') return confirm(reply, email, formField(req.body, 'resetId'), formField(req.body, 'code'), formField(req.body, 'password'));
    let resetId: string;
    try {
      ({ resetId } = await passwordReset.request(email));
    } catch (err) {
      if (!isAppError(err)) throw err;
      return sendPage(reply, err.status, resetRequestPage({ email, error: pageMessage(err) }));
    }
    return sendPage(
      reply,
      200,
      resetCodePage({ email, resetId, info: `If an account has the address ${email}, we emailed it an 8-digit code (at most one a minute, and ten a day).` }),
    );
  });

  async function confirm(reply: FastifyReply, email: string, resetId: string, code: string, password: string) {
    if (!resetId || resetId.length > 100) return sendPage(reply, 400, resetRequestPage({ email, error: 'Ask for a code first.' }));
    if (signUpProblems({ email, password, name: 'x' }).has('password')) {
      return sendPage(reply, 400, resetCodePage({ email, resetId, error: 'The new password needs 8 to 200 characters.' }));
    }
    try {
      await passwordReset.confirm({ resetId, code, password });
    } catch (err) {
      if (!isAppError(err)) throw err;
      return sendPage(reply, err.status, resetCodePage({ email, resetId, error: err.message }));
    }
    return sendPage(reply, 200, resetDonePage(email));
  }
};

/** The API's messages name its operator's settings; a person on this page gets the short version. */
function pageMessage(err: AppError): string {
  if (err.code === 'EMAIL_NOT_CONFIGURED') return 'This service cannot send email, so a password cannot be reset here. Ask its operator to set it for you.';
  return err.message;
}
