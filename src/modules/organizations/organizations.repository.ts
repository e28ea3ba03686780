import { count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.js';
import { organizations } from '../../platform/db/schema.js';

export type OrganizationRow = typeof organizations.$inferSelect;

export async function insertOrganization(db: Executor, row: typeof organizations.$inferInsert): Promise<OrganizationRow> {
  const [created] = await db.insert(organizations).values(row).returning();
  return created!;
}

export async function listOrganizations(db: Executor, limit: number, offset: number): Promise<OrganizationRow[]> {
  return db
    .select()
    .from(organizations)
    .orderBy(desc(organizations.createdAt), desc(organizations.id))
    .limit(limit)
    .offset(offset);
}

export async function countOrganizations(db: Executor): Promise<number> {
  const [r] = await db.select({ n: count() }).from(organizations);
  return r?.n ?? 0;
}

export async function updateOrganization(
  db: Executor,
  id: string,
  patch: Partial<Pick<OrganizationRow, 'name' | 'plan' | 'suspended'>>,
): Promise<OrganizationRow | null> {
  const [row] = await db
    .update(organizations)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(organizations.id, id))
    .returning();
  return row ?? null;
}
