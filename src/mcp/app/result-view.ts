/**
 * The MCP App of a server with settings.mcpApp.enabled (the MCP Apps extension, SEP-1865): one UI resource that a
 * host renders in a sandboxed iframe next to a tool call. It shows what the call did — the output, the failure, or
 * the approval a Human Gates policy asked for with a button that opens the review page — from the tool result the
 * host sends it. It needs no network and no storage: everything arrives over postMessage (JSON-RPC 2.0).
 */
export const APP_EXTENSION_ID = 'io.modelcontextprotocol/ui';
export const APP_MIME_TYPE = 'text/html;profile=mcp-app';
export const RESULT_VIEW_URI = 'ui://switchboard/result.html';

/** `_meta` of a tool whose calls the result view renders (the nested key of the stable spec and the earlier flat one). */
export const toolUiMeta = { ui: { resourceUri: RESULT_VIEW_URI }, 'ui/resourceUri': RESULT_VIEW_URI } as const;

export const resultViewResource = {
  uri: RESULT_VIEW_URI,
  name: 'switchboard-result',
  title: 'Switchboard result',
  description: 'Shows the outcome of a Switchboard tool call: its output, its error, or the approval it waits for.',
  mimeType: APP_MIME_TYPE,
  _meta: { ui: { prefersBorder: true, csp: { connectDomains: [], resourceDomains: [] } } },
};

export function resultViewContents() {
  return {
    contents: [{ uri: RESULT_VIEW_URI, mimeType: APP_MIME_TYPE, text: RESULT_VIEW_HTML, _meta: resultViewResource._meta }],
  };
}

