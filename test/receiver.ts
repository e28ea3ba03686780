import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request a receiver got: method, path, lower-case headers and the raw body text. */
export interface Received {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  json: any;
  at: number;
}

/** What to answer: a status (default 200), after a delay, or never (the connection is held open). */
export type Answer = { status?: number; delayMs?: number; hang?: boolean; body?: unknown };

/**
 * A local HTTP server standing in for a customer's callback endpoint or a vendor API. `respond` decides each answer
 * (default 200); every request is recorded. `waitFor` polls a condition with a deadline (no fixed sleeps).
 */
export class Receiver {
  readonly requests: Received[] = [];
  respond: (req: Received, index: number) => Answer | Promise<Answer> = () => ({ status: 200 });
  private readonly server: http.Server;
  private readonly hung = new Set<http.ServerResponse>();

  constructor() {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        try {
          json = body ? JSON.parse(body) : undefined;
        } catch {
          json = undefined;
        }
        const headers = Object.fromEntries(
          Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v)]),
        );
        const received: Received = { method: req.method ?? 'GET', path: req.url ?? '/', headers, body, json, at: Date.now() };
        const index = this.requests.push(received) - 1;
        void Promise.resolve(this.respond(received, index)).then((a) => {
          if (a.hang) {
            this.hung.add(res);
            return;
          }
          const send = () => {
            const payload = a.body === undefined ? '{}' : JSON.stringify(a.body);
            res.writeHead(a.status ?? 200, { 'content-type': 'application/json' }).end(payload);
          };
          if (a.delayMs) setTimeout(send, a.delayMs);
          else send();
        });
      });
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    return this;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  url(path = '/hook'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** Requests to a path (exact, query included). */
  to(path: string): Received[] {
    return this.requests.filter((r) => r.path === path);
  }

  async waitFor<T>(check: () => T | undefined | false | null, timeoutMs = 15_000, what = 'condition'): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const v = check();
      if (v) return v;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (${this.requests.length} requests received)`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  async close(): Promise<void> {
    for (const res of this.hung) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server.close(() => r()));
  }
}

/** Polls an async condition until it is truthy, with a deadline. */
export async function eventually<T>(
  check: () => Promise<T | undefined | false | null>,
  timeoutMs = 15_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
