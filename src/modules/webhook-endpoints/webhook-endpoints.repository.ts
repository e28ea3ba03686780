import { and, arrayContains, asc, count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.js';
import { organizations, webhookEndpointDeliveries, webhookEndpoints } from '../../platform/db/schema.js';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type EndpointDeliveryRow = typeof webhookEndpointDeliveries.$inferSelect;

export async function insertEndpoint(db: Executor, row: typeof webhookEndpoints.$inferInsert): Promise<WebhookEndpointRow> {
  const [r] = await db.insert(webhookEndpoints).values(row).returning();
  return r!;
}

export async function findEndpoint(db: Executor, orgId: string, id: string): Promise<WebhookEndpointRow | null> {
  const [r] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.orgId, orgId), eq(webhookEndpoints.id, id)))
    .limit(1);
  return r ?? null;
}

/** Every endpoint of the organization, oldest first (there are at most a few). */
export async function listEndpoints(db: Executor, orgId: string): Promise<WebhookEndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.orgId, orgId))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
}

export async function countEndpoints(db: Executor, orgId: string): Promise<number> {
  const [r] = await db.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.orgId, orgId));
  return Number(r?.n ?? 0);
}

/** Locks the organization row, so that concurrent creates are counted one at a time. */
export async function lockOrganization(tx: Executor, orgId: string): Promise<boolean> {
  const rows = await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, orgId)).for('update');
  return rows.length > 0;
}

/** Enabled endpoints subscribed to an event type, in creation order. */
export async function subscribedEndpoints(db: Executor, orgId: string, type: string): Promise<WebhookEndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(
      and(eq(webhookEndpoints.orgId, orgId), eq(webhookEndpoints.enabled, true), arrayContains(webhookEndpoints.events, [type])),
    )
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
}

export async function updateEndpoint(
  db: Executor,
  orgId: string,
  id: string,
  patch: Partial<Pick<WebhookEndpointRow, 'url' | 'events' | 'description' | 'enabled'>>,
): Promise<WebhookEndpointRow | null> {
  const [r] = await db
    .update(webhookEndpoints)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(webhookEndpoints.orgId, orgId), eq(webhookEndpoints.id, id)))
    .returning();
  return r ?? null;
}

export async function deleteEndpoint(db: Executor, orgId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.orgId, orgId), eq(webhookEndpoints.id, id)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

export async function insertEndpointDeliveries(db: Executor, rows: Array<typeof webhookEndpointDeliveries.$inferInsert>) {
  if (rows.length > 0) await db.insert(webhookEndpointDeliveries).values(rows);
}

/** An endpoint's deliveries, newest first. */
export async function listEndpointDeliveries(
  db: Executor,
  orgId: string,
  endpointId: string,
  limit: number,
  offset: number,
): Promise<EndpointDeliveryRow[]> {
  return db
    .select()
    .from(webhookEndpointDeliveries)
    .where(and(eq(webhookEndpointDeliveries.orgId, orgId), eq(webhookEndpointDeliveries.endpointId, endpointId)))
    .orderBy(desc(webhookEndpointDeliveries.createdAt), desc(webhookEndpointDeliveries.id))
    .limit(limit)
    .offset(offset);
}

export async function countEndpointDeliveries(db: Executor, orgId: string, endpointId: string): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(webhookEndpointDeliveries)
    .where(and(eq(webhookEndpointDeliveries.orgId, orgId), eq(webhookEndpointDeliveries.endpointId, endpointId)));
  return Number(r?.n ?? 0);
}

export async function findEndpointDelivery(
  db: Executor,
  orgId: string,
  endpointId: string,
  id: string,
): Promise<EndpointDeliveryRow | null> {
  const [r] = await db
    .select()
    .from(webhookEndpointDeliveries)
    .where(
      and(
        eq(webhookEndpointDeliveries.orgId, orgId),
        eq(webhookEndpointDeliveries.endpointId, endpointId),
        eq(webhookEndpointDeliveries.id, id),
      ),
    )
    .limit(1);
  return r ?? null;
}
