import os from 'node:os';
import type { Dispatcher } from 'undici';

/**
 * A Human Gates decision, on any host: approve/approvals followed by an approval request id. Every decision
 * endpoint names the request in its path (/approve/<id>/decision, /approvals/<id>/decision,
 * /api/v1/approvals/<id>/approve, /connect/portal/approvals/<id>/approve), so this holds whatever address reaches us.
 */
const DECISION_PATH = /(^|\/)approv(e|als)\/apr_/;
/** The rest of the Human Gates surface of this service: review pages, the portal's approvals, approvals and policies API. */
const GATES_PATH = /(^|\/)(approve|approvals)(\/|$)|(^|\/)api\/v1\/approval/;

const REASON =
  "approval decisions are made by people, and Switchboard's review pages and approvals API are not open to actions or agents";

/** Where only an address is visible (piece workers' sockets): the whole service is refused. */
export const SELF_REASON =
  'it is this Switchboard service, which third-party code may not call (its approval decisions are made by people)';

export class SelfRequestDeniedError extends Error {
  readonly code = 'EGRESS_DENIED';
  constructor(target: string, reason = REASON) {
    super(`Outbound request to ${target} is not allowed: ${reason}.`);
    this.name = 'SelfRequestDeniedError';
  }
}

/**
 * A path as a router might read it, whatever its spelling: percent-decoded until stable (so %61, %2561 and %2F do not
 * hide a segment), backslashes as slashes, lower case, empty and dot segments resolved, `;params` dropped.
 */
export function normalizePath(raw: string): string {
  let p = raw.split(/[?#]/, 1)[0] ?? '';
  for (let i = 0; i < 4; i++) {
    const decoded = p.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (decoded === p) break;
    p = decoded;
  }
  const out: string[] = [];
  for (const raw of p.replace(/\\/g, '/').toLowerCase().split('/')) {
    const seg = raw.replace(/;.*$/, '').trim();
    if (seg === '' || seg === '.') continue;
    if (seg === '..') out.pop();
    else out.push(seg);
  }
  return `/${out.join('/')}`;
}

const bare = (host: string) =>
  host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
const defaultPort = (protocol: string) => (protocol === 'https:' || protocol === 'wss:' ? 443 : 80);

function isLoopbackOrAny(host: string): boolean {
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const v4 = /^(?:::ffff:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(host)?.[1];
  if (v4) return v4.startsWith('127.') || v4 === '0.0.0.0';
  return host === '::1' || host === '::';
}

/**
 * This service as outbound calls can reach it: its public URL (host and port), and every local address on the port it
 * listens on. Actions and agents run here on behalf of a caller; they must not be able to make the decisions Human
 * Gates leaves to people (docs/decisions/0092).
 */
export class SelfEndpoints {
  private readonly publicHost: string;
  private readonly publicPort: number;
  private readonly ports: Set<number>;
  private readonly localHosts: Set<string>;

  constructor(opts: { publicUrl: string; port: number; host: string }) {
    const u = new URL(opts.publicUrl);
    this.publicHost = bare(u.hostname);
    this.publicPort = u.port ? Number(u.port) : defaultPort(u.protocol);
    this.ports = new Set([opts.port, ...(isLoopbackOrAny(this.publicHost) ? [this.publicPort] : [])]);
    this.localHosts = new Set([bare(opts.host)]);
    for (const addresses of Object.values(os.networkInterfaces()))
      for (const a of addresses ?? []) this.localHosts.add(bare(a.address));
  }

  /** Whether host:port is this service: the public URL's, or a loopback or local address on our port. */
  isSelf(host: string, port: number): boolean {
    const h = bare(host);
    if (h === this.publicHost && port === this.publicPort) return true;
    return this.ports.has(port) && (isLoopbackOrAny(h) || this.localHosts.has(h));
  }

  /**
   * Why a request to `url` must not be sent on a caller's behalf, or null. Decision paths are refused on any host;
   * the rest of the Human Gates surface on this service's own host names (a Host header counts as one).
   */
  refusal(url: URL, hostHeader?: string | null): string | null {
    const path = normalizePath(url.pathname);
    if (DECISION_PATH.test(path)) return REASON;
    if (!GATES_PATH.test(path)) return null;
    const port = url.port ? Number(url.port) : defaultPort(url.protocol);
    const names = [url.hostname, ...(hostHeader ? [hostHeader.replace(/:\d+$/, '')] : [])].map(bare);
    const own = names.some((h) => h === this.publicHost || this.isSelf(h, port));
    return own ? REASON : null;
  }

  /** An undici interceptor refusing such requests, redirect hops included (fetch dispatches each hop anew). */
  interceptor(): Dispatcher.DispatcherComposeInterceptor {
    return (dispatch) => (opts, handler) => {
      let url: URL;
      try {
        url = new URL(opts.path, opts.origin);
      } catch {
        return dispatch(opts, handler);
      }
      if (this.refusal(url, hostHeaderOf(opts.headers)) === null) return dispatch(opts, handler);
      const err = new SelfRequestDeniedError(`${url.origin}${url.pathname}`);
      (handler as unknown as { onResponseError(controller: unknown, err: Error): void }).onResponseError(null, err);
      return true;
    };
  }
}

function hostHeaderOf(headers: Dispatcher.DispatchOptions['headers']): string | null {
  if (!headers) return null;
  let entries: Iterable<readonly [unknown, unknown]>;
  if (Array.isArray(headers)) {
    const flat = headers as unknown[];
    entries = Array.from({ length: Math.floor(flat.length / 2) }, (_, i) => [flat[2 * i], flat[2 * i + 1]] as const);
  } else if (Symbol.iterator in headers) entries = headers as Iterable<readonly [unknown, unknown]>;
  else entries = Object.entries(headers);
  for (const [k, v] of entries) if (String(k).toLowerCase() === 'host') return String(Array.isArray(v) ? v[0] : v);
  return null;
}
