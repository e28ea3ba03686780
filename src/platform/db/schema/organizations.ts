import { boolean, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ts, updatedAt } from './columns.js';

// Tenants and who acts in them: system settings, organizations, API keys, workspaces, end users, people (sign-in,
// sessions, verification and reset codes) and memberships.

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
