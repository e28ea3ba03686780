import type { Executor, Orm } from '../../platform/db/database.js';
import { AppError, isUniqueViolation } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/access.js';
import { isUuid, newId } from '../../platform/ids.js';
import { CONFIG_CACHE_TTL_MS, type WorkspacesService } from '../workspaces/workspaces.service.js';
import { cachedOrNull, ConfigCache } from '../../platform/cache.js';
import type { InvalidationBus } from '../../platform/invalidation.js';
import type { EndUserRow } from './end-users.repository.js';
import { toEndUser, toEndUserConnection } from './end-users.mapper.js';
import * as repo from './end-users.repository.js';
import type { CreateEndUserInput, UpdateEndUserInput } from './end-users.schemas.js';

/** The app's own customers, per workspace, identified by the app's externalId. */
export class EndUsersService {
  /** End users as calls name them (by externalId or id), for the engine; absent ones are not cached. */
  private readonly cache = new ConfigCache<EndUserRow>({ ttlMs: CONFIG_CACHE_TTL_MS, maxEntries: 100_000 });

  constructor(private readonly deps: { orm: Orm; workspaces: WorkspacesService; bus: InvalidationBus }) {
    deps.bus.subscribe((msg) => {
      if (msg.type === 'all') this.cache.clear();
      else if (msg.type === 'end_user') this.cache.invalidateTag(`eu:${msg.id}`);
      else if (msg.type === 'workspace') this.cache.invalidateTag(`ws:${msg.id}`);
    });
  }

  /** A cached lookup that does not remember misses (an end user created later must be found). */
  private cached(key: string, load: () => Promise<EndUserRow | null>): Promise<EndUserRow | null> {
    return cachedOrNull(this.cache, key, (row) => [`eu:${row.id}`, `ws:${row.workspaceId}`], load);
  }

  async create(actor: Actor, input: CreateEndUserInput) {
    await this.deps.workspaces.requireUsable(actor, input.workspaceId);
    try {
      const row = await repo.insertEndUser(this.deps.orm, {
        id: newId(),
        orgId: actor.orgId,
        workspaceId: input.workspaceId,
        externalId: input.externalId,
        displayName: input.displayName ?? null,
        email: input.email ?? null,
        metadata: input.metadata ?? {},
      });
      return toEndUser({ ...row, connectionCount: 0 });
    } catch (err) {
      if (isUniqueViolation(err))
        throw new AppError('DUPLICATE', `An end user with externalId "${input.externalId}" already exists in this workspace.`);
      throw err;
    }
  }

  async list(actor: Actor, q: { workspaceId: string; limit: number; offset: number }) {
    await this.deps.workspaces.requireUsable(actor, q.workspaceId);
    const [rows, total] = await Promise.all([
      repo.listEndUsers(this.deps.orm, actor.orgId, q.workspaceId, q.limit, q.offset),
      repo.countEndUsers(this.deps.orm, actor.orgId, q.workspaceId),
    ]);
    return { endUsers: rows.map(toEndUser), total };
  }

  async get(actor: Actor, id: string) {
    const row = await this.find(actor, id);
    const connections = await repo.listEndUserConnections(this.deps.orm, actor.orgId, id);
    return { endUser: toEndUser(row), connections: connections.map(toEndUserConnection) };
  }

  async update(actor: Actor, id: string, input: UpdateEndUserInput) {
    const patch: Parameters<typeof repo.updateEndUser>[3] = {};
    if (input.displayName !== undefined) patch.displayName = input.displayName;
    if (input.email !== undefined) patch.email = input.email;
    if (input.metadata !== undefined) patch.metadata = input.metadata;
    if (Object.keys(patch).length === 0) throw new AppError('NO_UPDATES', 'Give displayName, email or metadata.');
    const row = await this.find(actor, id);
    await repo.updateEndUser(this.deps.orm, actor.orgId, id, patch);
    // Cached rows carry the name, email and metadata (the portal shows the name): dropped here and on other nodes.
    await this.deps.bus.publish({ type: 'end_user', id, workspaceId: row.workspaceId, orgId: actor.orgId });
    return toEndUser((await repo.findEndUser(this.deps.orm, actor.orgId, id))!);
  }

