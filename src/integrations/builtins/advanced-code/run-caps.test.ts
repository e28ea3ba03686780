// switchboard-test: database-independent (the PostgreSQL run leaves this file to the embedded-database run: 0130)
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BubblewrapSandbox, type SandboxLimits } from '../../../sandbox/os-sandbox.js';
import { ActionError, type ActionContext, type Caller, type StateScope } from '../../framework.js';
import { runAction } from '../../run.js';
import { advancedCode } from './advanced-code.js';
import { AdvancedCodeRuntime } from './runtime.js';
import { needs } from '../../../../test/system-binaries.js';

const MB = 1024 * 1024;
const action = advancedCode.actions.run_code!;

/** A `sleep` only this test starts: its command line tells whether a run's processes are still alive. */
const marker = () => `sleep ${1000 + Math.floor(Math.random() * 100_000)}`;
function alive(cmd: string): boolean {
  return readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .some((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim() === cmd;
      } catch {
        return false; // exited meanwhile
      }
    });
}

/** Waits by condition: true once `ok` holds, false if it never did within `ms` (a bound, not a sleep). */
async function eventually(ok: () => boolean, ms = 10_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (ok()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return ok();
}

/** Processes of a host uid (RLIMIT_NPROC counts them all, whichever sandbox they belong to). */
function processesOf(uid: number): number {
  return readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .filter((pid) => {
      try {
        return new RegExp(`^Uid:\\s+${uid}\\s`, 'm').test(readFileSync(`/proc/${pid}/status`, 'utf8'));
      } catch {
        return false;
      }
    }).length;
}

const limitError = (limit: string, message: RegExp) => (e: unknown) =>
  e instanceof ActionError && (e.detail as { limit?: string })?.limit === limit && message.test(e.message);

/** advanced-code caps a run as a whole: the memory of all its processes, their number, and persistent disk. */
describe('advanced-code: caps of a whole run', { skip: needs('bwrap') }, () => {
  let dataDir: string;
  const orgId = randomUUID();
  const workspaceId = randomUUID();
  const caller: Caller = { orgId, workspaceId, endUserId: randomUUID() };
  const scope: StateScope = { kind: 'end_user', orgId, workspaceId, id: caller.endUserId! };

  before(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sb-run-caps-'));
    await chmod(dataDir, 0o711);
  });
  after(() => rm(dataDir, { recursive: true, force: true }));

  const runtime = (limits: Partial<SandboxLimits>) =>
    new AdvancedCodeRuntime({ dataDir, sandbox: new BubblewrapSandbox({ limits }) });
  type Ctx = Partial<Omit<ActionContext, 'propsValue'>>;
  const run = (rt: AdvancedCodeRuntime, language: string, code: string, settings: Record<string, unknown> = {}, ctx: Ctx = {}) =>
    runAction(
      action,
      { language, code },
      { resources: { advancedCode: rt }, settings: { advancedCode: settings }, caller, scope, ...ctx },
    ) as Promise<any>;

  it('stops a run whose forked children together exceed its memory cap, and leaves no process behind', async () => {
    // Well above one child's footprint (a Python parent, a 40 MB child and its `sleep`: 50 MB, up to 94 MB seen on a
    // loaded machine), well below five children's 200 MB.
    const capped = runtime({ runMemoryBytes: 160 * MB });
    const sleeper = marker();
    // Each child fills 40 MB (written, so resident), then waits on a sleep; the parent waits for them.
    const forks = (n: number, wait: string) =>
      `import os, subprocess\nkids = []\nfor _ in range(${n}):\n  pid = os.fork()\n  if pid == 0:\n    b = b"x" * (40 * 1024 * 1024)\n    subprocess.run(${JSON.stringify(wait.split(' '))})\n    os._exit(0)\n  kids.append(pid)\nfor k in kids: os.waitpid(k, 0)\nprint("done")`;
    const one = await run(capped, 'python', forks(1, 'sleep 0.2'), { timeoutSeconds: 30 });
    assert.deepEqual([one.exitCode, one.stdout], [0, 'done\n'], 'one 40 MB child fits in 160 MB');
    await assert.rejects(
      run(capped, 'python', forks(5, sleeper), { timeoutSeconds: 30 }),
      limitError('memory', /^The run's processes used \d+ MB of memory together, over its limit of 160 MB; it was stopped\.$/),
    );
    assert.equal(await eventually(() => !alive(sleeper)), true, 'every process of the run is gone');
  });

  it('bounds a fork bomb: the run is stopped at its process cap', async () => {
    // RLIMIT_NPROC is shared by every sandbox of the sandbox user: kept a little above the cap, so this bomb cannot
    // take the headroom of sandboxes other tests run meanwhile (the cap, not the rlimit, must stop it).
    const capped = runtime({ runProcesses: 32, maxProcesses: processesOf(65534) + 48 });
    const sleeper = marker();
    await assert.rejects(
      run(capped, 'shell', `${sleeper} &\nbomb() { bomb | bomb & }\nbomb\nwait`, { timeoutSeconds: 20 }),
      limitError('processes', /^The run started more than 32 processes at once \(its limit\); it was stopped\.$/),
    );
    assert.equal(await eventually(() => !alive(sleeper)), true, 'every process of the run is gone');
    const after = await run(capped, 'shell', 'echo fine');
    assert.equal(after.stdout, 'fine\n', 'the next run is unaffected');
  });

  it('keeps a persistent /workspace within its total quota across runs, removing only what the run wrote', async () => {
    const quota4 = runtime({ persistentBytes: 4 * MB });
    const persistent = { sandboxPersistence: 'persistent' };
    const ws = path.join(dataDir, 'advanced-code', 'workspaces', orgId, workspaceId, 'end_user');
    const first = await run(quota4, 'shell', 'head -c 3000000 /dev/urandom > /workspace/a && echo ok', persistent);
    assert.equal(first.stdout, 'ok\n', first.stderr);
    await assert.rejects(
      run(quota4, 'shell', 'head -c 3000000 /dev/urandom > /workspace/b', persistent),
      limitError(
        'disk',
        /^\/workspace reached [\d.]+ MB, over its quota of 4 MB; files the run wrote were removed to bring it back within the quota: \/workspace\/b\.$/,
      ),
    );
    // Many files written fast (the 8 × 60 MB, scaled down): stopped or trimmed, the quota holds.
    await assert.rejects(
      run(quota4, 'shell', 'for i in 1 2 3 4 5 6 7 8; do head -c 1000000 /dev/urandom > /workspace/f$i; done', persistent),
      limitError('disk', /over its quota of 4 MB/),
    );
    const left = await run(quota4, 'shell', 'ls /workspace | tr "\\n" " "; du -sk /workspace | cut -f1', persistent);
    const [names, kb] = left.stdout.trim().split(/ (?=\d+$)/);
    assert.match(names ?? '', /^a( f\d)*$/, "the first run's file is kept; of the others at most what fits");
    assert.ok(Number(kb) <= 4096, `within the quota: ${kb} KB`);
    const [dir] = await readdir(ws);
    assert.ok(existsSync(path.join(ws, dir!, 'a')));

    // A directory already over its quota (the operator lowered it) refuses the run: nothing runs.
    const quota2 = runtime({ persistentBytes: 2 * MB });
    await assert.rejects(
      run(quota2, 'shell', 'touch /workspace/ran', persistent),
      limitError('disk', /^\/workspace holds [\d.]+ MB, more than its quota of 2 MB; the run was refused and nothing ran\.$/),
    );
    assert.equal(existsSync(path.join(ws, dir!, 'ran')), false);
  });

  it('applies the quota to /persistent-storage as well', async () => {
    const quota1 = runtime({ persistentBytes: 1 * MB });
    await assert.rejects(
      run(quota1, 'python', 'open("/persistent-storage/big", "wb").write(b"y" * 3_000_000)', { storageMountScope: 'end_user' }),
      limitError('disk', /^\/persistent-storage reached [\d.]+ MB, over its quota of 1 MB; .*\/persistent-storage\/big\.$/),
    );
    const ls = await run(quota1, 'shell', 'ls -A /persistent-storage', { storageMountScope: 'end_user' });
    assert.equal(ls.stdout, '');
  });
});
