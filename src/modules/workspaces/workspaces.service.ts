import type { Executor, Orm } from '../../platform/db/database.js';
import { AppError, isUniqueViolation } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/access.js';
import { newId } from '../../platform/ids.js';
import type { PlanTable } from '../../platform/plans.js';
import { ConfigCache } from '../../platform/cache.js';
import type { InvalidationBus } from '../../platform/invalidation.js';
import { createWithinQuota } from '../../platform/quota.js';
import { toWorkspace } from './workspaces.mapper.js';
import * as repo from './workspaces.repository.js';
import type { CreateWorkspaceInput, UpdateWorkspaceInput } from './workspaces.schemas.js';

/** How long configuration read on every call may be served from memory without an invalidation message. */
export const CONFIG_CACHE_TTL_MS = 60_000;

/** Rounds of before-delete hooks a deletion runs when its checks keep finding something new (its checks). */
const MAX_DELETE_ROUNDS = 5;

/** A module's part in deleting a workspace (declared as `hooks.workspaceDeletion` in its module file). */
export interface WorkspaceDeletionParticipant {
  /**
   * Work a module must do before a workspace goes that the cascade cannot (trigger registrations live at the
   * providers, and removing them needs the sources and their connections still in place).
   */
  before?(actor: Actor, workspaceId: string): Promise<void>;
  /**
   * A check run in the deleting transaction, with the workspace row locked (nothing can be added to it meanwhile):
   * true when something a before-delete hook must still clean up was added while the hooks ran; they then run again.
   */
  check?(tx: Executor, orgId: string, workspaceId: string): Promise<boolean>;
}

export class WorkspacesService {
  /** Workspace rows by id, for requireUsable (called by every workspace-bound request). */
  private readonly cache = new ConfigCache<repo.WorkspaceRow | null>({ ttlMs: CONFIG_CACHE_TTL_MS, maxEntries: 20_000 });

  constructor(
    private readonly deps: {
      orm: Orm;
      plans: PlanTable;
      bus: InvalidationBus;
      /**
       * The modules taking part in a deletion, declared in their module files (`hooks.workspaceDeletion`); the
       * composition fills this list after building them, so it is read at delete time only.
       */
      deletion: readonly WorkspaceDeletionParticipant[];
    },
  ) {
    deps.bus.subscribe((msg) => {
      if (msg.type === 'all') this.cache.clear();
      else if (msg.type === 'workspace') this.cache.invalidateTag(`ws:${msg.id}`);
      // Plan changes suspend and restore workspaces; suspension of the organization is checked by the key cache.
      else if (msg.type === 'organization') this.cache.invalidateTag(`org:${msg.id}`);
    });
  }

  async list(actor: Actor, q: { limit: number; offset: number; includeSuspended: boolean }) {
    const filter: repo.WorkspaceFilter = {
      includeSuspended: q.includeSuspended,
      onlyIds: actor.access.workspaceIds ? [...actor.access.workspaceIds] : null,
    };
    const [rows, total] = await Promise.all([
      repo.listWorkspaces(this.deps.orm, actor.orgId, filter, q.limit, q.offset),
      repo.countWorkspaces(this.deps.orm, actor.orgId, filter),
    ]);
    return { workspaces: rows.map(toWorkspace), total };
  }

  async create(actor: Actor, input: CreateWorkspaceInput) {
    const { orgId } = actor;
    try {
      const row = await createWithinQuota(
        this.deps.orm,
        this.deps.plans,
        orgId,
        'workspaces',
        (tx) => repo.countWorkspaces(tx, orgId),
        (tx) => repo.insertWorkspace(tx, { id: newId(), orgId, name: input.name, slug: input.slug }),
      );
      return toWorkspace(row);
    } catch (err) {
      if (isUniqueViolation(err)) throw duplicateSlug(input.slug);
      throw err;
    }
  }

  async get(actor: Actor, id: string) {
    return toWorkspace(await this.find(actor, id));
  }

