/** The MCP OAuth authorize page: sign in (or create an account), verify the email if needed, then allow or deny. */

export const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f4f5f7;color:#1d2330;margin:0}
main{max-width:420px;margin:64px auto;background:#fff;border-radius:10px;box-shadow:0 1px 4px rgba(0,0,0,.12);padding:32px}
h1{font-size:20px;margin:0 0 8px}p{line-height:1.5;margin:8px 0}.muted{color:#5b6475;font-size:14px}
label{display:block;font-size:14px;margin:14px 0 4px}input[type=email],input[type=password],input[type=text]{width:100%;box-sizing:border-box;padding:9px 10px;border:1px solid #c6cbd4;border-radius:6px;font-size:15px}
button{font-size:15px;padding:9px 16px;border-radius:6px;border:1px solid #c6cbd4;background:#fff;cursor:pointer;margin-top:18px}
button.primary{background:#2457d6;border-color:#2457d6;color:#fff}.row{display:flex;gap:10px;justify-content:flex-end}
.error{background:#fdecec;color:#9b1c1c;border-radius:6px;padding:10px;margin:12px 0}ul{padding-left:20px}
.info{background:#eef3fd;color:#1d3a7a;border-radius:6px;padding:10px;margin:12px 0}code{font-size:13px}
.link{background:none;border:none;color:#2457d6;padding:0;margin:0;font-size:14px;text-decoration:underline}
`;

/** The page frame shared by the sign-in pages (this one, and the password reset page). */
export function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)} · Switchboard</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** "Forgot your password?": the reset page in a new tab, so this page (and its sign-in) stays where it is. */
export const forgotLink = () =>
  `<p class="muted"><a href="/auth/reset-password" target="_blank" rel="noopener" id="forgot">Forgot your password?</a></p>`;

export interface PageContext {
  clientName: string;
  serverName: string;
  sealed: string;
}

export const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${esc(value)}">`;
export const errorBox = (message?: string) => (message ? `<div class="error" role="alert">${esc(message)}</div>` : '');
export const infoBox = (message?: string) => (message ? `<div class="info" role="status">${esc(message)}</div>` : '');

export function signInPage(c: PageContext, opts: { error?: string; email?: string; mode?: 'signin' | 'signup' } = {}): string {
  const signup = opts.mode === 'signup';
  return layout(
    signup ? 'Create an account' : 'Sign in',
    `<h1>${signup ? 'Create an account' : 'Sign in'} to continue</h1>
<p class="muted"><strong>${esc(c.clientName)}</strong> wants to use the MCP server <strong>${esc(c.serverName)}</strong> on your behalf.</p>
${errorBox(opts.error)}
<form method="post" action="/mcp/oauth/authorize" id="${signup ? 'signup' : 'signin'}">
${hidden('request', c.sealed)}${hidden('action', signup ? 'signup' : 'signin')}
${signup ? '<label for="name">Name</label><input id="name" name="name" type="text" required maxlength="100" autocomplete="name">' : ''}
<label for="email">Email</label><input id="email" name="email" type="email" required maxlength="254" autocomplete="email" value="${esc(opts.email ?? '')}">
<label for="password">Password</label><input id="password" name="password" type="password" required ${signup ? 'minlength="8"' : ''} maxlength="200" autocomplete="${signup ? 'new-password' : 'current-password'}">
<div class="row"><button class="primary" type="submit">${signup ? 'Create account' : 'Sign in'}</button></div>
</form>
${signup ? '' : forgotLink()}
<form method="post" action="/mcp/oauth/authorize">${hidden('request', c.sealed)}${hidden('action', signup ? 'show_signin' : 'show_signup')}
<p class="muted">${signup ? 'Already have an account?' : 'No account yet?'} <button class="link" type="submit">${signup ? 'Sign in' : 'Create one'}</button></p></form>`,
  );
}

/**
 * The person's email is not verified and the server would match it by email: enter the emailed code (or, without
 * SMTP, why that cannot happen here and what the operator can do).
 */
export function verifyEmailPage(
  c: PageContext,
  opts: { email: string; csrf: string; canSend: boolean; pending: boolean; error?: string; info?: string },
): string {
  const intro = `<h1>Verify your email</h1>
<p class="muted"><strong>${esc(c.clientName)}</strong> wants to use the MCP server <strong>${esc(c.serverName)}</strong> on your behalf. This server finds you by your email address, so first confirm that <strong>${esc(opts.email)}</strong> is yours.</p>`;
  const leave = `<form method="post" action="/mcp/oauth/authorize">${hidden('request', c.sealed)}${hidden('csrf', opts.csrf)}
<div class="row"><button type="submit" name="action" value="signout">Use another account</button><button type="submit" name="action" value="deny" id="deny">Return to ${esc(c.clientName)}</button></div></form>`;
  if (!opts.canSend) {
    return layout(
      'Verify your email',
      `${intro}${errorBox(
        'This service cannot send email, so your address cannot be verified here. Its operator can configure email (SWITCHBOARD_SMTP_URL) or confirm your address with the command "switchboard users verify-email".',
      )}${leave}`,
    );
  }
  const status = opts.info ?? (opts.pending ? `We sent an 8-digit code to ${opts.email}.` : undefined);
  return layout(
    'Verify your email',
    `${intro}
${errorBox(opts.error)}${infoBox(status)}
<form method="post" action="/mcp/oauth/authorize" id="verify">${hidden('request', c.sealed)}${hidden('csrf', opts.csrf)}${hidden('action', 'verify_email')}
<label for="code">Verification code</label><input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" required maxlength="16" aria-describedby="code-help"${opts.error ? ' aria-invalid="true"' : ''}>
<p id="code-help" class="muted">The code from the email we sent to ${esc(opts.email)}; it works for 15 minutes.</p>
<div class="row"><button class="primary" type="submit">Verify</button></div></form>
<form method="post" action="/mcp/oauth/authorize" id="resend">${hidden('request', c.sealed)}${hidden('csrf', opts.csrf)}${hidden('action', 'send_code')}
<p class="muted">${opts.pending ? 'No email, or the code expired?' : 'No code yet?'} <button class="link" type="submit">Send ${opts.pending ? 'a new' : 'a'} code</button></p></form>
${leave}`,
  );
}

export function consentPage(c: PageContext, opts: { email: string; endUser: string; scopes: string[]; csrf: string }): string {
  const what = opts.scopes.map((s) =>
    s === 'mcp:code' ? 'run code that calls your connected integrations' : "use the server's tools with your connected accounts",
  );
  return layout(
    'Allow access',
    `<h1>Allow ${esc(c.clientName)}?</h1>
<p><strong>${esc(c.clientName)}</strong> wants to use the MCP server <strong>${esc(c.serverName)}</strong> as you.</p>
<p class="muted">Signed in as ${esc(opts.email)}; you will act as ${esc(opts.endUser)}.</p>
<p>It will be able to:</p><ul>${what.map((w) => `<li>${esc(w)}</li>`).join('')}</ul>
<form method="post" action="/mcp/oauth/authorize" id="consent">${hidden('request', c.sealed)}${hidden('csrf', opts.csrf)}
<div class="row"><button type="submit" name="action" value="deny" id="deny">Deny</button><button class="primary" type="submit" name="action" value="allow" id="allow">Allow</button></div></form>
<form method="post" action="/mcp/oauth/authorize">${hidden('request', c.sealed)}${hidden('csrf', opts.csrf)}${hidden('action', 'signout')}
<p class="muted">Not you? <button class="link" type="submit">Use another account</button></p></form>`,
  );
}

export function deniedPage(c: PageContext, opts: { reason: string; csrf: string }): string {
  return layout(
    'No access',
    `<h1>No access to ${esc(c.serverName)}</h1>
${errorBox(opts.reason)}
<form method="post" action="/mcp/oauth/authorize">${hidden('request', c.sealed)}${hidden('csrf', opts.csrf)}
<div class="row"><button type="submit" name="action" value="signout">Use another account</button><button class="primary" type="submit" name="action" value="deny" id="return">Return to ${esc(c.clientName)}</button></div></form>`,
  );
}

export function errorPage(message: string): string {
  return layout(
    'Authorization error',
    `<h1>This request cannot continue</h1>${errorBox(message)}<p class="muted">Start again from the application you were connecting.</p>`,
  );
}
