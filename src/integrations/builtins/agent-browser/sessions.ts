import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { EgressGuard } from '../../../platform/egress.js';
import { ActionError, ActionInputError, type StateScope } from '../../framework.js';
import { normalizeAllowedHosts } from './allowed-hosts.js';
import { BrowserSession, type SessionSettings } from './browser-session.js';
import type { Verdict } from './egress-proxy.js';
import { ACTION_TIMEOUT_MS, NAVIGATION_TIMEOUT_MS, firstLine, withTimeout } from './limits.js';
import { STEALTH_SOURCE } from './snapshot.js';

const LAUNCH_TIMEOUT_MS = 30_000;
const CLOSE_TIMEOUT_MS = 10_000;
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

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

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
