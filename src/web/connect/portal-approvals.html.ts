import type { EndUserApprovalView } from '../../modules/approvals/approvals.mapper.js';
import { plainReasons } from '../../modules/approvals/plain-reasons.js';
import { esc } from './pages.js';

const ENDED: Record<string, string> = {
  approved: 'Approved',
  consumed: 'Approved and used',
  rejected: 'Rejected',
  expired: 'Expired',
  canceled: 'Canceled',
};

const time = (iso: string) => `<time datetime="${esc(iso)}">${esc(new Date(iso).toUTCString())}</time>`;

/**
 * The portal's Approvals section: the end user's pending requests (redacted preview, plain reasons, expiry, one
 * form posting to approve, or to reject through its formaction) and the last few ended ones, read-only. Empty → ''.
 */
export function approvalsSection(pending: EndUserApprovalView[], recent: EndUserApprovalView[], token: string): string {
  if (pending.length === 0 && recent.length === 0) return '';
  const t = esc(token);
  const open = pending.map(({ approval: a, integration, action }) => {
    const id = esc(a.id);
    const what = `${action} (${integration})`;
    // Plain words: the recorded reasons are written for the organization's reviewers (0093).
    const reasons = `<ul class="reasons">${plainReasons(a.riskReasons)
      .map((r) => `<li>${esc(r)}</li>`)
      .join('')}</ul>`;
    const hidden = a.redactedPaths.length
      ? `<p class="muted">Hidden for your security: ${a.redactedPaths.map(esc).join(', ')}</p>`
      : '';
    return `<li class="approval" id="approval-${id}" data-approval="${id}">
<h3>${esc(action)} <span class="muted">· ${esc(integration)}</span></h3>
<dl class="facts"><dt>Decide by</dt><dd>${time(a.expiresAt)}</dd></dl>
<h4>Why your approval is needed</h4>${reasons}
<h4 id="approval-${id}-details">What will be sent</h4><pre class="preview" tabindex="0" aria-labelledby="approval-${id}-details">${esc(JSON.stringify(a.inputPreview, null, 2))}</pre>${hidden}
<form method="post" action="/connect/portal/approvals/${id}/approve" data-busy><input type="hidden" name="token" value="${t}">
<label for="reason-${id}">Reason <span class="optional">(optional)</span></label><textarea id="reason-${id}" name="reason" rows="2" maxlength="1000"></textarea>
<div class="actions"><button type="submit" class="primary" aria-label="${esc(`Approve ${what}`)}" data-busy="Approving…">Approve</button><button type="submit" class="danger" formaction="/connect/portal/approvals/${id}/reject" aria-label="${esc(`Reject ${what}`)}" data-busy="Rejecting…">Reject</button></div>
</form></li>`;
  });
  const ended = recent.map(({ approval: a, integration, action }) => {
    const own = (a.decidedBy as { type?: string } | null)?.type === 'end_user';
    // Only the end user's own reason is shown: a reviewer's note is the organization's.
    const reason = own && a.decisionReason ? ` <span class="muted">“${esc(a.decisionReason)}”</span>` : '';
    return `<li data-approval="${esc(a.id)}"><div class="name"><strong>${esc(action)}</strong> <span class="muted">${esc(integration)}</span></div><span class="badge ${
      a.status === 'approved' || a.status === 'consumed' ? 'connected' : 'error'
    }">${esc(ENDED[a.status] ?? a.status)}</span>${a.decidedAt ? ` <span class="muted">${time(a.decidedAt)}</span>` : ''}${reason}</li>`;
  });
  return `<section class="approvals" aria-labelledby="approvals-heading">
<h2 class="section" id="approvals-heading">Approvals</h2>
${
  open.length
    ? `<p class="lead">The app asks for your approval before it does these things on your behalf. Nothing runs until you approve.</p>
<ul class="approvals" aria-label="Waiting for your approval">${open.join('\n')}</ul>`
    : '<p class="muted">Nothing is waiting for your approval.</p>'
}
${ended.length ? `<h3>Recently decided</h3><ul class="items recent" aria-label="Recently decided">${ended.join('\n')}</ul>` : ''}
</section>`;
}
