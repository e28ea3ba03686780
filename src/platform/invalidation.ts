import { randomUUID } from 'node:crypto';
import type { Database } from './db/database.js';
import { RedisTransport, type BusTransport } from './redis-transport.js';

export type Invalidation =
  | { type: 'api_key'; id: string }
  | { type: 'organization'; id: string }
  | { type: 'pieces' }
  /** Custom integrations of an organization (orgId) or the published ones (null) changed (0151). */
  | { type: 'custom_integrations'; orgId: string | null }
  /** A workspace was renamed, deleted (with everything in it) or suspended. */
  | { type: 'workspace'; id: string; orgId: string }
  /** An end user was changed, or deleted (with its connections). */
  | { type: 'end_user'; id: string; workspaceId: string; orgId: string }
  /** Workspace integrations or partials of a workspace changed. */
  | { type: 'workspace_config'; workspaceId: string }
  /** MCP tokens were revoked or replaced: of one server, one OAuth grant or one token. */
  | { type: 'mcp_tokens'; serverId?: string; grantId?: string; tokenId?: string }
  /** Connections of an organization changed (created, deleted, credentials or status). */
  | { type: 'connections'; orgId: string }
  | { type: 'approval_policies'; orgId: string }
  /** Action packs of an organization were added or deleted: its monthly quota changed. */
  | { type: 'action_packs'; orgId: string }
  /** A trigger source was disabled or its piece state changed (inbound webhooks cache active sources). */
  | { type: 'trigger_source'; id: string; orgId: string }
  /** An organization's webhook signing secret was rotated or removed (deliveries cache it: 0161). */
  | { type: 'signing_secret'; orgId: string }
  | { type: 'all' };

const CHANNEL = 'switchboard_invalidate';

/** The default transport: Postgres NOTIFY, and a LISTEN connection that reports a gap when it is lost. */
class PostgresTransport implements BusTransport {
  private unlisten: (() => Promise<void>) | null = null;

  constructor(private readonly db: Database) {}

  async start(onMessage: (payload: string) => void, onGap: () => void): Promise<void> {
    this.unlisten = await this.db.listen(CHANNEL, onMessage, onGap);
  }

  async publish(payload: string): Promise<void> {
    await this.db.notify(CHANNEL, payload);
  }

  async stop(): Promise<void> {
    await this.unlisten?.().catch(() => undefined);
    this.unlisten = null;
  }
}

/** This cluster's id (made once, kept in the database every node shares): names its Redis channel. */
async function clusterId(db: Database): Promise<string> {
  await db.query(
    `INSERT INTO system_settings (key, value) VALUES ('cluster_id', to_jsonb($1::text)) ON CONFLICT (key) DO NOTHING`,
    [randomUUID()],
  );
  const [row] = await db.query<{ id: string }>(`SELECT value #>> '{}' AS id FROM system_settings WHERE key = 'cluster_id'`);
  if (!row) throw new Error('cluster_id missing from system_settings');
  return row.id;
}

/**
 * Cache invalidation shared by every node: handlers run at once on this node and, through Postgres LISTEN/NOTIFY
 * (or Redis pub/sub when REDIS_URL is set, 0121), on every other node. When the connection that receives them is
 * lost, handlers get `{type: 'all'}` because a message may have been missed.
 */
export class InvalidationBus {
  private readonly handlers: Array<(msg: Invalidation) => void> = [];
  private readonly transport: BusTransport;

  constructor(
    db: Database,
    opts: { redisUrl?: string | null; log?: { info(o: object, m?: string): void; warn(o: object, m?: string): void } } = {},
  ) {
    const log = opts.log ?? { info: () => undefined, warn: () => undefined };
    this.transport = opts.redisUrl
      ? new RedisTransport({ url: opts.redisUrl, clusterId: () => clusterId(db), log })
      : new PostgresTransport(db);
  }

  /** Which transport carries messages between nodes. */
  get via(): 'redis' | 'postgres' {
    return this.transport instanceof RedisTransport ? 'redis' : 'postgres';
  }

  subscribe(handler: (msg: Invalidation) => void): void {
    this.handlers.push(handler);
  }

  async start(): Promise<void> {
    await this.transport.start(
      (payload) => {
        try {
          this.dispatch(JSON.parse(payload) as Invalidation);
        } catch {
          this.dispatch({ type: 'all' });
        }
      },
      () => this.dispatch({ type: 'all' }),
    );
  }

  async publish(msg: Invalidation): Promise<void> {
    this.dispatch(msg);
    await this.transport.publish(JSON.stringify(msg));
  }

  async stop(): Promise<void> {
    await this.transport.stop();
  }

  private dispatch(msg: Invalidation): void {
    for (const h of this.handlers) h(msg);
  }
}
