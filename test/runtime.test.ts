import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
  engines: { node: string };
  dependencies: Record<string, string>;
};

/** npm scripts run on the pinned `node` package whatever Node started npm (0114): the tests prove they do. */
describe('the runtime', () => {
  it('is the Node.js the package pins, and engines asks for its major version', () => {
    assert.equal(process.version, `v${pkg.dependencies.node}`);
    assert.equal(pkg.engines.node, `>=${pkg.dependencies.node!.split('.')[0]}`);
  });
});
