import { bigint, boolean, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ts, updatedAt } from './columns.js';

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
  /** At most 500 characters of the receiver's text answer (migrations/0025). */
  responseExcerpt: text('response_excerpt'),
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
  /** Polls that failed in a row (migrations/0029, decision 0143). */
  consecutiveFailures: integer('consecutive_failures').notNull().default(0),
  lastEventAt: ts('last_event_at'),
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
