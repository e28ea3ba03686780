import { boolean, doublePrecision, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ts, updatedAt } from './columns.js';

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
