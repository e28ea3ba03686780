import { boolean, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';

// --- The organization's outbound webhook endpoints (migrations/0026_webhook_endpoints.sql) ---

export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: uuid('id').primaryKey(),
  orgId: uuid('org_id').notNull(),
  url: text('url').notNull(),
  events: text('events').array().notNull(),
  description: text('description'),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const webhookEndpointDeliveries = pgTable('webhook_endpoint_deliveries', {
  id: uuid('id').primaryKey(),
  orgId: uuid('org_id').notNull(),
  endpointId: uuid('endpoint_id').notNull(),
  eventId: uuid('event_id').notNull(),
  eventType: text('event_type').notNull(),
  createdAt: createdAt(),
});
