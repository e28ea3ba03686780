import type { ApprovalView } from '../../modules/approvals/approvals.mapper.js';
import { forgotLink } from '../mcp-authorize.page.js';

/**
 * Server-rendered review pages: every value escaped, forms posting to the same origin, and one script of ours
 * (LOCAL_TIME_JS, served from /approvals/assets/) that shows times in the reader's own time zone.
 */
export function esc(value: string | number | boolean | null | undefined): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const STYLE = `
body{font:15px/1.5 system-ui,-apple-system,Segoe UI,sans-serif;margin:0;background:#f6f7f9;color:#1d2330}
main{max-width:760px;margin:32px auto;background:#fff;border:1px solid #dfe3ea;border-radius:10px;padding:24px 28px}
h1{font-size:20px;margin:0 0 4px} .muted{color:#5b6475} dl{display:grid;grid-template-columns:170px 1fr;gap:6px 12px}
dt{color:#5b6475} dd{margin:0;word-break:break-word} pre{background:#f1f3f7;border-radius:6px;padding:12px;overflow:auto;font-size:13px}
.status{display:inline-block;padding:2px 10px;border-radius:12px;background:#e8ecf4;font-weight:600}
.status.pending{background:#fff4d6}.status.approved,.status.consumed{background:#dcf5e3}.status.rejected,.status.canceled,.status.expired{background:#fbe0e0}
textarea,input{width:100%;box-sizing:border-box;padding:8px;border:1px solid #c9cfda;border-radius:6px;font:inherit}
.actions{display:flex;flex-wrap:wrap;gap:12px;margin-top:12px} button{padding:9px 18px;border-radius:6px;border:0;font:inherit;font-weight:600;cursor:pointer}
.approve{background:#1d7a46;color:#fff}.reject{background:#b3261e;color:#fff} .notice{padding:10px 14px;border-radius:6px;background:#eef2ff}
nav{margin:0 0 12px;font-size:14px} a{color:#1f4fb3} ul.inbox{list-style:none;padding:0;margin:0}
ul.inbox li{border-top:1px solid #dfe3ea;padding:12px 0} ul.inbox a{font-weight:600}
@media (max-width:600px){main{margin:0;border:0;border-radius:0;padding:16px} dl{grid-template-columns:1fr} dt{margin-top:6px}}
`;

/** The script the pages load: each <time datetime> shows the reader's local time (the UTC text stays as its title). */
export const LOCAL_TIME_JS = `document.querySelectorAll('time[datetime]').forEach(function (t) {
  var d = new Date(t.getAttribute('datetime'));
  if (isNaN(d.getTime())) return;
  t.title = t.textContent;
  t.textContent = d.toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
});
`;

/** A time for the pages: machine-readable, UTC until the script shows it in the reader's zone. */
export function timeTag(iso: string | null): string {
  if (!iso) return '—';
  const utc = `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
  return `<time datetime="${esc(iso)}">${esc(utc)}</time>`;
}

export function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${esc(title)} · Switchboard</title><style>${STYLE}</style>
<script src="/approvals/assets/local-time.js" defer></script></head><body><main>${body}</main></body></html>`;
}

export function messagePage(title: string, message: string): string {
  return layout(title, `<h1>${esc(title)}</h1><p class="muted" data-testid="message">${esc(message)}</p>`);
}

export interface ReviewForm {
  /** Where the decision form posts. */
  action: string;
  /** Hidden fields (CSRF token, or the link token). */
  hidden: Record<string, string>;
  allowCancel: boolean;
}

/** Link to the reviewer's list of what waits for them (a signed-in page). */
const INBOX_NAV = '<nav><a href="/approvals" data-testid="inbox-link">All requests waiting for your review</a></nav>';

/**
 * The request: policy, call, reasons, the redacted preview; and, while pending, approve / reject with a reason.
 * `inbox`: the reader is a signed-in member, so the page links to their list of waiting requests.
 */
