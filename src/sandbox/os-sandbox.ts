import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { shellQuote } from './disk-usage.js';
import { Capped, systemBinds } from './os-sandbox-system.js';
import { PersistentQuota, type PersistentDir } from './persistent-quota.js';
import { RunWatch, type LimitExceeded } from './run-watch.js';

export type { LimitExceeded } from './run-watch.js';

/**
 * Runs untrusted JavaScript, Python or shell code as an OS process inside bubblewrap: its own mount, PID, IPC,
 * UTS, cgroup and network namespaces, no capabilities, a read-only view of /usr, rlimits, and a kill of the whole
 * sandbox on timeout or cancel. See docs/decisions/0014-advanced-code-sandbox.md.
 */

export const SANDBOX_LANGUAGES = ['javascript', 'python', 'shell'] as const;
export type SandboxLanguage = (typeof SANDBOX_LANGUAGES)[number];

/** Where writable host directories appear inside the sandbox. */
export const SANDBOX_WORKSPACE = '/workspace';

export interface SandboxRunOptions {
  language: SandboxLanguage;
  code: string;
  timeoutMs: number;
  /** Share the host's network; false gives a network namespace with only a loopback interface. */
  network: boolean;
  /** Host directory bound read-write at /workspace; absent gives a fresh tmpfs. */
  workspaceDir?: string;
  /** More host directories bound read-write (e.g. `/persistent-storage`). */
  mounts?: { hostDir: string; sandboxPath: string }[];
  signal?: AbortSignal;
}

export interface SandboxRunResult {
  /** The program's exit code; null when it was killed on timeout or cancel. */
  exitCode: number | null;
  stdout: string;
  stderr: string;
  stdoutTruncated: boolean;
  stderrTruncated: boolean;
  timedOut: boolean;
  cancelled: boolean;
  /** The run went over a cap of the whole run (memory, processes, a persistent directory's quota); null if not. */
  limitExceeded: LimitExceeded | null;
  durationMs: number;
}

export interface OsSandbox {
  run(opts: SandboxRunOptions): Promise<SandboxRunResult>;
}

/** bwrap is missing or cannot create its namespaces here; nothing ran, and nothing runs unsandboxed instead. */
export class SandboxUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SandboxUnavailableError';
  }
}

export interface SandboxLimits {
  /**
   * RLIMIT_AS. Node.js 24 reserves ~1.1 GiB of address space at start (V8's code range and cages), so this stays at
   * 2 GiB or more; real memory is capped for the whole run by `runMemoryBytes` (0111, 0114).
   */
  memoryBytes: number;
  /** RLIMIT_NPROC, counted per host uid: applied only when the sandbox runs as its own user (see `user`). */
  maxProcesses: number;
  /** RLIMIT_FSIZE: largest file the code may write. */
  maxFileBytes: number;
  /** RLIMIT_NOFILE */
  maxOpenFiles: number;
  /** Size of each tmpfs (/tmp, and /workspace when ephemeral). */
  tmpfsBytes: number;
  /** Kept of each of stdout and stderr; the rest is read and dropped. */
  maxOutputBytes: number;
  /** Memory of all the run's processes together (PSS); the run is stopped beyond it (docs/decisions/0111). */
  runMemoryBytes: number;
  /** Processes of one run at once (not counting bwrap's own two); the run is stopped beyond it. */
  runProcesses: number;
  /** Total size of each persistent directory (a persistent /workspace, /persistent-storage). */
  persistentBytes: number;
  /** How often the run's processes are measured (its persistent directories at most every 500 ms). */
  watchIntervalMs: number;
}

export const DEFAULT_SANDBOX_LIMITS: Readonly<SandboxLimits> = Object.freeze({
  memoryBytes: 2 * 1024 * 1024 * 1024,
  maxProcesses: 256,
  maxFileBytes: 64 * 1024 * 1024,
  maxOpenFiles: 256,
  tmpfsBytes: 64 * 1024 * 1024,
  maxOutputBytes: 1024 * 1024,
  runMemoryBytes: 1024 * 1024 * 1024,
  runProcesses: 64,
  persistentBytes: 256 * 1024 * 1024,
  watchIntervalMs: 100,
});

