// switchboard-test: database-independent (the PostgreSQL run leaves this file to the embedded-database run: 0130)
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateTypeScript } from '../../../scripts/sdk/typescript.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('TypeScript SDK: types and generated code', () => {
  it('type-checks: a correct execute compiles and every @ts-expect-error in test/types.check.ts is still an error', () => {
    const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
    const run = spawnSync(process.execPath, [tsc, '-p', 'sdk/typescript/tsconfig.test.json', '--noEmit'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    assert.equal(run.status, 0, `${run.stdout}${run.stderr}`);
  });

  it('the generated files are what the generator writes from sdk/spec (deterministic)', async () => {
    const read = async (f: string) => JSON.parse(await readFile(path.join(ROOT, f), 'utf8'));
    const spec = { openapi: await read('sdk/spec/openapi.json'), catalog: await read('sdk/spec/catalog.json') };
    const first = await generateTypeScript(spec);
    assert.deepEqual(await generateTypeScript(spec), first);
    for (const [file, content] of Object.entries(first)) {
      assert.equal(await readFile(path.join(ROOT, file), 'utf8'), content, `${file} is stale: npm run sdk:generate`);
    }
  });
});
