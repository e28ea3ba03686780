/**
 * Scripts that run inside the page. They are plain JavaScript source, not TypeScript functions, so the TypeScript
 * compiler and tsx/esbuild never rewrite them (helpers such as `__name` do not exist in the page) and they do not
 * depend on DOM typings. Playwright evaluates them over the DevTools protocol, so a page's CSP does not block them.
 */

/** The attribute that carries an element's ref ("e5") once a snapshot has named it. */
export const REF_ATTRIBUTE = 'data-sb-ref';

export interface SnapshotOptions {
  /** Lines at most; the walk stops there and reports truncated. */
  maxLines: number;
  /** Characters of a name or text line at most. */
  maxText: number;
}

export interface SnapshotResult {
  tree: string;
  refs: number;
  lines: number;
  truncated: boolean;
}

/**
 * Walks the accessibility-relevant DOM of the document (open shadow roots and slots included, iframes not entered)
 * and returns an indented tree of `- role "name" [ref=eN] [flags]` lines plus `- text: "..."` lines for loose text.
 * Elements keep their ref across snapshots of the same document; new elements get the next free number.
 */
const SNAPSHOT_SOURCE = String.raw`(opts) => {
  const ATTR = ${JSON.stringify(REF_ATTRIBUTE)};
  const maxLines = opts.maxLines;
  const maxText = opts.maxText;
  const lines = [];
  const toName = [];
  const seen = new Set();
  let seq = 0;
  let truncated = false;
  let refCount = 0;

  const norm = (s) => String(s || '').replace(/\s+/g, ' ').trim();
  const cut = (s) => (s.length > maxText ? s.slice(0, maxText - 1) + '\u2026' : s);
  const q = (s) => JSON.stringify(cut(s));

  const NAME_FROM_CONTENT = new Set(['link', 'button', 'heading', 'option', 'cell', 'columnheader', 'rowheader', 'tab',
    'menuitem', 'menuitemcheckbox', 'menuitemradio', 'treeitem', 'tooltip', 'switch', 'checkbox', 'radio', 'clickable']);
  const INTERACTIVE = new Set(['link', 'button', 'textbox', 'searchbox', 'checkbox', 'radio', 'combobox', 'listbox',
    'option', 'slider', 'spinbutton', 'switch', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'treeitem', 'clickable']);
  const LEAF = new Set(['textbox', 'searchbox', 'slider', 'spinbutton', 'img', 'separator', 'progressbar', 'meter', 'iframe']);
  const SKIP_TAGS = new Set(['script', 'style', 'noscript', 'template', 'head', 'meta', 'link', 'title', 'base']);

  const implicitRole = (el) => {
    const tag = el.localName;
    switch (tag) {
      case 'a': case 'area': return el.hasAttribute('href') ? 'link' : null;
      case 'button': case 'summary': return 'button';
      case 'input': {
        const t = (el.getAttribute('type') || 'text').toLowerCase();
        if (t === 'hidden') return null;
        if (t === 'button' || t === 'submit' || t === 'reset' || t === 'image' || t === 'file') return 'button';
        if (t === 'checkbox') return 'checkbox';
        if (t === 'radio') return 'radio';
        if (t === 'range') return 'slider';
        if (t === 'number') return 'spinbutton';
        if (t === 'search') return el.hasAttribute('list') ? 'combobox' : 'searchbox';
        return el.hasAttribute('list') ? 'combobox' : 'textbox';
      }
      case 'select': return el.multiple || el.size > 1 ? 'listbox' : 'combobox';
      case 'textarea': return 'textbox';
      case 'option': return 'option';
      case 'img': return el.getAttribute('alt') === '' ? null : 'img';
      case 'h1': case 'h2': case 'h3': case 'h4': case 'h5': case 'h6': return 'heading';
      case 'ul': case 'ol': case 'menu': return 'list';
      case 'li': return 'listitem';
      case 'nav': return 'navigation';
      case 'main': return 'main';
      case 'header': return 'banner';
      case 'footer': return 'contentinfo';
      case 'aside': return 'complementary';
      case 'article': return 'article';
      case 'section': return el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby') ? 'region' : null;
      case 'form': return 'form';
      case 'search': return 'search';
      case 'table': return 'table';
      case 'tr': return 'row';
      case 'td': return 'cell';
      case 'th': return el.getAttribute('scope') === 'row' ? 'rowheader' : 'columnheader';
      case 'dialog': return 'dialog';
      case 'details': case 'fieldset': return 'group';
      case 'p': return 'paragraph';
      case 'hr': return 'separator';
      case 'progress': return 'progressbar';
      case 'meter': return 'meter';
      case 'iframe': return 'iframe';
      case 'blockquote': return 'blockquote';
      case 'label': return 'label';
      default: return null;
    }
  };

  const textOf = (el) => norm(el.innerText !== undefined ? el.innerText : el.textContent);

  const nameOf = (el, role) => {
    const by = el.getAttribute('aria-labelledby');
    if (by) {
      const t = norm(by.split(/\s+/).map((id) => { const x = document.getElementById(id); return x ? x.textContent : ''; }).join(' '));
      if (t) return t;
    }
    const aria = norm(el.getAttribute('aria-label'));
    if (aria) return aria;
    const tag = el.localName;
    if (el.labels && el.labels.length) {
      const t = norm(Array.from(el.labels).map((l) => l.innerText || l.textContent).join(' '));
      if (t) return t;
    }
    if (tag === 'img' || tag === 'area' || (tag === 'input' && el.type === 'image')) {
      const alt = norm(el.getAttribute('alt'));
      if (alt) return alt;
    }
    if (tag === 'input' && (el.type === 'submit' || el.type === 'reset' || el.type === 'button')) {
      return norm(el.value) || (el.type === 'submit' ? 'Submit' : el.type === 'reset' ? 'Reset' : '');
    }
    if (tag === 'input' && el.type === 'file') return 'Choose file';
    if (tag === 'fieldset') { const lg = el.querySelector(':scope > legend'); if (lg) return norm(lg.textContent); }
    if (tag === 'table') { const cap = el.querySelector(':scope > caption'); if (cap) return norm(cap.textContent); }
    if (tag === 'details') { const sm = el.querySelector(':scope > summary'); if (sm) return norm(sm.textContent); }
    if (tag === 'iframe') return norm(el.getAttribute('title'));
    if (NAME_FROM_CONTENT.has(role)) { const t = textOf(el); if (t) return t; }
    return norm(el.getAttribute('title')) || norm(el.getAttribute('placeholder'));
  };

  const flags = (el, role) => {
    const out = [];
    if (role === 'heading') out.push('level=' + (Number(el.localName.slice(1)) || Number(el.getAttribute('aria-level')) || 2));
    if (role === 'checkbox' || role === 'radio' || role === 'switch') {
      const c = el.localName === 'input' ? el.checked : el.getAttribute('aria-checked') === 'true';
      if (c) out.push('checked');
    }
    if (el.localName === 'option' ? el.selected : el.getAttribute('aria-selected') === 'true') out.push('selected');
    if (el.getAttribute('aria-pressed') === 'true') out.push('pressed');
    const exp = el.getAttribute('aria-expanded');
    if (exp === 'true') out.push('expanded');
    if (exp === 'false') out.push('collapsed');
    if (el.localName === 'details') out.push(el.open ? 'expanded' : 'collapsed');
    if (el.disabled || el.getAttribute('aria-disabled') === 'true') out.push('disabled');
    if (el.required) out.push('required');
    if (el.readOnly && (role === 'textbox' || role === 'searchbox')) out.push('readonly');
    if (el.localName === 'input' && el.type === 'file') out.push('file');
    return out;
  };

  const valueOf = (el, role) => {
    if (el.localName === 'input' || el.localName === 'textarea') {
      if (el.type === 'checkbox' || el.type === 'radio' || el.type === 'button' || el.type === 'submit' || el.type === 'reset' || el.type === 'file') return null;
      if (el.type === 'password') return el.value ? '\u2022'.repeat(Math.min(el.value.length, 8)) : null;
      return el.value ? el.value : null;
    }
    if (el.localName === 'select') return norm(Array.from(el.selectedOptions).map((o) => o.textContent).join(', ')) || null;
    if (el.isContentEditable && role === 'textbox') return textOf(el) || null;
    return null;
  };

  const clickable = (el, style) => {
    if (el.hasAttribute('onclick')) return true;
    const ti = el.getAttribute('tabindex');
    if (ti !== null && Number(ti) >= 0) return true;
    if (style.cursor === 'pointer') {
      const parent = el.parentElement;
      return !parent || getComputedStyle(parent).cursor !== 'pointer';
    }
    return false;
  };

  const kids = (node) => {
    if (node.shadowRoot) return Array.from(node.shadowRoot.childNodes);
    if (node.localName === 'slot') {
      const assigned = node.assignedNodes({ flatten: true });
      return assigned.length ? assigned : Array.from(node.childNodes);
    }
    return Array.from(node.childNodes);
  };

  const push = (depth, text, el) => {
    if (lines.length >= maxLines) { truncated = true; return false; }
    lines.push({ depth, text, el });
    return true;
  };
  const flush = (ctx, depth) => {
    const t = norm(ctx.buf);
    ctx.buf = '';
    if (t && !ctx.noText) push(depth, 'text: ' + q(t), null);
  };

  const walk = (parent, depth, ctx) => {
    for (const child of kids(parent)) {
      if (truncated) return;
      if (child.nodeType === 3) { if (!ctx.noText) ctx.buf += child.data; continue; }
      if (child.nodeType !== 1) continue;
      const el = child;
      const tag = el.localName;
      if (SKIP_TAGS.has(tag)) continue;
      if (tag === 'br') { ctx.buf += ' '; continue; }
      if (el.hidden || el.getAttribute('aria-hidden') === 'true' || el.inert) continue;
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden' || style.visibility === 'collapse') continue;
      if (tag === 'input' && (el.getAttribute('type') || '').toLowerCase() === 'hidden') continue;
      const explicit = norm(el.getAttribute('role')).split(' ')[0];
      let role = explicit === 'presentation' || explicit === 'none' ? null : explicit || implicitRole(el);
      if (!role && el.isContentEditable && !(el.parentElement && el.parentElement.isContentEditable)) role = 'textbox';
      if ((!role || role === 'generic' || role === 'label') && clickable(el, style)) role = 'clickable';
      if (role === 'generic' || role === 'label') role = null;
      if (tag === 'svg' && !role) continue;
      if (role && (!ctx.onlyInteractive || INTERACTIVE.has(role))) {
        flush(ctx, depth);
        const name = nameOf(el, role);
        const value = valueOf(el, role);
        const line = { role, name, value, flags: flags(el, role), href: role === 'link' ? el.getAttribute('href') : null };
        if (!push(depth, line, el)) return;
        if (LEAF.has(role) || tag === 'svg') continue;
        const inner = { buf: '', noText: NAME_FROM_CONTENT.has(role) || ctx.noText, onlyInteractive: NAME_FROM_CONTENT.has(role) || ctx.onlyInteractive };
        walk(el, depth + 1, inner);
        flush(inner, depth + 1);
        continue;
      }
      // No line of its own: its content belongs to the parent's level; block boundaries split the text.
      const block = !style.display.startsWith('inline');
      if (block) flush(ctx, depth);
      walk(el, depth, ctx);
      if (block) flush(ctx, depth);
    }
  };

  const root = document.body || document.documentElement;
  if (root) {
    const ctx = { buf: '', noText: false, onlyInteractive: false };
    walk(root, 0, ctx);
    flush(ctx, 0);
  }

  // Refs: keep the ones elements already carry (unless two elements share one), number the rest after the highest.
  for (const l of lines) {
    if (!l.el) continue;
    const ref = l.el.getAttribute(ATTR);
    const m = ref && /^e(\d+)$/.exec(ref);
    if (m && !seen.has(ref)) { seen.add(ref); seq = Math.max(seq, Number(m[1])); } else toName.push(l.el);
  }
  for (const el of document.querySelectorAll('[' + ATTR + ']')) {
    const m = /^e(\d+)$/.exec(el.getAttribute(ATTR) || '');
    if (m) seq = Math.max(seq, Number(m[1]));
  }
  for (const el of toName) el.setAttribute(ATTR, 'e' + ++seq);

  const out = lines.map((l) => {
    const pad = '  '.repeat(l.depth) + '- ';
    if (!l.el) return pad + l.text;
    refCount++;
    const t = l.text;
    let s = pad + t.role;
    if (t.name) s += ' ' + q(t.name);
    s += ' [ref=' + l.el.getAttribute(ATTR) + ']';
    for (const f of t.flags) s += ' [' + f + ']';
    if (t.value !== null) s += ' value=' + q(t.value);
    if (t.href) s += ' -> ' + cut(t.href);
    return s;
  });
  return { tree: out.join('\n'), refs: refCount, lines: out.length, truncated };
}`;