export interface BubblewrapOptions {
  bwrapPath?: string;
  prlimitPath?: string;
  /** Interpreters, as paths visible inside the sandbox; node defaults to this process's binary. */
  nodePath?: string;
  pythonPath?: string;
  shellPath?: string;
  /**
   * Host user the sandbox runs as. Default: nobody (65534) when this process is root, so RLIMIT_NPROC applies
   * (root is exempt) and a kernel escape lands unprivileged; null keeps this process's user.
   */
  user?: { uid: number; gid: number } | null;
  limits?: Partial<SandboxLimits>;
}

const CODE_FILES: Record<SandboxLanguage, string> = {
  javascript: '/sandbox/main.js',
  python: '/sandbox/main.py',
  shell: '/sandbox/main.sh',
};
const KILL_GRACE_MS = 5_000;

export class BubblewrapSandbox implements OsSandbox {
  readonly limits: Readonly<SandboxLimits>;
  readonly user: { uid: number; gid: number } | null;
  private readonly bwrap: string;
  private readonly prlimit: string;
  private readonly interpreters: Record<SandboxLanguage, string[]>;
  private readonly baseArgs: string[];
  private checked: Promise<void> | null = null;

  constructor(opts: BubblewrapOptions = {}) {
    this.limits = Object.freeze({ ...DEFAULT_SANDBOX_LIMITS, ...opts.limits });
    this.user = opts.user !== undefined ? opts.user : process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : null;
    this.bwrap = opts.bwrapPath ?? '/usr/bin/bwrap';
    this.prlimit = opts.prlimitPath ?? '/usr/bin/prlimit';
    const node = opts.nodePath ?? process.execPath;
    const shell = opts.shellPath ?? (existsSync('/bin/bash') ? '/bin/bash' : '/bin/sh');
    this.interpreters = {
      // Detection lets a file use `import` or `require` alike (Node 20 runs an ambiguous .js as CommonJS otherwise).
      javascript: [node, '--experimental-detect-module', CODE_FILES.javascript],
      python: [opts.pythonPath ?? '/usr/bin/python3', '-u', CODE_FILES.python],
      shell: [shell, CODE_FILES.shell],
    };
    this.baseArgs = systemBinds(node);
  }

  /** Runs a trivial program once; rejects with SandboxUnavailableError naming why bwrap cannot work here. */
  check(): Promise<void> {
    this.checked ??= this.run({ language: 'shell', code: 'exit 0', timeoutMs: 10_000, network: false }).then(
      (r) => {
        if (r.exitCode !== 0)
          throw new SandboxUnavailableError(`The OS sandbox self-test failed (exit ${r.exitCode}): ${r.stderr.trim()}`);
      },
      (err: unknown) => {
        throw err instanceof SandboxUnavailableError
          ? err
          : new SandboxUnavailableError(`The OS sandbox self-test failed: ${(err as Error).message}`);
      },
    );
    // A failed check is retried on the next call: bwrap may have been installed meanwhile.
    this.checked.catch(() => (this.checked = null));
    return this.checked;
  }

  async run(opts: SandboxRunOptions): Promise<SandboxRunResult> {
    requireBinary(this.bwrap, 'bubblewrap');
    requireBinary(this.prlimit, 'util-linux');
    const binds: PersistentDir[] = [...(opts.mounts ?? [])];
    if (opts.workspaceDir) binds.unshift({ hostDir: opts.workspaceDir, sandboxPath: SANDBOX_WORKSPACE });
    for (const b of binds) await this.prepareDir(b.hostDir);
    const quota = binds.length ? new PersistentQuota(binds, this.limits.persistentBytes) : null;
    const refused = await quota?.refusal();
    if (refused) return emptyResult({ limitExceeded: refused });

    await quota?.mark();
    const result = await this.spawn(this.argv(opts, binds), opts, { quota });
    if (quota) {
      // Whatever happened (even a timeout), the directories leave the run within their quota.
      const trim = await quota.trim();
      if (trim) {
        if (trim.remove.length) await this.removeInSandbox(trim.remove, opts, binds);
        const still = await quota.stillOver();
        const before = result.limitExceeded && result.limitExceeded.limit !== 'disk' ? `${result.limitExceeded.message} ` : '';
        result.limitExceeded = { limit: 'disk', message: `${before}${trim.message}${still ? ` ${still}` : ''}` };
      }
    }
    return result;
  }

