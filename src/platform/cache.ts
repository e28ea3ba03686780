/**
 * A read-through cache for configuration read on every call (workspaces, workspace integrations, partials, end
 * users, connections). Entries are evicted by invalidation messages (InvalidationBus: this node at once, other nodes
 * through LISTEN/NOTIFY or Redis) and expire after a TTL as a safety net. Concurrent misses of a key share one load, and a
 * load that overlaps an invalidation is not stored, so a stale value can never outlive the message that killed it.
 */
export class ConfigCache<V> {
  private readonly entries = new Map<string, { value: V; at: number; tags: readonly string[] }>();
  private readonly loading = new Map<string, Promise<V>>();
  /** Bumped by every invalidation: a load that started before the bump is returned but not kept. */
  private generation = 0;

  constructor(private readonly opts: { ttlMs: number; maxEntries: number; now?: () => number }) {}

  private now(): number {
    return this.opts.now?.() ?? Date.now();
  }

  /** The cached value, or `load()`'s result (stored under `key` with `tags`, or tags computed from it, for invalidation). */
  async get(key: string, tags: readonly string[] | ((value: V) => readonly string[]), load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && this.now() - hit.at < this.opts.ttlMs) return hit.value;
    const pending = this.loading.get(key);
    if (pending) return pending;
    const started = this.generation;
    const promise = load().then(
      (value) => {
        this.loading.delete(key);
        if (started === this.generation && this.opts.ttlMs > 0) this.store(key, value, tags);
        return value;
      },
      (err: unknown) => {
        this.loading.delete(key);
        throw err;
      },
    );
    this.loading.set(key, promise);
    return promise;
  }

  /**
   * Entries are kept in the order they were loaded (a reloaded key moves to the end), so the expired ones are at the
   * front: each store drops them, and the oldest entry when the cache is full. An expired value therefore stays in
   * memory only until the next load, not until the cache fills.
   */
  private store(key: string, value: V, tags: readonly string[] | ((value: V) => readonly string[])): void {
    const now = this.now();
    this.entries.delete(key);
    for (const [k, e] of this.entries) {
      if (now - e.at < this.opts.ttlMs && this.entries.size < this.opts.maxEntries) break;
      this.entries.delete(k);
    }
    this.entries.set(key, { value, at: now, tags: typeof tags === 'function' ? tags(value) : tags });
  }

  /** Drop every entry carrying the tag (e.g. `ws:<id>`, `org:<id>`). */
  invalidateTag(tag: string): void {
    this.generation++;
    this.loading.clear();
    for (const [k, e] of this.entries) if (e.tags.includes(tag)) this.entries.delete(k);
  }

  clear(): void {
    this.generation++;
    this.loading.clear();
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/** Thrown by a load whose value is not to be stored (nothing found, or `keep` refused it); carries it to the callers. */
class NotKept<V> extends Error {
  constructor(readonly value: V | null) {
    super('not kept');
  }
}

/**
 * A cached lookup that does not remember misses (a row created later must be found), nor values `keep` refuses
 * (those are returned as loaded and loaded again next time).
 */
export async function cachedOrNull<V>(
  cache: ConfigCache<V>,
  key: string,
  tags: (value: V) => readonly string[],
  load: () => Promise<V | null>,
  keep: (value: V) => boolean = () => true,
): Promise<V | null> {
  try {
    return await cache.get(key, tags, async () => {
      const value = await load();
      if (value === null || !keep(value)) throw new NotKept(value);
      return value;
    });
  } catch (err) {
    if (err instanceof NotKept) return err.value as V | null;
    throw err;
  }
}
