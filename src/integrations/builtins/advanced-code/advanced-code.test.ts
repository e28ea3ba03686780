// switchboard-test: database-independent (the PostgreSQL run leaves this file to the embedded-database run: 0130)
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { BubblewrapSandbox } from '../../../sandbox/os-sandbox.js';
import { ActionError, ActionInputError, type ActionContext, type Caller, type StateScope } from '../../framework.js';
import { runAction } from '../../run.js';
import { advancedCode } from './advanced-code.js';
import { AdvancedCodeRuntime } from './runtime.js';
import { needs } from '../../../../test/system-binaries.js';

const action = advancedCode.actions.run_code!;
async function processesOf(uid: number): Promise<number> {
  let n = 0;
  for (const pid of (await readdir('/proc')).filter((p) => /^\d+$/.test(p))) {
    try {
      if (new RegExp(`^Uid:\\s+${uid}\\s`, 'm').test(readFileSync(`/proc/${pid}/status`, 'utf8'))) n++;
    } catch {
      // exited meanwhile
    }
  }
  return n;
}

const isInput = (field: string) => (e: unknown) => e instanceof ActionInputError && e.field === field;

describe('advanced-code built-in (bubblewrap)', { skip: needs('bwrap') }, () => {
  let dataDir: string;
  let runtime: AdvancedCodeRuntime;
  let server: Server;
  let port: number;
  const orgId = randomUUID();
  const workspaceId = randomUUID();
  const callerA: Caller = { orgId, workspaceId, endUserId: randomUUID() };
  const callerB: Caller = { orgId, workspaceId, endUserId: randomUUID() };
  const scopeOf = (c: Caller): StateScope => ({ kind: 'end_user', orgId, workspaceId, id: c.endUserId! });

  before(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sb-advanced-code-'));
    // The sandbox user (nobody, when tests run as root) must be able to search down to its directories.
    await chmod(dataDir, 0o711);
    runtime = new AdvancedCodeRuntime({ dataDir });
    server = createServer((sock) => sock.end('hello from the host\n'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  after(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(dataDir, { recursive: true, force: true });
  });

  type Ctx = Partial<Omit<ActionContext, 'propsValue'>>;
  const run = (language: string, code: string, settings: Record<string, unknown> = {}, ctx: Ctx = {}) =>
    runAction(
      action,
      { language, code },
      { resources: { advancedCode: runtime }, settings: { advancedCode: settings }, caller: callerA, ...ctx },
    ) as Promise<any>;

  it('runs each language and reports output and exit codes', async () => {
    const js = await run(
      'javascript',
      'const os = require("node:os"); console.log("js", 6 * 7); console.error("to stderr"); process.exitCode = 5;',
    );
    assert.deepEqual(
      { exitCode: js.exitCode, stdout: js.stdout, stderr: js.stderr, timedOut: js.timedOut },
      { exitCode: 5, stdout: 'js 42\n', stderr: 'to stderr\n', timedOut: false },
    );
    const esm = await run(
      'javascript',
      'import { EOL } from "node:os"; const v = await Promise.resolve(EOL.length); console.log("esm", v);',
    );
    assert.equal(esm.stdout, 'esm 1\n', esm.stderr);
    const py = await run('python', 'import sys\nprint("py", sum(range(10)))\nsys.exit(3)');
    assert.deepEqual([py.exitCode, py.stdout], [3, 'py 45\n']);
    const sh = await run('shell', 'echo "sh $((6 * 7))"; exit 7');
    assert.deepEqual([sh.exitCode, sh.stdout, sh.language], [7, 'sh 42\n', 'shell']);
    const thrown = await run('javascript', 'throw new Error("boom")');
    assert.equal(thrown.exitCode, 1);
    assert.match(thrown.stderr, /Error: boom/);
  });

  it('runs the code literally: quotes and $(...) reach the interpreter untouched', async () => {
    const tricky = `'"; $(touch /tmp/pwned) \`id\` "'`;
    const py = await run('python', `print(${JSON.stringify(tricky)})\nimport os\nprint(os.path.exists("/tmp/pwned"))`);
    assert.equal(py.stdout, `${tricky}\nFalse\n`);
    const js = await run('javascript', `console.log(${JSON.stringify(tricky)})`);
    assert.equal(js.stdout, `${tricky}\n`);
    const sh = await run('shell', `cat <<'EOF'\n${tricky}\nEOF\n[ -e /tmp/pwned ] && echo pwned || echo clean`);
    assert.equal(sh.stdout, `${tricky}\nclean\n`);
    const stdin = await run('shell', 'cat; echo "stdin done"');
    assert.equal(stdin.stdout, 'stdin done\n', 'the program gets an empty stdin, not its own source');
  });

  it('has no capabilities, a private view of the system and writable /tmp and /workspace', async () => {
    const r = await run(
      'shell',
      [
        'grep -E "^Cap(Eff|Prm|Bnd):" /proc/self/status',
        'pwd; echo "$HOME"',
        'echo a > /tmp/t && echo a > /workspace/w && echo writable',
        'touch /usr/evil 2>/dev/null || echo usr-ro',
        'touch /etc/evil 2>/dev/null || echo etc-ro',
        'touch /evil 2>/dev/null || echo root-ro',
        `[ -e ${JSON.stringify(dataDir)} ] || echo no-data-dir`,
        '[ -e /etc/passwd ] || echo no-passwd',
        '[ -e /root ] || echo no-root',
        'ps -e 2>/dev/null | wc -l >/dev/null; ls /proc | grep -c "^[0-9]"',
      ].join('\n'),
    );
    assert.equal(r.exitCode, 0, r.stderr);
    const lines = r.stdout.trim().split('\n');
    assert.deepEqual(lines.slice(0, 3), ['CapPrm:\t0000000000000000', 'CapEff:\t0000000000000000', 'CapBnd:\t0000000000000000']);
    assert.deepEqual(lines.slice(3, 12), [
      '/workspace',
      '/workspace',
      'writable',
      'usr-ro',
      'etc-ro',
      'root-ro',
      'no-data-dir',
      'no-passwd',
      'no-root',
    ]);
    assert.ok(Number(lines[12]) < 10, `only the sandbox's own processes are visible: ${lines[12]}`);
  });

  it('has no network by default, and the host network only when allowed and enabled', async () => {
    const probe = `import socket\ntry:\n  s = socket.create_connection(("127.0.0.1", ${port}), timeout=5)\n  print(s.recv(100).decode().strip())\nexcept OSError as e:\n  print("blocked", type(e).__name__)`;
    const off = await run('python', probe);
    assert.match(off.stdout, /^blocked/, off.stderr);
    await assert.rejects(run('python', probe, { network: true }), isInput('settings.advancedCode.network'));
    const netRuntime = new AdvancedCodeRuntime({ dataDir, allowNetwork: true });
    const on = await run('python', probe, { network: true }, { resources: { advancedCode: netRuntime } });
    assert.equal(on.stdout, 'hello from the host\n', on.stderr);
    const offAgain = await run('python', probe, {}, { resources: { advancedCode: netRuntime } });
    assert.match(offAgain.stdout, /^blocked/, 'the operator switch alone does not enable it');
  });

  it('gives each ephemeral run a fresh /workspace and keeps a persistent one per scope', async () => {
    await run('shell', 'echo one > /workspace/note.txt');
    assert.equal((await run('shell', 'cat /workspace/note.txt 2>/dev/null || echo missing')).stdout, 'missing\n');

    const persistent = { sandboxPersistence: 'persistent' };
    const a = { caller: callerA, scope: scopeOf(callerA) };
    const b = { caller: callerB, scope: scopeOf(callerB) };
    assert.equal((await run('python', 'open("/workspace/state.txt", "a").write("x")', persistent, a)).exitCode, 0);
    await run('python', 'open("/workspace/state.txt", "a").write("y")', persistent, a);
    assert.equal((await run('shell', 'cat /workspace/state.txt', persistent, a)).stdout, 'xy');
    assert.equal(
      (await run('shell', 'cat /workspace/state.txt 2>/dev/null || echo missing', persistent, b)).stdout,
      'missing\n',
      'another end user',
    );
    assert.equal(
      (await run('shell', 'cat /workspace/state.txt 2>/dev/null || echo missing', {}, a)).stdout,
      'missing\n',
      'ephemeral runs of the same scope',
    );
    const ws = { caller: callerA, scope: { kind: 'workspace', orgId, workspaceId, id: '' } as StateScope };
    assert.equal(
      (await run('shell', 'cat /workspace/state.txt 2>/dev/null || echo missing', persistent, ws)).stdout,
      'missing\n',
      'the workspace scope',
    );
    await assert.rejects(run('shell', 'true', persistent, { scope: null }), isInput('endUserId'));

    // On disk: hashed ids under the org and workspace, nothing named after the end user.
    const dir = path.join(dataDir, 'advanced-code', 'workspaces', orgId, workspaceId, 'end_user');
    const keys = await readdir(dir);
    assert.equal(keys.length, 2);
    for (const k of keys) assert.match(k, /^[0-9a-f]{64}$/);
  });

  it('mounts /persistent-storage per storage scope', async () => {
    const byUser = { storageMountScope: 'end_user' };
    const put = await run('shell', 'echo kept > /persistent-storage/f.txt', byUser, { caller: callerA });
    assert.deepEqual([put.exitCode, put.storageMounted], [0, true], put.stderr);
    assert.equal((await run('shell', 'cat /persistent-storage/f.txt', byUser, { caller: callerA })).stdout, 'kept\n');
    assert.equal((await run('shell', 'ls -A /persistent-storage', byUser, { caller: callerB })).stdout, '', 'another end user');
    assert.equal(
      (await run('shell', 'ls -A /persistent-storage', { storageMountScope: 'workspace' })).stdout,
      '',
      'the workspace scope',
    );
    const ext = { storageMountScope: 'external', storageExternalId: 'crm/acct 42' };
    await run('shell', 'echo ext > /persistent-storage/e.txt', ext, { caller: callerB });
    assert.equal(
      (await run('shell', 'cat /persistent-storage/e.txt', ext, { caller: callerA })).stdout,
      'ext\n',
      'external is shared by id',
    );
    const none = await run('shell', '[ -e /persistent-storage ] && echo mounted || echo absent');
    assert.deepEqual([none.stdout, none.storageMounted], ['absent\n', false]);
    await assert.rejects(run('shell', 'true', byUser, { caller: { orgId, workspaceId, endUserId: null } }), isInput('endUserId'));
    await assert.rejects(run('shell', 'true', { storageMountScope: 'workspace' }, { caller: null }), isInput('workspaceId'));
  });

  it('kills the whole sandbox on timeout and reports it', async () => {
    const marker = `sleep ${1000 + Math.floor(Math.random() * 1000)}`;
    const r = await run('shell', `${marker} &\necho started\nwhile :; do :; done`, { timeoutSeconds: 1 });
    assert.deepEqual(
      { timedOut: r.timedOut, exitCode: r.exitCode, stdout: r.stdout },
      { timedOut: true, exitCode: null, stdout: 'started\n' },
    );
    const alive = (await readdir('/proc'))
      .filter((p) => /^\d+$/.test(p))
      .some((pid) => {
        try {
          return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim() === marker;
        } catch {
          return false;
        }
      });
    assert.equal(alive, false, 'the background process died with the sandbox');
  });

  it('stops a run when the call is cancelled', async () => {
    const controller = new AbortController();
    const pending = run('shell', 'echo go; sleep 60', {}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 300);
    await assert.rejects(pending, (e: unknown) => e instanceof ActionError && /cancelled/.test(e.message));
  });

  it('caps output and enforces memory and file size limits', async () => {
    const big = await run('python', 'import sys\nsys.stdout.write("x" * 3_000_000)\nsys.stderr.write("e" * 10)');
    assert.deepEqual(
      [big.exitCode, big.stdout.length, big.stdoutTruncated, big.stderr, big.stderrTruncated],
      [0, 1_048_576, true, 'eeeeeeeeee', false],
    );
    const mem = await run('python', 'b = bytearray(2 * 1024 * 1024 * 1024)\nprint("allocated")');
    assert.notEqual(mem.exitCode, 0);
    assert.match(mem.stderr, /MemoryError/);
    const small = new AdvancedCodeRuntime({ dataDir, sandbox: new BubblewrapSandbox({ limits: { maxFileBytes: 1024 * 1024 } }) });
    const file = await run(
      'shell',
      'head -c 2000000 /dev/zero > /workspace/big; echo "rc=$?"; wc -c < /workspace/big',
      {},
      { resources: { advancedCode: small } },
    );
    assert.match(file.stdout, /^rc=[1-9]\d*\n1048576\n$/, file.stderr);
  });

  it(
    'limits the number of processes when it runs as its own user',
    { skip: process.getuid?.() !== 0 && 'needs root to switch to the sandbox user' },
    async () => {
      // RLIMIT_NPROC counts every process of the sandbox uid, including killed sandboxes init has not reaped yet.
      const current = await processesOf(65534);
      const few = new AdvancedCodeRuntime({
        dataDir,
        sandbox: new BubblewrapSandbox({ limits: { maxProcesses: current + 16 } }),
      });
      const forks =
        'import os, time\nn = 0\ntry:\n  for _ in range(64):\n    if os.fork() == 0:\n      time.sleep(30)\n      os._exit(0)\n    n += 1\n  print("spawned", n)\nexcept OSError as e:\n  print("refused", e.errno)';
      const r = await run('python', forks, { timeoutSeconds: 20 }, { resources: { advancedCode: few } });
      assert.equal(r.timedOut, false, 'forks beyond the limit fail instead of piling up');
      assert.match(r.stdout, /^refused 11\n$/, r.stderr);
    },
  );

  it('names invalid settings and input', async () => {
    for (const [settings, field] of [
      [{ timeoutSeconds: 0 }, 'timeoutSeconds'],
      [{ timeoutSeconds: 301 }, 'timeoutSeconds'],
      [{ timeoutSeconds: 1.5 }, 'timeoutSeconds'],
      [{ timeoutSeconds: '30' }, 'timeoutSeconds'],
      [{ sandboxPersistence: 'forever' }, 'sandboxPersistence'],
      [{ storageMountScope: 'org' }, 'storageMountScope'],
      [{ storageMountScope: 'external' }, 'storageExternalId'],
      [{ storageMountScope: 'external', storageExternalId: '' }, 'storageExternalId'],
      [{ network: 'yes' }, 'network'],
    ] as const) {
      await assert.rejects(run('shell', 'true', settings), isInput(`settings.advancedCode.${field}`), JSON.stringify(settings));
    }
    await assert.rejects(
      runAction(
        action,
        { language: 'shell', code: 'true' },
        { resources: { advancedCode: runtime }, settings: { advancedCode: 'x' } },
      ),
      isInput('settings.advancedCode'),
    );
    await assert.rejects(run('ruby', 'puts 1'), ActionInputError);
    await assert.rejects(run('shell', 'x'.repeat(200_001)), isInput('code'));
    assert.equal((await run('shell', 'echo defaults', { timeoutSeconds: 300 })).stdout, 'defaults\n');
  });

  it('fails clearly, and runs nothing, without a runtime or a working bwrap', async () => {
    await assert.rejects(
      runAction(action, { language: 'shell', code: 'true' }),
      (e: unknown) => e instanceof ActionError && /not available/.test(e.message),
    );
    const marker = path.join(dataDir, 'ran-unsandboxed');
    for (const sandbox of [
      new BubblewrapSandbox({ bwrapPath: '/nonexistent/bwrap' }),
      new BubblewrapSandbox({ prlimitPath: '/nonexistent/prlimit' }),
    ]) {
      const broken = new AdvancedCodeRuntime({ dataDir, sandbox });
      await assert.rejects(
        run('shell', `touch ${marker}`, {}, { resources: { advancedCode: broken } }),
        (e: unknown) => e instanceof ActionError && /sandbox/i.test(e.message),
      );
      await assert.rejects(sandbox.check(), /sandbox/i);
    }
    assert.equal(existsSync(marker), false);
    await new BubblewrapSandbox().check();
  });
});
