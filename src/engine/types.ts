/**
 * The execution engine's contract: what REST, MCP tools, Code Mode and triggers pass in, what comes back, and the
 * hooks other modules plug into (the Human Gates gate, OAuth2 credential refresh). One pipeline:
 *
 *   resolve target → resolve connection → merge input → gate → idempotency → quota/rate → run → record
 */
import type { ActionDefinition, IntegrationDefinition } from '../integrations/framework.js';
import type { ConnectionValue } from '../integrations/pieces/protocol.js';
import type { AppError } from '../platform/errors.js';
import type { Access } from '../platform/http/access.js';

export const EXECUTION_SOURCES = ['rest', 'sdk', 'mcp_tools', 'mcp_code', 'playground', 'trigger'] as const;
export type ExecutionSource = (typeof EXECUTION_SOURCES)[number];

export const CONNECTION_STRATEGIES = ['fixed', 'per_user', 'per_user_with_fallback'] as const;
export type ConnectionStrategy = (typeof CONNECTION_STRATEGIES)[number];

/** Who asks: the organization, what its credential may reach, and which credential it was (for the record). */
export interface ExecutionCaller {
  orgId: string;
  access: Access;
  /** The organization's plan name (quotas and rate limits). */
  plan: string;
  apiKeyId?: string | null;
  mcpServerId?: string | null;
  triggerSourceId?: string | null;
}

/** An end user named by the caller's externalId, or by internal id (MCP tokens carry the internal id). */
export type EndUserRef = { externalId: string } | { id: string };

/**
 * Which configured integration, connection and input a call means. Shared by actions, triggers and properties.
 * Optional fields may be given as undefined: the same as leaving them out.
 */
export interface TargetRequest {
  workspaceId: string;
  integrationName: string;
  workspaceIntegrationId?: string | undefined;
  integrationAlias?: string | undefined;
  /** Selects a connection directly by its externalId (current shape). */
  connectionExternalId?: string | undefined;
  /** Selects a connection directly by id (earlier shape, MCP tool overrides). */
  connectionId?: string | undefined;
  authMethodKey?: string | undefined;
  endUser?: EndUserRef | undefined;
  /** undefined: default partials apply; []: none. */
  partialIds?: string[] | undefined;
  /** Applied after partial values and before the runtime input (MCP tool inputDefaults). */
  inputDefaults?: Record<string, unknown> | undefined;
  input?: Record<string, unknown> | undefined;
}

export interface ExecuteRequest extends TargetRequest {
  source: ExecutionSource;
  actionName: string;
  idempotencyKey?: string | undefined;
  signal?: AbortSignal | undefined;
  /** Extra facts for gates (e.g. a Code Mode run's analysis). Never stored raw. */
  gateContext?: Record<string, unknown> | undefined;
}

/** X-RateLimit-* values of the caller's organization after this call. */
export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Unix seconds at which the window has room again. */
  resetAt: number;
}

/** What a paused call answers (the 202 body's `approval`). */
export interface ApprovalSummary {
  id: string;
  status: string;
  approvalUrl: string | null;
  hostedApprovalUrl: string | null;
  expiresAt: string;
  retry: { idempotencyKey: string };
  /** The policy names an end_user approver: the call's end user may decide it in their portal (0068). */
  endUserPortal?: boolean;
}

export type ExecuteOutcome =
  | {
      status: 'success';
      output: unknown;
      durationMs: number;
      executionId: string;
      rateLimit: RateLimitState | null;
      replayed: boolean;
    }
  | {
      status: 'failed';
      output: { error: string; detail?: unknown };
      /** The provider refused the connection's credentials: which connection needs re-authorization (0144). */
      needsReauth?: { connectionId: string };
      durationMs: number;
      executionId: string;
      rateLimit: RateLimitState | null;
      replayed: boolean;
    }
  | { status: 'approval_required'; approval: ApprovalSummary; rateLimit: RateLimitState | null };

/** A stored connection as the engine uses it (credentials decrypted only on demand). */
export interface ConnectionRecord {
  id: string;
  orgId: string;
  workspaceId: string | null;
  endUserId: string | null;
  integrationName: string;
  authMethodKey: string;
  externalId: string;
  displayName: string;
  type: string;
  status: string;
  /** Whether the integration accepted the credentials before they were stored. */
  verification: 'verified' | 'unverified';
  scope: string;
  oauthAppId: string | null;
  tokenExpiresAt: Date | null;
  /** Beyond the plan's connection limit after a downgrade: unusable until the plan allows it again. */
  suspended: boolean;
  /** healthy, degraded or needs_reauth (docs/decisions/0140). */
  health: string;
}

/** A configured instance of an integration in a workspace, or the implicit one of a built-in. */
export interface ResolvedTarget {
  definition: IntegrationDefinition;
  workspaceId: string;
  /** null for the implicit instance (a built-in used without configuring it). */
  workspaceIntegrationId: string | null;
  alias: string;
  connectionStrategy: ConnectionStrategy | null;
  authMethodKey: string | null;
  enabledActions: string[] | null;
  settings: Record<string, unknown>;
  endUser: { id: string; externalId: string } | null;
  connection: ConnectionRecord | null;
}

/** The input of a call after defaults, partials, runtime input and enforced values were merged. */
export interface MergedInput {
  input: Record<string, unknown>;
  /** Keys whose values come from enforced partial values (hidden from schemas and redacted in previews). */
  enforcedKeys: string[];
  partialIds: string[];
}

/** What a gate sees: everything about the call after resolution and merge, before anything runs. */
export interface GateContext {
  orgId: string;
  workspaceId: string;
  source: ExecutionSource;
  apiKeyId: string | null;
  mcpServerId: string | null;
  triggerSourceId: string | null;
  integrationName: string;
  integrationAlias: string;
  workspaceIntegrationId: string | null;
  actionName: string;
  action: ActionDefinition;
  connectionStrategy: ConnectionStrategy | null;
  connectionId: string | null;
  endUserId: string | null;
  endUserExternalId: string | null;
  /** The final input the action would run with. */
  input: Record<string, unknown>;
  enforcedKeys: string[];
  /** SHA-256 of the canonical JSON of integration, alias, action, connection, end user and input. */
  inputHash: string;
  /** As the caller gave it; null when none. */
  idempotencyKey: string | null;
  extra: Record<string, unknown>;
}

export type GateResult =
  /** Run. `after` is told how the run ended (e.g. to mark an approval consumed). */
  | { kind: 'proceed'; approvalId?: string; after?: (result: { status: 'success' | 'failed' }) => Promise<void> }
  /** Do not run: answer 202 approval_required. */
  | { kind: 'pause'; approval: ApprovalSummary }
  /** Refuse with this error (e.g. 403 APPROVAL_POLICY_BLOCKED). */
  | { kind: 'block'; error: AppError };

/** The Human Gates hook. The engine has one; without Human Gates every call proceeds. */
export interface ExecutionGate {
  check(ctx: GateContext): Promise<GateResult>;
}

/** Keeps OAuth2 credentials fresh; the connect module provides it. Without it tokens are used as stored. */
export interface CredentialRefresher {
  /** Credentials to run with: refreshed first when the access token has expired or is about to (single-flight). */
  fresh(conn: ConnectionRecord): Promise<ConnectionValue>;
  /** The provider answered 401: refresh once (single-flight) and return the new credentials, or null. */
  afterUnauthorized(conn: ConnectionRecord): Promise<ConnectionValue | null>;
}
