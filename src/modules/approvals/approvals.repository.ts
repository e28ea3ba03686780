import { and, count, desc, eq, gt, inArray, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.js';
import { queryRows } from '../../platform/db/database.js';
import { approvalReceipts, approvalRequests } from '../../platform/db/schema.js';

export type RequestRow = typeof approvalRequests.$inferSelect;
export type ReceiptRow = typeof approvalReceipts.$inferSelect;

export interface RequestFilter {
  /** null: every workspace (organization-scope key) */
  workspaceIds: string[] | null;
  status?: string | undefined;
  source?: string | undefined;
  integrationName?: string | undefined;
  actionName?: string | undefined;
  policyId?: string | undefined;
  endUserId?: string | undefined;
}

function where(orgId: string, f: RequestFilter): SQL {
  const c: SQL[] = [eq(approvalRequests.orgId, orgId)];
  if (f.workspaceIds !== null) c.push(f.workspaceIds.length ? inArray(approvalRequests.workspaceId, f.workspaceIds) : sql`false`);
  if (f.status) c.push(eq(approvalRequests.status, f.status));
  if (f.source) c.push(eq(approvalRequests.source, f.source));
  if (f.integrationName) c.push(eq(approvalRequests.integrationName, f.integrationName));
  if (f.actionName) c.push(eq(approvalRequests.actionName, f.actionName));
  if (f.policyId) c.push(eq(approvalRequests.policyId, f.policyId));
  if (f.endUserId) c.push(eq(approvalRequests.endUserId, f.endUserId));
  return and(...c)!;
}

/** Newest first, keyset-paged by (created_at, id). */
export async function listRequests(
  db: Executor,
  orgId: string,
  f: RequestFilter,
  limit: number,
  after: { createdAt: Date; id: string } | null,
): Promise<RequestRow[]> {
  const page = after
    ? or(
        lt(approvalRequests.createdAt, after.createdAt),
        and(eq(approvalRequests.createdAt, after.createdAt), lt(approvalRequests.id, after.id)),
      )!
    : sql`true`;
  return db
    .select()
    .from(approvalRequests)
    .where(and(where(orgId, f), page))
    .orderBy(desc(approvalRequests.createdAt), desc(approvalRequests.id))
    .limit(limit);
}

export async function countRequests(db: Executor, orgId: string, f: RequestFilter): Promise<number> {
  const [r] = await db.select({ n: count() }).from(approvalRequests).where(where(orgId, f));
  return r?.n ?? 0;
}

export async function findRequest(db: Executor, orgId: string, id: string): Promise<RequestRow | null> {
  const [r] = await db
    .select()
    .from(approvalRequests)
    .where(and(eq(approvalRequests.orgId, orgId), eq(approvalRequests.id, id)))
    .limit(1);
  return r ?? null;
}

/** By id alone: the hosted link page, whose bearer token is checked against the row. */
export async function findRequestById(db: Executor, id: string): Promise<RequestRow | null> {
  const [r] = await db.select().from(approvalRequests).where(eq(approvalRequests.id, id)).limit(1);
  return r ?? null;
}

export async function lockRequest(db: Executor, orgId: string, id: string): Promise<RequestRow | null> {
  const [r] = await db
    .select()
    .from(approvalRequests)
    .where(and(eq(approvalRequests.orgId, orgId), eq(approvalRequests.id, id)))
    .for('update')
    .limit(1);
  return r ?? null;
}

/** An end user's requests whose policy (as recorded) names an end_user approver: pending and unexpired, or ended. */
export async function listForEndUser(
  db: Executor,
  orgId: string,
  workspaceId: string,
  endUserId: string,
  ended: boolean,
  limit: number,
): Promise<RequestRow[]> {
  const open = and(eq(approvalRequests.status, 'pending'), gt(approvalRequests.expiresAt, new Date()))!;
  return db
    .select()
    .from(approvalRequests)
    .where(
      and(
        eq(approvalRequests.orgId, orgId),
        eq(approvalRequests.workspaceId, workspaceId),
        eq(approvalRequests.endUserId, endUserId),
        sql`${approvalRequests.policySnapshot}->'approvers' @> '[{"type":"end_user"}]'::jsonb`,
        ended ? ne(approvalRequests.status, 'pending') : open,
      ),
    )
    .orderBy(ended ? sql`${approvalRequests.decidedAt} DESC NULLS LAST` : approvalRequests.expiresAt, desc(approvalRequests.id))
    .limit(limit);
}

/** Inserts a pending request unless an identical one (same key and input) is already pending; returns the row that is. */
export async function insertRequest(
  db: Executor,
  row: typeof approvalRequests.$inferInsert,
): Promise<{ row: RequestRow; created: boolean }> {
  const [created] = await db.insert(approvalRequests).values(row).onConflictDoNothing().returning();
  if (created) return { row: created, created: true };
  const existing = await findPendingByKey(db, row.orgId, row.idempotencyKey ?? '', row.inputHash);
  if (!existing) throw new Error('approval request insert conflicted but no pending request was found');
  return { row: existing, created: false };
}

export async function findPendingByKey(db: Executor, orgId: string, key: string, inputHash: string): Promise<RequestRow | null> {
  const [r] = await db
    .select()
    .from(approvalRequests)
    .where(
      and(
        eq(approvalRequests.orgId, orgId),
        eq(approvalRequests.idempotencyKey, key),
        eq(approvalRequests.inputHash, inputHash),
        eq(approvalRequests.status, 'pending'),
        gt(approvalRequests.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return r ?? null;
}

/** A human approval of the same policy, end user and input within the reuse window. */
export async function findReusable(
  db: Executor,
  orgId: string,
  policyId: string,
  endUserId: string | null,
  inputHash: string,
  since: Date,
): Promise<RequestRow | null> {
  const [r] = await db
    .select()
    .from(approvalRequests)
    .where(
      and(
        eq(approvalRequests.orgId, orgId),
        eq(approvalRequests.policyId, policyId),
        eq(approvalRequests.inputHash, inputHash),
        endUserId ? eq(approvalRequests.endUserId, endUserId) : isNull(approvalRequests.endUserId),
        inArray(approvalRequests.status, ['approved', 'consumed']),
        isNull(approvalRequests.reusedFrom),
        eq(approvalRequests.decision, 'require_approval'),
        gt(approvalRequests.decidedAt, since),
      ),
    )
    .orderBy(desc(approvalRequests.decidedAt))
    .limit(1);
  return r ?? null;
}

export async function updateRequest(
  db: Executor,
  orgId: string,
  id: string,
  patch: Partial<typeof approvalRequests.$inferInsert>,
): Promise<RequestRow> {
  const [r] = await db
    .update(approvalRequests)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(approvalRequests.orgId, orgId), eq(approvalRequests.id, id)))
    .returning();
  return r!;
}

export async function insertReceipt(db: Executor, row: typeof approvalReceipts.$inferInsert): Promise<ReceiptRow> {
  const [r] = await db.insert(approvalReceipts).values(row).returning();
  return r!;
}

export async function findReceipt(db: Executor, orgId: string, approvalId: string): Promise<ReceiptRow | null> {
  const [r] = await db
    .select()
    .from(approvalReceipts)
    .where(and(eq(approvalReceipts.orgId, orgId), eq(approvalReceipts.approvalId, approvalId)))
    .limit(1);
  return r ?? null;
}

/** The valid, unexpired receipt for exactly this retry: same idempotency key, same input hash. */
export async function findValidReceipt(db: Executor, orgId: string, key: string, inputHash: string): Promise<ReceiptRow | null> {
  const [r] = await db
    .select()
    .from(approvalReceipts)
    .where(
      and(
        eq(approvalReceipts.orgId, orgId),
        eq(approvalReceipts.idempotencyKey, key),
        eq(approvalReceipts.inputHash, inputHash),
        eq(approvalReceipts.status, 'valid'),
        gt(approvalReceipts.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(approvalReceipts.createdAt))
    .limit(1);
  return r ?? null;
}

/** Marks the receipt and its request consumed (once; a second call changes nothing). */
export async function consume(db: Executor, orgId: string, approvalId: string, runStatus: string): Promise<boolean> {
  const now = new Date();
  await db
    .update(approvalReceipts)
    .set({ status: 'consumed', consumedAt: now })
    .where(
      and(eq(approvalReceipts.orgId, orgId), eq(approvalReceipts.approvalId, approvalId), eq(approvalReceipts.status, 'valid')),
    );
  const rows = await db
    .update(approvalRequests)
    .set({ status: 'consumed', consumedAt: now, runStatus, updatedAt: now })
    .where(and(eq(approvalRequests.orgId, orgId), eq(approvalRequests.id, approvalId), eq(approvalRequests.status, 'approved')))
    .returning({ id: approvalRequests.id });
  return rows.length > 0;
}

/**
 * Ends every pending request whose time is up, atomically (each row moves once, whichever node runs the job):
 * defaultOnTimeout expire → expired, reject → rejected with reason timeout.
 */
export async function expireDue(db: Executor, now: Date, limit = 500): Promise<RequestRow[]> {
  const ids = await queryRows<{ id: string }>(
    db,
    sql`UPDATE approval_requests SET
          status = CASE WHEN policy_snapshot->>'defaultOnTimeout' = 'expire' THEN 'expired' ELSE 'rejected' END,
          decided_at = ${now.toISOString()}::timestamptz,
          decided_by = '{"type":"timeout"}'::jsonb,
          decision_reason = 'timeout',
          updated_at = ${now.toISOString()}::timestamptz
        WHERE id IN (
          SELECT id FROM approval_requests WHERE status = 'pending' AND expires_at <= ${now.toISOString()}::timestamptz
          ORDER BY expires_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
        RETURNING id`,
  );
  if (ids.length === 0) return [];
  return db
    .select()
    .from(approvalRequests)
    .where(
      inArray(
        approvalRequests.id,
        ids.map((r) => r.id),
      ),
    );
}

export async function pendingDueCount(db: Executor, now: Date): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(approvalRequests)
    .where(and(eq(approvalRequests.status, 'pending'), lte(approvalRequests.expiresAt, now)));
  return r?.n ?? 0;
}

/** The batch request (type mcp_code_batch_run) of a Code Mode run for one policy group; not per-call requests of the run. */
export async function findCodeRunRequest(
  db: Executor,
  orgId: string,
  codeRunId: string,
  policyId: string,
): Promise<RequestRow | null> {
  const [r] = await db
    .select()
    .from(approvalRequests)
    .where(
      and(
        eq(approvalRequests.orgId, orgId),
        eq(approvalRequests.codeRunId, codeRunId),
        eq(approvalRequests.policyId, policyId),
        sql`${approvalRequests.inputPreview}->>'type' = 'mcp_code_batch_run'`,
      ),
    )
    .orderBy(desc(approvalRequests.createdAt))
    .limit(1);
  return r ?? null;
}

/** Every batch request of a Code Mode run, oldest first (the order reviewers are asked in). */
export async function listCodeRunRequests(db: Executor, orgId: string, codeRunId: string): Promise<RequestRow[]> {
  return db
    .select()
    .from(approvalRequests)
    .where(and(eq(approvalRequests.orgId, orgId), eq(approvalRequests.codeRunId, codeRunId)))
    .orderBy(approvalRequests.createdAt, approvalRequests.id);
}

/**
 * A Code Mode run cannot go on once one of its batch approvals was refused: the other batch requests of the run that
 * are still pending are canceled (decidedBy {type: 'code_run', approvalId}) and returned, so the caller notifies.
 */
export async function cancelPendingCodeRunSiblings(
  db: Executor,
  orgId: string,
  codeRunId: string,
  endedId: string,
  now: Date,
): Promise<RequestRow[]> {
  return db
    .update(approvalRequests)
    .set({
      status: 'canceled',
      decidedAt: now,
      decidedBy: { type: 'code_run', approvalId: endedId },
      decisionReason: `the run's approval ${endedId} ended`,
      linkTokenHash: null,
      updatedAt: now,
    })
    .where(
      and(
        eq(approvalRequests.orgId, orgId),
        eq(approvalRequests.codeRunId, codeRunId),
        eq(approvalRequests.status, 'pending'),
        sql`${approvalRequests.inputPreview}->>'type' = 'mcp_code_batch_run'`,
      ),
    )
    .returning();
}

/** Once a run ended, its approved requests (batch and per-call) and their receipts are consumed: nothing more runs on them. */
export async function consumeCodeRun(db: Executor, orgId: string, codeRunId: string, runStatus: string): Promise<number> {
  const now = new Date();
  const rows = await db
    .update(approvalRequests)
    .set({ status: 'consumed', consumedAt: now, runStatus, updatedAt: now })
    .where(
      and(eq(approvalRequests.orgId, orgId), eq(approvalRequests.codeRunId, codeRunId), eq(approvalRequests.status, 'approved')),
    )
    .returning({ id: approvalRequests.id });
  if (rows.length) {
    await db
      .update(approvalReceipts)
      .set({ status: 'consumed', consumedAt: now })
      .where(
        and(
          eq(approvalReceipts.orgId, orgId),
          inArray(
            approvalReceipts.approvalId,
            rows.map((r) => r.id),
          ),
          eq(approvalReceipts.status, 'valid'),
        ),
      );
  }
  return rows.length;
}

/** Requests waiting for a decision, across the service (the metrics' gauge; the partial pending index answers it). */
export async function countPending(db: Executor): Promise<number> {
  const [r] = await db.select({ n: count() }).from(approvalRequests).where(eq(approvalRequests.status, 'pending'));
  return r?.n ?? 0;
}
