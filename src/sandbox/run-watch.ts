import { readdir, readFile } from 'node:fs/promises';

/** What a run went over: the message names the limit, what was used and the cap. */
export interface LimitExceeded {
  limit: 'memory' | 'processes' | 'disk';
  message: string;
}

export interface RunWatchOptions {
  /** The sandbox's outer process (bwrap); everything of the run descends from it, PID namespace included. */
  rootPid: number;
  /** Memory of all the run's processes together (proportional set size), bytes. */
  memoryBytes: number;
  /** Processes of the run at once, the sandbox's own two (bwrap and its namespace init) not counted. */
  processes: number;
  intervalMs: number;
  /** Extra checks on a slower beat (the persistent directories' sizes); null when within limits. */
  slowCheck?: () => Promise<LimitExceeded | null>;
  /** At most this often; a slow check that takes long (a big directory) waits four times its duration. */
  slowEveryMs?: number;
  onExceeded(e: LimitExceeded): void;
}

const MB = 1024 * 1024;

/**
 * Caps a run as a whole where the kernel's per-process rlimits cannot (docs/decisions/0111): every `intervalMs`
 * it walks the run's process tree through /proc (`task/<tid>/children`), sums the processes' PSS
 * (`smaps_rollup`, shared pages split between sharers) and counts them; over a limit it reports once and stops.
 * The caller kills the sandbox. Orphans inside the sandbox are re-parented to its namespace init, so they stay in
 * the tree. Between two looks a run can overshoot by what it allocates in one interval.
 */
export class RunWatch {
  private timer: NodeJS.Timeout | undefined;
  private busy = false;
  private nextSlow = 0;
  private stopped = false;
  /** The most seen at once, for the message and for tests. */
  peakBytes = 0;
  peakProcesses = 0;

  constructor(private readonly opts: RunWatchOptions) {}

  start(): void {
    this.timer = setInterval(() => void this.look(), this.opts.intervalMs);
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
  }

  private async look(): Promise<void> {
    if (this.busy || this.stopped) return;
    this.busy = true;
    try {
      const { bytes, processes } = await measureTree(this.opts.rootPid);
      this.peakBytes = Math.max(this.peakBytes, bytes);
      this.peakProcesses = Math.max(this.peakProcesses, processes);
      if (processes > this.opts.processes) {
        return this.exceeded({
          limit: 'processes',
          message: `The run started more than ${this.opts.processes} processes at once (its limit); it was stopped.`,
        });
      }
      if (bytes > this.opts.memoryBytes) {
        return this.exceeded({
          limit: 'memory',
          message: `The run's processes used ${Math.round(bytes / MB)} MB of memory together, over its limit of ${Math.round(this.opts.memoryBytes / MB)} MB; it was stopped.`,
        });
      }
      if (this.opts.slowCheck && Date.now() >= this.nextSlow) {
        const t0 = Date.now();
        const e = await this.opts.slowCheck();
        this.nextSlow = Date.now() + Math.max(this.opts.slowEveryMs ?? 500, 4 * (Date.now() - t0));
        if (e) return this.exceeded(e);
      }
    } finally {
      this.busy = false;
    }
  }

  private exceeded(e: LimitExceeded): void {
    if (this.stopped) return;
    this.stop();
    this.opts.onExceeded(e);
  }
}

/** Memory (PSS, bytes) and count of the processes below the sandbox's namespace init. */
export async function measureTree(rootPid: number): Promise<{ bytes: number; processes: number; pids: number[] }> {
  const pids: number[] = [];
  let level = [rootPid];
  let depth = 0;
  let processes = 0;
  while (level.length > 0 && pids.length < 100_000) {
    pids.push(...level);
    if (depth >= 2) processes += level.length;
    level = (await Promise.all(level.map(childrenOf))).flat();
    depth++;
  }
  const sizes = await Promise.all(pids.map(pssOf));
  return { bytes: sizes.reduce((s, n) => s + n, 0), processes, pids };
}

async function childrenOf(pid: number): Promise<number[]> {
  try {
    const tasks = await readdir(`/proc/${pid}/task`);
    const lists = await Promise.all(tasks.map((tid) => readFile(`/proc/${pid}/task/${tid}/children`, 'utf8').catch(() => '')));
    return lists.flatMap((l) => l.split(' ').filter(Boolean).map(Number));
  } catch {
    return []; // exited meanwhile
  }
}

/** Proportional set size; falls back to the resident set where smaps_rollup is missing (kernels before 4.14). */
async function pssOf(pid: number): Promise<number> {
  try {
    const rollup = await readFile(`/proc/${pid}/smaps_rollup`, 'utf8');
    const kb = /^Pss:\s+(\d+) kB/m.exec(rollup)?.[1];
    if (kb) return Number(kb) * 1024;
  } catch {
    // exited, or no smaps_rollup
  }
  try {
    const statm = await readFile(`/proc/${pid}/statm`, 'utf8');
    return Number(statm.split(' ')[1] ?? 0) * 4096;
  } catch {
    return 0;
  }
}
