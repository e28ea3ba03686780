import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';

const fixture = path.resolve('test/fixtures/fault-server.ts');

describe('process faults', () => {
  it('are logged and counted, and the process keeps serving', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', fixture], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += String(d)));
    try {
      const [first] = (await once(child.stdout, 'data')) as [Buffer];
      const base = `http://127.0.0.1:${Number(String(first).trim())}`;
      const faults = async () =>
        (await fetch(`${base}/faults`)).json() as Promise<{ uncaughtException: number; unhandledRejection: number }>;
      for (const fault of ['/reject', '/throw', '/reject']) assert.equal((await fetch(base + fault)).status, 200);
      let seen = await faults();
      for (let i = 0; i < 200 && seen.unhandledRejection + seen.uncaughtException < 3; i++) seen = await faults();
      assert.deepEqual(seen, { uncaughtException: 1, unhandledRejection: 2 });
      assert.equal(child.exitCode, null, 'still running');
      const lines = stderr
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { fault: string; err: { message: string } });
      assert.deepEqual(
        lines.map((l) => [l.fault, l.err.message]),
        [
          ['unhandledRejection', 'a rejection nobody handles'],
          ['uncaughtException', 'thrown outside any handler'],
          ['unhandledRejection', 'a rejection nobody handles'],
        ],
      );
    } finally {
      child.kill();
    }
  });
});
