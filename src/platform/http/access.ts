import { AppError } from '../errors.js';
import type { KeyPermissions } from '../db/schema.js';

/**
 * What an authenticated caller may reach inside its organization. Built from an API key's permissions;
 * services receive it (never the request) and call the assertions.
 */
export class Access {
  private constructor(
    /** null = every workspace of the organization. */
    readonly workspaceIds: ReadonlySet<string> | null,
    readonly canDecideApprovals: boolean,
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

  get orgWide(): boolean {
    return this.workspaceIds === null;
  }

  canReachWorkspace(workspaceId: string): boolean {
    return this.workspaceIds === null || this.workspaceIds.has(workspaceId);
  }

  assertWorkspace(workspaceId: string): void {
    if (!this.canReachWorkspace(workspaceId)) {
      throw new AppError('SCOPE_DENIED', 'This API key is limited to other workspaces.');
    }
  }

  /** Organization-level operations (API keys, members, creating workspaces) need an org-scope key. */
  assertOrgWide(): void {
    if (!this.orgWide) throw new AppError('SCOPE_DENIED', 'This operation needs an organization-scope API key.');
  }
}

/** The caller of a service: its organization and what it may reach. */
export interface Actor {
  orgId: string;
  access: Access;
}
