import type { Orm } from '../../platform/db/database.js';
import { AppError, isUniqueViolation } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/access.js';
import { newId } from '../../platform/ids.js';
import type { MembersService } from '../members/members.service.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import * as repo from './workspace-members.repository.js';
import type { AddWorkspaceMemberInput } from './workspace-members.schemas.js';

const toWorkspaceMember = (r: repo.WorkspaceMemberRow) => ({
  id: r.id,
  workspaceId: r.workspaceId,
  memberId: r.memberId,
  role: r.role,
  createdAt: r.createdAt.toISOString(),
});

/** Which organization members belong to which workspace (the spec's projectMember). */
export class WorkspaceMembersService {
  constructor(private readonly deps: { orm: Orm; workspaces: WorkspacesService; members: MembersService }) {}

  async add(actor: Actor, input: AddWorkspaceMemberInput) {
    await this.deps.workspaces.requireUsable(actor, input.workspaceId);
    if (!(await this.deps.members.exists(actor.orgId, input.memberId))) throw new AppError('NOT_FOUND', 'Member not found.');
    try {
      const row = await repo.insertWorkspaceMember(this.deps.orm, {
        id: newId(),
        orgId: actor.orgId,
        workspaceId: input.workspaceId,
        memberId: input.memberId,
        role: input.role ?? 'member',
      });
      return toWorkspaceMember(row);
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError('DUPLICATE', 'This member already belongs to the workspace.');
      throw err;
    }
  }

  async list(actor: Actor, q: { workspaceId: string; limit: number; offset: number }) {
    await this.deps.workspaces.requireUsable(actor, q.workspaceId);
    const [rows, total] = await Promise.all([
      repo.listWorkspaceMembers(this.deps.orm, actor.orgId, q.workspaceId, q.limit, q.offset),
      repo.countWorkspaceMembers(this.deps.orm, actor.orgId, q.workspaceId),
    ]);
    return { projectMembers: rows.map(toWorkspaceMember), total };
  }

  async remove(actor: Actor, id: string) {
    const row = await repo.findWorkspaceMember(this.deps.orm, actor.orgId, id);
    if (!row) throw new AppError('NOT_FOUND', 'Workspace member not found.');
    actor.access.assertWorkspace(row.workspaceId);
    await repo.deleteWorkspaceMember(this.deps.orm, actor.orgId, id);
    return { deleted: true as const, id };
  }

  /** The workspaces a member belongs to (what a signed-in person with the role member reaches). */
  async workspaceIdsOf(orgId: string, memberId: string): Promise<string[]> {
    return repo.workspaceIdsOfMember(this.deps.orm, orgId, memberId);
  }
}
