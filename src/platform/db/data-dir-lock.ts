import { randomBytes } from 'node:crypto';
import {
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The exclusive lock on an embedded data directory (0100). PGlite lets any number of processes open one directory
 * and each then works on its own copy of the pages: writes of all but one are silently lost. So whoever opens
 * `<dir>` holds `<dir>.lock`, a file naming the process; a second opener gets {@link DataDirLockedError}.
 *
 * A lock whose process is gone is taken over: on this machine when its pid is not alive (or is another process
 * now, told by its start time); from another machine (a shared volume) when it has not been refreshed for
 * {@link STALE_AFTER_MS}. The holder refreshes it every {@link HEARTBEAT_MS} and removes it on close or exit.
 */

export const HEARTBEAT_MS = 10_000;
export const STALE_AFTER_MS = 60_000;

interface LockInfo {
  pid: number;
  host: string;
  bootId: string | null;
  startTicks: string | null;
  command: string;
  startedAt: string;
  nonce: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly holder: LockInfo | null,
    readonly lockFile: string,
  ) {
    const who = holder
      ? `process ${holder.pid} (${holder.command}, started ${holder.startedAt}${holder.host === os.hostname() ? '' : ` on host ${holder.host}`})`
      : 'another process';
    super(
      `the embedded database ${dir} is in use by ${who}. Only one process may open it at a time, or writes are lost. ` +
        'Stop that process first, or, while the server runs, use its operator API (/operator/v1/... with ' +
        `Authorization: Bearer $SWITCHBOARD_OPERATOR_TOKEN) instead of the CLI. (Lock file: ${lockFile})`,
    );
    this.name = 'DataDirLockedError';
  }
}

const held = new Map<string, { nonce: string; timer: NodeJS.Timeout }>();
let exitHookInstalled = false;

const readOptional = (file: string): string | null => {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
};

/** The start time of a process in clock ticks since boot (Linux), to tell a reused pid from the holder. */
function startTicks(pid: number): string | null {
  const stat = readOptional(`/proc/${pid}/stat`);
  return stat ? (stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null) : null;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(file: string): LockInfo | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as LockInfo;
  } catch {
    return null;
  }
}

/** Whether the process that wrote `info` can no longer be using the directory. */
function isStale(info: LockInfo | null, file: string): boolean {
  let mtime: number;
  try {
    mtime = statSync(file).mtimeMs;
  } catch {
    return true;
  }
  // Unreadable (a torn write): the writer is gone unless it is still being written right now.
  if (!info || typeof info.pid !== 'number') return Date.now() - mtime > HEARTBEAT_MS;
  const sameMachine = info.host === os.hostname() && info.bootId === bootId();
  if (!sameMachine) return Date.now() - mtime > STALE_AFTER_MS;
  if (info.pid === process.pid) return true; // an earlier run that had our pid (a container's pid 1)
  if (!alive(info.pid)) return true;
  return info.startTicks !== null && startTicks(info.pid) !== null && startTicks(info.pid) !== info.startTicks;
}

const bootId = () => readOptional('/proc/sys/kernel/random/boot_id');

/**
 * Takes the lock on `dir` (an embedded data directory) for this process, or throws {@link DataDirLockedError}.
 * Returns the function that releases it.
 */
export function lockDataDir(dir: string, command = describeCommand()): () => void {
  const resolved = path.resolve(dir);
  const file = `${resolved}.lock`;
  if (held.has(file)) throw new DataDirLockedError(resolved, readLock(file), file);
  const info: LockInfo = {
    pid: process.pid,
    host: os.hostname(),
    bootId: bootId(),
    startTicks: startTicks(process.pid),
    command,
    startedAt: new Date().toISOString(),
    nonce: randomBytes(8).toString('hex'),
  };
  mkdirSync(path.dirname(resolved), { recursive: true });
  const tmp = `${file}.${process.pid}.${info.nonce}`;
  writeFileSync(tmp, JSON.stringify(info) + '\n', { mode: 0o600 });
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(tmp, file); // atomic: fails when a lock exists
        break;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const current = readLock(file);
      if (attempt >= 5 || !isStale(current, file)) throw new DataDirLockedError(resolved, current, file);
      takeOver(file, current);
    }
  } finally {
    rmSync(tmp, { force: true });
  }
  // A lock is ours alone now, so a postmaster.pid left by a process that died mid-write (an empty file stops
  // PGlite from starting) cannot belong to anyone; PGlite writes its own.
  rmSync(path.join(resolved, 'postmaster.pid'), { force: true });
  const timer = setInterval(() => {
    const now = new Date();
    try {
      utimesSync(file, now, now);
    } catch {
      /* removed by hand; close still releases what is ours */
    }
  }, HEARTBEAT_MS);
  timer.unref();
  held.set(file, { nonce: info.nonce, timer });
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', () => {
      for (const f of [...held.keys()]) release(f);
    });
  }
  return () => release(file);
}

/** Moves a stale lock aside, atomically; puts it back if it turned out to be a fresh one taken meanwhile. */
function takeOver(file: string, stale: LockInfo | null): void {
  const aside = `${file}.stale.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    renameSync(file, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return; // someone else moved it; try again
    throw err;
  }
  const moved = readLock(aside);
  if (stale && moved?.nonce !== stale.nonce) {
    try {
      linkSync(aside, file);
    } catch {
      /* a third process took it meanwhile: its lock stands */
    }
  }
  rmSync(aside, { force: true });
}

function release(file: string): void {
  const mine = held.get(file);
  if (!mine) return;
  held.delete(file);
  clearInterval(mine.timer);
  if (readLock(file)?.nonce === mine.nonce && existsSync(file)) {
    try {
      unlinkSync(file);
    } catch {
      /* already gone */
    }
  }
}

/** `switchboard <command> <sub>`: never the rest of the arguments, which may hold secrets. */
function describeCommand(): string {
  const script = process.argv[1] ?? '';
  const args = process.argv.slice(2, 4).filter((a) => !a.startsWith('-'));
  const name = /cli[\\/]index\.[jt]s$/.test(script) ? 'switchboard' : path.basename(script) || 'node';
  return [name, ...(name === 'switchboard' && args.length === 0 ? ['serve'] : args)].join(' ');
}
