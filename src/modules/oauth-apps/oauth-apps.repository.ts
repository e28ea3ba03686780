import { and, asc, count, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.js';
import { oauthApps } from '../../platform/db/schema.js';

export type OAuthAppRow = typeof oauthApps.$inferSelect;

/** An organization's custom app by id (service-managed apps are not addressed by id). */
export async function findOrgApp(db: Executor, orgId: string, id: string): Promise<OAuthAppRow | null> {
  const [r] = await db
    .select()
    .from(oauthApps)
    .where(and(eq(oauthApps.orgId, orgId), eq(oauthApps.id, id)))
    .limit(1);
  return r ?? null;
}

/** The service-managed (operator-configured) app of an integration. */
export async function findPlatformApp(db: Executor, integrationName: string): Promise<OAuthAppRow | null> {
  const [r] = await db
    .select()
    .from(oauthApps)
    .where(and(isNull(oauthApps.orgId), eq(oauthApps.integrationName, integrationName)))
    .limit(1);
  return r ?? null;
}

/** Integration names with an app usable by the organization: service-managed ones and its own custom ones. */
export async function configuredIntegrationNames(db: Executor, orgId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ name: oauthApps.integrationName })
    .from(oauthApps)
    .where(or(isNull(oauthApps.orgId), eq(oauthApps.orgId, orgId)));
  return rows.map((r) => r.name).sort();
}

/** null orgId: the service-managed apps. */
function owner(orgId: string | null): SQL {
  return orgId === null ? isNull(oauthApps.orgId) : eq(oauthApps.orgId, orgId);
}

export async function listApps(
  db: Executor,
  orgId: string | null,
  integrationName: string | undefined,
  limit: number,
  offset: number,
): Promise<OAuthAppRow[]> {
  const where = integrationName ? and(owner(orgId), eq(oauthApps.integrationName, integrationName)) : owner(orgId);
  return db
    .select()
    .from(oauthApps)
    .where(where)
    .orderBy(asc(oauthApps.integrationName), asc(oauthApps.createdAt), asc(oauthApps.id))
    .limit(limit)
    .offset(offset);
}

export async function countApps(db: Executor, orgId: string | null, integrationName: string | undefined): Promise<number> {
  const where = integrationName ? and(owner(orgId), eq(oauthApps.integrationName, integrationName)) : owner(orgId);
  const [r] = await db.select({ n: count() }).from(oauthApps).where(where);
  return r?.n ?? 0;
}

export async function findApp(db: Executor, orgId: string | null, id: string): Promise<OAuthAppRow | null> {
  const [r] = await db
    .select()
    .from(oauthApps)
    .where(and(owner(orgId), eq(oauthApps.id, id)))
    .limit(1);
  return r ?? null;
}

export async function insertApp(db: Executor, row: typeof oauthApps.$inferInsert): Promise<OAuthAppRow> {
  const [created] = await db.insert(oauthApps).values(row).returning();
  return created!;
}

export async function updateApp(
  db: Executor,
  orgId: string | null,
  id: string,
  patch: Partial<Pick<OAuthAppRow, 'name' | 'clientId' | 'clientSecret' | 'scopes' | 'authUrl' | 'tokenUrl'>>,
): Promise<OAuthAppRow | null> {
  const [r] = await db
    .update(oauthApps)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(owner(orgId), eq(oauthApps.id, id)))
    .returning();
  return r ?? null;
}

export async function deleteApp(db: Executor, orgId: string | null, id: string): Promise<boolean> {
  const rows = await db
    .delete(oauthApps)
    .where(and(owner(orgId), eq(oauthApps.id, id)))
    .returning({ id: oauthApps.id });
  return rows.length > 0;
}
