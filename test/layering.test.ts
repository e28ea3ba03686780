import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/**
 * The execution engine receives what it needs from the modules through the ports in src/engine/ports.ts: it never
 * imports a module, so a call's data flows one way (modules → engine → integrations).
 */
describe('layering', () => {
  it('src/engine imports nothing from src/modules', async () => {
    const dir = path.join(root, 'src/engine');
    const offenders: string[] = [];
    for (const name of await readdir(dir)) {
      if (!name.endsWith('.ts')) continue;
      const text = await readFile(path.join(dir, name), 'utf8');
      for (const m of text.matchAll(/from '([^']+)'/g)) if (m[1]!.includes('/modules/')) offenders.push(`${name}: ${m[1]}`);
    }
    assert.deepEqual(offenders, []);
  });
});
