import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CLI } from './cli-command.js';
import { ROOT, freePort, waitReady } from './service-process.js';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
  engines: { node: string };
  dependencies: Record<string, string>;
  scripts: Record<string, string>;
};

/** The processes whose environment holds `entry` exactly: pid, argv and environment. */
function processesWith(entry: string): Array<{ pid: number; argv: string[]; env: string[] }> {
  const found = [];
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const env = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      if (env.includes(entry))
        found.push({ pid: Number(pid), argv: readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0'), env });
    } catch {
      /* gone, or not ours */
    }
  }
  return found;
}

/** A signal to a process that may have exited meanwhile. */
function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig);
  } catch {
    /* gone already */
  }
}

/** npm scripts run on the pinned `node` package whatever Node started npm (0114): the tests prove they do. */
describe('the runtime', () => {
  it('is the Node.js the package pins, and engines asks for its major version', () => {
    assert.equal(process.version, `v${pkg.dependencies.node}`);
    assert.equal(pkg.engines.node, `>=${pkg.dependencies.node!.split('.')[0]}`);
  });

  // The memory settings of `npm start` (0148, 0155, 0157), proven on the process it starts. The build step before
  // `&&` is left out: the test runner has built dist/ (cli-command.ts), and two builds must not run side by side.
  it(
    'npm start serves with the young-generation bound and glibc’s malloc settings',
    { skip: !existsSync('/proc/self/environ') },
    async () => {
      assert.ok(CLI.at(-1)!.endsWith('dist/src/cli/index.js'));
      const [build, serve] = pkg.scripts.start!.split(' && ');
      assert.match(build!, /scripts\/build\.mjs --if-changed$/);
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sb-start-'));
      const port = await freePort();
      const child = spawn('sh', ['-c', serve!], {
        cwd: ROOT,
        // On its embedded database whatever the run's DATABASE_URL: the settings are the process's, not the database's.
        env: {
          ...process.env,
          DATABASE_URL: '',
          PATH: `${path.join(ROOT, 'node_modules/.bin')}:${process.env.PATH}`,
          SWITCHBOARD_DATA_DIR: dataDir,
          PORT: String(port),
        },
        stdio: 'ignore',
      });
      try {
        await waitReady(port, child);
        const [server] = processesWith(`SWITCHBOARD_DATA_DIR=${dataDir}`).filter((p) => p.argv.includes('serve'));
        assert.ok(server, 'the serving process');
        assert.ok(server.argv.includes('--max-semi-space-size=8'), server.argv.join(' '));
        for (const setting of ['MALLOC_ARENA_MAX=2', 'MALLOC_MMAP_THRESHOLD_=131072', 'MALLOC_TRIM_THRESHOLD_=131072'])
          assert.ok(server.env.includes(setting), setting);
      } finally {
        const left = processesWith(`SWITCHBOARD_DATA_DIR=${dataDir}`);
        for (const p of left) signal(p.pid, 'SIGTERM');
        child.kill('SIGTERM');
        // The data dir goes once the server has shut down (a zombie has closed its files). A server that has not
        // shut down within 30 s is killed, so a hung shutdown fails this test's clean-up instead of stalling the run.
        const running = (pid: number) => {
          try {
            return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
          } catch {
            return false;
          }
        };
        const deadline = Date.now() + 30_000;
        while (left.some((p) => running(p.pid)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
        for (const p of left.filter((q) => running(q.pid))) signal(p.pid, 'SIGKILL');
        if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  );
});
