import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { SESSION_COOKIE, userOf } from '../../platform/http/auth.js';
import { standardErrors } from '../../platform/http/schemas.js';
import { Type } from '@sinclair/typebox';
import {
  CurrentSession,
  PasswordResetConfirmBody,
  PasswordResetDone,
  PasswordResetRequestBody,
  PasswordResetRequested,
  SessionResponse,
  SignInBody,
  SignUpBody,
  VerifyEmailConfirmBody,
  VerifyEmailConfirmed,
  VerifyEmailRequested,
} from './auth.schemas.js';
import { noAuth, session } from '../../platform/http/route-access.js';

const tags = ['User accounts'];

export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.auth;
  const verification = app.services.emailVerification;
  const passwordReset = app.services.passwordReset;
  const secure = app.config.publicUrl.startsWith('https://');

  const setCookie = (reply: FastifyReply, token: string, expiresAt: string) => {
    const maxAge = Math.max(0, Math.floor((Date.parse(expiresAt) - Date.now()) / 1000));
    void reply.header(
      'Set-Cookie',
      `${SESSION_COOKIE}=${encodeURIComponent(token)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure ? '; Secure' : ''}`,
    );
  };

  app.post('/api/v1/auth/sign-up', {
    config: { access: noAuth('signing up') },
    schema: {
      operationId: 'auth.signUp',
      tags,
      summary: 'Create a person account and sign in',
      body: SignUpBody,
      response: { 201: SessionResponse, ...standardErrors },
    },
    handler: async (req, reply) => {
      const session = await service.signUp(req.body);
      setCookie(reply, session.token, session.expiresAt);
      return reply.code(201).send(session);
    },
  });

  app.post('/api/v1/auth/sign-in', {
    config: { access: noAuth('signing in (throttled per address and account)') },
    schema: {
      operationId: 'auth.signIn',
      tags,
      summary: 'Sign in with email and password',
      description:
        '401 INVALID_CREDENTIALS for a wrong email or password. After repeated failures for the account from this address, from this address, or for the account from addresses it has not signed in from, 429 RATE_LIMITED with retryAfter and Retry-After (seconds) until the delay passes; the password is not checked meanwhile.',
      body: SignInBody,
      response: { 200: SessionResponse, 429: Type.Ref('ErrorBody'), ...standardErrors },
    },
    handler: async (req, reply) => {
      const session = await service.signIn(req.body, { address: req.ip });
      setCookie(reply, session.token, session.expiresAt);
      return session;
    },
  });

  app.post('/api/v1/auth/sign-out', {
    config: { access: session() },
    schema: {
      operationId: 'auth.signOut',
      tags,
      summary: 'End the current session',
      response: { 200: Type.Object({ signedOut: Type.Literal(true) }), ...standardErrors },
    },
    handler: async (req, reply) => {
      const result = await service.signOut(userOf(req).sessionId);
      void reply.header('Set-Cookie', `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? '; Secure' : ''}`);
      return result;
    },
  });

  app.get('/api/v1/auth/session', {
    config: { access: session() },
    schema: {
      operationId: 'auth.getSession',
      tags,
      summary: 'The signed-in person',
      response: { 200: CurrentSession, ...standardErrors },
    },
    handler: async (req) => {
      const p = userOf(req);
      return { user: await service.me(p.userId), session: { id: p.sessionId, expiresAt: p.sessionExpiresAt.toISOString() } };
    },
  });

  app.post('/api/v1/auth/verify-email/request', {
    config: { access: session() },
    schema: {
      operationId: 'auth.requestEmailVerification',
      tags,
      summary: 'Email a verification code to the signed-in person (15 minutes, 5 tries; one a minute, ten a day)',
      description:
        '400 EMAIL_NOT_CONFIGURED without SMTP; 429 RATE_LIMITED within a minute of the previous code or after ten codes in a day; 503 SERVICE_UNAVAILABLE when the SMTP server fails (no code is left).',
      response: { 200: VerifyEmailRequested, 429: Type.Ref('ErrorBody'), 503: Type.Ref('ErrorBody'), ...standardErrors },
    },
    handler: async (req) => verification.request(userOf(req).userId),
  });

  app.post('/api/v1/auth/verify-email/confirm', {
    config: { access: session() },
    schema: {
      operationId: 'auth.confirmEmailVerification',
      tags,
      summary: "Verify the signed-in person's email with the emailed code",
      description: '400 INVALID_VERIFICATION_CODE (with attemptsLeft), 400 VERIFICATION_CODE_EXPIRED when none is pending.',
      body: VerifyEmailConfirmBody,
      response: { 200: VerifyEmailConfirmed, ...standardErrors },
    },
    handler: async (req) => verification.confirm(userOf(req).userId, req.body.code),
  });

  app.post('/api/v1/auth/password-reset/request', {
    config: { access: noAuth('asking for a reset email (the answer never says whether the account exists)') },
    schema: {
      operationId: 'auth.requestPasswordReset',
      tags,
      summary: 'Email a password reset code to the account with this address (15 minutes, 5 tries; one a minute, ten a day)',
      description:
        'Answers 202 with a resetId at once, whether or not an account has the address and whether or not it is over its limits; then, if one has it, the code is emailed with a link that carries the resetId. The code works only with that resetId. 400 EMAIL_NOT_CONFIGURED without SMTP.',
      body: PasswordResetRequestBody,
      response: { 202: PasswordResetRequested, ...standardErrors },
    },
    handler: async (req, reply) => reply.code(202).send(passwordReset.request(req.body.email)),
  });

  app.post('/api/v1/auth/password-reset/confirm', {
    config: { access: noAuth('the emailed reset token') },
    schema: {
      operationId: 'auth.confirmPasswordReset',
      tags,
      summary: 'Set a new password with the emailed code; the address becomes verified and every session of the account ends',
      description:
        'Every session and MCP OAuth grant of the account ends. 400 INVALID_VERIFICATION_CODE (with attemptsLeft), 400 VERIFICATION_CODE_EXPIRED when the resetId has no live code (unknown, used, expired, out of tries, or no account had the address). Sign in with the new password afterwards.',
      body: PasswordResetConfirmBody,
      response: { 200: PasswordResetDone, ...standardErrors },
    },
    handler: async (req) => {
      const { passwordReset: done, emailVerified } = await passwordReset.confirm(req.body);
      return { passwordReset: done, emailVerified };
    },
  });
};
