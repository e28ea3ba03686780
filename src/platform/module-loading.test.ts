// switchboard-test: database-independent (the PostgreSQL run leaves this file to the embedded-database run: 0130)
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const probe = path.resolve(import.meta.dirname, '../../test/fixtures/module-loading-probe.mjs');

/** How drizzle-orm's modules resolve in a fresh process, with the shortcut registered or not. */
function resolution(shortcut: 'on' | 'off'): { registered: boolean; resolved: Record<string, string>; exports: number[] } {
  const r = spawnSync(process.execPath, [probe, shortcut], { encoding: 'utf8', env: { PATH: process.env.PATH } });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
}

describe('the module-loading shortcut (0153)', () => {
  it("resolves every drizzle-orm module exactly as Node's own resolution does", () => {
    const [on, off] = [resolution('on'), resolution('off')];
    assert.equal(on.registered, true, 'the shortcut is on in this checkout');
    assert.ok(Object.keys(off.resolved).length > 100, 'the probe loads drizzle-orm whole');
    assert.ok(Object.keys(off.resolved).some((k) => k.startsWith('./') && k.includes('/node_modules/drizzle-orm/')));
    assert.deepEqual(on.resolved, off.resolved);
    assert.deepEqual(on.exports, off.exports);
  });
});
