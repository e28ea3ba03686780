import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ConfigCache } from '../cache.js';
import type { Orm } from '../db/database.js';
import type { InvalidationBus } from '../invalidation.js';
import { webhookSigningSecrets } from '../db/schema.js';
import { hmacSha256Hex, safeEqual } from '../crypto.js';
import { newId } from '../ids.js';
import type { SecretBox } from '../secrets.js';

/** How long the previous secret keeps signing after a rotation, so receivers can switch without dropping events. */
export const ROTATION_GRACE_MS = 24 * 3600 * 1000;
export const SECRET_PREFIX = 'whsec_';
/** Key-rotation purpose of both secret columns (see ENCRYPTED_COLUMNS). */
export const SIGNING_SECRET_PURPOSE = 'webhook_signing_secret';

/** `X-Service-Signature` value: `t=<unix seconds>,v1=<hex>[,v1=<hex of the previous secret>]`. */
export function signatureHeader(secrets: readonly string[], timestamp: number, body: string): string {
  return [`t=${timestamp}`, ...secrets.map((s) => `v1=${hmacSha256Hex(s, `${timestamp}.${body}`)}`)].join(',');
}

/**
 * What a receiver does (and what tests do): parse the header, reject a timestamp older than `toleranceSeconds`,
 * and accept when any v1 signature matches HMAC-SHA256(secret, "<t>.<raw body>").
 */
export function verifySignature(secret: string, header: string, body: string, toleranceSeconds = 300, now = Date.now()): boolean {
  const parts = header.split(',').map((p) => p.trim().split('='));
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(now / 1000 - t) > toleranceSeconds) return false;
  const expected = hmacSha256Hex(secret, `${t}.${body}`);
  return parts.some(([k, v]) => k === 'v1' && typeof v === 'string' && safeEqual(v, expected));
}

export interface SigningSecretStatus {
  enabled: boolean;
  secretPrefix: string | null;
  createdAt: Date | null;
  previousSecretExpiresAt: Date | null;
}

/** An organization's secrets as deliveries use them: opened, with the end of the previous one's grace. */
interface OpenedSecrets {
  current: string;
  previous: string | null;
  previousExpiresAt: Date | null;
}

/** How long an organization's secrets are served from memory at most (rotations and removals also invalidate). */
const KEYS_CACHE_TTL_MS = 5_000;
const KEYS_CACHE_MAX = 10_000;

/**
 * The per-organization webhook signing secret. Signing is on for an organization from its first rotation until the
 * secret is deleted; the secret is stored encrypted and shown only by the rotate call that made it.
 */
export class SigningSecrets {
  /**
   * The opened secrets by organization (null: signing is off), so a delivery batch costs no statement and no
   * decryption to sign (0161). A rotation or removal publishes 'signing_secret', which drops the entry on every node
   * before the next batch; without a bus nothing would, so every batch reads the row then.
   */
  private readonly opened: ConfigCache<OpenedSecrets | null>;

  constructor(private readonly deps: { orm: Orm; secrets: SecretBox; bus?: InvalidationBus }) {
    this.opened = new ConfigCache({ ttlMs: deps.bus ? KEYS_CACHE_TTL_MS : 0, maxEntries: KEYS_CACHE_MAX });
    deps.bus?.subscribe((msg) => {
      if (msg.type === 'all') this.opened.clear();
      else if (msg.type === 'signing_secret') this.opened.invalidateTag(`org:${msg.orgId}`);
      else if (msg.type === 'organization') this.opened.invalidateTag(`org:${msg.id}`);
    });
  }

  /** Every node drops its copy of the organization's secrets (after the change committed). */
  private async changed(orgId: string): Promise<void> {
    await this.deps.bus?.publish({ type: 'signing_secret', orgId }).catch(() => undefined);
  }

  async rotate(orgId: string, now = new Date()): Promise<SigningSecretStatus & { secret: string }> {
    const secret = SECRET_PREFIX + randomBytes(32).toString('base64url');
    const prefix = secret.slice(0, SECRET_PREFIX.length + 4);
    const { secrets } = this.deps;
    const rotated = await this.deps.orm.transaction(async (tx) => {
      const [current] = await tx.select().from(webhookSigningSecrets).where(eq(webhookSigningSecrets.orgId, orgId)).for('update');
      const previousExpiresAt = current ? new Date(now.getTime() + ROTATION_GRACE_MS) : null;
      // Both columns are sealed under the row id (one purpose), so key rotation re-seals them like any other secret.
      const id = current?.id ?? newId();
      const previous = current ? secrets.open<string>(SIGNING_SECRET_PURPOSE, id, current.secret) : null;
      const values = {
        secret: secrets.seal(SIGNING_SECRET_PURPOSE, id, secret),
        secretPrefix: prefix,
        previousSecret: previous === null ? null : secrets.seal(SIGNING_SECRET_PURPOSE, id, previous),
        previousExpiresAt,
        createdAt: now,
      };
      await tx
        .insert(webhookSigningSecrets)
        .values({ id, orgId, ...values })
        .onConflictDoUpdate({ target: webhookSigningSecrets.orgId, set: values });
      return { secret, enabled: true, secretPrefix: prefix, createdAt: now, previousSecretExpiresAt: previousExpiresAt };
    });
    await this.changed(orgId);
    return rotated;
  }

  async status(orgId: string, now = new Date()): Promise<SigningSecretStatus> {
    const [row] = await this.deps.orm.select().from(webhookSigningSecrets).where(eq(webhookSigningSecrets.orgId, orgId));
    if (!row) return { enabled: false, secretPrefix: null, createdAt: null, previousSecretExpiresAt: null };
    const graceLeft = row.previousSecret && row.previousExpiresAt && row.previousExpiresAt > now;
    return {
      enabled: true,
      secretPrefix: row.secretPrefix,
      createdAt: row.createdAt,
      previousSecretExpiresAt: graceLeft ? row.previousExpiresAt : null,
    };
  }

  /** Turns signing off for the organization. */
  async remove(orgId: string): Promise<void> {
    await this.deps.orm.delete(webhookSigningSecrets).where(eq(webhookSigningSecrets.orgId, orgId));
    await this.changed(orgId);
  }

  /** The secrets that sign a message sent now: the current one, then the previous one while its grace lasts. */
  async keysFor(orgId: string, now = new Date()): Promise<string[]> {
    const opened = await this.opened.get(orgId, [`org:${orgId}`], () => this.open(orgId));
    if (!opened) return [];
    const keys = [opened.current];
    if (opened.previous !== null && opened.previousExpiresAt && opened.previousExpiresAt > now) keys.push(opened.previous);
    return keys;
  }

  private async open(orgId: string): Promise<OpenedSecrets | null> {
    const [row] = await this.deps.orm.select().from(webhookSigningSecrets).where(eq(webhookSigningSecrets.orgId, orgId));
    if (!row) return null;
    const { secrets } = this.deps;
    return {
      current: secrets.open<string>(SIGNING_SECRET_PURPOSE, row.id, row.secret),
      previous: row.previousSecret ? secrets.open<string>(SIGNING_SECRET_PURPOSE, row.id, row.previousSecret) : null,
      previousExpiresAt: row.previousExpiresAt,
    };
  }
}
