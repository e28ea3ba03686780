import { randomBytes } from 'node:crypto';
import { Redis, type RedisOptions } from 'ioredis';
import { ConfigError } from '../config.js';

/** How the invalidation bus reaches other nodes (Postgres LISTEN/NOTIFY, or Redis pub/sub with REDIS_URL). */
export interface BusTransport {
  /** `onGap`: messages may have been missed (connection lost, or back after a loss): caches must be cleared. */
  start(onMessage: (payload: string) => void, onGap: () => void): Promise<void>;
  publish(payload: string): Promise<void>;
  stop(): Promise<void>;
}

interface Log {
  info(o: object, m?: string): void;
  warn(o: object, m?: string): void;
}

/** Messages kept while the publishing connection is down; beyond this one "clear everything" replaces them. */
const MAX_PENDING = 100;
const ALL = JSON.stringify({ type: 'all' });

/** host:port of a Redis URL, for messages: never its password. */
export function redisWhere(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || '6379'}`;
}

/**
 * Redis pub/sub for cache invalidation (docs/decisions/0121-redis-invalidation.md): one subscribing and one publishing
 * connection per node, on a channel named after the cluster (nodes sharing a database share it; other deployments
 * on the same Redis do not). Unlike LISTEN, it needs no long-lived PostgreSQL session, so it works behind PgBouncer in
 * transaction mode. A lost subscription reports a gap twice: when it is lost (this node may miss messages from now)
 * and once it is subscribed again (messages sent meanwhile were missed). A publish that cannot reach Redis is kept
 * and sent when the connection is back, so other nodes still hear of it.
 */
export class RedisTransport implements BusTransport {
  private sub: Redis | null = null;
  private pub: Redis | null = null;
  private channel = '';
  private pending: string[] = [];
  private stopping = false;
  /** Connection names carry the cluster and this, so a node's connections can be told apart (CLIENT LIST). */
  readonly nodeId = randomBytes(4).toString('hex');

  constructor(private readonly opts: { url: string; clusterId: () => Promise<string>; log: Log }) {}

  async start(onMessage: (payload: string) => void, onGap: () => void): Promise<void> {
    const clusterId = await this.opts.clusterId();
    this.channel = `switchboard:invalidate:${clusterId}`;
    let connected = false;
    const options = (role: string) =>
      ({
        lazyConnect: true,
        connectionName: `switchboard-bus-${role}-${clusterId.slice(0, 8)}-${this.nodeId}`,
        autoResubscribe: false,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        connectTimeout: 5000,
        commandTimeout: 5000,
        // No retries until the first connection worked: a wrong REDIS_URL fails start-up instead of waiting.
        retryStrategy: (attempt: number) => (connected && !this.stopping ? Math.min(attempt * 100, 2000) : null),
      }) satisfies RedisOptions;
    const sub = new Redis(this.opts.url, options('sub'));
    const pub = new Redis(this.opts.url, options('pub'));
    // Connection errors surface as close/reconnect below; without a listener ioredis would print them.
    sub.on('error', () => undefined);
    pub.on('error', () => undefined);
    try {
      await Promise.all([sub.connect(), pub.connect()]);
      await sub.subscribe(this.channel);
    } catch (err) {
      sub.disconnect();
      pub.disconnect();
      const reason = (err as { code?: string }).code ?? (err as Error).message;
      throw new ConfigError('REDIS_URL', `cannot be used: Redis at ${redisWhere(this.opts.url)} answered ${reason}`);
    }
    connected = true;
    this.sub = sub;
    this.pub = pub;
    sub.on('message', (channel: string, payload: string) => {
      if (channel === this.channel) onMessage(payload);
    });
    let lost = false;
    sub.on('close', () => {
      if (this.stopping || lost) return;
      lost = true;
      this.opts.log.warn({ redis: redisWhere(this.opts.url) }, 'invalidation subscription lost; caches cleared, reconnecting');
      onGap();
    });
    sub.on('ready', () => {
      if (!lost) return;
      sub.subscribe(this.channel).then(
        () => {
          lost = false;
          this.opts.log.info({ redis: redisWhere(this.opts.url) }, 'invalidation subscription back; caches cleared');
          onGap();
        },
        // Not subscribed: drop the connection so the retry strategy makes a new one.
        () => sub.disconnect(true),
      );
    });
    pub.on('ready', () => this.flush());
  }

  async publish(payload: string): Promise<void> {
    const pub = this.pub;
    if (!pub || pub.status !== 'ready') return this.keep(payload);
    try {
      await pub.publish(this.channel, payload);
    } catch {
      this.keep(payload);
    }
  }

  async stop(): Promise<void> {
    this.stopping = true;
    for (const c of [this.sub, this.pub]) c?.disconnect();
    this.sub = null;
    this.pub = null;
  }

  private keep(payload: string): void {
    if (this.stopping) return;
    if (this.pending.length >= MAX_PENDING) this.pending = [ALL];
    else if (this.pending[0] !== ALL) this.pending.push(payload);
  }

  private flush(): void {
    const pending = this.pending;
    this.pending = [];
    for (const payload of pending) void this.publish(payload);
  }
}
