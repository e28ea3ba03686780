import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { latestMigration } from '../src/platform/db/migrate.js';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { scratchDatabase } from './harness.js';
import { CLI } from './cli-command.js';
import { freePort, ROOT, waitReady } from './service-process.js';
import { ENCRYPTED_COLUMNS } from '../src/platform/secrets.js';
import { openDatabase } from '../src/platform/db/database.js';
import { AuthService } from '../src/modules/auth/auth.service.js';

/**
 * The real process: first-start bootstrap, the CLI, and graceful shutdown, through the built
 * `dist/src/cli/index.js` as `npm start` runs it (with the tests' one V8 flag: cli-command.ts, 0173).
 */

let databaseUrl: string | undefined;
let dropDatabase = async () => {};

async function env(dataDir: string, extra: Record<string, string> = {}): Promise<NodeJS.ProcessEnv> {
  const base: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    SWITCHBOARD_DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...extra,
  };
  if (databaseUrl) {
    base.DATABASE_URL = databaseUrl;
    base.SWITCHBOARD_ENCRYPTION_KEY = randomBytes(32).toString('base64');
  }
  return base;
}

/** `switchboard serve` as two processes on a scratch PostgreSQL database. */
function twoProcesses(dataDir: string, port: number, databaseUrl: string, logLevel: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    SWITCHBOARD_DATA_DIR: dataDir,
    LOG_LEVEL: logLevel,
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    SWITCHBOARD_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    SWITCHBOARD_PROCESSES: '2',
  };
}

/** The pids of a process's live children (Linux /proc). */
async function childrenOf(pid: number): Promise<number[]> {
  const out: number[] = [];
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // Fields after the command (which may hold spaces) start at the last ')': state, then ppid.
      const stat = await readFile(`/proc/${name}/stat`, 'utf8');
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(ppid) === pid && state !== 'Z') out.push(Number(name));
    } catch {
      /* gone meanwhile */
    }
  }
  return out;
}

