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

export async function assertOrgActive(db: Executor, orgId: string): Promise<void> {
  if (await isOrgSuspended(db, orgId)) throw orgSuspended();
}

export const orgSuspended = () =>
  new AppError('ORGANIZATION_SUSPENDED', 'This organization is suspended; its links and pages cannot be used.');

/** Words for the hosted pages. */
export const SUSPENDED_TITLE = 'This organization is suspended';
