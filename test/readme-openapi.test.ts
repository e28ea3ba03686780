import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { startApp, type TestApp } from './harness.js';
import { startPetApi, type PetApi } from './fixtures/openapi/pet-api.js';

/** The README's OpenAPI import, run as written against the real service and the local pet API. */
describe('README: your own API as an integration', () => {
  let t: TestApp;
  let api: PetApi;
  let env: Record<string, string>;

  before(async () => {
    t = await startApp({ SWITCHBOARD_EGRESS_ALLOW: '127.0.0.1' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    api = await startPetApi();
    env = {
      ...(process.env as Record<string, string>),
      SWITCHBOARD_URL: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`,
      SWITCHBOARD_API_KEY: (await t.tenant()).key,
      PETSTORE_URL: api.url,
      PETSTORE_KEY: api.apiKey,
    };
  });
  after(async () => {
    await api.close();
    await t.close();
  });

  it('imports the document, connects and creates a pet', async () => {
    const readme = readFileSync('README.md', 'utf8');
    const section = readme.split('## Your own API as an integration')[1]!.split('\n## ')[0]!;
    const code = /```sh\n([\s\S]*?)```/.exec(section)?.[1];
    assert.ok(code, 'the README has the snippet');
    const res = await new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      const child = spawn('bash', ['-euo', 'pipefail', '-c', code], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      child.on('error', reject);
      child.on('close', (status) => resolve({ status, stdout, stderr }));
    });
    assert.equal(res.status, 0, res.stderr);
    const [actions, output] = res.stdout.trim().split('\n');
    // The README shows exactly these answers.
    assert.ok(code.includes(`# → ${actions}`), actions);
    assert.ok(code.includes(`# → ${output}`), output);
    assert.equal(api.received.at(-1)!.headers['x-api-key'], api.apiKey);
  });
});
