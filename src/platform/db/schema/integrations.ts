import { boolean, doublePrecision, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ts, updatedAt } from './columns.js';

// Integrations and credentials: connections, installed pieces, OAuth apps, workspace integrations, input partials,
// connect sessions and end-user portal tokens.

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
  /** When the credentials stop working without a person (migrations/0030, decision 0144); null when unknown. */
  credentialExpiresAt: ts('credential_expires_at'),
  /** The credentialExpiresAt that connection.expiring was sent for (one event per expiry). */
  expiryNoticeFor: ts('expiry_notice_for'),
  statusMessage: text('status_message'),
  /** 'current' or 'earlier' (created through the earlier request shape). */
  apiShape: text('api_shape').notNull().default('current'),
  /** 'verified': the integration accepted the credentials before they were stored; 'unverified': stored as given. */
  verification: text('verification').notNull().default('unverified'),
  /** healthy | degraded | needs_reauth (migrations/0027, decision 0140). */
  health: text('health').notNull().default('healthy'),
  lastCheckedAt: ts('last_checked_at'),
  lastUsedAt: ts('last_used_at'),
  lastErrorCode: text('last_error_code'),
  lastErrorMessage: text('last_error_message'),
  createdAt: createdAt(),
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

/** An imported OpenAPI document (migrations/0031, decision 0151); orgId null: published to every organization. */
export const customIntegrations = pgTable('custom_integrations', {
  id: uuid('id').primaryKey(),
  orgId: uuid('org_id'),
  name: text('name').notNull(),
  displayName: text('display_name').notNull(),
  description: text('description').notNull().default(''),
  sourceUrl: text('source_url'),
  sourceVersion: text('source_version').notNull(),
  documentSha256: text('document_sha256').notNull(),
  selection: jsonb('selection').notNull().default({}),
  /** The compiled document (src/integrations/openapi/compile.ts, CompiledSpec). */
  spec: jsonb('spec').notNull(),
  revision: integer('revision').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
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
