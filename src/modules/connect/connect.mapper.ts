import type { SessionRow } from './connect.repository.js';
import type { SessionStatus } from './connect.schemas.js';

export const EXPIRED_MESSAGE = 'The connect session expired before it was completed.';

/** A session that expired before finishing reads as FAILED (the stored row is left as it was). */
export function effectiveStatus(row: SessionRow): { status: SessionStatus; error: string | null } {
  const open = row.status === 'PENDING' || row.status === 'CONNECTING';
  if (open && row.expiresAt.getTime() <= Date.now()) return { status: 'FAILED', error: EXPIRED_MESSAGE };
  return { status: row.status as SessionStatus, error: row.error };
}

/** What a completed session stored: checked (verified) or as given (unverified); null before it completes. */
const verificationOf = (row: SessionRow, status: SessionStatus) =>
  status === 'COMPLETED' ? ((row.verification ?? 'unverified') as 'verified' | 'unverified') : null;

/** The API shape: never the token hash, OAuth state, PKCE verifier or return address. */
export function toSession(row: SessionRow) {
  const { status, error } = effectiveStatus(row);
  return {
    id: row.id,
    integrationName: row.integrationName,
    connectionName: row.connectionName,
    externalId: row.externalId,
    status,
    connectionId: row.connectionId,
    error,
    verification: verificationOf(row, status),
    workspaceId: row.workspaceId,
    authMethodKey: row.authMethodKey,
    scope: row.scope,
    endUserId: row.endUserExternalId,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

export function toPollResult(row: SessionRow) {
  const { status, error } = effectiveStatus(row);
  return {
    sessionId: row.id,
    status,
    connectionId: row.connectionId,
    integrationName: row.integrationName,
    externalId: row.externalId,
    error,
    verification: verificationOf(row, status),
  };
}