/** The expression that takes a snapshot with these options. */
export const snapshotExpression = (opts: SnapshotOptions): string => `(${SNAPSHOT_SOURCE})(${JSON.stringify(opts)})`;

/** What an action needs to know about a target element before acting on it. */
export const ELEMENT_INFO_SOURCE = `(el) => ({
  tag: el.localName,
  type: (el.getAttribute('type') || '').toLowerCase(),
  contentEditable: !!el.isContentEditable,
})`;

export interface ElementInfo {
  tag: string;
  type: string;
  contentEditable: boolean;
}

/**
 * A function object Playwright can pass to `locator.evaluate`: its source is sent to the page as written, so the
 * user's function (or one of the sources above) runs there unchanged, with the element as its argument.
 */
export const elementFunction = (source: string): ((el: unknown) => unknown) =>
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  new Function('element', `return (${source})(element);`) as (el: unknown) => unknown;

/**
 * The stealth init script: what the common stealth plugins change, installed in every frame before the page's own
 * scripts. Patched functions are Proxies of the originals, so `toString()` still reports native code.
 */
export const STEALTH_SOURCE = String.raw`(() => {
  const wrapGetter = (proto, prop, value) => {
    const d = proto && Object.getOwnPropertyDescriptor(proto, prop);
    if (!d || !d.get) return;
    Object.defineProperty(proto, prop, { ...d, get: new Proxy(d.get, { apply: (target, self, args) => value(target, self, args) }) });
  };
  const wrapMethod = (proto, prop, fn) => {
    const orig = proto && proto[prop];
    if (typeof orig !== 'function') return;
    Object.defineProperty(proto, prop, { value: new Proxy(orig, { apply: (target, self, args) => fn(target, self, args) }), configurable: true, writable: true, enumerable: false });
  };
  try {
    const N = typeof Navigator !== 'undefined' ? Navigator.prototype : null;
    wrapGetter(N, 'webdriver', () => false);
    const languages = Object.freeze(['en-US', 'en']);
    wrapGetter(N, 'languages', () => languages);
    wrapGetter(N, 'language', () => 'en-US');
    wrapGetter(N, 'hardwareConcurrency', () => 8);
    wrapGetter(N, 'deviceMemory', () => 8);

    if (typeof navigator !== 'undefined' && navigator.plugins && navigator.plugins.length === 0 && typeof PluginArray !== 'undefined') {
      const names = ['PDF Viewer', 'Chrome PDF Viewer', 'Chromium PDF Viewer', 'Microsoft Edge PDF Viewer', 'WebKit built-in PDF'];
      const mime = Object.create(MimeType.prototype, { type: { value: 'application/pdf' }, suffixes: { value: 'pdf' }, description: { value: 'Portable Document Format' } });
      const plugins = names.map((name) => Object.create(Plugin.prototype, { name: { value: name }, filename: { value: 'internal-pdf-viewer' }, description: { value: 'Portable Document Format' }, length: { value: 1 }, 0: { value: mime } }));
      const list = (proto, items, key) => {
        const o = Object.create(proto);
        items.forEach((it, i) => Object.defineProperty(o, i, { value: it, enumerable: true }));
        Object.defineProperties(o, { length: { value: items.length }, item: { value: (i) => items[i] || null }, namedItem: { value: (n) => items.find((it) => it[key] === n) || null } });
        return o;
      };
      const pluginArray = list(PluginArray.prototype, plugins, 'name');
      const mimeArray = list(MimeTypeArray.prototype, [mime], 'type');
      wrapGetter(N, 'plugins', () => pluginArray);
      wrapGetter(N, 'mimeTypes', () => mimeArray);
    }

    if (typeof window !== 'undefined') {
      if (!window.chrome) Object.defineProperty(window, 'chrome', { value: {}, writable: true, configurable: true, enumerable: true });
      const c = window.chrome;
      if (!c.app) c.app = { isInstalled: false, InstallState: { DISABLED: 'disabled', INSTALLED: 'installed', NOT_INSTALLED: 'not_installed' }, RunningState: { CANNOT_RUN: 'cannot_run', READY_TO_RUN: 'ready_to_run', RUNNING: 'running' } };
      if (!c.csi) c.csi = () => ({ onloadT: Date.now(), startE: Date.now(), pageT: performance.now(), tran: 15 });
      if (!c.loadTimes) c.loadTimes = () => ({ requestTime: Date.now() / 1000, startLoadTime: Date.now() / 1000, commitLoadTime: Date.now() / 1000, finishDocumentLoadTime: 0, finishLoadTime: 0, firstPaintTime: 0, navigationType: 'Other', wasFetchedViaSpdy: false, wasNpnNegotiated: false, npnNegotiatedProtocol: 'unknown', wasAlternateProtocolAvailable: false, connectionInfo: 'http/1.1' });
      // Desktop Chrome exposes chrome.runtime to https pages (extension messaging); headless has none.
      if (!c.runtime && typeof location !== 'undefined' && location.protocol === 'https:') {
        const invalid = (name) => function () { throw new TypeError('Error in invocation of runtime.' + name + '(): chrome.runtime.' + name + '() called from a webpage must specify an Extension ID (string) for its first argument.'); };
        c.runtime = {
          OnInstalledReason: { CHROME_UPDATE: 'chrome_update', INSTALL: 'install', SHARED_MODULE_UPDATE: 'shared_module_update', UPDATE: 'update' },
          OnRestartRequiredReason: { APP_UPDATE: 'app_update', OS_UPDATE: 'os_update', PERIODIC: 'periodic' },
          PlatformArch: { ARM: 'arm', ARM64: 'arm64', MIPS: 'mips', MIPS64: 'mips64', X86_32: 'x86-32', X86_64: 'x86-64' },
          PlatformNaclArch: { ARM: 'arm', MIPS: 'mips', MIPS64: 'mips64', X86_32: 'x86-32', X86_64: 'x86-64' },
          PlatformOs: { ANDROID: 'android', CROS: 'cros', LINUX: 'linux', MAC: 'mac', OPENBSD: 'openbsd', WIN: 'win' },
          RequestUpdateCheckStatus: { NO_UPDATE: 'no_update', THROTTLED: 'throttled', UPDATE_AVAILABLE: 'update_available' },
          get id() { return undefined; },
          connect: invalid('connect'),
          sendMessage: invalid('sendMessage'),
        };
      }
      if (window.outerWidth === 0 && window.outerHeight === 0) {
        wrapGetter(Window.prototype, 'outerWidth', () => window.innerWidth);
        wrapGetter(Window.prototype, 'outerHeight', () => window.innerHeight + 85);
      }
    }

    const VENDOR = 37445;
    const RENDERER = 37446;
    const spoof = (target, self, args) => {
      if (args[0] === VENDOR) return 'Intel Inc.';
      if (args[0] === RENDERER) return 'Intel Iris OpenGL Engine';
      return Reflect.apply(target, self, args);
    };
    if (typeof WebGLRenderingContext !== 'undefined') wrapMethod(WebGLRenderingContext.prototype, 'getParameter', spoof);
    if (typeof WebGL2RenderingContext !== 'undefined') wrapMethod(WebGL2RenderingContext.prototype, 'getParameter', spoof);

    if (typeof Permissions !== 'undefined' && typeof Notification !== 'undefined') {
      wrapMethod(Permissions.prototype, 'query', (target, self, args) => {
        const p = Reflect.apply(target, self, args);
        if (!args[0] || args[0].name !== 'notifications') return p;
        const want = Notification.permission === 'default' ? 'prompt' : Notification.permission;
        return p.then((status) => (status.state === want ? status : Object.create(status, { state: { get: () => want } })));
      });
    }
  } catch (e) {
    // A page must never break because a patch failed.
  }
})();`;
