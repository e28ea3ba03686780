import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import dns from 'node:dns';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import type { BrowserContext, Dialog, Page } from 'playwright-core';
import type { EgressGuard } from '../../../platform/egress.js';
import { ActionError, ActionInputError, type StateScope } from '../../framework.js';
import { STEALTH_SOURCE } from './snapshot.js';

export const NAVIGATION_TIMEOUT_MS = 30_000;
export const ACTION_TIMEOUT_MS = 10_000;
const LAUNCH_TIMEOUT_MS = 30_000;
const CLOSE_TIMEOUT_MS = 10_000;
/** No queued call holds a session longer than this, whatever hangs underneath. */
const CALL_LIMIT_MS = 120_000;
const DNS_TTL_MS = 30_000;
const MAX_ALLOWED_HOSTS = 100;
const MAX_BLOCKED_KEPT = 50;
const SETTINGS_FILE = 'switchboard-session.json';

/** Without the background-networking flags Chromium keeps calling home, and this network refuses much of it. */
const BASE_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--dns-prefetch-disable',
  // WebRTC would otherwise open UDP to any address, around the proxy; this leaves it TCP through the proxy only.
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
];

/** Schemes a frame may show; anything else (file:, chrome:, view-source:, ...) is sent back to about:blank. */
const FRAME_SCHEMES = /^(https?|about|data|blob|chrome-error):/i;

export interface BrowserSessionsOptions {
  /** Profiles live under `<dataDir>/browser-profiles`. */
  dataDir: string;
  /** Chromium binary; /usr/bin/chromium by default. */
  executablePath?: string;
  /** A session with no call for this long is closed (5 minutes by default). */
  idleMs?: number;
  /** Live sessions per process at most (8 by default). */
  maxSessions?: number;
  /** Whether start_session may ask for a visible browser (headless: false); only on hosts with a display. */
  allowHeaded?: boolean;
}

/** What start_session chose; allowedHosts and headless are saved with the profile and reused by later starts. */
export interface SessionSettings {
  stealth: boolean;
  headless: boolean;
  /** null: any host the egress guard allows. */
  allowedHosts: string[] | null;
}

export type Verdict = { ok: true; address: string; family: 4 | 6 } | { ok: false; reason: string };

export interface BlockedRequest {
  seq: number;
  url: string;
  reason: string;
}

const stripBrackets = (host: string) => host.replace(/^\[|\]$/g, '');
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
export const firstLine = (err: unknown) =>
  String((err as Error)?.message ?? err)
    .split('\n')[0]!
    .trim();

/** allowedHosts as given to start_session: host names, `*.example.com` wildcards or IP literals; normalised. */
export function normalizeAllowedHosts(value: unknown): string[] | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value)) throw new ActionInputError('allowedHosts', 'must be an array of host names');
  // An empty list would make a browser that can open nothing; omitting the field is how to allow any host.
  if (value.length === 0) throw new ActionInputError('allowedHosts', 'must list at least one host (omit it to allow any host)');
  if (value.length > MAX_ALLOWED_HOSTS) throw new ActionInputError('allowedHosts', `may list at most ${MAX_ALLOWED_HOSTS} hosts`);
  return value.map((raw, i) => {
    const field = `allowedHosts[${i}]`;
    if (typeof raw !== 'string') throw new ActionInputError(field, 'must be a string');
    const entry = stripBrackets(raw.trim().toLowerCase()).replace(/\.$/, '');
    if (net.isIP(entry)) return entry;
    if (!/^(\*\.)?[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*$/.test(entry) || entry.length > 253) {
      throw new ActionInputError(
        field,
        'must be a host name (example.com), a wildcard (*.example.com) or an IP address, without scheme, port or path',
      );
    }
    return entry;
  });
}

/** Exact host, or a `*.example.com` pattern matching any subdomain of example.com (not example.com itself). */
export function hostMatches(host: string, allowed: readonly string[] | null): boolean {
  if (!allowed) return true;
  const h = stripBrackets(host.toLowerCase()).replace(/\.$/, '');
  return allowed.some((p) => (p.startsWith('*.') ? h.endsWith(p.slice(1)) && h.length > p.length - 1 : h === p));
}

