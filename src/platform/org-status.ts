import { eq } from 'drizzle-orm';
import type { Executor } from './db/database.js';
import { organizations } from './db/schema.js';
import { AppError } from './errors.js';

/**
 * Whether an organization is suspended (operator API), read from the database on every use: the surfaces that take
 * no API key (connect and portal links, their polls and OAuth callbacks, approval review pages, webhook ingest)
 * refuse with 403 ORGANIZATION_SUSPENDED, as the API key verifier and MCP token check do.
 */
export async function isOrgSuspended(db: Executor, orgId: string): Promise<boolean> {
  const [row] = await db
    .select({ suspended: organizations.suspended })
    .from(organizations)
    .where(eq(organizations.id, orgId))
    .limit(1);
  return row?.suspended ?? false;
}

/** An organization's row (the tenant root every module's rows hang from), or null. */
export async function findOrganization(db: Executor, id: string): Promise<typeof organizations.$inferSelect | null> {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id)).limit(1);
  return row ?? null;
}

/**
 * The organization's row, locked FOR UPDATE in the caller's transaction: per-organization changes that must not
 * interleave (its owners, its action packs, its plan) serialise on it, whichever module makes them.
 */
export async function lockOrganization(db: Executor, id: string): Promise<typeof organizations.$inferSelect | null> {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function assertOrgActive(db: Executor, orgId: string): Promise<void> {
  if (await isOrgSuspended(db, orgId)) throw orgSuspended();
}

export const orgSuspended = () =>
  new AppError('ORGANIZATION_SUSPENDED', 'This organization is suspended; its links and pages cannot be used.');

/** Words for the hosted pages. */
export const SUSPENDED_TITLE = 'This organization is suspended';