  /** Deletes the end user and its connections in one transaction. */
  async delete(actor: Actor, id: string) {
    const row = await this.find(actor, id);
    const connectionsDeleted = await this.deps.orm.transaction(async (tx) =>
      repo.deleteEndUser(tx as unknown as Executor, actor.orgId, id),
    );
    if (connectionsDeleted === null) throw notFound();
    await this.deps.bus.publish({ type: 'end_user', id, workspaceId: row.workspaceId, orgId: actor.orgId });
    if (connectionsDeleted > 0) await this.deps.bus.publish({ type: 'connections', orgId: actor.orgId });
    return { deleted: true as const, id, connectionsDeleted };
  }

  /** The end user with this externalId in the workspace, created when absent (connections, connect flows, MCP). */
  async resolveOrCreate(db: Executor, orgId: string, workspaceId: string, externalId: string) {
    return (
      (await repo.findEndUserByExternalId(db, orgId, workspaceId, externalId)) ??
      repo.insertEndUserIfAbsent(db, { id: newId(), orgId, workspaceId, externalId, metadata: {} })
    );
  }

  /** An end user by internal id, only if it belongs to the workspace (cached: the engine calls it). */
  async findInWorkspace(orgId: string, workspaceId: string, id: string): Promise<EndUserRow | null> {
    const row = await this.cached(`id:${orgId}:${id}`, () => repo.findEndUser(this.deps.orm, orgId, id));
    return row && row.workspaceId === workspaceId ? row : null;
  }

  /** The end user with this externalId in the workspace (cached), created when absent when `create` is set. */
  async lookup(orgId: string, workspaceId: string, externalId: string, create: boolean): Promise<EndUserRow | null> {
    const key = `ext:${orgId}:${workspaceId}:${externalId}`;
    const row = await this.cached(key, () =>
      create
        ? this.resolveOrCreate(this.deps.orm, orgId, workspaceId, externalId)
        : repo.findEndUserByExternalId(this.deps.orm, orgId, workspaceId, externalId),
    );
    return row;
  }

  async findByExternalId(db: Executor, orgId: string, workspaceId: string, externalId: string) {
    return repo.findEndUserByExternalId(db, orgId, workspaceId, externalId);
  }

  /**
   * An end user of the workspace named by its internal id or externalId (MCP servers and tokens accept either),
   * through the same cache as findInWorkspace and lookup.
   */
  async findByRef(orgId: string, workspaceId: string, ref: string): Promise<EndUserRow | null> {
    if (isUuid(ref)) {
      const byId = await this.findInWorkspace(orgId, workspaceId, ref);
      if (byId) return byId;
    }
    return this.lookup(orgId, workspaceId, ref, false);
  }

  /** externalIds of the organization's end users by internal id (uncached; MCP servers show them in responses). */
  async externalIds(orgId: string, ids: string[]): Promise<Map<string, string>> {
    return repo.externalIdsOf(this.deps.orm, orgId, ids);
  }

  /**
   * Drops this node's cached copy of an end user. For a write that found the end user gone (a foreign-key
   * violation): another node deleted it and its invalidation has not arrived yet.
   */
  forget(id: string): void {
    this.cache.invalidateTag(`eu:${id}`);
  }

  /** End users of the workspace whose email matches (case-insensitively), oldest first. */
  async findByEmail(orgId: string, workspaceId: string, email: string) {
    return repo.findEndUsersByEmail(this.deps.orm, orgId, workspaceId, email);
  }

  private async find(actor: Actor, id: string) {
    const row = await repo.findEndUser(this.deps.orm, actor.orgId, id);
    if (!row) throw notFound();
    actor.access.assertWorkspace(row.workspaceId);
    return row;
  }
}

const notFound = () => new AppError('NOT_FOUND', 'End user not found.');
