import dns from 'node:dns';
import net from 'node:net';
import { Agent, buildConnector, type Dispatcher } from 'undici';
import { SELF_REASON, SelfRequestDeniedError, type SelfEndpoints } from './self-endpoints.js';
import { tracingInterceptor, tracingOn } from './tracing.js';

/** Address ranges no outbound call may reach unless allow-listed: loopback, private, link-local, metadata, ... */
const DENIED = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  DENIED.addSubnet(prefix, bits, 'ipv4');
}
for (const [prefix, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['64:ff9b::', 96],
  ['100::', 64],
] as const) {
  DENIED.addSubnet(prefix, bits, 'ipv6');
}

export class EgressDeniedError extends Error {
  readonly code = 'EGRESS_DENIED';
  constructor(host: string, address: string) {
    super(`Outbound request to ${host} (${address}) is not allowed: private, loopback, link-local or metadata address.`);
    this.name = 'EgressDeniedError';
  }
}

/** IPv4-mapped IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it maps. */
function normalize(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return { address: mapped[1], family: 'ipv4' };
  return { address, family: net.isIPv6(address) ? 'ipv6' : 'ipv4' };
}

/**
 * The SSRF guard every outbound call goes through (callbacks, webhooks, the http integration, pieces, browsers):
 * the host is resolved and each address checked at connect time (so DNS rebinding cannot slip past), IP literals
 * are checked too, and redirects are followed only through the same dispatcher. `allow` (SWITCHBOARD_EGRESS_ALLOW)
 * lists host names or IPs/CIDRs that may be reached even though private, e.g. `127.0.0.1,localhost`.
 */
export class EgressGuard {
  private readonly allowHosts = new Set<string>();
  private readonly allowNets = new net.BlockList();
  private agent: Dispatcher | null = null;

  /** `self`: this service, whose Human Gates decision endpoints the dispatcher refuses (0092). */
  constructor(
    allow: readonly string[] = [],
    readonly self: SelfEndpoints | null = null,
  ) {
    for (const raw of allow) {
      const entry = raw.trim().toLowerCase();
      if (!entry) continue;
      const [ip, bits] = entry.split('/');
      if (ip && net.isIP(ip)) {
        const family = net.isIPv6(ip) ? 'ipv6' : 'ipv4';
        if (bits !== undefined) this.allowNets.addSubnet(ip, Number(bits), family);
        else this.allowNets.addAddress(ip, family);
      } else {
        this.allowHosts.add(entry);
      }
    }
  }

  /** Whether `host` may be reached at `address`. */
  isAllowed(host: string, address: string): boolean {
    if (this.allowHosts.has(host.toLowerCase().replace(/^\[|\]$/g, ''))) return true;
    const { address: a, family } = normalize(address.replace(/^\[|\]$/g, ''));
    if (this.allowNets.check(a, family)) return true;
    return !DENIED.check(a, family);
  }

  assertAllowed(host: string, address: string): void {
    if (!this.isAllowed(host, address)) throw new EgressDeniedError(host, address);
  }

  /** A dns.lookup replacement that fails when any resolved address is denied. */
  readonly lookup = (hostname: string, options: dns.LookupOptions, callback: (...args: any[]) => void): void => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err);
      const list = addresses;
      const denied = list.find((a) => !this.isAllowed(hostname, a.address));
      if (denied) return callback(new EgressDeniedError(hostname, denied.address));
      if (options.all) return callback(null, list);
      const first = list[0];
      if (!first) return callback(new Error(`${hostname} did not resolve`));
      return callback(null, first.address, first.family);
    });
  };

  /** An undici dispatcher enforcing the guard; use with `fetch(url, {dispatcher})` or undici's `request`. */
  dispatcher(): Dispatcher {
    if (this.agent) return this.agent;
    const base = buildConnector({ lookup: this.lookup as never, timeout: 10_000 });
    const agent = new Agent({
      connect: (opts, cb) => {
        const host = opts.hostname.replace(/^\[|\]$/g, '');
        if (net.isIP(host) && !this.isAllowed(host, host)) {
          cb(new EgressDeniedError(host, host), null);
          return;
        }
        base(opts, cb);
      },
    });
    const guarded = this.self ? agent.compose(this.self.interceptor()) : agent;
    this.agent = tracingOn() ? guarded.compose(tracingInterceptor()) : guarded;
    return this.agent;
  }

  async close(): Promise<void> {
    await this.agent?.close();
    this.agent = null;
  }
}

/**
 * Puts a whole process behind the guard: every TCP connection (http, https, fetch, database drivers) resolves
 * its host through the guard and IP literals are checked, Unix sockets are refused, and TLS verifies certificates
 * unless the caller passes `rejectUnauthorized: false` itself, whatever `NODE_TLS_REJECT_UNAUTHORIZED` says.
 * For piece worker processes only: third-party code that brings its own HTTP clients.
 */
export function installProcessEgressGuard(guard: EgressGuard): void {
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with the socket as `this`
  const originalConnect = net.Socket.prototype.connect as (...a: unknown[]) => net.Socket;
  const patched = function (this: net.Socket, ...args: unknown[]): net.Socket {
    // Node passes pre-normalised [options, callback] arrays internally; users pass (options, cb) or (port, host, cb).
    const normalized = Array.isArray(args[0]) ? (args[0] as unknown[]) : args;
    let options: Record<string, unknown>;
    let rest: unknown[];
    if (typeof normalized[0] === 'object' && normalized[0] !== null) {
      options = normalized[0] as Record<string, unknown>;
      rest = normalized.slice(1);
    } else if (typeof normalized[0] === 'number' || (typeof normalized[0] === 'string' && /^\d+$/.test(normalized[0]))) {
      options = { port: Number(normalized[0]), ...(typeof normalized[1] === 'string' ? { host: normalized[1] } : {}) };
      rest = normalized.slice(typeof normalized[1] === 'string' ? 2 : 1);
    } else {
      options = { path: normalized[0] };
      rest = normalized.slice(1);
    }
    const refuse = (err: Error) => {
      process.nextTick(() => this.destroy(err));
      return this;
    };
    if (typeof options.path === 'string' && options.path !== '')
      return refuse(new EgressDeniedError(options.path, 'unix socket'));
    const host = (typeof options.host === 'string' && options.host ? options.host : 'localhost').replace(/^\[|\]$/g, '');
    // This service itself: only its address is visible here, so all of it is refused (0092).
    if (guard.self?.isSelf(host, Number(options.port)))
      return refuse(new SelfRequestDeniedError(`${host}:${String(options.port)}`, SELF_REASON));
    if (net.isIP(host)) {
      if (!guard.isAllowed(host, host)) return refuse(new EgressDeniedError(host, host));
    } else {
      options = { ...options, lookup: guard.lookup };
    }
    return originalConnect.call(this, options, ...rest);
  };
  net.Socket.prototype.connect = patched;
}

/** See installProcessEgressGuard: certificates are verified unless a caller explicitly opts out per connection. */
export async function enforceTlsVerification(): Promise<void> {
  const tls = await import('node:tls');
  const original = tls.default.connect;
  const connect = (...args: unknown[]) => {
    const at = args.findIndex((a) => typeof a === 'object' && a !== null);
    if (at === -1) args.push({ rejectUnauthorized: true });
    else {
      const o = args[at] as Record<string, unknown>;
      if (o.rejectUnauthorized === undefined) args[at] = { ...o, rejectUnauthorized: true };
    }
    return (original as (...a: unknown[]) => ReturnType<typeof tls.default.connect>)(...args);
  };
  (tls.default as unknown as { connect: typeof connect }).connect = connect;
}
