import type { Orm } from '../../platform/db/database.js';
import type { KeyPermissions } from '../../platform/db/schema.js';
import { hashToken } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import { Access } from '../../platform/http/access.js';
import { TOKEN_PREFIX } from '../../platform/ids.js';
import type { InvalidationBus } from '../../platform/invalidation.js';
import { findActiveKeyByHash, writeLastUsed } from './api-keys.repository.js';

export interface ApiKeyPrincipal {
  kind: 'apiKey';
  orgId: string;
  keyId: string;
  plan: string;
  access: Access;
}

interface CacheEntry {
  keyId: string;
  orgId: string;
  plan: string;
  orgSuspended: boolean;
  permissions: KeyPermissions | null;
  access: Access;
  expiresAt: number | null;
  cachedAt: number;
}

const MAX_ENTRIES = 50_000;

/**
 * Verifies `svc_` keys. Verified keys are cached in memory by hash for a short TTL; revocation and
 * organization changes evict at once on every node (InvalidationBus). Expiry is checked on every request.
 * `lastUsedAt` is kept in memory and written in batches, so a request costs no write.
 */
export class ApiKeyVerifier {
  private readonly cache = new Map<string, CacheEntry>();
  private readonly lastUsed = new Map<string, Date>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly orm: Orm,
    bus: InvalidationBus,
    private readonly ttlMs: number,
    private readonly flushMs: number,
    private readonly onFlushError: (err: unknown) => void,
  ) {
    bus.subscribe((msg) => {
      if (msg.type === 'all') this.cache.clear();
      else
        for (const [hash, entry] of this.cache) {
          if ((msg.type === 'api_key' && entry.keyId === msg.id) || (msg.type === 'organization' && entry.orgId === msg.id)) {
            this.cache.delete(hash);
          }
        }
    });
  }

  start(): void {
    this.timer = setInterval(() => void this.flush().catch(this.onFlushError), this.flushMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush().catch(this.onFlushError);
  }

  async verify(plainKey: string): Promise<ApiKeyPrincipal> {
    if (!plainKey.startsWith(TOKEN_PREFIX.apiKey) || plainKey.length < 20 || plainKey.length > 200) {
      throw new AppError('UNAUTHORIZED', 'The API key is invalid.');
    }
    const hash = hashToken(plainKey);
    const now = Date.now();
    let entry = this.cache.get(hash);
    if (!entry || now - entry.cachedAt > this.ttlMs) {
      const found = await findActiveKeyByHash(this.orm, hash);
      if (!found) {
        this.cache.delete(hash);
        throw new AppError('UNAUTHORIZED', 'The API key is invalid or has been revoked.');
      }
      entry = {
        keyId: found.key.id,
        orgId: found.key.orgId,
        plan: found.plan,
        orgSuspended: found.orgSuspended,
        permissions: found.key.permissions ?? null,
        access: Access.fromPermissions(found.key.permissions ?? null),
        expiresAt: found.key.expiresAt ? found.key.expiresAt.getTime() : null,
        cachedAt: now,
      };
      if (this.ttlMs > 0) {
        if (this.cache.size >= MAX_ENTRIES) this.cache.delete(this.cache.keys().next().value as string);
        this.cache.set(hash, entry);
      }
    }
    if (entry.expiresAt !== null && entry.expiresAt <= now) {
      throw new AppError('UNAUTHORIZED', 'The API key has expired.');
    }
    if (entry.orgSuspended) throw new AppError('ORGANIZATION_SUSPENDED');
    this.lastUsed.set(entry.keyId, new Date(now));
    return { kind: 'apiKey', orgId: entry.orgId, keyId: entry.keyId, plan: entry.plan, access: entry.access };
  }

  /** A last-used time not yet written, so reads on this node are never stale. */
  pendingLastUsed(keyId: string): Date | undefined {
    return this.lastUsed.get(keyId);
  }

  async flush(): Promise<void> {
    if (this.lastUsed.size === 0) return;
    const batch = [...this.lastUsed.entries()];
    this.lastUsed.clear();
    try {
      await writeLastUsed(this.orm, batch);
    } catch (err) {
      for (const [id, at] of batch) if (!this.lastUsed.has(id)) this.lastUsed.set(id, at);
      throw err;
    }
  }
}
