import { AppError } from '../errors.js';
import type { KeyPermissions } from '../db/schema.js';

const KEY_REFUSALS = {
  workspace: 'This API key is limited to other workspaces.',
  organization: 'This operation needs an organization-scope API key.',
};
const MEMBER_REFUSALS = {
  workspace: 'You are not a member of this workspace: an owner or admin of the organization can add you.',
  organization: 'This needs the owner or admin role in the organization.',
};

/**
 * What an authenticated caller may reach inside its organization. Built from an API key's permissions;
 * services receive it (never the request) and call the assertions.
 */
export class Access {
  private constructor(
    /** null = every workspace of the organization. */
    readonly workspaceIds: ReadonlySet<string> | null,
    readonly canDecideApprovals: boolean,
    /** What a refusal says, for a key or for a person. */
    private readonly refusals: { workspace: string; organization: string } = KEY_REFUSALS,
  ) {}

  static fromPermissions(permissions: KeyPermissions | null): Access {
    if (permissions === null) return new Access(null, true);
    const decide = permissions.approvals?.decide === true;
    if (permissions.scope === 'org') return new Access(null, decide);
    return new Access(new Set(permissions.workspaceIds ?? []), decide);
  }

  static full(): Access {
    return new Access(null, true);
  }

  /**
   * A signed-in member of the organization (0132): owners and admins reach the whole organization, a member the
   * workspaces they belong to. Deciding approvals is never a member's key-like permission: a person decides as an
   * approver of the policy (ApprovalDecisions.decideAsUser).
   */
  static forMember(role: string, memberWorkspaceIds: readonly string[]): Access {
    return role === 'owner' || role === 'admin'
      ? new Access(null, false, MEMBER_REFUSALS)
      : new Access(new Set(memberWorkspaceIds), false, MEMBER_REFUSALS);
  }

  get orgWide(): boolean {
    return this.workspaceIds === null;
  }

  canReachWorkspace(workspaceId: string): boolean {
    return this.workspaceIds === null || this.workspaceIds.has(workspaceId);
  }

  assertWorkspace(workspaceId: string): void {
    if (!this.canReachWorkspace(workspaceId)) {
      throw new AppError('SCOPE_DENIED', this.refusals.workspace);
    }
  }

  /** Organization-level operations (API keys, members, creating workspaces) need an org-scope key. */
  assertOrgWide(): void {
    if (!this.orgWide) throw new AppError('SCOPE_DENIED', this.refusals.organization);
  }
}

/** The caller of a service: its organization and what it may reach. */
export interface Actor {
  orgId: string;
  access: Access;
}
