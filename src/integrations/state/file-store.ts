import { createHash, createHmac } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, isNull, like, ne, or, sql } from 'drizzle-orm';
import type { Executor, Orm } from '../../platform/db/database.js';
import { storageObjects } from '../../platform/db/schema.js';
import { safeEqual } from '../../platform/crypto.js';
import { newId } from '../../platform/ids.js';
import type { StateScope } from '../framework.js';

export const MAX_FILE_BYTES = 25 * 1024 * 1024;

export interface StoredFile {
  id: string;
  path: string;
  size: number;
  contentType: string;
  sha256: string;
  updatedAt: string;
}

/** Where file bytes live; a directory by default, an S3-compatible bucket in larger deployments. */
export interface BlobBackend {
  write(id: string, data: Buffer): Promise<void>;
  read(id: string): Promise<Buffer | null>;
  remove(id: string): Promise<void>;
  /** Releases connections at shutdown. */
  close?(): void;
}

export class DiskBlobBackend implements BlobBackend {
  constructor(private readonly root: string) {}

  private file(id: string): string {
    if (!/^[0-9a-f-]{36}$/.test(id)) throw new Error('bad blob id');
    return path.join(this.root, id.slice(0, 2), id);
  }

  async write(id: string, data: Buffer): Promise<void> {
    const target = this.file(id);
    await mkdir(path.dirname(target), { recursive: true });
    const tmp = `${target}.tmp`;
    await writeFile(tmp, data, { mode: 0o600 });
    await rename(tmp, target);
  }

  async read(id: string): Promise<Buffer | null> {
    try {
      return await readFile(this.file(id));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async remove(id: string): Promise<void> {
    await rm(this.file(id), { force: true });
  }
}

export type BackendName = 'local' | 's3';

const BACKEND_LABEL: Record<BackendName, string> = { local: 'local disk', s3: 'S3' };

/** A stored file whose bytes are on another blob backend than the one this server uses (0102). */
export class FileElsewhereError extends Error {
  constructor(
    readonly storedOn: BackendName,
    readonly current: BackendName,
  ) {
    super(
      `The file is stored on the ${storedOn} backend (${BACKEND_LABEL[storedOn]}); this server now stores files on ` +
        `${BACKEND_LABEL[current]}. The operator moves it with \`switchboard storage migrate\`` +
        (current === 'local' ? ' on a server configured for S3 and with the old data directory.' : '.'),
    );
    this.name = 'FileElsewhereError';
  }
}

export class FilePathError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FilePathError';
  }
}

/** `a/b.txt`: relative, no `..`, no empty or control characters; a leading slash is ignored. */
export function normalizePath(raw: string): string {
  const p = raw.replace(/^\/+/, '');
  if (!p || p.length > 1024) throw new FilePathError('must be 1 to 1024 characters');
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(p)) throw new FilePathError('must not contain control characters or backslashes');
  const segments = p.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..' || s.length > 255)) {
    throw new FilePathError('must not contain empty, "." or ".." segments');
  }
  return p;
}

const toStored = (r: typeof storageObjects.$inferSelect): StoredFile => ({
  id: r.id,
  path: r.path,
  size: r.size,
  contentType: r.contentType,
  sha256: r.sha256,
  updatedAt: r.updatedAt.toISOString(),
});

/**
 * Files per persistence scope: an index in PostgreSQL, bytes in a blob backend. A write stores the new bytes
 * first, then swaps the index row in one transaction, then removes the old bytes, so a crash never leaves an
 * index entry without its bytes. Download links are signed with HMAC-SHA256 and expire.
 */
export class FileStore {
  constructor(
    private readonly orm: Orm,
    private readonly blobs: BlobBackend,
    private readonly signingKey: Buffer,
    private readonly publicUrl: string,
    /** Which backend `blobs` is, and the others this server can still read (local disk once S3 is configured). */
    private readonly backends: { current: BackendName; others?: Partial<Record<BackendName, BlobBackend>> } = {
      current: 'local',
    },
  ) {}

  /** The bytes of `row`, or where they are when that is another backend; null when they are nowhere. */
  private async bytes(row: typeof storageObjects.$inferSelect): Promise<Buffer | null> {
    const { current, others = {} } = this.backends;
    const storedOn = row.backend as BackendName | null;
    if (storedOn && storedOn !== current) throw new FileElsewhereError(storedOn, current);
    const data = await this.blobs.read(row.id);
    if (data || storedOn) return data;
    // Written before backends were recorded: on the server's backend of the time, local disk unless it used S3.
    for (const [name, backend] of Object.entries(others) as Array<[BackendName, BlobBackend]>) {
      if (await backend.read(row.id)) throw new FileElsewhereError(name, current);
    }
    return null;
  }

  /**
   * `switchboard storage migrate`: copies the bytes of every file stored on another backend this server can read
   * to its current backend and records the move. The old copies stay (remove them once the move is checked).
   */
  async migrateToCurrent(): Promise<{ backend: BackendName; moved: number; alreadyThere: number; missing: string[] }> {
    const { current, others = {} } = this.backends;
    const result = { backend: current, moved: 0, alreadyThere: 0, missing: [] as string[] };
    const rows = await this.orm
      .select()
      .from(storageObjects)
      .where(or(isNull(storageObjects.backend), ne(storageObjects.backend, current)));
    for (const row of rows) {
      let data = row.backend ? null : await this.blobs.read(row.id);
      if (data) result.alreadyThere++;
      else {
        const from = others[(row.backend as BackendName | null) ?? 'local'];
        data = from ? await from.read(row.id) : null;
        if (!data) {
          result.missing.push(row.id);
          continue;
        }
        await this.blobs.write(row.id, data);
        result.moved++;
      }
      await this.orm.update(storageObjects).set({ backend: current }).where(eq(storageObjects.id, row.id));
    }
    return result;
  }

