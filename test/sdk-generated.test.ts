// switchboard-test: database-independent (the PostgreSQL run leaves this file to the embedded-database run: 0130)
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startApp, type TestApp } from './harness.js';

/** `npm run sdk:generate` with these arguments, without blocking this process (it may be the server it reads). */
function generate(args: string[], env: Record<string, string> = {}) {
  return new Promise<{ status: number | null; output: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/sdk/generate.ts', ...args], {
      env: { ...process.env, DATABASE_URL: '', SWITCHBOARD_API_KEY: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, output }));
  });
}

/**
 * The committed SDK files are what `npm run sdk:generate` writes from this checkout (docs/decisions/0129): a route,
 * schema or catalog change that was not regenerated fails here, naming the stale files.
 */
describe('generated SDKs', () => {
  let t: TestApp;
  let dir: string;

  before(async () => {
    t = await startApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    dir = await mkdtemp(path.join(os.tmpdir(), 'sb-sdk-gen-'));
  });
  after(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('are current: npm run sdk:generate -- --check passes', async () => {
    const run = await generate(['--check']);
    assert.equal(run.status, 0, run.output);
    assert.match(run.output, /SDKs are current \(\d+ generated files\)/);
  });

  it('regenerate the catalog from a running server (--from), for pieces an operator added at run time', async () => {
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const run = await generate(['--from', url, '--out', dir]);
    assert.equal(run.status, 0, run.output);
    const catalog = await readFile(path.join(dir, 'sdk/spec/catalog.json'), 'utf8');
    assert.equal(catalog, await readFile('sdk/spec/catalog.json', 'utf8'), "this checkout's server serves the committed catalog");
    const doc = JSON.parse(await readFile(path.join(dir, 'sdk/spec/openapi.json'), 'utf8'));
    assert.equal(doc.servers[0].url, 'http://switchboard.test', "the running server's own document");
  });

  it("types an organization's own custom integrations when given its API key (SWITCHBOARD_API_KEY)", async () => {
    const { key } = await t.tenant();
    const imported = await t.post('/api/v1/custom-integrations', key, {
      name: 'typed-api',
      document: {
        openapi: '3.1.0',
        info: { title: 'Typed API', version: '1' },
        servers: [{ url: 'https://typed.example.com' }],
        paths: {
          '/notes': {
            post: {
              operationId: 'createNote',
              requestBody: {
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      required: ['text'],
                      properties: { text: { type: 'string' }, pinned: { type: 'boolean' } },
                    },
                  },
                },
              },
              responses: { '201': { description: 'created' } },
            },
          },
        },
      },
    });
    assert.equal(imported.status, 201, imported.text);
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const out = path.join(dir, 'with-key');
    const run = await generate(['--from', url, '--out', out], { SWITCHBOARD_API_KEY: key });
    assert.equal(run.status, 0, run.output);
    const catalog = JSON.parse(await readFile(path.join(out, 'sdk/spec/catalog.json'), 'utf8'));
    assert.deepEqual(Object.keys(catalog.integrations['typed-api'].actions), ['create_note']);
    const types = await readFile(path.join(out, 'sdk/typescript/src/generated/catalog.ts'), 'utf8');
    assert.match(types, /'typed-api'|"typed-api"/);
    assert.match(types, /create_note/);
    const withoutKey = await generate(['--from', url, '--out', path.join(dir, 'without-key')]);
    assert.equal(withoutKey.status, 0, withoutKey.output);
    const publicCatalog = JSON.parse(await readFile(path.join(dir, 'without-key/sdk/spec/catalog.json'), 'utf8'));
    assert.equal(publicCatalog.integrations['typed-api'], undefined, 'without a key: the public catalog only');
  });

  it('names what is wrong with its arguments', async () => {
    const run = await generate(['--from']);
    assert.equal(run.status, 1);
    assert.match(run.output, /--from needs a value, e\.g\. --from http:\/\/localhost:3000/);
  });
});
