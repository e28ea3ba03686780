import type { McpTokens } from '../../mcp/auth/tokens.js';
import type { Mailer } from '../../platform/mailer.js';
import { defineModule, type Platform } from '../../platform/module.js';
import { passwordResetPages } from '../../web/account/password-reset.routes.js';
import type { AuthService } from './auth.service.js';
import { PasswordResetService } from './password-reset.service.js';

/** Password reset, apart from the auth module: a reset revokes the account's MCP grants, so it comes after MCP. */
export const passwordResetModule = defineModule<
  Pick<Platform, 'config' | 'orm' | 'log'> & { mailer: Mailer; auth: AuthService; mcpTokens: McpTokens }
>()({
  name: 'passwordReset',
  build: ({ config, orm, log, mailer, auth, mcpTokens }) => ({
    passwordReset: new PasswordResetService({
      orm,
      mailer,
      publicUrl: config.publicUrl,
      log,
      grants: mcpTokens,
      throttle: auth.throttle,
    }),
  }),
  routes: [passwordResetPages],
  // Reset requests still being handled finish before the mailer closes.
  lifecycle: ({ passwordReset }) => ({ close: () => passwordReset.settle() }),
});