async function until(check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

function cli(args: string[], e: NodeJS.ProcessEnv, input?: string) {
  const r = spawnSync(process.execPath, [...CLI, ...args], {
    env: e,
    encoding: 'utf8',
    cwd: ROOT,
    timeout: 60_000,
    ...(input !== undefined ? { input } : {}),
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('the switchboard process', () => {
  let dataDir: string;
  before(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sb-proc-'));
    if (process.env.DATABASE_URL) {
      const scratch = await scratchDatabase(process.env.DATABASE_URL, 'sb_proc');
      databaseUrl = scratch.url;
      dropDatabase = scratch.drop;
    }
  });
  after(async () => {
    await rm(dataDir, { recursive: true, force: true });
    await dropDatabase();
  });

  it('bootstraps on first start, prints the key once, serves it, and shuts down gracefully on SIGTERM', async () => {
    const port = await freePort();
    const e = await env(dataDir, { PORT: String(port) });
    const child = spawn(process.execPath, [...CLI, 'serve'], { env: e, cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (d) => (stdout += String(d)));
    child.stderr.on('data', () => undefined);
    try {
      await waitReady(port, child);
      const file = path.join(dataDir, 'bootstrap.json');
      const st = await stat(file);
      assert.equal(st.mode & 0o777, 0o600);
      const boot = JSON.parse(await readFile(file, 'utf8'));
      assert.match(boot.apiKey, /^svc_/);
      assert.match(boot.operatorToken, /^op_/);
      assert.ok(stdout.includes(boot.apiKey), 'the key is printed on first start');
      // Embedded: migrated by a child process first (0146); the data dir records the newest migration.
      if (!process.env.DATABASE_URL)
        assert.equal(await readFile(path.join(dataDir, 'migrated-to'), 'utf8'), await latestMigration());
      const ws = await fetch(`http://127.0.0.1:${port}/api/v1/workspaces`, {
        headers: { authorization: `Bearer ${boot.apiKey}` },
      });
      assert.equal(ws.status, 200);
      const orgs = await fetch(`http://127.0.0.1:${port}/operator/v1/organizations`, {
        headers: { authorization: `Bearer ${boot.operatorToken}` },
      });
      assert.equal(orgs.status, 200);
      assert.equal(((await orgs.json()) as { total: number }).total, 1);

      // An in-flight request (body half sent) is finished after SIGTERM; then the process exits 0.
      const body = JSON.stringify({ name: 'During shutdown', slug: 'during-shutdown' });
      const inflight = new Promise<number>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/v1/workspaces',
            headers: {
              authorization: `Bearer ${boot.apiKey}`,
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
            },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        req.write(body.slice(0, 10));
        setTimeout(() => {
          child.kill('SIGTERM');
          setTimeout(() => req.end(body.slice(10)), 300);
        }, 200);
      });
      assert.equal(await inflight, 201);
      const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
      assert.equal(code, 0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }

    // A second start on the same data does not bootstrap again.
    const port2 = await freePort();
    const again = spawn(process.execPath, [...CLI, 'serve'], {
      env: await env(dataDir, { PORT: String(port2) }),
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let out2 = '';
    again.stdout.on('data', (d) => (out2 += String(d)));
    try {
      await waitReady(port2, again);
      assert.ok(!out2.includes('svc_'), 'no key printed on later starts');
    } finally {
      again.kill('SIGTERM');
      await new Promise((r) => again.on('exit', r));
    }
  });

  it(
    'serves from several processes on PostgreSQL (SWITCHBOARD_PROCESSES): shared caches stay correct, a dead one is replaced (a failing replacement later each time), SIGTERM stops all',
    { skip: !process.env.DATABASE_URL && 'PostgreSQL only: the embedded database belongs to one process' },
    async () => {
      // LOG_LEVEL info: the test waits for each process's "Server listening" line.
      const scratch = await scratchDatabase(process.env.DATABASE_URL!, 'sb_procs');
      const dir = await mkdtemp(path.join(os.tmpdir(), 'sb-procs-'));
      const port = await freePort();
      const child = spawn(process.execPath, [...CLI, 'serve'], {
        env: twoProcesses(dir, port, scratch.url, 'info'),
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => (stdout += String(d)));
      child.stderr.on('data', (d) => (stderr += String(d)));
      const servers = () => childrenOf(child.pid!);
      // Each process logs "Server listening" (info) once it takes connections.
      const listening = () => (stdout.match(/Server listening/g) ?? []).length;
      try {
        await waitReady(port, child);
        await until(async () => listening() === 2);
        assert.equal((await servers()).length, 2);
        assert.equal((stdout.match(/svc_/g) ?? []).length, 1, 'bootstrapped and printed once, by one process');
        const key = JSON.parse(await readFile(path.join(dir, 'bootstrap.json'), 'utf8')).apiKey as string;
        // Each request on a new connection: the cluster hands connections to the processes in turn.
        const call = (method: string, url: string, body?: unknown) =>
          new Promise<{ status: number; body: any }>((resolve, reject) => {
            const payload = body === undefined ? undefined : JSON.stringify(body);
            const req = http.request(
              {
                host: '127.0.0.1',
                port,
                method,
                path: url,
                agent: false,
                headers: {
                  authorization: `Bearer ${key}`,
                  ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
                },
              },
              (res) => {
                let text = '';
                res.on('data', (d) => (text += String(d)));
                res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
              },
            );
            req.on('error', reject);
            req.end(payload);
          });
        const created = await call('POST', '/api/v1/workspaces', { name: 'Before', slug: 'procs' });
        assert.equal(created.status, 201);
        const id = created.body.workspace.id as string;
        for (let i = 0; i < 4; i++) assert.equal((await call('GET', `/api/v1/workspaces/${id}`)).body.workspace.name, 'Before'); // cached in both
        assert.equal((await call('PATCH', `/api/v1/workspaces/${id}`, { name: 'After' })).status, 200);
        // The other process learns of the change through the database before it answers again.
        await until(async () => {
          const names = await Promise.all(Array.from({ length: 4 }, () => call('GET', `/api/v1/workspaces/${id}`)));
          return names.every((r) => r.body.workspace.name === 'After');
        });

        // A process that dies is replaced; the server keeps answering.
        const [victim] = await servers();
        process.kill(victim!, 'SIGKILL');
        await until(async () => {
          const now = await servers();
          return now.length === 2 && !now.includes(victim!);
        });
        await until(async () => listening() === 3);
        assert.equal((await call('GET', `/api/v1/workspaces/${id}`)).status, 200);

        // A replacement that cannot start (the database refuses new connections) is tried again, later each time.
        const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await admin.connect();
        const database = new URL(scratch.url).pathname.slice(1);
        try {
          await admin.query(`ALTER DATABASE ${database} WITH ALLOW_CONNECTIONS false`);
          const [another] = await servers();
          process.kill(another!, 'SIGKILL');
          await until(async () => /starting a new one in 2 s/.test(stderr) && /starting a new one in 4 s/.test(stderr), 60_000);
          assert.equal(listening(), 3, 'no replacement listened while the database refused');
        } finally {
          await admin.query(`ALTER DATABASE ${database} WITH ALLOW_CONNECTIONS true`);
          await admin.end();
        }
        await until(async () => listening() === 4, 60_000);
        assert.equal((await servers()).length, 2);
        for (let i = 0; i < 4; i++) assert.equal((await call('GET', `/api/v1/workspaces/${id}`)).status, 200);

        const last = await servers();
        child.kill('SIGTERM');
        const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
        assert.equal(code, 0);
        for (const pid of last) assert.throws(() => process.kill(pid, 0), 'every serving process has exited');
      } finally {
        if (child.exitCode === null) child.kill('SIGKILL');
        for (const pid of await childrenOf(child.pid!).catch(() => [])) process.kill(pid, 'SIGKILL');
        await scratch.drop();
        await rm(dir, { recursive: true, force: true });
      }
    },
  );

  it(
    'stops a multi-process server that cannot start (port taken) with exit 1 instead of restarting forever',
    { skip: !process.env.DATABASE_URL && 'PostgreSQL only' },
    async () => {
      const scratch = await scratchDatabase(process.env.DATABASE_URL!, 'sb_procs');
      const dir = await mkdtemp(path.join(os.tmpdir(), 'sb-procs-'));
      const taken = http.createServer();
      const port = await freePort();
      await new Promise<void>((r) => taken.listen(port, '127.0.0.1', r));
      try {
        const child = spawn(process.execPath, [...CLI, 'serve'], {
          env: twoProcesses(dir, port, scratch.url, 'warn'),
          cwd: ROOT,
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        let stderr = '';
        child.stderr.on('data', (d) => (stderr += String(d)));
        const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
        assert.equal(code, 1);
        assert.match(stderr, /before it listened; stopping/);
      } finally {
        await new Promise((r) => taken.close(r));
        await scratch.drop();
        await rm(dir, { recursive: true, force: true });
      }
    },
  );

  it('runs the operator CLI: migrate, org create|list|set-plan, keys create', async () => {
    const e = await env(dataDir);
    const migrated = cli(['migrate'], e);
    assert.equal(migrated.code, 0, migrated.stderr);
    assert.match(migrated.stdout, /up to date|applied/);

    const created = cli(['org', 'create', '--name', 'Cli Org', '--plan', 'pro'], e);
    assert.equal(created.code, 0, created.stderr);
    const org = JSON.parse(created.stdout);
    assert.equal(org.organization.plan, 'pro');
    assert.match(org.plainKey, /^svc_/);

    const listed = cli(['org', 'list'], e);
    assert.equal(listed.code, 0, listed.stderr);
    assert.ok(JSON.parse(listed.stdout).organizations.some((o: { id: string }) => o.id === org.organization.id));

    const planned = cli(['org', 'set-plan', org.organization.id, 'team'], e);
    assert.equal(planned.code, 0, planned.stderr);
    assert.equal(JSON.parse(planned.stdout).organization.plan, 'team');

    const key = cli(['keys', 'create', '--org', org.organization.id, '--name', 'deploy'], e);
    assert.equal(key.code, 0, key.stderr);
    const parsed = JSON.parse(key.stdout);
    assert.equal(parsed.apiKey.name, 'deploy');
    assert.match(parsed.plainKey, /^svc_/);

    const badPlan = cli(['org', 'set-plan', org.organization.id, 'platinum'], e);
    assert.equal(badPlan.code, 1);
    assert.match(badPlan.stderr, /plan must be one of/);
    const unknown = cli(['frobnicate'], e);
    assert.equal(unknown.code, 2);
  });

  it('marks an email address verified and sets a password from the CLI (users verify-email, users set-password)', async () => {
    const e = await env(dataDir);
    assert.equal(cli(['migrate'], e).code, 0);
    const open = () => openDatabase(databaseUrl ? { url: databaseUrl, poolSize: 1 } : { dataDir: path.join(dataDir, 'pg') });
    let db = await open();
    try {
      await new AuthService({ orm: db.orm }).createUser(db.orm, {
        email: 'Cli.Person@example.com',
        name: 'Cli',
        password: 'password123',
      });
    } finally {
      await db.close();
    }
    const missing = cli(['users', 'verify-email', 'nobody@example.com'], e);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /No account has the email nobody@example\.com/);
    const done = cli(['users', 'verify-email', 'cli.person@example.com'], e);
    assert.equal(done.code, 0, done.stderr);
    assert.equal(JSON.parse(done.stdout).user.email, 'Cli.Person@example.com');
    db = await open();
    try {
      const [row] = await db.query<{ email_verified_at: Date | null }>(
        `SELECT email_verified_at FROM users WHERE email = 'Cli.Person@example.com'`,
      );
      assert.ok(row?.email_verified_at, 'stored as verified');
      await new AuthService({ orm: db.orm }).signIn(
        { email: 'cli.person@example.com', password: 'password123' },
        { address: '127.0.0.1' },
      );
    } finally {
      await db.close();
    }

    // users set-password: the new password from standard input; every session of the person ends.
    const short = cli(['users', 'set-password', 'cli.person@example.com'], e, 'short\n');
    assert.equal(short.code, 1);
    assert.match(short.stderr, /password must have 8 to 200 characters/);
    assert.equal(cli(['users', 'set-password', 'nobody@example.com'], e, 'long enough one\n').code, 1);
    const set = cli(['users', 'set-password', 'cli.person@example.com'], e, 'set by the operator\n');
    assert.equal(set.code, 0, set.stderr);
    assert.deepEqual(JSON.parse(set.stdout).user.sessionsEnded, true);
    assert.ok(
      !set.stdout.includes('set by the operator') && !set.stderr.includes('set by the operator'),
      'the password is not printed',
    );
    db = await open();
    try {
      const auth = new AuthService({ orm: db.orm });
      const [sessions] = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM user_sessions s JOIN users u ON u.id = s.user_id WHERE u.email = 'Cli.Person@example.com'`,
      );
      assert.equal(sessions?.n, 0, 'every session ended');
      await assert.rejects(
        auth.signIn({ email: 'cli.person@example.com', password: 'password123' }, { address: '127.0.0.1' }),
        /email or password is wrong|INVALID_CREDENTIALS/,
      );
      await auth.signIn({ email: 'cli.person@example.com', password: 'set by the operator' }, { address: '127.0.0.1' });
    } finally {
      await db.close();
    }
  });

  it('rotates the encryption key from the CLI', async () => {
    const e = await env(dataDir);
    if (databaseUrl) {
      // Server mode: the operator sets the new key and lists the old one.
      const rotated = cli(['keys', 'rotate-encryption'], {
        ...e,
        SWITCHBOARD_PREVIOUS_ENCRYPTION_KEYS: randomBytes(32).toString('base64'),
      });
      assert.equal(rotated.code, 0, rotated.stderr);
      assert.ok(JSON.parse(rotated.stdout).reencrypted);
      const refused = cli(['keys', 'rotate-encryption', '--generate'], e);
      assert.equal(refused.code, 1);
      assert.match(refused.stderr, /SWITCHBOARD_ENCRYPTION_KEY is set/);
      return;
    }
    const before = await readFile(path.join(dataDir, 'encryption.key'), 'utf8');
    const rotated = cli(['keys', 'rotate-encryption', '--generate'], e);
    assert.equal(rotated.code, 0, rotated.stderr);
    const out = JSON.parse(rotated.stdout);
    assert.deepEqual(Object.keys(out.reencrypted).sort(), [...new Set(ENCRYPTED_COLUMNS.map((c) => c.table))].sort());
    const after = await readFile(path.join(dataDir, 'encryption.key'), 'utf8');
    assert.notEqual(after, before);
    assert.equal((await readFile(path.join(dataDir, 'encryption.previous'), 'utf8')).trim(), before.trim());
    assert.equal(((await stat(path.join(dataDir, 'encryption.previous'))).mode & 0o777).toString(8), '600');
  });

  it('fails to start with a clear message naming a bad variable', async () => {
    const r = cli(['migrate'], { ...(await env(dataDir)), PORT: 'eighty' });
    assert.equal(r.code, 1);
    assert.match(r.stderr, /PORT/);
  });
});