  /** prlimit's command line: the rlimits, then bwrap with its binds and the interpreter. */
  private argv(opts: SandboxRunOptions, binds: PersistentDir[]): string[] {
    const l = this.limits;
    // prettier-ignore
    const args = [
      ...this.baseArgs,
      ...(opts.network ? ['--share-net'] : []),
      '--size', String(l.tmpfsBytes), '--tmpfs', '/tmp',
      ...(opts.workspaceDir ? [] : ['--size', String(l.tmpfsBytes), '--tmpfs', SANDBOX_WORKSPACE]),
      ...binds.flatMap((b) => ['--bind', b.hostDir, b.sandboxPath]),
      '--ro-bind-data', '4', CODE_FILES[opts.language],
      // The root itself is an unbounded tmpfs: read-only, so only the sized /tmp and /workspace take writes.
      '--remount-ro', '/',
      '--chdir', SANDBOX_WORKSPACE,
      '--json-status-fd', '3',
      ...this.interpreters[opts.language],
    ];
    const rlimits = [`--as=${l.memoryBytes}`, `--fsize=${l.maxFileBytes}`, `--nofile=${l.maxOpenFiles}`, '--core=0'];
    if (this.user) rlimits.push(`--nproc=${l.maxProcesses}`);
    return [...rlimits, '--', this.bwrap, ...args];
  }

  /**
   * Removes files of persistent directories from inside a sandbox with the same binds: paths resolve in the
   * sandbox's view, so a link planted in the directory can never point the removal at the host.
   */
  private async removeInSandbox(paths: string[], opts: SandboxRunOptions, binds: PersistentDir[]): Promise<void> {
    const cleanup: SandboxRunOptions = {
      language: 'shell',
      code: `rm -f -- ${paths.map(shellQuote).join(' ')}`,
      timeoutMs: 60_000,
      network: false,
      ...(opts.workspaceDir ? { workspaceDir: opts.workspaceDir } : {}),
      ...(opts.mounts ? { mounts: opts.mounts } : {}),
    };
    await this.spawn(this.argv(cleanup, binds), cleanup, null);
  }

  /** Creates a writable bind source owned by the sandbox user, and checks that user can reach it. */
  private async prepareDir(dir: string): Promise<void> {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    if (!this.user) return;
    await chown(dir, this.user.uid, this.user.gid);
    await chmod(dir, 0o700);
    // bwrap resolves bind sources as the sandbox user, so every parent must be searchable by it.
    for (let p = path.dirname(path.resolve(dir)); ; p = path.dirname(p)) {
      const st = await stat(p);
      const { uid, gid } = this.user;
      const searchable = st.mode & 0o001 || (st.uid === uid && st.mode & 0o100) || (st.gid === gid && st.mode & 0o010);
      if (!searchable) {
        throw new SandboxUnavailableError(
          `The sandbox user (uid ${uid}) cannot reach ${dir}: ${p} is not searchable by it. Make it at least mode 0711 or move the data directory.`,
        );
      }
      if (p === path.dirname(p)) break;
    }
  }