  async update(actor: Actor, id: string, input: UpdateWorkspaceInput) {
    const patch: Partial<{ name: string; slug: string }> = {};
    if (input.name !== undefined) patch.name = input.name;
    if (input.slug !== undefined) patch.slug = input.slug;
    if (Object.keys(patch).length === 0) throw new AppError('NO_UPDATES', 'Give name or slug.');
    await this.find(actor, id);
    try {
      const row = await repo.updateWorkspace(this.deps.orm, actor.orgId, id, patch);
      if (!row) throw notFound();
      await this.deps.bus.publish({ type: 'workspace', id, orgId: actor.orgId });
      return toWorkspace(row);
    } catch (err) {
      if (isUniqueViolation(err)) throw duplicateSlug(patch.slug ?? '');
      throw err;
    }
  }

  async delete(actor: Actor, id: string) {
    await this.find(actor, id);
    for (let round = 1; ; round++) {
      for (const p of this.deps.deletion) await p.before?.(actor, id);
      const outcome = await this.deps.orm.transaction(async (tx) => {
        if (!(await repo.lockWorkspace(tx, actor.orgId, id))) return 'gone';
        for (const p of this.deps.deletion) if (await p.check?.(tx, actor.orgId, id)) return 'again';
        await repo.deleteWorkspace(tx, actor.orgId, id);
        return 'deleted';
      });
      if (outcome === 'gone') throw notFound();
      if (outcome === 'deleted') break;
      if (round === MAX_DELETE_ROUNDS)
        throw new AppError('SERVICE_UNAVAILABLE', 'Things are still being added to the workspace; try again.');
    }
    // Everything inside went with it: configuration, end users, connections.
    await this.deps.bus.publish({ type: 'workspace', id, orgId: actor.orgId });
    await this.deps.bus.publish({ type: 'connections', orgId: actor.orgId });
    return { deleted: true as const, id };
  }

  /**
   * The workspace a request works inside: it must exist in the caller's organization (404), be within the
   * key's scope (403 SCOPE_DENIED) and be covered by the plan (403 RESOURCE_SUSPENDED). Other modules call this.
   */
  async requireUsable(actor: Actor, id: string) {
    const row = await this.find(actor, id);
    if (row.suspended) {
      throw new AppError('RESOURCE_SUSPENDED', 'This workspace is suspended: the plan covers fewer workspaces.');
    }
    return row;
  }

  /**
   * Which of these ids are workspaces of the organization (uncached), read with `db`: the caller's transaction
   * when it has one (API keys check the workspaces a key is scoped to).
   */
  async existingIds(db: Executor, orgId: string, ids: string[]): Promise<string[]> {
    return repo.existingWorkspaceIds(db, orgId, ids);
  }

  /**
   * In the caller's transaction: whether the workspace still exists, and it then stays until that transaction ends
   * (a key-share lock; deleting it locks it first, so it waits and then sees what the transaction did).
   */
  async hold(tx: Executor, orgId: string, id: string): Promise<boolean> {
    return repo.holdWorkspace(tx, orgId, id);
  }

  /** The caller's workspace (cached; every change publishes an invalidation), or 404 / 403 SCOPE_DENIED. */
  private async find(actor: Actor, id: string) {
    const row = await this.cache.get(`${actor.orgId}:${id}`, [`ws:${id}`, `org:${actor.orgId}`], () =>
      repo.findWorkspace(this.deps.orm, actor.orgId, id),
    );
    if (!row) throw notFound();
    actor.access.assertWorkspace(row.id);
    return row;
  }

  /** How many count toward the plan's limit (the organization's usage page). */
  async quotaCount(orgId: string): Promise<number> {
    return repo.countWorkspaces(this.deps.orm, orgId);
  }
}

const notFound = () => new AppError('NOT_FOUND', 'Workspace not found.');
const duplicateSlug = (slug: string) => new AppError('DUPLICATE', `A workspace with slug "${slug}" already exists.`);
