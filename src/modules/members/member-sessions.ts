import { AppError } from '../../platform/errors.js';
import { Access } from '../../platform/http/access.js';
import type { Principal } from '../../platform/http/auth.js';
import type { AuthService } from '../auth/auth.service.js';
import type { WorkspaceMembersService } from '../workspace-members/workspace-members.service.js';
import type { MembersService } from './members.service.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const notAMember = () => new AppError('FORBIDDEN', 'You are not a member of this organization.');

/**
 * A signed-in person acting in an organization on API-key routes (0132): the session, their membership (role, plan,
 * suspension) and, for the role member, their workspaces, read on every request so that a removal or a role change
 * applies to the next one. An organization they are not in is refused the same whether or not it exists.
 */
export async function memberPrincipal(
  deps: {
    auth: Pick<AuthService, 'verifySession'>;
    members: Pick<MembersService, 'membershipIn'>;
    workspaceMembers: Pick<WorkspaceMembersService, 'workspaceIdsOf'>;
  },
  sessionToken: string,
  orgId: string,
): Promise<Principal & { kind: 'member' }> {
  const user = await deps.auth.verifySession(sessionToken);
  if (!UUID.test(orgId)) throw notAMember();
  const m = await deps.members.membershipIn(orgId, user.userId);
  if (!m) throw notAMember();
  if (m.suspended) throw new AppError('ORGANIZATION_SUSPENDED');
  const workspaceIds =
    m.role === 'owner' || m.role === 'admin' ? [] : await deps.workspaceMembers.workspaceIdsOf(orgId, m.memberId);
  return {
    kind: 'member',
    orgId,
    userId: user.userId,
    email: user.email,
    memberId: m.memberId,
    role: m.role,
    plan: m.plan,
    access: Access.forMember(m.role, workspaceIds),
    sessionId: user.sessionId,
  };
}
