import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/**
 * The execution engine receives what it needs from the modules through the ports in src/engine/ports.ts: it never
 * imports a module, so a call's data flows one way (modules → engine → integrations). Modules reach each other's
 * data through the owner's service (docs/decisions/0127).
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

  it("a module's code does not import another module's repository (it calls the owner's service)", async () => {
    const modules = path.join(root, 'src/modules');
    const offenders: string[] = [];
    for (const mod of await readdir(modules)) {
      for (const name of await readdir(path.join(modules, mod))) {
        if (!name.endsWith('.ts') || name.endsWith('.test.ts') || name.endsWith('.fixtures.ts')) continue;
        const text = await readFile(path.join(modules, mod, name), 'utf8');
        // Type-only imports name a row shape; they read nothing.
        for (const m of text.matchAll(/^import (?!type )[^;]*?from '\.\.\/([a-z-]+)\/[a-z-]+\.repository\.js'/gms))
          if (m[1] !== mod) offenders.push(`${mod}/${name} imports ${m[1]}'s repository`);
      }
    }
    assert.deepEqual(offenders, []);
  });
});