const RESULT_VIEW_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<title>Switchboard result</title>
<style>
  :root { color-scheme: light dark; --fg: #1d2330; --muted: #5b6475; --line: #d9dde5; --ok: #17703a; --warn: #8a5a00; --bad: #b3261e; --accent: #2f5bd3; }
  @media (prefers-color-scheme: dark) { :root { --fg: #e8ebf1; --muted: #a3abbb; --line: #3a4150; --ok: #5fcf8a; --warn: #f0b54a; --bad: #f28b82; --accent: #8fb0ff; } }
  body { margin: 0; padding: 12px 14px; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); background: transparent; }
  h1 { font-size: 15px; margin: 0 0 6px; display: flex; gap: 8px; align-items: center; }
  .badge { font-size: 12px; font-weight: 600; padding: 1px 8px; border-radius: 999px; border: 1px solid currentColor; }
  .ok { color: var(--ok); } .warn { color: var(--warn); } .bad { color: var(--bad); }
  .muted { color: var(--muted); }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 8px 0; }
  dt { color: var(--muted); } dd { margin: 0; overflow-wrap: anywhere; }
  pre { margin: 8px 0 0; padding: 8px; border: 1px solid var(--line); border-radius: 6px; max-height: 320px; overflow: auto; font: 12px/1.4 ui-monospace, monospace; white-space: pre-wrap; overflow-wrap: anywhere; }
  button { font: inherit; padding: 6px 12px; border-radius: 6px; border: 1px solid var(--accent); background: var(--accent); color: #fff; cursor: pointer; }
  button.secondary { background: transparent; color: var(--accent); }
  .actions { display: flex; gap: 8px; flex-wrap: wrap; margin-top: 8px; }
</style>
</head>
<body>
<main id="view" aria-live="polite"><p class="muted">Waiting for the tool result…</p></main>
<script>
(() => {
  const view = document.getElementById('view');
  let nextId = 1;
  let toolName = '';
  const pending = new Map();
  const send = (msg) => window.parent.postMessage(msg, '*');
  const request = (method, params) => new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    send({ jsonrpc: '2.0', id, method, params });
  });
  const notify = (method, params) => send({ jsonrpc: '2.0', method, ...(params ? { params } : {}) });
  const el = (tag, attrs, ...children) => {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === 'onclick') node.addEventListener('click', v);
      else node.setAttribute(k, v);
    }
    for (const c of children) if (c !== null && c !== undefined) node.append(c);
    return node;
  };
  const pretty = (v) => { try { return JSON.stringify(v, null, 2); } catch { return String(v); } };
  const openLink = (url) => request('ui/open-link', { url }).catch(() => window.open(url, '_blank', 'noopener'));
  const resized = () => notify('ui/notifications/size-changed', { width: document.documentElement.scrollWidth, height: document.documentElement.scrollHeight });

  function approvalCard(approval, title, retryHint) {
    const links = [];
    if (approval.approvalUrl) links.push(el('button', { type: 'button', onclick: () => openLink(approval.approvalUrl) }, 'Review'));
    return [
      el('h1', {}, title, el('span', { class: 'badge warn' }, 'approval required')),
      el('p', {}, approval.endUserPortal ? 'A reviewer (or the end user, in their portal) must approve this before it runs.' : 'A reviewer must approve this before it runs.'),
      el('dl', {}, el('dt', {}, 'Approval'), el('dd', { 'data-field': 'approval-id' }, approval.id || ''), el('dt', {}, 'Status'), el('dd', {}, approval.status || 'pending'), el('dt', {}, 'Expires'), el('dd', {}, approval.expiresAt ? new Date(approval.expiresAt).toLocaleString() : '—')),
      links.length ? el('div', { class: 'actions' }, ...links) : null,
      retryHint ? el('p', { class: 'muted' }, retryHint) : null,
    ];
  }

  function render(result) {
    const sc = (result && result.structuredContent) || null;
    const text = ((result && result.content) || []).filter((c) => c && c.type === 'text').map((c) => c.text).join('\\n');
    const name = toolName || 'Tool call';
    let parts;
    if (sc && sc.status === 'approval_required' && sc.approval) {
      parts = approvalCard(sc.approval, name, 'When it is approved, the assistant calls the tool again with the same arguments and it runs once.');
    } else if (sc && sc.status === 'approval_pending' && sc.approval) {
      parts = approvalCard(sc.approval, name, 'The code run continues once every approval it waits for is granted.');
    } else if (result && result.isError) {
      parts = [el('h1', {}, name, el('span', { class: 'badge bad' }, 'failed')), el('p', { 'data-field': 'error' }, (sc && sc.error) || text || 'The call failed.')];
    } else {
      const output = sc && Object.keys(sc).length ? (Object.keys(sc).length === 1 && 'result' in sc ? sc.result : sc) : text;
      parts = [el('h1', {}, name, el('span', { class: 'badge ok' }, 'done')), el('pre', { 'data-field': 'output' }, typeof output === 'string' ? output : pretty(output))];
    }
    view.replaceChildren(...parts.filter(Boolean));
    resized();
  }

  window.addEventListener('message', (event) => {
    if (event.source !== window.parent) return;
    const msg = event.data;
    if (!msg || msg.jsonrpc !== '2.0') return;
    if (msg.id !== undefined && !msg.method && pending.has(msg.id)) {
      const p = pending.get(msg.id);
      pending.delete(msg.id);
      if (msg.error) p.reject(msg.error); else p.resolve(msg.result);
      return;
    }
    switch (msg.method) {
      case 'ui/notifications/tool-input':
        toolName = (msg.params && msg.params.toolName) || toolName;
        break;
      case 'ui/notifications/tool-result':
        toolName = (msg.params && msg.params.toolName) || toolName;
        render(msg.params && msg.params.result !== undefined ? msg.params.result : msg.params);
        break;
      case 'ui/notifications/tool-cancelled':
        view.replaceChildren(el('h1', {}, toolName || 'Tool call', el('span', { class: 'badge bad' }, 'canceled')));
        resized();
        break;
      case 'ui/resource-teardown':
        if (msg.id !== undefined) send({ jsonrpc: '2.0', id: msg.id, result: {} });
        break;
      default:
        if (msg.id !== undefined && msg.method) send({ jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'Method not found' } });
    }
  });

  request('ui/initialize', { protocolVersion: '2026-01-26', appCapabilities: {}, appInfo: { name: 'switchboard-result', version: '1' }, clientInfo: { name: 'switchboard-result', version: '1' }, capabilities: {} })
    .then(() => notify('ui/notifications/initialized'))
    .catch(() => undefined);
})();
</script>
</body>
</html>
`;
