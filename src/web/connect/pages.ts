import { authFields } from '../../integrations/auth-fields.js';
import { logoPath } from '../../integrations/catalog.js';
import type { AuthOption, IntegrationDefinition, Prop } from '../../integrations/framework.js';
import { effectiveStatus } from '../../modules/connect/connect.mapper.js';
import type { SessionView } from '../../modules/connect/connect.sessions.js';
import type { PortalView } from '../../modules/connect/portal.service.js';

/** Escapes text for HTML content and attribute values. */
export function esc(value: string | number | null | undefined): string {
  return String(value ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

function layout(title: string, body: string, opts: { wide?: boolean; mainAttrs?: string } = {}): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta name="robots" content="noindex">
<title>${esc(title)}</title>
<link rel="stylesheet" href="/connect/assets/connect.css">
<script src="/connect/assets/connect.js" defer></script>
</head>
<body>
<main id="main"${opts.wide ? ' class="wide"' : ''}${opts.mainAttrs ?? ''}>
${body}
<footer>Secured by Switchboard. Your credentials are encrypted and never shown to the app.</footer>
</main>
</body>
</html>`;
}

/** The logo the service serves (its CSP allows images from 'self' only). */
function logo(def: IntegrationDefinition): string {
  return `<img class="logo" src="${esc(logoPath(def))}" alt="" width="48" height="48">`;
}

function brand(def: IntegrationDefinition, heading: string): string {
  return `<header class="brand">${logo(def)}<h1>${esc(heading)}</h1></header>`;
}

// ---- the connect page ---------------------------------------------------------------------------------------

export interface FormState {
  error?: { message: string; field: string | null };
  values?: Record<string, unknown>;
}

/** PENDING: the form of the auth type, or the OAuth2 button; a Cancel button either way. */
export function connectPage(view: SessionView, token: string, state: FormState = {}): string {
  const { definition: def, option, session } = view;
  const t = esc(token);
  const errorBox = state.error
    ? `<div class="alert" id="error-summary" role="alert" tabindex="-1"><h2>The connection was not saved</h2><p>${
        state.error.field
          ? `<a href="#${esc(fieldId(state.error.field))}">${esc(state.error.message)}</a>`
          : esc(state.error.message)
      }</p></div>`
    : '';
  const cancel = `<form method="post" action="/connect/cancel" data-busy><input type="hidden" name="token" value="${t}"><button type="submit" class="secondary">Cancel</button></form>`;
  // The form's Cancel button submits this separate form (button form=…): side by side with Connect, without
  // sending the credentials typed so far.
  const cancelForm = `<form method="post" action="/connect/cancel" id="cancel-form" data-busy><input type="hidden" name="token" value="${t}"></form>`;
  let main: string;
  const lead = `<p class="lead">Sign in to ${esc(def.displayName)} to let this app use your account. You will come back here when you are done.</p>`;
  if (option.type === 'OAUTH2' && Object.keys(option.props ?? {}).length > 0) {
    // Fields the connection needs beside its tokens (a server URL, a region): asked before the sign-in.
    main = `${lead}
${errorBox}
<form method="post" action="/connect/oauth/start" id="connect-form" data-busy novalidate>
<input type="hidden" name="token" value="${t}">
${formFields(option, state)}
<div class="actions"><button type="submit" class="primary" data-busy="Opening…">Sign in with ${esc(def.displayName)}</button><button type="submit" form="cancel-form" class="secondary">Cancel</button></div>
</form>
${cancelForm}`;
  } else if (option.type === 'OAUTH2') {
    main = `${lead}
${errorBox}
<div class="actions"><a class="button primary" href="/connect/oauth/start?token=${encodeURIComponent(token)}">Sign in with ${esc(def.displayName)}</a>${cancel}</div>`;
  } else {
    const fields = formFields(option, state);
    main = `<p class="lead">Enter your ${esc(def.displayName)} credentials. Fields marked <span class="req" aria-hidden="true">*</span><span class="sr-only">with an asterisk</span> are required.</p>
${errorBox}
<form method="post" action="/connect" id="connect-form" data-busy novalidate>
<input type="hidden" name="token" value="${t}">
${fields}
<div class="actions"><button type="submit" class="primary" data-busy="Connecting…">Connect</button><button type="submit" form="cancel-form" class="secondary">Cancel</button></div>
</form>
${cancelForm}`;
  }
  const back = view.returnTo ? `<p><a href="${esc(view.returnTo)}">Back to your connections</a></p>` : '';
  return layout(
    `Connect ${def.displayName}`,
    `${brand(def, `Connect ${def.displayName}`)}
<p class="muted">Connection: ${esc(session.connectionName)}${option.displayName && def.auth.length > 1 ? ` · ${esc(option.displayName)}` : ''}</p>
${main}
${back}`,
  );
}

const fieldId = (name: string) => `f-${name.replace(/[^a-zA-Z0-9_-]/g, '-')}`;

/** What a field shows: what was entered (after a refused submission), else the prop's declared default. */
function shown(state: FormState, name: string, prop?: Prop): string {
  if (state.values) return typeof state.values[name] === 'string' ? state.values[name] : '';
  const d = prop?.defaultValue;
  if (prop?.type === 'CHECKBOX') return d === true ? 'on' : '';
  return typeof d === 'string' || typeof d === 'number' ? String(d) : '';
}

function formFields(option: AuthOption, state: FormState): string {
  const invalid = (name: string) => state.error?.field === name;
  const value = (name: string, prop?: Prop) => shown(state, name, prop);
  const labels = authFields(option);
  switch (option.type) {
    case 'SECRET_TEXT':
      return input({
        name: 'secret_text',
        label: option.displayName || 'API key',
        description: option.description,
        required: true,
        type: 'password',
        invalid: invalid('secret_text'),
      });
    case 'BASIC_AUTH':
      return (
        input({
          name: 'username',
          label: labels.username!.prop.displayName,
          description: labels.username!.prop.description,
          required: true,
          type: 'text',
          value: value('username'),
          invalid: invalid('username'),
          autocomplete: 'username',
        }) +
        input({
          name: 'password',
          label: labels.password!.prop.displayName,
          description: labels.password!.prop.description,
          required: true,
          type: 'password',
          invalid: invalid('password'),
          autocomplete: 'current-password',
        })
      );
    default:
      return Object.entries(option.props ?? {})
        .map(([key, prop]) => propField(`props.${key}`, prop, value(`props.${key}`, prop), invalid(`props.${key}`)))
        .join('\n');
  }
}

const optionValue = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

function propField(name: string, prop: Prop, value: string, isInvalid: boolean): string {
  const common = { name, label: prop.displayName, description: prop.description, required: prop.required, invalid: isInvalid };
  switch (prop.type) {
    case 'SECRET_TEXT':
      return input({ ...common, type: 'password' });
    case 'NUMBER':
      return input({ ...common, type: 'number', value, step: 'any' });
    case 'CHECKBOX': {
      const id = fieldId(name);
      return `<div class="check"><input type="checkbox" id="${id}" name="${esc(name)}"${value === 'on' ? ' checked' : ''}><label for="${id}">${esc(prop.displayName)}</label></div>${
        prop.description ? `<span class="hint">${esc(prop.description)}</span>` : ''
      }`;
    }
    case 'STATIC_DROPDOWN': {
      const id = fieldId(name);
      const options = prop.options.options
        .map(
          (o) =>
            `<option value="${esc(optionValue(o.value))}"${value === optionValue(o.value) ? ' selected' : ''}>${esc(o.label)}</option>`,
        )
        .join('');
      return `${labelFor(id, prop.displayName, prop.required, prop.description)}<select id="${id}" name="${esc(name)}"${prop.required ? ' required aria-required="true"' : ''}${describedBy(id, prop.description)}>${
        prop.required ? '' : '<option value=""></option>'
      }${options}</select>`;
    }
    case 'LONG_TEXT':
    case 'JSON':
    case 'OBJECT':
    case 'ARRAY':
    case 'MARKDOWN': {
      const id = fieldId(name);
      return `${labelFor(id, prop.displayName, prop.required, prop.description)}<textarea id="${id}" name="${esc(name)}"${prop.required ? ' required aria-required="true"' : ''}${
        isInvalid ? ' aria-invalid="true"' : ''
      }${describedBy(id, prop.description)}>${esc(value)}</textarea>`;
    }
    default:
      return input({ ...common, type: 'text', value });
  }
}

function labelFor(id: string, label: string, required: boolean, description?: string): string {
  return `<label for="${id}">${esc(label)}${required ? '<span class="req" aria-hidden="true">*</span><span class="sr-only"> (required)</span>' : ''}</label>${
    description ? `<span class="hint" id="${id}-hint">${esc(description)}</span>` : ''
  }`;
}

const describedBy = (id: string, description?: string) => (description ? ` aria-describedby="${id}-hint"` : '');

function input(f: {
  name: string;
  label: string;
  description?: string | undefined;
  required: boolean;
  type: string;
  value?: string;
  invalid?: boolean;
  autocomplete?: string;
  step?: string;
}): string {
  const id = fieldId(f.name);
  return `${labelFor(id, f.label, f.required, f.description)}<input type="${f.type}" id="${id}" name="${esc(f.name)}"${f.value ? ` value="${esc(f.value)}"` : ''}${
    f.required ? ' required aria-required="true"' : ''
  }${f.invalid ? ' aria-invalid="true"' : ''}${describedBy(id, f.description)} autocomplete="${f.autocomplete ?? (f.type === 'password' ? 'off' : 'on')}"${f.step ? ` step="${f.step}"` : ''}${
    f.type === 'password' ? ' spellcheck="false"' : ''
  }>`;
}

/** On to the provider's sign-in, once the fields asked before it were accepted: the page follows its link. */
export function signInPage(view: SessionView, url: string): string {
  const name = view.definition.displayName;
  return layout(
    `Sign in to ${name}`,
    `${brand(view.definition, `Sign in to ${name}`)}
<p role="status">Opening the ${esc(name)} sign-in…</p>
<div class="actions"><a class="button primary" href="${esc(url)}" data-follow>Continue to ${esc(name)}</a></div>`,
  );
}

/** CONNECTING: the code is being exchanged or the credentials checked; the page reloads itself. */
export function connectingPage(view: SessionView): string {
  return layout(
    `Connecting ${view.definition.displayName}`,
    `${brand(view.definition, `Connecting ${view.definition.displayName}…`)}
<p role="status" data-refresh-after="2000">Finishing the connection. This page updates by itself.</p>
<noscript><p>Reload the page in a moment to see the result.</p></noscript>`,
  );
}

/**
 * COMPLETED or FAILED: the result, posted to the opener in a popup, else followed by a redirect to the app's
 * success or error address (or the portal) with status, sessionId and connectionId or error in the query.
 */
export function resultPage(view: SessionView): string {
  const { session, definition: def } = view;
  const { status, error } = effectiveStatus(session);
  const ok = status === 'COMPLETED';
  // Only a check that happened is claimed: an integration without one gets "saved, not verified".
  const verification = ok ? (session.verification ?? 'unverified') : '';
  let redirect: string | null = view.returnTo;
  const target = ok ? session.successRedirectUri : session.errorRedirectUri;
  if (!redirect && target) {
    const url = new URL(target);
    url.searchParams.set('status', status);
    url.searchParams.set('sessionId', session.id);
    if (ok && session.connectionId) url.searchParams.set('connectionId', session.connectionId);
    if (ok) url.searchParams.set('verification', verification);
    if (!ok && error) url.searchParams.set('error', error);
    redirect = url.toString();
  }
  const appTarget = session.successRedirectUri ?? session.errorRedirectUri;
  const origin = appTarget ? new URL(appTarget).origin : '';
  const attrs = ` data-connect-result data-status="${esc(status)}" data-session-id="${esc(session.id)}" data-connection-id="${esc(ok ? (session.connectionId ?? '') : '')}" data-error="${esc(
    ok ? '' : (error ?? ''),
  )}" data-verification="${esc(verification)}" data-redirect="${esc(redirect ?? '')}" data-origin="${esc(origin)}"`;
  const close = `<p>You can close this window${redirect ? ' or continue' : ''}.</p>`;
  const body = !ok
    ? `${brand(def, `${def.displayName} was not connected`)}
<div class="alert" role="alert"><h2>The connection failed</h2><p>${esc(error ?? 'The connection failed.')}</p></div>`
    : verification === 'verified'
      ? `${brand(def, `${def.displayName} is connected`)}
<p class="status ok" role="status">Connected. ${esc(def.displayName)} accepted the credentials.</p>
${close}`
      : `${brand(def, `${def.displayName} connection saved`)}
<p class="status" role="status">Saved, not verified.</p>
<p>${esc(def.displayName)} offers no way to check credentials before they are used, so they were saved as entered. If they are wrong, requests to ${esc(def.displayName)} will fail until you connect again with the right ones.</p>
${close}`;
  const next = redirect
    ? `<div class="actions"><a class="button ${ok ? 'primary' : 'secondary'}" href="${esc(redirect)}">${view.returnTo ? 'Back to your connections' : 'Continue'}</a></div>`
    : '';
  return layout(ok ? `${def.displayName} connected` : `${def.displayName} not connected`, `${body}\n${next}`, {
    mainAttrs: attrs,
  });
}

