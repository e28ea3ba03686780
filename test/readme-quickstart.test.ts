import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { startApp, type TestApp } from './harness.js';
import { needs } from './system-binaries.js';

/** The README's quick start, each language's snippet run as written against the real service. */
function snippets(): Record<string, string> {
  const readme = readFileSync('README.md', 'utf8');
  const section = readme.split('## Quick start: curl, TypeScript, Python')[1]!.split('\n## ')[0]!;
  const out: Record<string, string> = {};
  for (const m of section.matchAll(/```(\w+)\n([\s\S]*?)```/g)) {
    const [, lang, code] = m;
    if (lang === 'sh' && code!.startsWith('export ')) continue; // the placeholder key: the test sets the variables
    out[lang!] = code!;
  }
  return out;
}

/** Runs a command without blocking this process (which is the server the command talks to). */
function run(cmd: string, args: string[], env: Record<string, string>, cwd = process.cwd()) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(cmd, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

const SHA256_HELLO = '2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824';

describe('README quick start', () => {
  let t: TestApp;
  let env: Record<string, string>;
  let dir: string;
  const code = snippets();

  before(async () => {
    t = await startApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { key } = await t.tenant();
    env = {
      ...(process.env as Record<string, string>),
      SWITCHBOARD_URL: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`,
      SWITCHBOARD_API_KEY: key,
    };
    dir = await mkdtemp(path.join(os.tmpdir(), 'sb-quickstart-'));
  });
  after(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('curl: creates a workspace and runs hash-encode', async () => {
    assert.ok(code.sh, 'the README has the curl snippet');
    const res = await run('bash', ['-euo', 'pipefail', '-c', code.sh], env);
    assert.equal(res.status, 0, res.stderr);
    const answer = JSON.parse(res.stdout);
    assert.equal(answer.success, true);
    assert.equal(answer.output.hash, SHA256_HELLO);
  });

  it('TypeScript: the same through the SDK package as `npm install ./sdk/typescript` installs it (its built dist/)', async () => {
    assert.ok(code.ts, 'the README has the TypeScript snippet');
    // An application folder whose node_modules links the SDK folder, as npm install of a local path does.
    const app = path.join(dir, 'ts-app');
    await mkdir(path.join(app, 'node_modules/@switchboard'), { recursive: true });
    await symlink(path.resolve('sdk/typescript'), path.join(app, 'node_modules/@switchboard/sdk'), 'dir');
    await writeFile(path.join(app, 'package.json'), JSON.stringify({ type: 'module' }));
    await writeFile(path.join(app, 'quickstart.ts'), code.ts);
    const tsx = path.resolve('node_modules/tsx/dist/loader.mjs');
    const res = await run(process.execPath, ['--import', tsx, 'quickstart.ts'], env, app);
    assert.equal(res.status, 0, res.stderr);
    assert.match(res.stdout, new RegExp(SHA256_HELLO));
  });

  it('Python: the same through the Python SDK', { skip: needs('python3') }, async () => {
    assert.ok(code.python, 'the README has the Python snippet');
    const file = path.join(dir, 'quickstart.py');
    await writeFile(file, code.python);
    const res = await run(process.env.SWITCHBOARD_PYTHON ?? 'python3', [file], {
      ...env,
      PYTHONPATH: path.resolve('sdk/python'),
    });
    assert.equal(res.status, 0, res.stderr);
    assert.equal(res.stdout.trim(), SHA256_HELLO);
  });
});
