import type { Orm } from '../../platform/db/database.js';
import { isAppError } from '../../platform/errors.js';
import { Access } from '../../platform/http/access.js';
import type { EndUsersService } from '../../modules/end-users/end-users.service.js';
import type { McpServerRow } from '../../modules/mcp-servers/mcp-servers.repository.js';
import * as repo from './oauth.repository.js';

/** A signed-in person (user account). */
export interface Person {
  id: string;
  email: string;
  name: string;
  /** Whether the person proved they receive mail at `email` (docs/decisions/0070). */
  emailVerified: boolean;
}

export type EndUserDecision =
  | { ok: true; endUser: { id: string; externalId: string } | null; willCreate: boolean }
  | { ok: false; reason: string; verifyEmail?: true };

/** Maps a person who authorizes an MCP client to an end user of the server's workspace. */
export class EndUserMapping {
  constructor(
    private readonly orm: Orm,
    private readonly endUsers: EndUsersService,
  ) {}

  /**
   * Which end user this person acts as. restricted: an existing end user of the workspace, linked to the account
   * before or matching its email (email field, or an externalId equal to the email). open: the same, else a new end
   * user is created. A server scoped to one end user admits only that one.
   * Anyone can sign up with any address, so the email counts (matching or creating) only once it is verified;
   * until then the answer is `verifyEmail`, before any lookup by email, so it reveals nothing about end users.
   */
  async endUserFor(server: McpServerRow, person: Person, commit: boolean): Promise<EndUserDecision> {
    const ws = server.workspaceId;
    if (!ws) return { ok: false, reason: 'This MCP server is not bound to a workspace.' };
    const email = person.email.trim().toLowerCase();
    let endUser: { id: string; externalId: string } | null = null;
    const link = await repo.findLink(this.orm, ws, person.id);
    if (link) endUser = await this.endUsers.findByRef(server.orgId, ws, link.endUserId);
    if (!endUser && !person.emailVerified) {
      return {
        ok: false,
        verifyEmail: true,
        reason: `Verify ${person.email} before continuing: this server matches accounts to end users by email address.`,
      };
    }
    endUser ??= (await this.endUsers.findByEmail(server.orgId, ws, email))[0] ?? null;
    endUser ??= await this.endUsers.findByRef(server.orgId, ws, email);
    const willCreate = !endUser && server.endUserAccess === 'open';
    if (!endUser && !willCreate) {
      return {
        ok: false,
        reason: `The account ${person.email} is not one of this workspace's end users, and this server only admits existing end users. Ask the application's owner for access.`,
      };
    }
    if (server.endUserId && (willCreate || endUser?.id !== server.endUserId)) {
      return { ok: false, reason: 'This MCP server is reserved for another end user.' };
    }
    if (!commit) return { ok: true, endUser, willCreate };
    if (!endUser) endUser = await this.createEndUser(server.orgId, ws, person, email);
    await repo.upsertLink(this.orm, { workspaceId: ws, userId: person.id, orgId: server.orgId, endUserId: endUser.id });
    return { ok: true, endUser, willCreate: false };
  }

  private async createEndUser(orgId: string, workspaceId: string, person: Person, email: string) {
    try {
      return await this.endUsers.create(
        { orgId, access: Access.full() },
        { workspaceId, externalId: email, displayName: person.name, email: person.email },
      );
    } catch (err) {
      // Created meanwhile by a concurrent sign-in of the same person.
      const existing =
        isAppError(err) && err.code === 'DUPLICATE' ? await this.endUsers.findByRef(orgId, workspaceId, email) : null;
      if (existing) return existing;
      throw err;
    }
  }
}
