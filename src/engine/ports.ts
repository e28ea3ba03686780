/**
 * What the execution engine needs from the modules around it (workspaces, end users, workspace integrations,
 * partials, connections). The modules' services satisfy these shapes and are handed to the engine when it is built;
 * the engine imports nothing from src/modules, so a call's data flows one way: in through these, never back up.
 */
import type { ConnectionValue } from '../integrations/pieces/protocol.js';
import type { Executor } from '../platform/db/database.js';
import type { Actor } from '../platform/http/access.js';
import type { ConnectionRecord } from './types.js';

/** authMethodKey a workspace integration stores for an integration that takes no connection. */
export const NO_AUTH_METHOD = 'none';

export interface WorkspacesPort {
  /** The workspace a call runs in: 404, 403 SCOPE_DENIED or 403 RESOURCE_SUSPENDED otherwise. */
  requireUsable(actor: Actor, workspaceId: string): Promise<{ id: string }>;
}

export interface EndUserRef {
  id: string;
  externalId: string;
}

export interface EndUsersPort {
  findInWorkspace(orgId: string, workspaceId: string, id: string): Promise<EndUserRef | null>;
  /** By externalId; with `create`, made on first use. */
  lookup(orgId: string, workspaceId: string, externalId: string, create: boolean): Promise<EndUserRef | null>;
}

/** A workspace's configured instance of an integration, as the engine reads it. */
export interface WorkspaceIntegrationConfig {
  id: string;
  integrationName: string;
  alias: string;
  connectionStrategy: string;
  authMethodKey: string;
  enabledActions: string[] | null;
  settings: Record<string, unknown> | null;
  connectionId: string | null;
}

export interface WorkspaceIntegrationsPort {
  listForWorkspace(orgId: string, workspaceId: string): Promise<WorkspaceIntegrationConfig[]>;
}

export interface PartialsPort {
  /** The partials a call merges: the matching defaults when partialIds is undefined, else exactly those (checked). */
  forCall(
    orgId: string,
    workspaceId: string,
    target: { integrationName: string; alias: string; actionName?: string; triggerName?: string },
    partialIds: string[] | undefined,
  ): Promise<Array<{ id: string; values: Record<string, unknown> | null; enforcedKeys: string[] | null }>>;
}

/** What a call with a connection came to, as far as its credentials go: the provider's HTTP status on failure. */
export type UseOutcome = { ok: true } | { ok: false; httpStatus: number | undefined; error: string };

export interface ConnectionsPort {
  find(orgId: string, id: string): Promise<ConnectionRecord | null>;
  findByExternalId(orgId: string, integrationName: string, externalId: string): Promise<ConnectionRecord[]>;
  /** Usable connections of an integration seen from a workspace (org, workspace and the end user's own). */
  candidates(orgId: string, integrationName: string, workspaceId: string, endUserId: string | null): Promise<ConnectionRecord[]>;
  /** The decrypted value a call runs with (a copy of its own; see 0167). */
  credentials(conn: ConnectionRecord, db?: Executor): Promise<ConnectionValue>;
  /**
   * A call ran with the connection: its last use and what the outcome shows about its health are recorded off the
   * call's path (never awaited by it, never failing it). Returns the health the outcome shows (null: nothing).
   */
  observeUse(conn: ConnectionRecord, outcome: UseOutcome): string | null;
}
