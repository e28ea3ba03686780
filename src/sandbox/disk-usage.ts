import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';

export interface DiskUsage {
  /** Bytes allocated on disk (st_blocks × 512) by every file, directory and link below the directory. */
  bytes: number;
  /** Files changed after `since` (ctime, which code cannot set back), with their paths relative to the root. */
  changed: Array<{ path: string; bytes: number }>;
}

/**
 * Walks a persistent sandbox directory without following links (lstat only), for its quota (docs/decisions/0111).
 * Entries that vanish while it walks are skipped. A missing root counts as empty.
 */
export async function diskUsage(root: string, since = Infinity): Promise<DiskUsage> {
  const usage: DiskUsage = { bytes: 0, changed: [] };
  const pending = [''];
  while (pending.length > 0) {
    const rel = pending.pop()!;
    let names: string[];
    try {
      names = await readdir(path.join(root, rel));
    } catch {
      continue;
    }
    const stats = await Promise.all(
      names.map((name) =>
        lstat(path.join(root, rel, name)).then(
          (st) => ({ name, st }),
          () => null,
        ),
      ),
    );
    for (const entry of stats) {
      if (!entry) continue;
      const entryRel = path.join(rel, entry.name);
      const bytes = entry.st.blocks * 512;
      usage.bytes += bytes;
      if (entry.st.isDirectory()) pending.push(entryRel);
      else if (entry.st.ctimeMs > since) usage.changed.push({ path: entryRel, bytes });
    }
  }
  return usage;
}

/** Single-quoted for a POSIX shell: any byte but NUL passes literally. */
export function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}
