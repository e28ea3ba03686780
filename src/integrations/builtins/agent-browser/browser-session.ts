import dns from 'node:dns';
import net from 'node:net';
import type { BrowserContext, Dialog, Page } from 'playwright-core';
import type { EgressGuard } from '../../../platform/egress.js';
import { ActionError, type StateScope } from '../../framework.js';
import { hostMatches, stripBrackets } from './allowed-hosts.js';
import { EgressProxy, type Verdict } from './egress-proxy.js';
import { withTimeout } from './limits.js';

/** No queued call holds a session longer than this, whatever hangs underneath. */
const CALL_LIMIT_MS = 120_000;
const DNS_TTL_MS = 30_000;
const MAX_BLOCKED_KEPT = 50;

/** Schemes a frame may show; anything else (file:, chrome:, view-source:, ...) is sent back to about:blank. */
const FRAME_SCHEMES = /^(https?|about|data|blob|chrome-error):/i;

/** What start_session chose; allowedHosts and headless are saved with the profile and reused by later starts. */
export interface SessionSettings {
  stealth: boolean;
  headless: boolean;
  /** null: any host the egress guard allows. */
  allowedHosts: string[] | null;
}

export interface BlockedRequest {
  seq: number;
  url: string;
  reason: string;
}

export interface DialogInfo {
  type: string;
  message: string;
  defaultValue?: string | undefined;
}

/** One live browser for one persistence scope: a persistent Chromium context, its proxy and a call queue. */
export class BrowserSession {
  context!: BrowserContext;
  egress: EgressGuard;
  closed = false;
  pending = 0;
  lastUsed = Date.now();
  private active: Page | null = null;
  private openDialog: { page: Page; dialog: Dialog } | null = null;
  private readonly dialogWaiters = new Set<(d: Dialog) => void>();
  private readonly blockedList: BlockedRequest[] = [];
  private blockedSeq = 0;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly dnsCache = new Map<string, { at: number; addresses: dns.LookupAddress[] | null }>();
  readonly proxy: EgressProxy;

  constructor(
    readonly key: string,
    readonly scope: StateScope,
    readonly profileDir: string,
    public settings: SessionSettings,
    egress: EgressGuard,
  ) {
    this.egress = egress;
    this.proxy = new EgressProxy(
      (host, port) => this.checkHost(host, port),
      (url, reason) => this.recordBlocked(url, reason),
      (url) => this.egress.self?.refusal(url) ?? null,
    );
  }

  // ---- egress ----

  /**
   * Whether the browser may reach `host:port`: never this Switchboard service (its pages are for people, and inside
   * TLS the proxy cannot tell which page: 0092), then allowedHosts, then every resolved address through the egress guard.
   */
  async checkHost(host: string, port: number): Promise<Verdict> {
    const h = stripBrackets(host.toLowerCase()).replace(/\.$/, '');
    if (!h) return { ok: false, reason: 'the URL has no host' };
    if (this.egress.self?.isSelf(h, port))
      return {
        ok: false,
        reason: `${h}:${port} is this Switchboard service, whose pages are for people, not for the agent browser`,
      };
    if (!hostMatches(h, this.settings.allowedHosts)) return { ok: false, reason: `${h} is not in this session's allowedHosts` };
    const family = net.isIP(h);
    if (family) {
      if (!this.egress.isAllowed(h, h))
        return { ok: false, reason: `${h} is a private, loopback, link-local or metadata address` };
      return { ok: true, address: h, family: family as 4 | 6 };
    }
    let cached = this.dnsCache.get(h);
    if (!cached || Date.now() - cached.at > DNS_TTL_MS) {
      const addresses = await dns.promises.lookup(h, { all: true }).catch(() => null);
      cached = { at: Date.now(), addresses: addresses?.length ? addresses : null };
      if (this.dnsCache.size > 500) this.dnsCache.clear();
      this.dnsCache.set(h, cached);
    }
    if (!cached.addresses) return { ok: false, reason: `${h} does not resolve` };
    const denied = cached.addresses.find((a) => !this.egress.isAllowed(h, a.address));
    if (denied)
      return { ok: false, reason: `${h} resolves to ${denied.address}, a private, loopback, link-local or metadata address` };
    const first = cached.addresses[0]!;
    return { ok: true, address: first.address, family: first.family === 6 ? 6 : 4 };
  }

