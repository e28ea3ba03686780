import { and, eq, lt, sql } from 'drizzle-orm';
import type { Orm } from '../platform/db/database.js';
import { idempotencyRecords } from '../platform/db/schema.js';
import { AppError } from '../platform/errors.js';

/** How long a key remembers its result (docs/decisions/0020-idempotency.md). */
export const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;
/** A claim older than this belongs to a node that died mid-run; another request may take it over. */
const CLAIM_MS = 10 * 60 * 1000;
const WAIT_STEP_MS = 25;

export interface StoredResult {
  httpStatus: number;
  response: unknown;
}

export type Claim = { kind: 'claimed' } | { kind: 'done'; result: StoredResult };

const conflict = () =>
  new AppError(
    'IDEMPOTENCY_CONFLICT',
    'This idempotency key was used with a different request; use a new key for a different input.',
  );

/**
 * At-most-once execution per (organization, idempotency key): the first request claims the key with an insert,
 * concurrent duplicates wait for its result, later ones get the stored result. A key reused with another
 * request hash is refused with 409.
 */
export class IdempotencyStore {
  constructor(private readonly orm: Orm) {}

  /** Claim the key, or wait for the request holding it and return its result. */
  async claim(orgId: string, key: string, hash: string, waitMs = CLAIM_MS): Promise<Claim> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const now = new Date();
      const inserted = await this.orm
        .insert(idempotencyRecords)
        .values({
          orgId,
          key,
          requestHash: hash,
          status: 'running',
          claimedUntil: new Date(now.getTime() + CLAIM_MS),
          expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
        })
        .onConflictDoNothing()
        .returning({ key: idempotencyRecords.key });
      if (inserted.length) return { kind: 'claimed' };
      const [row] = await this.orm
        .select()
        .from(idempotencyRecords)
        .where(and(eq(idempotencyRecords.orgId, orgId), eq(idempotencyRecords.key, key)))
        .limit(1);
      if (!row) continue; // released meanwhile
      if (row.expiresAt.getTime() < now.getTime()) {
        await this.orm
          .delete(idempotencyRecords)
          .where(
            and(eq(idempotencyRecords.orgId, orgId), eq(idempotencyRecords.key, key), lt(idempotencyRecords.expiresAt, now)),
          );
        continue;
      }
      if (row.requestHash !== hash) throw conflict();
      if (row.status === 'done') return { kind: 'done', result: { httpStatus: row.httpStatus ?? 200, response: row.response } };
      if (row.claimedUntil.getTime() < now.getTime()) {
        // The holder died mid-run: take the claim over.
        const taken = await this.orm
          .update(idempotencyRecords)
          .set({ claimedUntil: new Date(now.getTime() + CLAIM_MS) })
          .where(
            and(
              eq(idempotencyRecords.orgId, orgId),
              eq(idempotencyRecords.key, key),
              eq(idempotencyRecords.status, 'running'),
              lt(idempotencyRecords.claimedUntil, now),
            ),
          )
          .returning({ key: idempotencyRecords.key });
        if (taken.length) return { kind: 'claimed' };
        continue;
      }
      if (Date.now() > deadline)
        throw new AppError('IDEMPOTENCY_CONFLICT', 'A request with this idempotency key is still running; retry later.');
      await new Promise((r) => setTimeout(r, WAIT_STEP_MS));
    }
  }

  async complete(orgId: string, key: string, result: StoredResult): Promise<void> {
    await this.orm
      .update(idempotencyRecords)
      .set({ status: 'done', httpStatus: result.httpStatus, response: result.response })
      .where(and(eq(idempotencyRecords.orgId, orgId), eq(idempotencyRecords.key, key)));
  }

  /** Give the key up (the request did not run), so a retry can claim it. */
  async release(orgId: string, key: string): Promise<void> {
    await this.orm
      .delete(idempotencyRecords)
      .where(and(eq(idempotencyRecords.orgId, orgId), eq(idempotencyRecords.key, key), eq(idempotencyRecords.status, 'running')));
  }

  /** Drop expired keys (a job). */
  async purge(): Promise<number> {
    const rows = await this.orm
      .delete(idempotencyRecords)
      .where(lt(idempotencyRecords.expiresAt, sql`now()`))
      .returning({ key: idempotencyRecords.key });
    return rows.length;
  }
}
