import { and, eq, isNull, or } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.js';
import { oauthApps } from '../../platform/db/schema.js';

export type OAuthAppRow = typeof oauthApps.$inferSelect;

/** An organization's custom app by id (service-managed apps are not addressed by id). */
export async function findOrgApp(db: Executor, orgId: string, id: string): Promise<OAuthAppRow | null> {
  const [r] = await db.select().from(oauthApps).where(and(eq(oauthApps.orgId, orgId), eq(oauthApps.id, id))).limit(1);
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