  /** The same check for a URL: http and https are checked; about:, data: and blob: stay inside the browser. */
  async checkUrl(raw: string): Promise<Verdict> {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return { ok: false, reason: 'not a valid URL' };
    }
    if (url.protocol === 'http:' || url.protocol === 'https:') {
      // A Human Gates decision, on whatever address: refused before the host is even looked at.
      const refusal = this.egress.self?.refusal(url);
      if (refusal) return { ok: false, reason: refusal };
      return this.checkHost(url.hostname, Number(url.port) || (url.protocol === 'https:' ? 443 : 80));
    }
    if (['about:', 'data:', 'blob:'].includes(url.protocol)) return { ok: true, address: '', family: 4 };
    return { ok: false, reason: `${url.protocol} URLs are not allowed` };
  }

  recordBlocked(url: string, reason: string): void {
    this.blockedList.push({ seq: ++this.blockedSeq, url: url.length > 300 ? url.slice(0, 300) + '…' : url, reason });
    if (this.blockedList.length > MAX_BLOCKED_KEPT) this.blockedList.shift();
  }

  /** A mark to pass to blockedSince. */
  get blockedMark(): number {
    return this.blockedSeq;
  }

  blockedSince(mark: number): BlockedRequest[] {
    return this.blockedList.filter((b) => b.seq > mark);
  }

  // ---- pages and dialogs ----

  attach(page: Page): void {
    page.on('framenavigated', (frame) => {
      const url = frame.url();
      if (FRAME_SCHEMES.test(url)) return;
      this.recordBlocked(url, `${url.split(':')[0]}: URLs are not allowed`);
      void frame.goto('about:blank').catch(() => undefined);
    });
    page.on('dialog', (dialog) => {
      this.openDialog = { page, dialog };
      for (const w of this.dialogWaiters) w(dialog);
    });
    page.on('close', () => {
      if (this.openDialog?.page === page) this.openDialog = null;
      if (this.active === page) this.active = null;
    });
  }

  pages(): Page[] {
    return this.context.pages();
  }

  /** The active tab; the last open one when the active tab closed, a new one when none is left. */
  async page(): Promise<Page> {
    if (this.active && !this.active.isClosed()) return this.active;
    const pages = this.pages();
    this.active = pages[pages.length - 1] ?? (await this.context.newPage());
    return this.active;
  }

  activate(page: Page): void {
    this.active = page;
  }

  /** The active tab if it is still open (never opens one). */
  get current(): Page | null {
    return this.active && !this.active.isClosed() ? this.active : null;
  }

  get dialog(): (DialogInfo & { dialog: Dialog; page: Page }) | null {
    const d = this.openDialog;
    if (!d || d.page.isClosed()) return null;
    return {
      type: d.dialog.type(),
      message: d.dialog.message(),
      defaultValue: d.dialog.defaultValue() || undefined,
      dialog: d.dialog,
      page: d.page,
    };
  }

  clearDialog(): void {
    this.openDialog = null;
  }

  /**
   * Run fn; if a dialog opens first, answer with it instead (the page is blocked until handle_dialog, and fn
   * finishes or times out in the background).
   */
  async raceDialog<T>(p: Promise<T>): Promise<{ value: T } | { dialog: DialogInfo }> {
    let waiter: ((d: Dialog) => void) | undefined;
    const opened = new Promise<Dialog>((resolve) => {
      waiter = resolve;
      this.dialogWaiters.add(resolve);
    });
    try {
      return await Promise.race([
        p.then((value) => ({ value })),
        opened.then((d) => ({ dialog: { type: d.type(), message: d.message() } })),
      ]);
    } finally {
      this.dialogWaiters.delete(waiter!);
      p.catch(() => undefined);
    }
  }

  // ---- the call queue ----

  /** Calls on one session run one at a time, in order; a cancelled call stops waiting (its work is bounded by timeouts). */
  run<T>(fn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    this.pending++;
    this.lastUsed = Date.now();
    const turn = this.queue.then(async () => {
      if (this.closed) throw new ActionError('The browser session was closed.');
      signal?.throwIfAborted();
      return withTimeout(fn(), CALL_LIMIT_MS, 'The browser call did not finish in time.');
    });
    this.queue = turn
      .catch(() => undefined)
      .finally(() => {
        this.pending--;
        this.lastUsed = Date.now();
        this.onSettled?.();
      });
    if (!signal) return turn;
    return Promise.race([
      turn,
      new Promise<never>((_, reject) => {
        const abort = () => reject(new ActionError('The call was cancelled.'));
        if (signal.aborted) abort();
        else signal.addEventListener('abort', abort, { once: true });
        void turn.finally(() => signal.removeEventListener('abort', abort)).catch(() => undefined);
      }),
    ]);
  }

  /** Set by BrowserSessions: arms the idle timer. */
  onSettled?: () => void;
  idleTimer?: NodeJS.Timeout;
  /** Set when the session starts closing; resolves when its browser and proxy are gone. */
  exited?: Promise<void>;
}
