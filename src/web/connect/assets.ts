/**
 * The hosted pages' stylesheet and script, served from /connect/assets/ so the Content-Security-Policy can
 * forbid inline code. Plain CSS and a few lines of JavaScript: the pages work without the script.
 */
export const CONNECT_CSS = `
:root { color-scheme: light dark; --bg: #f4f5f7; --card: #fff; --text: #1b1d21; --muted: #555b66; --line: #d5d8de;
  --accent: #1f5fd6; --accent-text: #fff; --danger: #b3261e; --ok: #1c7a3a; --focus: #ffbf47; }
@media (prefers-color-scheme: dark) { :root { --bg: #15171a; --card: #1f2226; --text: #eceef1; --muted: #a9afb9;
  --line: #3a3f46; --accent: #7aa7ff; --accent-text: #0b1730; --danger: #ff8a80; --ok: #7ed69a; } }
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; background: var(--bg); color: var(--text);
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; display: flex; justify-content: center; }
main { width: 100%; max-width: 30rem; margin: 2rem 1rem; padding: 1.5rem; background: var(--card);
  border: 1px solid var(--line); border-radius: 12px; }
main.wide { max-width: 40rem; }
@media (max-width: 480px) { main { margin: 0; min-height: 100vh; border-radius: 0; border: 0; padding: 1.25rem; } }
header.brand { display: flex; align-items: center; gap: .75rem; margin-bottom: 1rem; }
header.brand h1 { font-size: 1.35rem; margin: 0; line-height: 1.25; }
.logo { width: 48px; height: 48px; border-radius: 10px; object-fit: contain; flex: none; background: var(--bg); }
p.lead, .muted { color: var(--muted); }
label { display: block; font-weight: 600; margin: 1rem 0 .25rem; }
.req { color: var(--danger); margin-left: .15rem; }
.hint { display: block; font-size: .9rem; color: var(--muted); margin-bottom: .35rem; font-weight: 400; }
input[type=text], input[type=password], input[type=number], input[type=email], select, textarea {
  width: 100%; padding: .65rem .75rem; font: inherit; color: inherit; background: var(--card);
  border: 1px solid var(--line); border-radius: 8px; min-height: 44px; }
textarea { min-height: 6rem; }
input[aria-invalid=true], textarea[aria-invalid=true] { border-color: var(--danger); border-width: 2px; }
.check { display: flex; gap: .5rem; align-items: center; font-weight: 600; margin-top: 1rem; }
.check input { width: 1.25rem; height: 1.25rem; }
.check label { margin: 0; }
.actions { display: flex; flex-wrap: wrap; gap: .75rem; margin-top: 1.5rem; }
button, a.button { display: inline-flex; align-items: center; justify-content: center; min-height: 44px; padding: .6rem 1.1rem;
  font: inherit; font-weight: 600; border-radius: 8px; cursor: pointer; text-decoration: none; border: 1px solid transparent; }
.primary { background: var(--accent); color: var(--accent-text); }
.secondary { background: transparent; color: var(--text); border-color: var(--line); }
.danger { background: transparent; color: var(--danger); border-color: var(--danger); }
button:disabled { opacity: .6; cursor: progress; }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.alert { border: 2px solid var(--danger); border-radius: 8px; padding: .75rem 1rem; margin: 1rem 0; }
.alert h2 { font-size: 1rem; margin: 0 0 .25rem; }
.notice { border: 2px solid var(--ok); border-radius: 8px; padding: .75rem 1rem; margin: 1rem 0; }
.status { font-size: 1.1rem; font-weight: 700; }
.status.ok { color: var(--ok); } .status.failed { color: var(--danger); }
ul.items { list-style: none; padding: 0; margin: 1rem 0 0; }
ul.items li { display: flex; flex-wrap: wrap; align-items: center; gap: .75rem; padding: 1rem 0; border-top: 1px solid var(--line); }
ul.items .name { flex: 1 1 12rem; }
ul.items .name strong { display: block; }
.badge { display: inline-block; font-size: .85rem; padding: .1rem .5rem; border-radius: 999px; border: 1px solid var(--line); }
.badge.connected { color: var(--ok); border-color: var(--ok); } .badge.error { color: var(--danger); border-color: var(--danger); }
ul.items form { margin: 0; }
section.approvals { margin: 1.5rem 0; }
h2.section { font-size: 1.2rem; margin: 1.5rem 0 .5rem; }
ul.approvals { list-style: none; padding: 0; margin: 0; }
li.approval { border: 1px solid var(--line); border-radius: 8px; padding: 1rem; margin: 1rem 0; }
li.approval h3 { font-size: 1.05rem; margin: 0 0 .5rem; }
li.approval h4 { font-size: .95rem; margin: 1rem 0 .25rem; }
li.approval ul.reasons { margin: 0; padding-left: 1.25rem; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .25rem .75rem; margin: 0; }
dl.facts dt { color: var(--muted); } dl.facts dd { margin: 0; overflow-wrap: anywhere; }
pre.preview { margin: 0; padding: .75rem; background: var(--bg); border-radius: 6px; overflow: auto; max-height: 16rem;
  font-size: .85rem; white-space: pre-wrap; overflow-wrap: anywhere; }
.optional { font-weight: 400; color: var(--muted); }
.sr-only { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0,0,0,0); border: 0; }
footer { margin-top: 1.5rem; font-size: .85rem; color: var(--muted); }
`;

/**
 * Result pages carry data-* attributes: in a popup the result is posted to the opener and the popup closes;
 * otherwise the page goes on to the redirect address. Forms disable their buttons while submitting.
 */
export const CONNECT_JS = `
(function () {
  var result = document.querySelector('[data-connect-result]');
  if (result) {
    var d = result.dataset;
    var message = { type: 'switchboard:connect', status: d.status, sessionId: d.sessionId, connectionId: d.connectionId || null,
      verification: d.verification || null, error: d.error || null };
    if (window.opener && !window.opener.closed) {
      try { window.opener.postMessage(message, d.origin || '*'); } catch (e) {}
      setTimeout(function () { window.close(); }, 400);
      return;
    }
    if (d.redirect) window.location.replace(d.redirect);
    return;
  }
  var follow = document.querySelector('a[data-follow]');
  if (follow) {
    window.location.replace(follow.href);
    return;
  }
  var summary = document.getElementById('error-summary');
  if (summary) summary.focus();
  var forms = document.querySelectorAll('form[data-busy]');
  for (var i = 0; i < forms.length; i++) {
    forms[i].addEventListener('submit', function (e) {
      var b = e.target.querySelectorAll('button');
      for (var j = 0; j < b.length; j++) b[j].disabled = true;
      var s = e.submitter || b[0];
      if (s && s.dataset.busy) s.textContent = s.dataset.busy;
    });
  }
  var refresh = document.querySelector('[data-refresh-after]');
  if (refresh) setTimeout(function () { window.location.reload(); }, Number(refresh.getAttribute('data-refresh-after')) || 2000);
})();
`;
