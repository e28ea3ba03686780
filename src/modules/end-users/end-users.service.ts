import type { Executor, Orm } from '../../platform/db/database.js';
import { AppError, isUniqueViolation } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/access.js';
import { newId } from '../../platform/ids.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import { toEndUser, toEndUserConnection } from './end-users.mapper.js';
import * as repo from './end-users.repository.js';
import type { CreateEndUserInput, UpdateEndUserInput } from './end-users.schemas.js';

/** The app's own customers, per workspace, identified by the app's externalId. */
export class EndUsersService {
  constructor(private readonly deps: { orm: Orm; workspaces: WorkspacesService }) {}

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
      if (isUniqueViolation(err)) throw new AppError('DUPLICATE', `An end user with externalId "${input.externalId}" already exists in this workspace.`);
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
    await this.find(actor, id);
    await repo.updateEndUser(this.deps.orm, actor.orgId, id, patch);
    return toEndUser((await repo.findEndUser(this.deps.orm, actor.orgId, id))!);
  }

  /** Deletes the end user and its connections in one transaction. */
  async delete(actor: Actor, id: string) {
    await this.find(actor, id);
    const connectionsDeleted = await this.deps.orm.transaction(async (tx) => repo.deleteEndUser(tx as unknown as Executor, actor.orgId, id));
    if (connectionsDeleted === null) throw notFound();
    return { deleted: true as const, id, connectionsDeleted };
  }

  /** The end user with this externalId in the workspace, created when absent (connections, connect flows, MCP). */
  async resolveOrCreate(db: Executor, orgId: string, workspaceId: string, externalId: string) {
    return (
      (await repo.findEndUserByExternalId(db, orgId, workspaceId, externalId)) ??
      repo.insertEndUserIfAbsent(db, { id: newId(), orgId, workspaceId, externalId, metadata: {} })
    );
  }

  /** An end user by internal id, only if it belongs to the workspace. */
  async findInWorkspace(orgId: string, workspaceId: string, id: string) {
    const row = await repo.findEndUser(this.deps.orm, orgId, id);
    return row && row.workspaceId === workspaceId ? row : null;
  }

  async findByExternalId(db: Executor, orgId: string, workspaceId: string, externalId: string) {
    return repo.findEndUserByExternalId(db, orgId, workspaceId, externalId);
  }

  private async find(actor: Actor, id: string) {
    const row = await repo.findEndUser(this.deps.orm, actor.orgId, id);
    if (!row) throw notFound();
    actor.access.assertWorkspace(row.workspaceId);
    return row;
  }
}

const notFound = () => new AppError('NOT_FOUND', 'End user not found.');
