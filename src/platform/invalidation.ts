import type { Database } from './db/database.js';

export type Invalidation =
  | { type: 'api_key'; id: string }
  | { type: 'organization'; id: string }
  | { type: 'pieces' }
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
  /** A trigger source was disabled or its piece state changed (inbound webhooks cache active sources). */
  | { type: 'trigger_source'; id: string; orgId: string }
  | { type: 'all' };

const CHANNEL = 'switchboard_invalidate';

/**
 * Cache invalidation shared by every node: handlers run at once on this node and, through Postgres
 * LISTEN/NOTIFY, on every other node. When the listening connection is lost, handlers get `{type: 'all'}`
 * because a notification may have been missed.
 */
export class InvalidationBus {
  private readonly handlers: Array<(msg: Invalidation) => void> = [];
  private unlisten: (() => Promise<void>) | null = null;

  constructor(private readonly db: Database) {}

  subscribe(handler: (msg: Invalidation) => void): void {
    this.handlers.push(handler);
  }

  async start(): Promise<void> {
    this.unlisten = await this.db.listen(
      CHANNEL,
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
    await this.db.notify(CHANNEL, JSON.stringify(msg));
  }

  async stop(): Promise<void> {
    await this.unlisten?.().catch(() => undefined);
    this.unlisten = null;
  }

  private dispatch(msg: Invalidation): void {
    for (const h of this.handlers) h(msg);
  }
}
