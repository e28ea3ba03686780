/**
 * What MCP servers need from the modules they sit on (workspace integrations, partials, connections, the execution
 * engine, approvals). The real services satisfy these shapes; the MCP code depends on nothing more.
 */
import type { ExecuteOutcome, ExecuteRequest, ExecutionCaller } from '../engine/types.js';

export interface WorkspaceIntegrationView {
  id: string;
  integrationName: string;
  alias: string;
  displayName: string | null;
  connectionStrategy: string;
  connectionId: string | null;
  enabledActions: string[] | null;
  sortOrder: number;
}

export interface WorkspaceIntegrationsPort {
  listForWorkspace(orgId: string, workspaceId: string): Promise<WorkspaceIntegrationView[]>;
}

export interface PartialView {
  id: string;
  values: Record<string, unknown>;
  enforcedKeys: string[];
  isDefault: boolean;
}

export interface PartialsPort {
  /** The partials a call merges: the matching defaults when partialIds is undefined, else exactly those (checked). */
  forCall(
    orgId: string,
    workspaceId: string,
    target: { integrationName: string; alias: string; actionName?: string },
    partialIds: string[] | undefined,
  ): Promise<PartialView[]>;
}

export interface ConnectionView {
  id: string;
  workspaceId: string | null;
  endUserId: string | null;
  integrationName: string;
}

export interface ConnectionsPort {
  find(orgId: string, id: string): Promise<ConnectionView | null>;
}

export interface EnginePort {
  execute(caller: ExecutionCaller, req: ExecuteRequest): Promise<ExecuteOutcome>;
}

/** Status of a Human Gates approval request; provided by the approvals module when it is present. */
export type ApprovalStatusLookup = (orgId: string, approvalId: string) => Promise<string | null>;

/** A connection that needs a person to re-authorize it, and the hosted link that repairs it when the caller may have one. */
export interface ReconnectNotice {
  connectionId: string;
  connectionName: string;
  url: string | null;
  expiresAt: string | null;
}

/** Reconnect links for MCP results (docs/decisions/0144); the connect module provides them. */
export interface ReconnectPort {
  notice(
    orgId: string,
    connectionId: string,
    reach: { workspaceId: string; endUserId: string | null },
  ): Promise<ReconnectNotice | null>;
}