export function reviewPage(a: ApprovalView, form: ReviewForm | null, notice?: string, inbox = false): string {
  // [label, HTML]
  const rows: Array<[string, string]> = [
    ['Policy', esc(a.policyName ?? '(deleted policy)')],
    ['Action', esc(`${a.integrationAlias ?? a.integrationName} · ${a.actionName}`)],
    ['Integration', esc(a.integrationName)],
    ['Source', esc(a.source)],
    ['End user', esc(a.endUserId ?? '—')],
    ['Requested', timeTag(a.createdAt)],
    ['Expires', timeTag(a.expiresAt)],
  ];
  if (a.decidedAt) rows.push(['Decided', timeTag(a.decidedAt)]);
  if (a.decisionReason) rows.push(['Reason', esc(a.decisionReason)]);
  const reasons = a.riskReasons.length
    ? `<ul data-testid="reasons">${a.riskReasons.map((r) => `<li>${esc(r)}</li>`).join('')}</ul>`
    : '<p class="muted">No reasons recorded.</p>';
  const hidden = form
    ? Object.entries(form.hidden)
        .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
        .join('')
    : '';
  const decision =
    form && a.status === 'pending'
      ? `<h2>Decision</h2><form method="post" action="${esc(form.action)}" data-testid="decision-form">${hidden}
<label for="reason">Reason (optional)</label><textarea id="reason" name="reason" rows="3" maxlength="1000"></textarea>
<div class="actions"><button class="approve" name="action" value="approve" type="submit">Approve</button>
<button class="reject" name="action" value="reject" type="submit">Reject</button>${form.allowCancel ? '<button name="action" value="cancel" type="submit">Cancel request</button>' : ''}</div></form>`
      : '';
  return layout(
    `Approval ${a.id}`,
    `${inbox ? INBOX_NAV : ''}${notice ? `<p class="notice" data-testid="notice">${esc(notice)}</p>` : ''}
<h1>Approval request</h1><p class="muted">${esc(a.id)} · <span class="status ${esc(a.status)}" data-testid="status">${esc(a.status)}</span></p>
<dl>${rows.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${v}</dd>`).join('')}</dl>
<h2>Why approval is needed</h2>${reasons}
<h2>Input</h2><pre data-testid="preview">${esc(JSON.stringify(a.inputPreview, null, 2))}</pre>
${a.redactedPaths.length ? `<p class="muted">Hidden from review: ${a.redactedPaths.map(esc).join(', ')}</p>` : ''}
${decision}`,
  );
}

/** One request waiting for the reader, as the list shows it. */
export interface InboxItem {
  approval: ApprovalView;
  integration: string;
  action: string;
  organization: string;
}

/** What waits for a signed-in reviewer: pending requests they may decide, soonest to expire first. */
export function inboxPage(email: string, items: InboxItem[], more: boolean): string {
  const orgs = new Set(items.map((i) => i.organization));
  const list = items.map(({ approval: a, integration, action, organization }) => {
    const org = orgs.size > 1 ? ` <span class="muted">· ${esc(organization)}</span>` : '';
    return `<li data-approval="${esc(a.id)}"><a href="/approvals/${esc(a.id)}">${esc(action)} · ${esc(integration)}</a>${org}
<div class="muted">${esc(a.policyName ?? '(deleted policy)')} · requested ${timeTag(a.createdAt)} · decide by ${timeTag(a.expiresAt)}</div></li>`;
  });
  return layout(
    'Waiting for your review',
    `<h1>Waiting for your review</h1><p class="muted">Signed in as ${esc(email)}. Pending requests you may approve or reject, soonest to expire first.</p>
${
  items.length
    ? `<ul class="inbox" data-testid="inbox">${list.join('\n')}</ul>${more ? '<p class="muted">Only the first 100 are shown.</p>' : ''}`
    : '<p data-testid="inbox-empty">Nothing is waiting for your review.</p>'
}`,
  );
}

export function signInPage(action: string, error?: string): string {
  return layout(
    'Sign in',
    `<h1>Sign in to review</h1>${error ? `<p class="notice" data-testid="error">${esc(error)}</p>` : ''}
<form method="post" action="${esc(action)}" data-testid="sign-in"><label for="email">Email</label><input id="email" name="email" type="email" required>
<label for="password">Password</label><input id="password" name="password" type="password" required>
<div class="actions"><button class="approve" type="submit">Sign in</button></div></form>
${forgotLink()}`,
  );
}