function withTimeout<T>(p: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const t = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ActionError(message)), ms);
    timer.unref();
  });
  return Promise.race([p, t]).finally(() => clearTimeout(timer));
}

/**
 * The session's HTTP proxy: Chromium sends every connection through it (loopback included), and it connects only
 * to addresses it resolved and checked itself. This is what enforces allowedHosts and the egress guard for
 * redirects (which Playwright routes do not see), WebSockets, preconnects and DNS rebinding.
 */
class EgressProxy {
  private readonly server: http.Server;
  private readonly sockets = new Set<net.Socket>();

  constructor(
    private readonly check: (host: string, port: number) => Promise<Verdict>,
    private readonly onBlocked: (url: string, reason: string) => void,
    /** Plain-HTTP requests show their path: a reason to refuse one (a Human Gates decision), or null. */
    private readonly refusePath: (url: URL) => string | null = () => null,
  ) {
    this.server = http.createServer((req, res) => void this.forward(req, res));
    this.server.on(
      'connect',
      (req: http.IncomingMessage, socket: net.Socket, head: Buffer) => void this.tunnel(req, socket, head),
    );
    this.server.on(
      'upgrade',
      (req: http.IncomingMessage, socket: net.Socket, head: Buffer) => void this.upgrade(req, socket, head),
    );
    this.server.on('connection', (s: net.Socket) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, '127.0.0.1', () => resolve());
    });
    return `http://127.0.0.1:${(this.server.address() as net.AddressInfo).port}`;
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private track(s: net.Socket): void {
    this.sockets.add(s);
    s.on('close', () => this.sockets.delete(s));
  }

  /** Connect to the checked address, or refuse; null when refused (the reply is already written). */
  private async open(host: string, port: number, label: string, refuse: (reason: string) => void): Promise<net.Socket | null> {
    const v = await this.check(host, port);
    if (!v.ok) {
      this.onBlocked(label, v.reason);
      refuse(v.reason);
      return null;
    }
    const upstream = net.connect({ host: v.address, port, family: v.family });
    this.track(upstream);
    upstream.setTimeout(ACTION_TIMEOUT_MS, () => upstream.destroy());
    upstream.once('connect', () => upstream.setTimeout(0));
    return upstream;
  }

  private async tunnel(req: http.IncomingMessage, socket: net.Socket, head: Buffer): Promise<void> {
    socket.on('error', () => socket.destroy());
    const m = /^(.+):(\d+)$/.exec(req.url ?? '');
    if (!m) return void socket.end('HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\n');
    const host = stripBrackets(m[1]!);
    const upstream = await this.open(host, Number(m[2]), `${host}:${m[2]}`, () =>
      socket.end('HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n'),
    );
    if (!upstream) return;
    this.splice(socket, upstream, () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
    });
  }

  private async upgrade(req: http.IncomingMessage, socket: net.Socket, head: Buffer): Promise<void> {
    socket.on('error', () => socket.destroy());
    let url: URL;
    try {
      url = new URL(req.url ?? '');
    } catch {
      return void socket.end('HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\n');
    }
    const host = stripBrackets(url.hostname);
    const upstream = await this.open(host, Number(url.port || 80), url.href, () =>
      socket.end('HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n'),
    );
    if (!upstream) return;
    this.splice(socket, upstream, () => {
      const lines = [`${req.method} ${url.pathname}${url.search} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        if (!/^proxy-/i.test(req.rawHeaders[i]!)) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      }
      upstream.write(lines.join('\r\n') + '\r\n\r\n');
      if (head.length) upstream.write(head);
    });
  }

  private splice(client: net.Socket, upstream: net.Socket, onConnect: () => void): void {
    upstream.once('connect', () => {
      onConnect();
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    upstream.on('close', () => client.destroy());
    client.on('close', () => upstream.destroy());
  }

  private async forward(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    let url: URL;
    try {
      url = new URL(req.url ?? '');
    } catch {
      res.writeHead(400).end();
      return;
    }
    if (url.protocol !== 'http:') {
      res.writeHead(400).end();
      return;
    }
    const host = stripBrackets(url.hostname);
    const refusal = this.refusePath(url);
    const v: Verdict = refusal ? { ok: false, reason: refusal } : await this.check(host, Number(url.port || 80));
    if (!v.ok) {
      this.onBlocked(url.href, v.reason);
      res
        .writeHead(403, { 'content-type': 'text/plain; charset=utf-8', 'x-switchboard-blocked': '1' })
        .end(`Blocked by Switchboard: ${v.reason}\n`);
      return;
    }
    const headers: Record<string, string | string[]> = {};
    for (const [k, val] of Object.entries(req.headers))
      if (val !== undefined && !/^(proxy-|connection$|keep-alive$)/i.test(k)) headers[k] = val;
    const upstream = http.request(
      {
        host: v.address,
        family: v.family,
        port: Number(url.port || 80),
        method: req.method,
        path: url.pathname + url.search,
        headers,
        setHost: false,
        agent: false,
      },
      (up) => {
        const raw: string[] = [];
        for (let i = 0; i < up.rawHeaders.length; i += 2) {
          if (!/^(connection|keep-alive|proxy-connection)$/i.test(up.rawHeaders[i]!))
            raw.push(up.rawHeaders[i]!, up.rawHeaders[i + 1]!);
        }
        res.writeHead(up.statusCode ?? 502, up.statusMessage, raw);
        up.pipe(res);
        up.on('error', () => res.destroy());
      },
    );
    upstream.setTimeout(NAVIGATION_TIMEOUT_MS, () => upstream.destroy());
    upstream.on('error', () => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
    req.pipe(upstream);
  }
}

export interface DialogInfo {
  type: string;
  message: string;
  defaultValue?: string;
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

/**
 * The browsers of this process: at most one live session per (workspace, persistence scope kind, scope id), each a
 * Chromium process with a persistent profile under `<dataDir>/browser-profiles/<workspaceId>/<kind>/<sha256(id)>`.
 * Sessions close after `idleMs` without calls, the least recently used idle one makes room when `maxSessions` are
 * open, and close() ends them all (call it on shutdown).
 */
export class BrowserSessions {
  readonly executablePath: string;
  readonly idleMs: number;
  readonly maxSessions: number;
  private readonly sessions = new Map<string, BrowserSession>();
  /** Start, acquire-with-launch and end of one key run one at a time, so a profile never gets two browsers. */
  private readonly locks = new Map<string, Promise<unknown>>();
  /** Sessions of a key still shutting down: a new launch on the same profile waits for them. */
  private readonly exits = new Map<string, Promise<void>>();
  private launching = 0;
  private closing = false;
  private chromeMajor: Promise<string | null> | null = null;

  constructor(readonly options: BrowserSessionsOptions) {
    this.executablePath = options.executablePath ?? '/usr/bin/chromium';
    this.idleMs = options.idleMs ?? 5 * 60_000;
    this.maxSessions = options.maxSessions ?? 8;
  }

  /** Live sessions. */
  get size(): number {
    return this.sessions.size;
  }

  keyOf(scope: StateScope): string {
    // Workspace ids are uuids; anything else is hashed too, so a key is always a safe relative path.
    const ws = /^[A-Za-z0-9_-]{1,64}$/.test(scope.workspaceId) ? scope.workspaceId : sha256(scope.workspaceId);
    return `${ws}/${scope.kind}/${sha256(scope.id)}`;
  }

  profileDir(scope: StateScope): string {
    return path.join(this.options.dataDir, 'browser-profiles', ...this.keyOf(scope).split('/'));
  }

  /** The live session of a scope, if any (no launch). */
  live(scope: StateScope): BrowserSession | undefined {
    const s = this.sessions.get(this.keyOf(scope));
    return s && !s.closed ? s : undefined;
  }

  /**
   * start_session: reuse the live session when its variant and headless match (allowedHosts replaced), otherwise
   * close it and launch with these settings.
   */
  start(
    scope: StateScope,
    settings: SessionSettings,
    egress: EgressGuard,
  ): Promise<{ session: BrowserSession; reused: boolean }> {
    return this.exclusive(this.keyOf(scope), async () => {
      const current = this.live(scope);
      if (current && current.settings.stealth === settings.stealth && current.settings.headless === settings.headless) {
        current.settings = settings;
        current.egress = egress;
        await this.saveSettings(current.profileDir, settings);
        return { session: current, reused: true };
      }
      if (current) await this.closeSession(current);
      return { session: await this.launch(scope, settings, egress), reused: false };
    });
  }

  /** Every other action: the live session, or one started with the settings saved by the last start_session. */
  async acquire(scope: StateScope, stealth: boolean, egress: EgressGuard): Promise<BrowserSession> {
    const pick = (s: BrowserSession) => {
      if (s.settings.stealth !== stealth) {
        throw new ActionError(
          `The open browser session of this scope is the ${s.settings.stealth ? 'stealth' : 'plain'} variant; call end_session (or start_session) first.`,
        );
      }
      s.egress = egress;
      return s;
    };
    const current = this.live(scope);
    if (current) return pick(current);
    return this.exclusive(this.keyOf(scope), async () => {
      const started = this.live(scope);
      if (started) return pick(started);
      const saved = await this.loadSettings(this.profileDir(scope));
      return this.launch(
        scope,
        { stealth, headless: saved?.headless ?? true, allowedHosts: saved?.allowedHosts ?? null },
        egress,
      );
    });
  }

  /** end_session: close the scope's live session; its profile stays. */
  end(scope: StateScope): Promise<boolean> {
    return this.exclusive(this.keyOf(scope), async () => {
      const s = this.live(scope);
      if (!s) return false;
      await this.closeSession(s);
      return true;
    });
  }

  /** Close every session; later calls fail. */
  async close(): Promise<void> {
    this.closing = true;
    await Promise.allSettled([...this.locks.values()]);
    await Promise.allSettled([...this.sessions.values()].map((s) => this.closeSession(s)));
    await Promise.allSettled([...this.exits.values()]);
  }

  private exclusive<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const run = (this.locks.get(key) ?? Promise.resolve()).then(fn);
    const tail = run.catch(() => undefined);
    this.locks.set(key, tail);
    void tail.then(() => {
      if (this.locks.get(key) === tail) this.locks.delete(key);
    });
    return run;
  }

  private async launch(scope: StateScope, settings: SessionSettings, egress: EgressGuard): Promise<BrowserSession> {
    this.launching++;
    try {
      return await this.doLaunch(this.keyOf(scope), scope, settings, egress);
    } finally {
      this.launching--;
    }
  }

  private async makeRoom(): Promise<void> {
    // `launching` counts this launch too.
    while (this.sessions.size + this.launching > this.maxSessions) {
      const idle = [...this.sessions.values()].filter((s) => s.pending === 0).sort((a, b) => a.lastUsed - b.lastUsed)[0];
      if (!idle) {
        throw new ActionError(`This server already runs ${this.maxSessions} browser sessions, all busy; try again later.`);
      }
      await this.closeSession(idle);
    }
  }

  private async doLaunch(
    key: string,
    scope: StateScope,
    settings: SessionSettings,
    egress: EgressGuard,
  ): Promise<BrowserSession> {
    if (this.closing) throw new ActionError('The browser is shutting down.');
    if (!settings.headless && !this.options.allowHeaded) {
      throw new ActionInputError('headless', 'must be true: this server runs browsers without a display');
    }
    await this.makeRoom();
    await this.exits.get(key);
    const dir = this.profileDir(scope);
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    await this.saveSettings(dir, settings);
    const session = new BrowserSession(key, scope, dir, settings, egress);
    const proxyUrl = await session.proxy.listen();
    const args = [...BASE_ARGS];
    if (settings.stealth) {
      args.push('--disable-blink-features=AutomationControlled', '--lang=en-US');
      const major = await this.chromiumMajor();
      if (major)
        args.push(
          `--user-agent=Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Safari/537.36`,
        );
    }
    // Loaded on the first browser launch: playwright-core costs half a second of start-up to every process otherwise.
    const { chromium } = await import('playwright-core');
    const starting = chromium.launchPersistentContext(dir, {
      executablePath: this.executablePath,
      headless: settings.headless,
      args,
      ...(settings.stealth ? { ignoreDefaultArgs: ['--enable-automation'], locale: 'en-US' } : {}),
      // Chromium bypasses proxies for loopback by default; `<-loopback>` sends loopback through the proxy as well.
      proxy: { server: proxyUrl, bypass: '<-loopback>' },
      viewport: { width: 1280, height: 720 },
      acceptDownloads: false,
      serviceWorkers: 'block',
      timeout: LAUNCH_TIMEOUT_MS,
    });
    try {
      session.context = await withTimeout(starting, LAUNCH_TIMEOUT_MS + 5_000, 'The browser did not start in time.');
    } catch (err) {
      void starting.then((c) => c.close()).catch(() => undefined);
      await session.proxy.close();
      if (err instanceof ActionError) throw err;
      throw new ActionError(`The browser could not be started: ${firstLine(err)}`);
    }
    const ctx = session.context;
    ctx.setDefaultTimeout(ACTION_TIMEOUT_MS);
    ctx.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
    ctx.on('close', () => void this.closeSession(session));
    this.sessions.set(key, session);
    try {
      if (settings.stealth) await ctx.addInitScript({ content: STEALTH_SOURCE });
      // The fast, explained refusals; the proxy underneath enforces the same rules for what routes never see.
      await ctx.route('**/*', async (route) => {
        const url = route.request().url();
        const v = await session.checkUrl(url).catch((err: unknown): Verdict => ({ ok: false, reason: firstLine(err) }));
        if (v.ok) return route.continue().catch(() => undefined);
        session.recordBlocked(url, v.reason);
        return route.abort('blockedbyclient').catch(() => undefined);
      });
      for (const p of ctx.pages()) session.attach(p);
      ctx.on('page', (p) => session.attach(p));
    } catch (err) {
      await this.closeSession(session);
      throw new ActionError(`The browser could not be started: ${firstLine(err)}`);
    }
    session.onSettled = () => this.armIdle(session);
    if (this.closing) {
      await this.closeSession(session);
      throw new ActionError('The browser is shutting down.');
    }
    this.armIdle(session);
    return session;
  }

  private armIdle(session: BrowserSession): void {
    clearTimeout(session.idleTimer);
    if (session.closed || session.pending > 0) return;
    session.idleTimer = setTimeout(() => {
      if (session.pending === 0 && !session.closed) void this.closeSession(session);
    }, this.idleMs);
    session.idleTimer.unref();
  }

  private closeSession(session: BrowserSession): Promise<void> {
    if (this.sessions.get(session.key) === session) this.sessions.delete(session.key);
    if (session.exited) return session.exited;
    session.closed = true;
    clearTimeout(session.idleTimer);
    const exited = (async () => {
      await withTimeout(session.context.close(), CLOSE_TIMEOUT_MS, 'The browser did not close in time.').catch(() => undefined);
      await session.proxy.close();
    })();
    session.exited = exited;
    this.exits.set(session.key, exited);
    void exited.then(() => {
      if (this.exits.get(session.key) === exited) this.exits.delete(session.key);
    });
    return exited;
  }

  private async saveSettings(dir: string, s: SessionSettings): Promise<void> {
    await fs.writeFile(path.join(dir, SETTINGS_FILE), JSON.stringify({ headless: s.headless, allowedHosts: s.allowedHosts }), {
      mode: 0o600,
    });
  }

  private async loadSettings(dir: string): Promise<Pick<SessionSettings, 'headless' | 'allowedHosts'> | null> {
    try {
      const raw = JSON.parse(await fs.readFile(path.join(dir, SETTINGS_FILE), 'utf8'));
      return {
        headless: raw.headless !== false,
        allowedHosts: Array.isArray(raw.allowedHosts) ? normalizeAllowedHosts(raw.allowedHosts) : null,
      };
    } catch {
      return null;
    }
  }

  /** The Chromium major version, for a user agent that matches the browser (asked once per process). */
  private chromiumMajor(): Promise<string | null> {
    this.chromeMajor ??= new Promise((resolve) => {
      execFile(this.executablePath, ['--version'], { timeout: 10_000 }, (err, stdout) => {
        resolve(err ? null : (/(\d+)\.\d+\.\d+\.\d+/.exec(String(stdout))?.[1] ?? null));
      });
    });
    return this.chromeMajor;
  }
}
