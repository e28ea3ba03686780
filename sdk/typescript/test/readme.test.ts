import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startWorld, type World } from './world.js';

const SDK = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The README's TypeScript snippets, importing the SDK from its source. */
async function snippets(): Promise<string[]> {
  const readme = await readFile(path.join(SDK, 'README.md'), 'utf8');
  return [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) =>
    m[1]!
      .replace(/'@switchboard\/sdk\/catalog'/g, JSON.stringify(path.join(SDK, 'src/catalog.ts')))
      .replace(/'@switchboard\/sdk'/g, JSON.stringify(path.join(SDK, 'src/index.ts'))),
  );
}

describe('TypeScript SDK: the README snippets run as written', () => {
  let w: World;
  let dir: string;
  before(async () => {
    w = await startWorld();
    dir = await mkdtemp(path.join(os.tmpdir(), 'sdk-readme-'));
  });
  after(async () => {
    await w.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('runs every ```ts block against the service', async () => {
    const blocks = await snippets();
    assert.ok(blocks.length >= 6);
    const { key } = await w.tenant();
    for (const [i, code] of blocks.entries()) {
      const file = path.join(dir, `snippet-${i}.mts`);
      await writeFile(file, code);
      // Run asynchronously: the service answering the snippet lives in this process.
      const run = await new Promise<{ status: number | null; out: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', file], {
          env: { ...process.env, SWITCHBOARD_URL: w.url, SWITCHBOARD_API_KEY: key, NODE_OPTIONS: '' },
          cwd: path.join(SDK, '../..'),
        });
        let out = '';
        child.stdout.on('data', (d: Buffer) => (out += d.toString()));
        child.stderr.on('data', (d: Buffer) => (out += d.toString()));
        child.on('close', (status) => resolve({ status, out }));
      });
      assert.equal(run.status, 0, `snippet ${i + 1}:\n${code}\n--- output:\n${run.out}`);
    }
  });
});
