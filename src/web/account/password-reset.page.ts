import { errorBox, esc, hidden, infoBox, layout } from '../mcp-authorize.page.js';

/** The password reset pages (0088): ask for a code, then enter it with a new password. No scripts; forms post here. */

export function resetRequestPage(opts: { email?: string; error?: string } = {}): string {
  return layout(
    'Reset your password',
    `<h1>Reset your password</h1>
<p class="muted">Enter the email address of your account. We will email it a code to set a new password with.</p>
${errorBox(opts.error)}
<form method="post" action="/auth/reset-password" id="request">${hidden('action', 'request')}
<label for="email">Email</label><input id="email" name="email" type="email" required maxlength="254" autocomplete="email" value="${esc(opts.email ?? '')}">
<div class="row"><button class="primary" type="submit">Email me a code</button></div></form>`,
  );
}

export function resetCodePage(opts: { email?: string; resetId: string; error?: string; info?: string }): string {
  return layout(
    'Reset your password',
    `<h1>Set a new password</h1>
${errorBox(opts.error)}${infoBox(opts.info)}
<form method="post" action="/auth/reset-password" id="confirm">${hidden('action', 'confirm')}${hidden('resetId', opts.resetId)}
<label for="code">Code</label><input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" required maxlength="16" aria-describedby="code-help"${opts.error ? ' aria-invalid="true"' : ''}>
<p id="code-help" class="muted">The 8-digit code from the email${opts.email ? ` to ${esc(opts.email)}` : ''}; it works for 15 minutes.</p>
<label for="password">New password</label><input id="password" name="password" type="password" required minlength="8" maxlength="200" autocomplete="new-password">
<p class="muted">At least 8 characters. Every session of the account is signed out.</p>
<div class="row"><button class="primary" type="submit">Set password</button></div></form>
${
  opts.email
    ? `<form method="post" action="/auth/reset-password" id="resend">${hidden('action', 'request')}${hidden('email', opts.email)}
<p class="muted">No email, or the code expired? <button class="link" type="submit">Send a new code</button></p></form>`
    : '<p class="muted">The code expired? <a href="/auth/reset-password">Ask for a new one</a>.</p>'
}`,
  );
}

/** From the email's link: the link proves the inbox, so only the new password is asked for. */
export function resetLinkPage(opts: { token: string; error?: string }): string {
  return layout(
    'Reset your password',
    `<h1>Set a new password</h1>
${errorBox(opts.error)}
<form method="post" action="/auth/reset-password" id="link">${hidden('action', 'link')}${hidden('token', opts.token)}
<label for="password">New password</label><input id="password" name="password" type="password" required minlength="8" maxlength="200" autocomplete="new-password">
<p class="muted">At least 8 characters. Every session of the account is signed out.</p>
<div class="row"><button class="primary" type="submit">Set password</button></div></form>`,
  );
}

export function resetDonePage(email: string): string {
  return layout(
    'Password changed',
    `<h1>Password changed</h1>
${infoBox(`The password of ${email} is set, and the address is verified. Every session of the account was signed out, and the MCP clients it had allowed must be allowed again.`)}
<p>Sign in with the new password where you were (you can close this tab), or <a href="/sign-in">sign in to the dashboard</a>.</p>
<p class="muted">If you did not create this account yourself, review the API keys and members of its organizations.</p>`,
  );
}
