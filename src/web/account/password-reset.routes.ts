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
  const verification = app.services.emailVerification;
  acceptForms(app);

  app.get('/auth/reset-password', { config: { auth: 'none' }, schema: { hide: true } }, async (req, reply) => {
    const email = (req.query as Record<string, unknown>).email;
    return sendPage(reply, 200, resetRequestPage({ email: typeof email === 'string' ? email.slice(0, MAX_EMAIL) : '' }));
  });

  app.post('/auth/reset-password', { config: { auth: 'none' }, schema: { hide: true } }, async (req, reply) => {
    // Another site's post could only send codes (no one is signed in here); browsers say where a post came from.
    if (req.headers['sec-fetch-site'] === 'cross-site') return sendPage(reply, 403, resetRequestPage({ error: 'This form can only be sent from this site.' }));
    const email = formField(req.body, 'email').trim();
    if (!email || email.length > MAX_EMAIL || signUpProblems({ email, password: 'x'.repeat(8), name: 'x' }).has('email')) {
      return sendPage(reply, 400, resetRequestPage({ email: email.slice(0, MAX_EMAIL), error: 'Enter the email address of your account.' }));
    }
    const action = formField(req.body, 'action');
    if (action === 'confirm') return confirm(reply, email, formField(req.body, 'code'), formField(req.body, 'password'));
    try {
      await verification.requestPasswordReset(email);
    } catch (err) {
      if (!isAppError(err)) throw err;
      // Over a limit, a code sent earlier still works: stay on the code form.
      if (err.code === 'RATE_LIMITED') return sendPage(reply, 429, resetCodePage({ email, error: err.message }));
      return sendPage(reply, err.status, resetRequestPage({ email, error: pageMessage(err) }));
    }
    return sendPage(reply, 200, resetCodePage({ email, info: `If an account has the address ${email}, we emailed it an 8-digit code.` }));
  });

  async function confirm(reply: FastifyReply, email: string, code: string, password: string) {
    if (signUpProblems({ email, password, name: 'x' }).has('password')) {
      return sendPage(reply, 400, resetCodePage({ email, error: 'The new password needs 8 to 200 characters.' }));
    }
    try {
      await verification.resetPassword({ email, code, password });
    } catch (err) {
      if (!isAppError(err)) throw err;
      return sendPage(reply, err.status, resetCodePage({ email, error: err.message }));
    }
    return sendPage(reply, 200, resetDonePage(email));
  }
};

/** The API's messages name its operator's settings; a person on this page gets the short version. */
function pageMessage(err: AppError): string {
  if (err.code === 'EMAIL_NOT_CONFIGURED') return 'This service cannot send email, so a password cannot be reset here. Ask its operator.';
  return err.message;
}
