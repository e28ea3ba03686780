import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, TARGETS, type BuildTarget } from '../scripts/build.mjs';

/**
 * `npm start` builds only what changed (decision 0145): a target is rebuilt when the content of its inputs changed
 * since its last successful build, or its output is missing; `npm run build` always builds.
 */
describe('the build script', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'sb-build-'));
  const count = () => readFileSync(path.join(root, 'out', 'built.txt'), 'utf8').length;
  const target = (script = "require('fs').appendFileSync('out/built.txt', 'x')"): BuildTarget => ({
    name: 'thing',
    inputs: ['src', 'config.json'],
    output: 'out/built.txt',
    command: [process.execPath, ['-e', `require('fs').mkdirSync('out', {recursive: true}); ${script}`]],
  });
  const quiet = { log: () => undefined };

  it('skips an unchanged target and rebuilds on a change of content or a missing output', () => {
    try {
      mkdirSync(path.join(root, 'src', 'deep'), { recursive: true });
      writeFileSync(path.join(root, 'src', 'deep', 'a.ts'), 'one');
      writeFileSync(path.join(root, 'config.json'), '{}');
      assert.deepEqual(build(root, [target()], { ifChanged: true, ...quiet }), { thing: 'built' }, 'never built');
      assert.deepEqual(build(root, [target()], { ifChanged: true, ...quiet }), { thing: 'up to date' });
      assert.equal(count(), 1);
      // The same content written again (a touch, a checkout of the same commit) is no change.
      writeFileSync(path.join(root, 'src', 'deep', 'a.ts'), 'one');
      assert.deepEqual(build(root, [target()], { ifChanged: true, ...quiet }), { thing: 'up to date' });
      writeFileSync(path.join(root, 'src', 'deep', 'a.ts'), 'two');
      assert.deepEqual(build(root, [target()], { ifChanged: true, ...quiet }), { thing: 'built' }, 'an edit');
      writeFileSync(path.join(root, 'src', 'b.ts'), 'new');
      assert.deepEqual(build(root, [target()], { ifChanged: true, ...quiet }), { thing: 'built' }, 'a new file');
      rmSync(path.join(root, 'out'), { recursive: true });
      assert.deepEqual(build(root, [target()], { ifChanged: true, ...quiet }), { thing: 'built' }, 'output gone');
      assert.deepEqual(build(root, [target()], quiet), { thing: 'built' }, 'npm run build always builds');
      assert.equal(count(), 2);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('keeps no record of a failed build, so the next start tries again', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sb-build-'));
    try {
      mkdirSync(path.join(dir, 'src'));
      writeFileSync(path.join(dir, 'src', 'a.ts'), 'one');
      build(dir, [target()], { ifChanged: true, ...quiet });
      writeFileSync(path.join(dir, 'src', 'a.ts'), 'broken');
      assert.throws(() => build(dir, [target('process.exit(2)')], { ifChanged: true, ...quiet }), /thing: the build failed/);
      assert.deepEqual(build(dir, [target()], { ifChanged: true, ...quiet }), { thing: 'built' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('builds the service from src, then the embedded seed from the migrations, and the dashboard from web and the SDK it ships', () => {
    assert.deepEqual(
      TARGETS.map((t) => [t.name, t.output]),
      [
        ['service', 'dist/src/cli/index.js'],
        ['embedded-seed', 'dist/embedded-seed/seed.json'],
        ['dashboard', 'dist/web/index.html'],
      ],
    );
    for (const t of TARGETS) assert.ok(t.inputs.includes('package-lock.json'), `${t.name}: a dependency change rebuilds`);
    const inputs = (name: string) => TARGETS.find((t) => t.name === name)!.inputs;
    assert.ok(inputs('service').includes('src') && inputs('dashboard').includes('web'));
    // The seed is made by the compiled service, with the migrations it ships: either changing remakes it.
    assert.ok(inputs('embedded-seed').includes('migrations') && inputs('embedded-seed').includes('src/platform/db'));
  });
});
