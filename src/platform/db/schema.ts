// Mirrors migrations/*.sql (the migrations are the source of truth; keep both in step).
// The one entry point for every table and column type (the database client, repositories and the drift test import
// it); the tables live in schema/, one file per area.
export * from './schema/organizations.js';
export * from './schema/integrations.js';
export * from './schema/runtime.js';
export * from './schema/triggers.js';
export * from './schema/approvals.js';
export * from './schema/mcp.js';
export * from './schema/webhook-endpoints.js';
