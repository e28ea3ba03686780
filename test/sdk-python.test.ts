/**
 * The Python SDK (sdk/python) against the real service: this file starts the app on a real port and runs the SDK's
 * unittest suite (sdk/python/tests) with python3, failing with Python's output when a Python test fails. It also
 * installs the package offline into a throwaway virtual environment, the way its README says.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { OPERATOR_TOKEN, startApp, type TestApp } from './harness.js';
import { formIntegrations, register } from './connect-fixtures.js';
import { needs } from './system-binaries.js';

const SDK = path.resolve('sdk/python');
const python = process.env.SWITCHBOARD_PYTHON ?? 'python3';
const ci = process.env.CI === 'true' || process.env.CI === '1';
const missing = process.env.SWITCHBOARD_PYTHON ? false : needs('python3');
/** The plan whose tiny rate limit the 429 test runs into. */
const RATE_LIMITED_PLAN = 'scale';

interface Run {
  code: number | null;
  output: string;
}

/** Runs a command without blocking the event loop (the app in this process must keep answering). */
function run(command: string, args: string[], opts: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: opts.env ?? process.env, cwd: opts.cwd ?? process.cwd() });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.stderr.on('data', (c: Buffer) => chunks.push(c));
    child.on('error', (err) => resolve({ code: -1, output: String(err) }));
    child.on('close', (code) => resolve({ code, output: Buffer.concat(chunks).toString('utf8') }));
  });
}

describe('Python SDK', { skip: missing }, () => {
  let t: TestApp;
  let url: string;
  before(async () => {
    t = await startApp({
      SWITCHBOARD_EGRESS_ALLOW: '127.0.0.1',
      SWITCHBOARD_PLANS: JSON.stringify({ [RATE_LIMITED_PLAN]: { rateLimit: { requests: 2, windowSeconds: 2 } } }),
    });
    // The credential-form integrations (test-secret validates keys starting with good-) for connections and connect.
    register(t, formIntegrations());
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  after(async () => t.close());

  it('passes its unittest suite against the running service', async () => {
    const { SWITCHBOARD_API_KEY: _key, ...env } = process.env;
    const res = await run(python, ['-m', 'unittest', 'discover', '-s', 'tests', '-t', '.', '-v'], {
      cwd: SDK,
      env: {
        ...env,
        PYTHONPATH: SDK,
        PYTHONDONTWRITEBYTECODE: '1',
        SWITCHBOARD_URL: url,
        SWITCHBOARD_TEST_OPERATOR_TOKEN: OPERATOR_TOKEN,
        SWITCHBOARD_TEST_RATE_LIMITED_PLAN: RATE_LIMITED_PLAN,
      },
    });
    assert.equal(res.code, 0, `python -m unittest failed:\n${res.output}`);
    assert.doesNotMatch(res.output, /skipped=/, `no Python test may skip here:\n${res.output}`);
  });

  it('installs offline with pip install --no-build-isolation into a fresh virtual environment', async (ctx) => {
    // setuptools (>= 61) and wheel must come from the interpreter (no network): pick one that has them.
    const candidates = [...new Set([python, '/usr/bin/python3'])];
    let base: string | null = null;
    for (const c of candidates) {
      if ((await run(c, ['-c', 'import setuptools, wheel, ensurepip'])).code === 0) {
        base = c;
        break;
      }
    }
    if (!base) {
      const reason = `no python3 with setuptools, wheel and venv among ${candidates.join(', ')}`;
      assert.ok(!ci, `${reason} (CI must have them: apt-get install -y python3-venv python3-setuptools python3-wheel)`);
      return ctx.skip(reason);
    }
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sb-sdk-py-'));
    try {
      // A copy, so that the build leaves nothing in the repository.
      await cp(SDK, path.join(dir, 'src'), { recursive: true, filter: (p) => !/(__pycache__|build|\.egg-info)$/.test(p) });
      const venv = path.join(dir, 'venv');
      const made = await run(base, ['-m', 'venv', '--system-site-packages', venv]);
      assert.equal(made.code, 0, made.output);
      const pip = await run(path.join(venv, 'bin', 'pip'), [
        'install',
        '--no-build-isolation',
        '--no-index',
        '--disable-pip-version-check',
        path.join(dir, 'src'),
      ]);
      assert.equal(pip.code, 0, pip.output);
      const check = [
        'import os, switchboard',
        'from switchboard import Switchboard, validate_input',
        'assert switchboard.__file__.startswith(os.environ["VENV"]), switchboard.__file__',
        'assert os.path.exists(os.path.join(os.path.dirname(switchboard.__file__), "py.typed"))',
        'assert validate_input("hash-encode", "hash", {})[0]["field"] == "input.text"',
        'print(switchboard.__version__)',
      ].join('\n');
      const imported = await run(path.join(venv, 'bin', 'python'), ['-c', check], {
        cwd: dir,
        env: { ...process.env, VENV: venv, PYTHONPATH: '' },
      });
      assert.equal(imported.code, 0, imported.output);
      assert.match(imported.output, /^0\.1\.0$/m);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
