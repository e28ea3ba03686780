import { chmod, stat } from 'node:fs/promises';
import path from 'node:path';
import { diskUsage } from './disk-usage.js';
import type { LimitExceeded } from './run-watch.js';

/** A host directory bound read-write into the sandbox, kept across runs. */
export interface PersistentDir {
  hostDir: string;
  sandboxPath: string;
}

const mb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/**
 * The total-size quota of each persistent directory, without help from the host's file system (docs/decisions/0111):
 * a directory already over it refuses the run; during the run the watch stops it once one goes over; after the
 * run, files it changed are removed, largest first, until each directory is within its quota again. So the quota
 * holds from one run to the next, and a run can only lose what it wrote itself.
 */
export class PersistentQuota {
  /** Per directory: its ctime just before the run, on the file system's own clock; later ctimes are the run's. */
  private readonly marks = new Map<string, number>();

  constructor(
    private readonly dirs: PersistentDir[],
    private readonly quotaBytes: number,
  ) {}

  /** Before the run: a directory over its quota (the operator lowered it) refuses the run. */
  async refusal(): Promise<LimitExceeded | null> {
    for (const d of this.dirs) {
      const { bytes } = await diskUsage(d.hostDir);
      if (bytes > this.quotaBytes)
        return {
          limit: 'disk',
          message: `${d.sandboxPath} holds ${mb(bytes)}, more than its quota of ${mb(this.quotaBytes)}; the run was refused and nothing ran.`,
        };
    }
    return null;
  }

  /** Just before the run: stamps each directory (a chmod to its own mode sets its ctime to now, nothing else). */
  async mark(): Promise<void> {
    for (const d of this.dirs) {
      await chmod(d.hostDir, (await stat(d.hostDir)).mode & 0o7777);
      this.marks.set(d.hostDir, (await stat(d.hostDir)).ctimeMs);
    }
  }

  /** During the run (the watch's slow beat): the first directory over its quota. */
  async check(): Promise<LimitExceeded | null> {
    for (const d of this.dirs) {
      const { bytes } = await diskUsage(d.hostDir);
      if (bytes > this.quotaBytes)
        return {
          limit: 'disk',
          message: `The run wrote more than the quota of ${mb(this.quotaBytes)} to ${d.sandboxPath}; it was stopped.`,
        };
    }
    return null;
  }

  /**
   * After the run: the sandbox paths to remove (files changed since `mark`, largest first) to bring every
   * directory within its quota, and what to say about it; null when all are within it.
   */
  async trim(): Promise<{ remove: string[]; message: string } | null> {
    const remove: string[] = [];
    const said: string[] = [];
    for (const d of this.dirs) {
      const usage = await diskUsage(d.hostDir, this.marks.get(d.hostDir) ?? Infinity);
      if (usage.bytes <= this.quotaBytes) continue;
      let left = usage.bytes;
      const gone: string[] = [];
      for (const f of usage.changed.sort((a, b) => b.bytes - a.bytes)) {
        if (left <= this.quotaBytes) break;
        left -= f.bytes;
        gone.push(path.posix.join(d.sandboxPath, f.path));
      }
      remove.push(...gone);
      const names = gone.slice(0, 5).join(', ') + (gone.length > 5 ? ` and ${gone.length - 5} more` : '');
      said.push(
        `${d.sandboxPath} reached ${mb(usage.bytes)}, over its quota of ${mb(this.quotaBytes)}` +
          (gone.length ? `; files the run wrote were removed to bring it back within the quota: ${names}` : ''),
      );
    }
    return said.length ? { remove, message: `${said.join('. ')}.` } : null;
  }

  /** After the trim: a directory still over its quota (files outside the run's own), for the message. */
  async stillOver(): Promise<string | null> {
    for (const d of this.dirs) {
      const { bytes } = await diskUsage(d.hostDir);
      if (bytes > this.quotaBytes)
        return `${d.sandboxPath} still holds ${mb(bytes)}; its next runs are refused until it is within its quota.`;
    }
    return null;
  }
}