  /** Runs prlimit/bwrap; with `watch` (user code, not an internal clean-up) the whole run is watched too. */
  private spawn(
    argv: string[],
    opts: SandboxRunOptions,
    watch: { quota: PersistentQuota | null } | null,
  ): Promise<SandboxRunResult> {
    const t0 = performance.now();
    if (opts.signal?.aborted) return Promise.resolve(emptyResult({ cancelled: true }));
    return new Promise((resolve, reject) => {
      const child = spawn(this.prlimit, argv, {
        // Its own process group, so a timeout kills prlimit/bwrap and everything they started at once.
        detached: true,
        env: {},
        stdio: ['ignore', 'pipe', 'pipe', 'pipe', 'pipe'],
        ...(this.user ? { uid: this.user.uid, gid: this.user.gid } : {}),
      });
      const stdout = new Capped(this.limits.maxOutputBytes);
      const stderr = new Capped(this.limits.maxOutputBytes);
      let status = '';
      let timedOut = false;
      let cancelled = false;
      let limitExceeded: LimitExceeded | null = null;
      let spawnError: Error | null = null;
      child.stdout?.on('data', (b: Buffer) => stdout.push(b));
      child.stderr?.on('data', (b: Buffer) => stderr.push(b));
      (child.stdio[3] as Readable).on('data', (b: Buffer) => (status += b.toString()));
      const codeIn = child.stdio[4] as Writable;
      codeIn.on('error', () => {}); // bwrap exited before reading the code: reported through its exit below
      codeIn.end(opts.code);

      const killGroup = () => {
        try {
          if (child.pid) process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      };
      const timer = setTimeout(() => {
        timedOut = true;
        killGroup();
      }, opts.timeoutMs);
      const onAbort = () => {
        cancelled = true;
        killGroup();
      };
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      const l = this.limits;
      const quota = watch?.quota;
      const watcher =
        watch && child.pid
          ? new RunWatch({
              rootPid: child.pid,
              memoryBytes: l.runMemoryBytes,
              processes: l.runProcesses,
              intervalMs: l.watchIntervalMs,
              ...(quota ? { slowCheck: () => quota.check() } : {}),
              onExceeded: (e) => {
                limitExceeded = e;
                killGroup();
              },
            })
          : null;
      watcher?.start();
      // Pipes stay open while anything in the sandbox holds them; --die-with-parent plus the PID namespace end those.
      let grace: NodeJS.Timeout | undefined;
      child.on('exit', () => {
        watcher?.stop();
        grace = setTimeout(() => {
          for (const s of [child.stdout, child.stderr, child.stdio[3] as Readable]) s?.destroy();
        }, KILL_GRACE_MS);
      });
      child.on('error', (err) => (spawnError = err));
      child.on('close', (code) => {
        clearTimeout(timer);
        clearTimeout(grace);
        watcher?.stop();
        opts.signal?.removeEventListener('abort', onAbort);
        const durationMs = Math.round(performance.now() - t0);
        if (spawnError) {
          return reject(new SandboxUnavailableError(`The OS sandbox could not start: ${spawnError.message}`));
        }
        const exited = /"exit-code"\s*:\s*(\d+)/.exec(status);
        if (!/"child-pid"/.test(status) && !timedOut && !cancelled && !limitExceeded) {
          const why = stderr.text().trim() || `exit ${code}`;
          return reject(new SandboxUnavailableError(`The OS sandbox (bubblewrap) could not start: ${why}`));
        }
        const killed = timedOut || cancelled || limitExceeded !== null;
        resolve({
          exitCode: killed ? null : exited ? Number(exited[1]) : code,
          stdout: stdout.text(),
          stderr: stderr.text(),
          stdoutTruncated: stdout.truncated,
          stderrTruncated: stderr.truncated,
          timedOut,
          cancelled,
          limitExceeded,
          durationMs,
        });
      });
    });
  }
}

function requireBinary(bin: string, debianPackage: string): void {
  if (!existsSync(bin))
    throw new SandboxUnavailableError(`The OS sandbox needs ${bin} (Debian package ${debianPackage}), which is not installed.`);
}

function emptyResult(over: Partial<SandboxRunResult>): SandboxRunResult {
  return {
    exitCode: null,
    stdout: '',
    stderr: '',
    stdoutTruncated: false,
    stderrTruncated: false,
    timedOut: false,
    cancelled: false,
    limitExceeded: null,
    durationMs: 0,
    ...over,
  };
}
