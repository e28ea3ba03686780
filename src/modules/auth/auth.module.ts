import type { Mailer } from '../../platform/mailer.js';
import { defineModule, type Platform } from '../../platform/module.js';
import { authRoutes } from './auth.routes.js';
import { User } from './auth.schemas.js';
import { AuthService } from './auth.service.js';
import { EmailVerificationService } from './email-verification.service.js';

/** People: accounts, sessions, sign-in throttling and email verification (password reset: password-reset.module.ts). */
export const authModule = defineModule<Pick<Platform, 'orm' | 'log'> & { mailer: Mailer }>()({
  name: 'auth',
  build: ({ orm, log, mailer }) => ({
    auth: new AuthService({ orm }),
    emailVerification: new EmailVerificationService({ orm, mailer, log }),
  }),
  routes: [authRoutes],
  schemas: [User],
  jobs: ({ auth, log }) => [auth.throttle.purgeJob(log)],
});
