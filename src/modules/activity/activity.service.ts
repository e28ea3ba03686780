import { and, desc, eq, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { ActivityRecorder } from '../../engine/activity.js';
import type { Orm } from '../../platform/db/database.js';
import { activity } from '../../platform/db/schema.js';
import { invalidField } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/access.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import type { ListActivityQueryInput } from './activity.schemas.js';

type Row = typeof activity.$inferSelect;

const encodeCursor = (r: Row) => Buffer.from(`${r.createdAt.toISOString()}|${r.id}`).toString('base64url');
function decodeCursor(cursor: string): { at: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const date = new Date(at ?? '');
  if (!id || Number.isNaN(date.getTime()) || !/^[0-9a-f-]{36}$/i.test(id))
    throw invalidField('cursor', 'is not a cursor from this endpoint');
  return { at: date, id };
}

/** The execution record of every surface, newest first, cursor-paged. */
export class ActivityService {
  constructor(private readonly deps: { orm: Orm; recorder: ActivityRecorder; workspaces: WorkspacesService }) {}

  async list(actor: Actor, q: ListActivityQueryInput) {
    if (q.workspaceId) await this.deps.workspaces.get(actor, q.workspaceId);
    // Rows this node still buffers are written first, so a caller reads its own executions.
    await this.deps.recorder.flush();
    const conds: SQL[] = [eq(activity.orgId, actor.orgId)];
    if (q.workspaceId) conds.push(eq(activity.workspaceId, q.workspaceId));
    else if (actor.access.workspaceIds)
      conds.push(actor.access.workspaceIds.size ? inArray(activity.workspaceId, [...actor.access.workspaceIds]) : sql`false`);
    if (q.source) conds.push(eq(activity.source, q.source));
    if (q.integrationName) conds.push(eq(activity.integrationName, q.integrationName));
    if (q.actionName) conds.push(eq(activity.actionName, q.actionName));
    if (q.status) conds.push(eq(activity.status, q.status));
    if (q.endUserId) conds.push(eq(activity.endUserExternalId, q.endUserId));
    if (q.since) conds.push(gte(activity.createdAt, new Date(q.since)));
    if (q.until) conds.push(lte(activity.createdAt, new Date(q.until)));
    if (q.cursor) {
      const c = decodeCursor(q.cursor);
      conds.push(or(lt(activity.createdAt, c.at), and(eq(activity.createdAt, c.at), lt(activity.id, c.id)))!);
    }
    const rows = await this.deps.orm
      .select()
      .from(activity)
      .where(and(...conds))
      .orderBy(desc(activity.createdAt), desc(activity.id))
      .limit(q.limit + 1);
    const page = rows.slice(0, q.limit);
    return {
      activity: page.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
      nextCursor: rows.length > q.limit ? encodeCursor(page[page.length - 1]!) : null,
    };
  }

  /** Executions that ran (success, failed or error: what the quota admits) since `since` (this node's buffer written first). */
  async ranSince(orgId: string, since: Date): Promise<number> {
    await this.deps.recorder.flush();
    const [r] = await this.deps.orm
      .select({ n: sql<number>`count(*)::int` })
      .from(activity)
      .where(
        and(eq(activity.orgId, orgId), gte(activity.createdAt, since), inArray(activity.status, ['success', 'failed', 'error'])),
      );
    return Number(r?.n ?? 0);
  }
}