/** A link that cannot be used (missing, unknown or expired token, or another problem). */
export function problemPage(title: string, message: string): string {
  return layout(
    title,
    `<h1>${esc(title)}</h1>
<div class="alert" role="alert"><p>${esc(message)}</p></div>
<p class="muted">Ask the app that sent you here for a new link.</p>`,
  );
}

// ---- the end-user portal ------------------------------------------------------------------------------------

/** The portal: an optional notice (status) or problem (alert), the Approvals section when given, the integrations. */
export function portalPage(
  view: PortalView,
  token: string,
  opts: { notice?: string | null; problem?: string | null; approvals?: string } = {},
): string {
  const { notice = null, problem = null, approvals = '' } = opts;
  const t = esc(token);
  const who = view.endUser.displayName ?? view.endUser.externalId;
  const items = view.items.map((item) => {
    const c = item.connection;
    // Stopped working (status ERROR), or the provider refuses its credentials (health, decision 0140).
    const broken = c !== null && (c.status !== 'ACTIVE' || c.health === 'needs_reauth');
    const badge = !c
      ? '<span class="badge">Not connected</span>'
      : broken
        ? '<span class="badge error">Needs reconnecting</span>'
        : c.verification === 'verified'
          ? '<span class="badge connected">Connected</span>'
          : '<span class="badge">Saved, not verified</span>';
    const connectLabel = !c ? 'Connect' : 'Reconnect';
    const buttons = [
      `<form method="post" action="/connect/portal/connect" data-busy><input type="hidden" name="token" value="${t}"><input type="hidden" name="item" value="${esc(item.key)}"><button type="submit" class="${
        !c || broken ? 'primary' : 'secondary'
      }" aria-label="${esc(`${connectLabel} ${item.label}`)}">${connectLabel}</button></form>`,
      c
        ? `<form method="post" action="/connect/portal/disconnect" data-busy><input type="hidden" name="token" value="${t}"><input type="hidden" name="connectionId" value="${esc(c.id)}"><button type="submit" class="danger" aria-label="${esc(`Disconnect ${item.label}`)}">Disconnect</button></form>`
        : '',
    ].join('');
    return `<li data-item="${esc(item.key)}">${logo(item.definition)}<div class="name"><strong>${esc(item.label)}</strong>${badge}${
      c ? ` <span class="muted">${esc(c.displayName)}</span>` : ''
    }</div>${buttons}</li>`;
  });
  const list = items.length
    ? `<ul class="items" aria-label="Integrations">${items.join('\n')}</ul>`
    : '<p>There is nothing to connect here yet.</p>';
  const note =
    (problem ? `<div class="alert" id="error-summary" role="alert" tabindex="-1"><p>${esc(problem)}</p></div>` : '') +
    (notice ? `<div class="notice" role="status">${esc(notice)}</div>` : '');
  return layout(
    `Your connections — ${view.workspaceName}`,
    `<h1>Your connections</h1>
<p class="lead">Hello ${esc(who)}. ${esc(view.workspaceName)} uses these services on your behalf. Connect, reconnect or disconnect them here.</p>
${note}
${approvals}
${approvals ? '<h2 class="section">Integrations</h2>\n' : ''}${list}`,
    { wide: true },
  );
}