  close(): void {
    this.blobs.close?.();
  }

  scoped(scope: StateScope): ScopedFiles {
    return new ScopedFiles(this, scope);
  }

  /** @internal */
  where(scope: StateScope, p?: string) {
    return and(
      eq(storageObjects.orgId, scope.orgId),
      eq(storageObjects.workspaceId, scope.workspaceId),
      eq(storageObjects.scope, scope.kind),
      eq(storageObjects.scopeId, scope.id),
      p === undefined ? undefined : eq(storageObjects.path, p),
    );
  }

  async write(scope: StateScope, rawPath: string, data: Buffer, contentType: string): Promise<StoredFile> {
    const p = normalizePath(rawPath);
    if (data.length > MAX_FILE_BYTES) throw new FilePathError(`files are limited to ${MAX_FILE_BYTES} bytes`);
    const id = newId();
    const sha256 = createHash('sha256').update(data).digest('hex');
    await this.blobs.write(id, data);
    let previous: string | undefined;
    let row: typeof storageObjects.$inferSelect;
    try {
      // Writers of one path take a transaction-scoped advisory lock on it, so the delete and insert below never
      // interleave with another writer's: the last to commit wins and every loser's bytes are removed.
      row = await this.orm.transaction(async (t) => {
        const tx = t as unknown as Executor;
        await tx.execute(
          sql`SELECT pg_advisory_xact_lock(hashtextextended(${`${scope.workspaceId}/${scope.kind}/${scope.id}/${p}`}, 0))`,
        );
        const [old] = await tx.delete(storageObjects).where(this.where(scope, p)).returning({ id: storageObjects.id });
        previous = old?.id;
        const [created] = await tx
          .insert(storageObjects)
          .values({
            id,
            orgId: scope.orgId,
            workspaceId: scope.workspaceId,
            scope: scope.kind,
            scopeId: scope.id,
            path: p,
            size: data.length,
            contentType,
            sha256,
            backend: this.backends.current,
          })
          .returning();
        return created!;
      });
    } catch (err) {
      await this.blobs.remove(id);
      throw err;
    }
    if (previous) await this.blobs.remove(previous);
    return toStored(row);
  }

  async find(scope: StateScope, rawPath: string): Promise<StoredFile | null> {
    const [row] = await this.orm
      .select()
      .from(storageObjects)
      .where(this.where(scope, normalizePath(rawPath)))
      .limit(1);
    return row ? toStored(row) : null;
  }

  async read(scope: StateScope, rawPath: string): Promise<{ file: StoredFile; data: Buffer } | null> {
    const [row] = await this.orm
      .select()
      .from(storageObjects)
      .where(this.where(scope, normalizePath(rawPath)))
      .limit(1);
    if (!row) return null;
    const data = await this.bytes(row);
    return data ? { file: toStored(row), data } : null;
  }

  async delete(scope: StateScope, rawPath: string): Promise<boolean> {
    const [row] = await this.orm
      .delete(storageObjects)
      .where(this.where(scope, normalizePath(rawPath)))
      .returning({ id: storageObjects.id });
    if (!row) return false;
    await this.blobs.remove(row.id);
    return true;
  }

  async list(scope: StateScope, prefix = ''): Promise<StoredFile[]> {
    const escaped = prefix.replace(/^\/+/, '').replace(/[\\%_]/g, (c) => `\\${c}`);
    const rows = await this.orm
      .select()
      .from(storageObjects)
      .where(and(this.where(scope), like(storageObjects.path, `${escaped}%`)))
      .orderBy(asc(storageObjects.path))
      .limit(1000);
    return rows.map(toStored);
  }

  private sign(id: string, expires: number): string {
    return createHmac('sha256', this.signingKey).update(`${id}.${expires}`).digest('base64url');
  }

  downloadUrl(file: StoredFile, expiresInSeconds: number): { url: string; expiresAt: string } {
    const expires = Math.floor(Date.now() / 1000) + expiresInSeconds;
    const url = `${this.publicUrl}/api/v1/files/${file.id}?expires=${expires}&signature=${this.sign(file.id, expires)}`;
    return { url, expiresAt: new Date(expires * 1000).toISOString() };
  }

  /**
   * The file behind a signed link, or null when the signature is wrong, the link expired or the file is gone;
   * {@link FileElsewhereError} when its bytes are on another backend than this server's.
   */
  async openSigned(id: string, expires: number, signature: string): Promise<{ file: StoredFile; data: Buffer } | null> {
    if (!Number.isFinite(expires) || expires < Date.now() / 1000) return null;
    if (!safeEqual(this.sign(id, expires), signature)) return null;
    const [row] = await this.orm.select().from(storageObjects).where(eq(storageObjects.id, id)).limit(1);
    if (!row) return null;
    const data = await this.bytes(row);
    return data ? { file: toStored(row), data } : null;
  }
}

/** The files of one scope, as an action sees them. */
export class ScopedFiles {
  constructor(
    private readonly store: FileStore,
    private readonly scope: StateScope,
  ) {}
  write = (p: string, data: Buffer, contentType: string) => this.store.write(this.scope, p, data, contentType);
  read = (p: string) => this.store.read(this.scope, p);
  find = (p: string) => this.store.find(this.scope, p);
  delete = (p: string) => this.store.delete(this.scope, p);
  list = (prefix?: string) => this.store.list(this.scope, prefix);
  downloadUrl = (file: StoredFile, seconds: number) => this.store.downloadUrl(file, seconds);
}
