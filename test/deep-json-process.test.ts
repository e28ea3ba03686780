import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { scratchDatabase } from './harness.js';
import { CLI } from './cli-command.js';
import { freePort, ROOT, waitReady } from './service-process.js';

/**
 * Issue 17 item 1 on the real process (`switchboard serve`): a 24 KB body of 4,000 nested objects, unauthenticated
 * at a webhook address or through a piece action, used to end the process. It is refused and the process serves on.
 */
describe('the serving process and deeply nested JSON', () => {
  let dataDir: string;
  let child: ChildProcess;
  let base: string;
  let stderr = '';
  let dropDatabase = async () => {};

  before(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'sb-deep-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      SWITCHBOARD_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PORT: String(port),
    };
    if (process.env.DATABASE_URL) {
      const scratch = await scratchDatabase(process.env.DATABASE_URL, 'sb_deep');
      dropDatabase = scratch.drop;
      env.DATABASE_URL = scratch.url;
      env.SWITCHBOARD_ENCRYPTION_KEY = randomBytes(32).toString('base64');
    }
    child = spawn(process.execPath, [...CLI, 'serve'], { env, cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr!.on('data', (d) => (stderr = (stderr + String(d)).slice(-4000)));
    await waitReady(port, child);
  });
  after(async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    await rm(dataDir, { recursive: true, force: true });
    await dropDatabase();
  });

  it('refuses it at the webhook address and through a piece action, and keeps serving', { timeout: 120_000 }, async () => {
    const deep = `${'{"a":'.repeat(3999)}{}${'}'.repeat(3999)}`;
    const hook = await fetch(`${base}/api/v1/webhooks/webhook`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: deep,
    });
    assert.equal(hook.status, 400);
    assert.equal(((await hook.json()) as { error: string }).error, 'VALIDATION_ERROR');

    const { apiKey } = JSON.parse(await readFile(path.join(dataDir, 'bootstrap.json'), 'utf8')) as { apiKey: string };
    const call = (body: string, url = '/api/v1/actions/execute') =>
      fetch(base + url, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body,
      });
    const ws = (await (await call(JSON.stringify({ name: 'Deep', slug: 'deep' }), '/api/v1/workspaces')).json()) as {
      workspace: { id: string };
    };
    const execute = (mapping: string) =>
      call(
        `{"integrationName":"data-mapper","actionName":"advanced_mapping","workspaceId":"${ws.workspace.id}","input":{"mapping":${mapping}}}`,
      );
    assert.equal((await execute(deep)).status, 400);

    assert.equal(child.exitCode, null, `the process is running (${stderr})`);
    assert.equal((await fetch(`${base}/healthz`)).status, 200);
    const run = await execute('{"greeting":"hello"}');
    assert.equal(run.status, 200, 'the piece workers serve too');
    assert.deepEqual(((await run.json()) as { output: unknown }).output, { greeting: 'hello' });
  });
});
