import { bigint, boolean, integer, json, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ts, updatedAt } from './columns.js';

// What running actions reads and leaves behind: KV entries and stored objects, idempotency records, usage counters,
// action packs and the activity log.

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

export const idempotencyRecords = pgTable('idempotency_records', {
  orgId: uuid('org_id').notNull(),
  key: text('key').notNull(),
  requestHash: text('request_hash').notNull(),
  status: text('status').notNull(),
  httpStatus: integer('http_status'),
  // json, not jsonb: an output may hold a NUL in text, which jsonb refuses (migration 0032).
  response: json('response'),
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
  /** The call's trace id when tracing is on (migrations/0028, decision 0142). */
  traceId: text('trace_id'),
});
