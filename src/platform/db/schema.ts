import { bigint, boolean, doublePrecision, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Mirrors migrations/*.sql (the migrations are the source of truth; keep both in step).
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();
const updatedAt = () => ts('updated_at').notNull().defaultNow();

export const systemSettings = pgTable('system_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  plan: text('plan').notNull(),
  suspended: boolean('suspended').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export interface KeyPermissions {
  scope: 'org' | 'workspace';
  workspaceIds?: string[];
  approvals?: { decide?: boolean };
}

export const apiKeys = pgTable('api_keys', {
  id: uuid('id').primaryKey(),
  orgId: uuid('org_id').notNull(),
  name: text('name').notNull(),
  keyHash: text('key_hash').notNull(),
  keyPrefix: text('key_prefix').notNull(),
  permissions: jsonb('permissions').$type<KeyPermissions | null>(),
  lastUsedAt: ts('last_used_at'),
  expiresAt: ts('expires_at'),
  revokedAt: ts('revoked_at'),
  createdAt: createdAt(),
});

export const workspaces = pgTable('workspaces', {
  id: uuid('id').primaryKey(),
  orgId: uuid('org_id').notNull(),
  name: text('name').notNull(),
  slug: text('slug').notNull(),
  suspended: boolean('suspended').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const endUsers = pgTable('end_users', {
  id: uuid('id').primaryKey(),
  orgId: uuid('org_id').notNull(),
  workspaceId: uuid('workspace_id').notNull(),
  externalId: text('external_id').notNull(),
  displayName: text('display_name'),
  email: text('email'),
  metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
  type: text('type').notNull().default('external'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const connections = pgTable('connections', {
  id: uuid('id').primaryKey(),
  orgId: uuid('org_id').notNull(),
  workspaceId: uuid('workspace_id'),
  endUserId: uuid('end_user_id'),
  integrationName: text('integration_name').notNull(),
  authMethodKey: text('auth_method_key').notNull(),
  externalId: text('external_id').notNull(),
  displayName: text('display_name').notNull(),
  type: text('type').notNull(),
  status: text('status').notNull().default('ACTIVE'),
  scope: text('scope').notNull().default('ORGANIZATION'),
  /** AES-256-GCM envelope (platform/crypto.ts); never mapped to a response. */
  credentials: text('credentials').notNull(),
  oauthAppId: uuid('oauth_app_id'),
  suspended: boolean('suspended').notNull().default(false),
  tokenExpiresAt: ts('token_expires_at'),
  statusMessage: text('status_message'),
  /** 'current' or 'earlier' (created through the earlier request shape). */
  apiShape: text('api_shape').notNull().default('current'),
  /** 'verified': the integration accepted the credentials before they were stored; 'unverified': stored as given. */
  verification: text('verification').notNull().default('unverified'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const users = pgTable('users', {
  id: uuid('id').primaryKey(),
  email: text('email').notNull(),
  name: text('name').notNull(),
  image: text('image'),
  passwordHash: text('password_hash'),
  emailVerifiedAt: ts('email_verified_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The pending email verification code of a person (SHA-256 only); see docs/decisions/0070. */
export const emailVerificationCodes = pgTable('email_verification_codes', {
  userId: uuid('user_id').primaryKey(),
  codeHash: text('code_hash').notNull(),
  expiresAt: ts('expires_at').notNull(),
  attempts: integer('attempts').notNull().default(0),
  consumedAt: ts('consumed_at'),
  createdAt: createdAt(),
});

/** How many verification codes a person was sent in the current day-long window; see docs/decisions/0084. */
export const emailVerificationSends = pgTable('email_verification_sends', {
  userId: uuid('user_id').primaryKey(),
  windowStart: ts('window_start').notNull(),
  count: integer('count').notNull(),
});

/** Password reset codes, one per request, bound to the requester's reset id (digests only); see docs/decisions/0088. */
export const passwordResetCodes = pgTable('password_reset_codes', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  resetHash: text('reset_hash').notNull(),
  linkHash: text('link_hash').notNull(),
  codeHash: text('code_hash').notNull(),
  expiresAt: ts('expires_at').notNull(),
  attempts: integer('attempts').notNull().default(0),
  createdAt: createdAt(),
});

/** Failed sign-ins per (account, address), address and account (digests only); see docs/decisions/0115. */
export const signInThrottle = pgTable('sign_in_throttle', {
  key: text('key').primaryKey(),
  account: text('account'),
  failures: integer('failures').notNull().default(0),
  lastFailureAt: ts('last_failure_at').notNull(),
  knownUntil: ts('known_until'),
});

export const userSessions = pgTable('user_sessions', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  tokenHash: text('token_hash').notNull(),
  expiresAt: ts('expires_at').notNull(),
  createdAt: createdAt(),
});

export const members = pgTable('members', {
  id: uuid('id').primaryKey(),
  orgId: uuid('org_id').notNull(),
  userId: uuid('user_id').notNull(),
  role: text('role').notNull(),
  createdAt: createdAt(),
});

export const invitations = pgTable('invitations', {
  id: uuid('id').primaryKey(),
  orgId: uuid('org_id').notNull(),
  email: text('email').notNull(),
  role: text('role').notNull(),
  status: text('status').notNull().default('pending'),
  expiresAt: ts('expires_at').notNull(),
  createdAt: createdAt(),
});

export const workspaceMembers = pgTable('workspace_members', {
  id: uuid('id').primaryKey(),
  orgId: uuid('org_id').notNull(),
  workspaceId: uuid('workspace_id').notNull(),
  memberId: uuid('member_id').notNull(),
  role: text('role').notNull(),
  createdAt: createdAt(),
});

export const kvEntries = pgTable('kv_entries', {
  orgId: uuid('org_id').notNull(),
  workspaceId: uuid('workspace_id').notNull(),
  scope: text('scope').notNull(),
  scopeId: text('scope_id').notNull(),
  key: text('key').notNull(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

export const storageObjects = pgTable('storage_objects', {
  id: uuid('id').primaryKey(),
  orgId: uuid('org_id').notNull(),
  workspaceId: uuid('workspace_id').notNull(),
  scope: text('scope').notNull(),
  scopeId: text('scope_id').notNull(),
  path: text('path').notNull(),
  size: integer('size').notNull(),
  contentType: text('content_type').notNull(),
  sha256: text('sha256').notNull(),
  /** 'local' or 's3'; null: written before migration 0021 (see decision 0102). */
  backend: text('backend'),
  updatedAt: updatedAt(),
});

export const installedPieces = pgTable('installed_pieces', {
  package: text('package').primaryKey(),
  version: text('version').notNull(),
  name: text('name').notNull(),
  metadata: jsonb('metadata').notNull(),
  addedAt: ts('added_at').notNull().defaultNow(),
});

export const pieceInstallJobs = pgTable('piece_install_jobs', {
  id: uuid('id').primaryKey(),
  spec: text('spec').notNull(),
  status: text('status').notNull(),
  integration: jsonb('integration'),
  error: jsonb('error'),
  createdAt: createdAt(),
  startedAt: ts('started_at'),
  finishedAt: ts('finished_at'),
});

export const oauthApps = pgTable('oauth_apps', {
  id: uuid('id').primaryKey(),
  /** null: a service-managed app (operator-configured, for every organization). */
  orgId: uuid('org_id'),
  integrationName: text('integration_name').notNull(),
  name: text('name').notNull(),
  clientId: text('client_id').notNull(),
  /** AES-256-GCM envelope; never mapped to a response. */
  clientSecret: text('client_secret').notNull(),
  scopes: text('scopes').array().notNull().default([]),
  authUrl: text('auth_url'),
  tokenUrl: text('token_url'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const workspaceIntegrations = pgTable('workspace_integrations', {
  id: uuid('id').primaryKey(),
  orgId: uuid('org_id').notNull(),
  workspaceId: uuid('workspace_id').notNull(),
  integrationName: text('integration_name').notNull(),
  alias: text('alias').notNull(),
  displayName: text('display_name'),
  connectionStrategy: text('connection_strategy').notNull().default('fixed'),
  authMethodKey: text('auth_method_key').notNull(),
  oauthAppMode: text('oauth_app_mode').notNull().default('service_managed'),
  oauthAppId: uuid('oauth_app_id'),
  connectionId: uuid('connection_id'),
  enabledActions: text('enabled_actions').array(),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  sortOrder: doublePrecision('sort_order').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const inputPartials = pgTable('input_partials', {
  id: uuid('id').primaryKey(),
  orgId: uuid('org_id').notNull(),
  workspaceId: uuid('workspace_id').notNull(),
  integrationName: text('integration_name').notNull(),
  workspaceIntegrationId: uuid('workspace_integration_id'),
  integrationAlias: text('integration_alias'),
  actionName: text('action_name'),
  triggerName: text('trigger_name'),
  scopeKey: text('scope_key').notNull(),
  name: text('name').notNull(),
  description: text('description'),
  values: jsonb('values').$type<Record<string, unknown>>().notNull().default({}),
  enforcedKeys: text('enforced_keys').array().notNull().default([]),
  isDefault: boolean('is_default').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const idempotencyRecords = pgTable('idempotency_records', {
  orgId: uuid('org_id').notNull(),
  key: text('key').notNull(),
  requestHash: text('request_hash').notNull(),
  status: text('status').notNull(),
  httpStatus: integer('http_status'),
  response: jsonb('response'),
  claimedUntil: ts('claimed_until').notNull(),
  createdAt: createdAt(),
  expiresAt: ts('expires_at').notNull(),
});

export const usageCounters = pgTable('usage_counters', {
  orgId: uuid('org_id').notNull(),
  counter: text('counter').notNull(),
  bucket: bigint('bucket', { mode: 'number' }).notNull(),
  count: bigint('count', { mode: 'number' }).notNull().default(0),
  expiresAt: ts('expires_at').notNull(),
});

export const actionPacks = pgTable('action_packs', {
  id: uuid('id').primaryKey(),
  orgId: uuid('org_id').notNull(),
  packs: integer('packs'),
  actions: bigint('actions', { mode: 'number' }).notNull(),
  recurring: boolean('recurring').notNull(),
  firstMonth: integer('first_month').notNull(),
  createdAt: createdAt(),
});

export const activity = pgTable('activity', {
  /** Unique by construction (random UUIDs); no index, for write speed (migrations/0013). */
  id: uuid('id').notNull(),
  orgId: uuid('org_id').notNull(),
  workspaceId: uuid('workspace_id'),
  apiKeyId: uuid('api_key_id'),
  endUserId: uuid('end_user_id'),
  endUserExternalId: text('end_user_external_id'),
  source: text('source').notNull(),
  integrationName: text('integration_name').notNull(),
  integrationAlias: text('integration_alias'),
  actionName: text('action_name').notNull(),
  connectionId: uuid('connection_id'),
  mcpServerId: uuid('mcp_server_id'),
  triggerSourceId: uuid('trigger_source_id'),
  approvalId: text('approval_id'),
  status: text('status').notNull(),
  errorCode: text('error_code'),
  errorMessage: text('error_message'),
  durationMs: integer('duration_ms').notNull(),
  createdAt: ts('created_at').notNull(),
});

export const connectSessions = pgTable('connect_sessions', {
  id: uuid('id').primaryKey(),
  orgId: uuid('org_id').notNull(),
  workspaceId: uuid('workspace_id').notNull(),
  /** SHA-256 of the cst_ token. */
  tokenHash: text('token_hash').notNull(),
  integrationName: text('integration_name').notNull(),
  connectionName: text('connection_name').notNull(),
  externalId: text('external_id').notNull(),
  authMethodKey: text('auth_method_key').notNull(),
  scope: text('scope').notNull(),
  endUserExternalId: text('end_user_external_id'),
  endUserId: uuid('end_user_id'),
  workspaceIntegrationId: uuid('workspace_integration_id'),
  oauthAppMode: text('oauth_app_mode').notNull().default('service_managed'),
  oauthAppId: uuid('oauth_app_id'),
  successRedirectUri: text('success_redirect_uri'),
  errorRedirectUri: text('error_redirect_uri'),
  status: text('status').notNull().default('PENDING'),
  connectionId: uuid('connection_id'),
  error: text('error'),
  reconnectConnectionId: uuid('reconnect_connection_id'),
  portalTokenId: uuid('portal_token_id'),
  /** AES-256-GCM envelope of the portal address to return to; never mapped to a response. */
  returnTo: text('return_to'),
  /** SHA-256 of the OAuth2 state parameter. */
  oauthStateHash: text('oauth_state_hash'),
  /** AES-256-GCM envelope of the PKCE verifier and redirect URI; never mapped to a response. */
  oauthPkce: text('oauth_pkce'),
  /** The completed connection's verification ('verified' or 'unverified'); null until COMPLETED. */
  verification: text('verification'),
  expiresAt: ts('expires_at').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const endUserPortalTokens = pgTable('end_user_portal_tokens', {
  id: uuid('id').primaryKey(),
  orgId: uuid('org_id').notNull(),
  workspaceId: uuid('workspace_id').notNull(),
  endUserId: uuid('end_user_id').notNull(),
  /** SHA-256 of the eut_ token. */
  tokenHash: text('token_hash').notNull(),
  integrationName: text('integration_name'),
  workspaceIntegrationId: uuid('workspace_integration_id'),
  email: text('email'),
  expiresAt: ts('expires_at').notNull(),
  createdAt: createdAt(),
});

// --- Outbound webhook delivery (migrations/0007_triggers.sql) ---

export const webhookSigningSecrets = pgTable('webhook_signing_secrets', {
  id: uuid('id').primaryKey(),
  orgId: uuid('org_id').notNull().unique(),
  /** AES-256-GCM envelope; never mapped to a response after the rotate call that created it. */
  secret: text('secret').notNull(),
  secretPrefix: text('secret_prefix').notNull(),
  previousSecret: text('previous_secret'),
  previousExpiresAt: ts('previous_expires_at'),
  createdAt: createdAt(),
});

export const webhookDeliveries = pgTable('webhook_deliveries', {
  id: uuid('id').primaryKey(),
  orgId: uuid('org_id').notNull(),
  producer: text('producer').notNull(),
  subjectId: text('subject_id'),
  streamKey: text('stream_key'),
  streamSeq: bigint('stream_seq', { mode: 'number' }).notNull(),
  url: text('url').notNull(),
  /** AES-256-GCM envelope of the producer's headers. */
  headers: text('headers').notNull(),
  body: text('body').notNull(),
  sign: boolean('sign').notNull().default(true),
  status: text('status').notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  roundAttempts: integer('round_attempts').notNull().default(0),
  maxAttempts: integer('max_attempts').notNull(),
  nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
  leaseUntil: ts('lease_until'),
  lastAttemptAt: ts('last_attempt_at'),
  lastStatusCode: integer('last_status_code'),
  lastError: text('last_error'),
  deliveredAt: ts('delivered_at'),
  deadAt: ts('dead_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const webhookDeliveryAttempts = pgTable('webhook_delivery_attempts', {
  deliveryId: uuid('delivery_id').notNull(),
  attempt: integer('attempt').notNull(),
  orgId: uuid('org_id').notNull(),
  url: text('url').notNull(),
  startedAt: ts('started_at').notNull(),
  finishedAt: ts('finished_at'),
  statusCode: integer('status_code'),
  error: text('error'),
  durationMs: integer('duration_ms'),
});

// --- Triggers (migrations/0007_triggers.sql) ---

export const triggerSources = pgTable('trigger_sources', {
  id: uuid('id').primaryKey(),
  orgId: uuid('org_id').notNull(),
  workspaceId: uuid('workspace_id').notNull(),
  workspaceIntegrationId: uuid('workspace_integration_id'),
  integrationName: text('integration_name').notNull(),
  integrationAlias: text('integration_alias').notNull(),
  triggerName: text('trigger_name').notNull(),
  triggerType: text('trigger_type').notNull(),
  status: text('status').notNull(),
  apiShape: text('api_shape').notNull().default('current'),
  connectionId: uuid('connection_id'),
  endUserId: uuid('end_user_id'),
  callbackUrl: text('callback_url').notNull(),
  /** AES-256-GCM envelope; never mapped to a response. */
  callbackHeaders: text('callback_headers').notNull(),
  callbackMetadata: jsonb('callback_metadata').$type<Record<string, unknown>>().notNull().default({}),
  /** AES-256-GCM envelope of the merged input. */
  input: text('input').notNull(),
  /** AES-256-GCM envelope of the piece's store. */
  state: text('state').notNull(),
  partialIds: text('partial_ids').array().notNull().default([]),
  simulate: boolean('simulate').notNull().default(false),
  pollingIntervalMinutes: integer('polling_interval_minutes'),
  nextPollAt: ts('next_poll_at'),
  pollLeaseUntil: ts('poll_lease_until'),
  pollToken: uuid('poll_token'),
  lastPolledAt: ts('last_polled_at'),
  lastError: text('last_error'),
  lastErrorAt: ts('last_error_at'),
  eventCount: bigint('event_count', { mode: 'number' }).notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  disabledAt: ts('disabled_at'),
});

export const triggerAppListeners = pgTable('trigger_app_listeners', {
  sourceId: uuid('source_id').notNull(),
  integrationName: text('integration_name').notNull(),
  event: text('event').notNull(),
  identifierValue: text('identifier_value').notNull(),
});

export const triggerEvents = pgTable('trigger_events', {
  id: uuid('id').primaryKey(),
  orgId: uuid('org_id').notNull(),
  sourceId: uuid('source_id').notNull(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  origin: text('origin').notNull(),
  createdAt: createdAt(),
});

// Human Gates (migrations/0009_approvals.sql)
export const approvalPolicies = pgTable('approval_policies', {
  id: uuid('id').primaryKey(),
  orgId: uuid('org_id').notNull(),
  workspaceId: uuid('workspace_id'),
  name: text('name').notNull(),
  description: text('description'),
  enabled: boolean('enabled').notNull().default(true),
  priority: integer('priority').notNull().default(100),
  sources: text('sources').array().notNull(),
  mcpServerIds: text('mcp_server_ids').array().notNull().default([]),
  workspaceIntegrationIds: text('workspace_integration_ids').array().notNull().default([]),
  integrationNames: text('integration_names').array().notNull().default([]),
  integrationAliases: text('integration_aliases').array().notNull().default([]),
  actionNames: text('action_names').array().notNull().default([]),
  connectionStrategies: text('connection_strategies').array().notNull().default([]),
  endUserMode: text('end_user_mode').notNull().default('any'),
  decision: text('decision').notNull().default('require_approval'),
  riskMode: text('risk_mode').notNull().default('rules'),
  rules: jsonb('rules').$type<Record<string, unknown>>().notNull().default({}),
  approvers: jsonb('approvers').$type<Array<Record<string, unknown>>>().notNull().default([]),
  timeoutSeconds: integer('timeout_seconds').notNull().default(3600),
  defaultOnTimeout: text('default_on_timeout').notNull().default('reject'),
  reuseWindowSeconds: integer('reuse_window_seconds'),
  approvalAccessMode: text('approval_access_mode').notNull().default('dashboard_and_hosted_link'),
  metadata: jsonb('metadata').$type<Record<string, unknown> | null>(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const approvalRequests = pgTable('approval_requests', {
  id: text('id').primaryKey(),
  orgId: uuid('org_id').notNull(),
  workspaceId: uuid('workspace_id'),
  policyId: uuid('policy_id'),
  policySnapshot: jsonb('policy_snapshot').$type<Record<string, unknown>>().notNull(),
  decision: text('decision').notNull(),
  status: text('status').notNull(),
  source: text('source').notNull(),
  endUserId: uuid('end_user_id'),
  endUserExternalId: text('end_user_external_id'),
  apiKeyId: uuid('api_key_id'),
  mcpServerId: uuid('mcp_server_id'),
  triggerSourceId: uuid('trigger_source_id'),
  integrationName: text('integration_name').notNull(),
  integrationAlias: text('integration_alias'),
  workspaceIntegrationId: uuid('workspace_integration_id'),
  actionName: text('action_name').notNull(),
  connectionId: uuid('connection_id'),
  inputHash: text('input_hash').notNull(),
  idempotencyKey: text('idempotency_key'),
  inputPreview: jsonb('input_preview').$type<Record<string, unknown>>().notNull(),
  redactedPaths: text('redacted_paths').array().notNull().default([]),
  riskReasons: text('risk_reasons').array().notNull().default([]),
  approvalAccessMode: text('approval_access_mode').notNull(),
  /** SHA-256 of the hosted link token; never mapped to a response. */
  linkTokenHash: text('link_token_hash'),
  codeRunId: text('code_run_id'),
  expiresAt: ts('expires_at').notNull(),
  decidedAt: ts('decided_at'),
  decidedBy: jsonb('decided_by').$type<Record<string, unknown> | null>(),
  decisionReason: text('decision_reason'),
  decisionMetadata: jsonb('decision_metadata').$type<Record<string, unknown> | null>(),
  reusedFrom: text('reused_from'),
  consumedAt: ts('consumed_at'),
  runStatus: text('run_status'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const approvalReceipts = pgTable('approval_receipts', {
  id: uuid('id').primaryKey(),
  orgId: uuid('org_id').notNull(),
  approvalId: text('approval_id').notNull(),
  inputHash: text('input_hash').notNull(),
  idempotencyKey: text('idempotency_key'),
  status: text('status').notNull().default('valid'),
  expiresAt: ts('expires_at').notNull(),
  consumedAt: ts('consumed_at'),
  createdAt: createdAt(),
});

// ---- MCP servers (migrations/0008_mcp.sql) ----

export interface McpServerSettings {
  codeMode?: { approvalWaitSeconds?: number };
  mcpApp?: { enabled?: boolean };
}

export const mcpServers = pgTable('mcp_servers', {
  id: uuid('id').primaryKey(),
  orgId: uuid('org_id').notNull(),
  workspaceId: uuid('workspace_id'),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  mode: text('mode').notNull().default('TOOLS'),
  settings: jsonb('settings').$type<McpServerSettings>().notNull().default({}),
  authMode: text('auth_mode').notNull().default('oauth'),
  endUserAccess: text('end_user_access').notNull().default('restricted'),
  endUserId: uuid('end_user_id'),
  endUserExternalId: text('end_user_external_id'),
  createdBy: text('created_by'),
  suspended: boolean('suspended').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const mcpTools = pgTable('mcp_tools', {
  id: uuid('id').primaryKey(),
  orgId: uuid('org_id').notNull(),
  mcpServerId: uuid('mcp_server_id').notNull(),
  integrationName: text('integration_name').notNull(),
  integrationAlias: text('integration_alias').notNull(),
  actionName: text('action_name').notNull(),
  toolType: text('tool_type').notNull().default('ACTION'),
  connectionId: uuid('connection_id'),
  displayName: text('display_name'),
  description: text('description'),
  inputDefaults: jsonb('input_defaults').$type<Record<string, unknown> | null>(),
  sortOrder: doublePrecision('sort_order').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const mcpToolPartials = pgTable('mcp_tool_partials', {
  toolId: uuid('tool_id').notNull(),
  partialId: uuid('partial_id').notNull(),
  position: integer('position').notNull(),
});

export const mcpOauthClients = pgTable('mcp_oauth_clients', {
  clientId: text('client_id').primaryKey(),
  /** 'dcr' (RFC 7591) or 'metadata_document' (client_id is the document URL). */
  source: text('source').notNull(),
  clientSecretHash: text('client_secret_hash'),
  clientSecretExpiresAt: ts('client_secret_expires_at'),
  metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull(),
  fetchedAt: ts('fetched_at'),
  createdAt: createdAt(),
});

export const mcpOauthGrants = pgTable('mcp_oauth_grants', {
  id: uuid('id').primaryKey(),
  orgId: uuid('org_id').notNull(),
  mcpServerId: uuid('mcp_server_id').notNull(),
  endUserId: uuid('end_user_id').notNull(),
  userId: uuid('user_id'),
  clientId: text('client_id').notNull(),
  scopes: text('scopes').array().notNull(),
  resource: text('resource').notNull(),
  revokedAt: ts('revoked_at'),
  createdAt: createdAt(),
});

export const mcpOauthCodes = pgTable('mcp_oauth_codes', {
  codeHash: text('code_hash').primaryKey(),
  orgId: uuid('org_id').notNull(),
  mcpServerId: uuid('mcp_server_id').notNull(),
  endUserId: uuid('end_user_id').notNull(),
  userId: uuid('user_id').notNull(),
  clientId: text('client_id').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  codeChallenge: text('code_challenge').notNull(),
  scopes: text('scopes').array().notNull(),
  resource: text('resource').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  grantId: uuid('grant_id'),
  createdAt: createdAt(),
});

export const mcpTokens = pgTable('mcp_tokens', {
  id: uuid('id').primaryKey(),
  orgId: uuid('org_id').notNull(),
  mcpServerId: uuid('mcp_server_id').notNull(),
  /** static | bearer | oauth_access | oauth_refresh */
  kind: text('kind').notNull(),
  tokenHash: text('token_hash').notNull(),
  tokenPrefix: text('token_prefix').notNull(),
  scopes: text('scopes').array().notNull(),
  endUserId: uuid('end_user_id'),
  grantId: uuid('grant_id'),
  expiresAt: ts('expires_at'),
  revokedAt: ts('revoked_at'),
  createdAt: createdAt(),
});

export const mcpEndUserLinks = pgTable('mcp_end_user_links', {
  workspaceId: uuid('workspace_id').notNull(),
  userId: uuid('user_id').notNull(),
  orgId: uuid('org_id').notNull(),
  endUserId: uuid('end_user_id').notNull(),
  createdAt: createdAt(),
});

export const mcpCodeRuns = pgTable('mcp_code_runs', {
  id: uuid('id').primaryKey(),
  orgId: uuid('org_id').notNull(),
  mcpServerId: uuid('mcp_server_id').notNull(),
  endUserId: uuid('end_user_id'),
  apiKeyId: uuid('api_key_id'),
  code: text('code').notNull(),
  codeHash: text('code_hash').notNull(),
  status: text('status').notNull(),
  /** AES-256-GCM envelope of the completed steps (outputs included). */
  steps: text('steps').notNull(),
  approvalIds: text('approval_ids').array().notNull().default([]),
  pendingApproval: jsonb('pending_approval').$type<Record<string, unknown> | null>(),
  result: jsonb('result').$type<Record<string, unknown> | null>(),
  expiresAt: ts('expires_at').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
