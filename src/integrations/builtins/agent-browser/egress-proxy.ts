import http from 'node:http';
import net from 'node:net';
import { stripBrackets } from './allowed-hosts.js';
import { ACTION_TIMEOUT_MS, NAVIGATION_TIMEOUT_MS } from './limits.js';

export type Verdict = { ok: true; address: string; family: 4 | 6 } | { ok: false; reason: string };

/**
 * The session's HTTP proxy: Chromium sends every connection through it (loopback included), and it connects only
 * to addresses it resolved and checked itself. This is what enforces allowedHosts and the egress guard for
 * redirects (which Playwright routes do not see), WebSockets, preconnects and DNS rebinding.
 */
export class EgressProxy {
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
