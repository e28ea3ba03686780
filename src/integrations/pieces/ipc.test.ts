// switchboard-test: database-independent (the PostgreSQL run leaves this file to the embedded-database run: 0130)
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import v8 from 'node:v8';
import { IPC_MAX_DEPTH, nestsDeeperThan } from './ipc.js';

const chain = (depth: number) => {
  let v: unknown = 'leaf';
  for (let i = 0; i < depth; i++) v = i % 2 ? { a: v } : [v];
  return v;
};

describe('the IPC depth check', () => {
  it('counts objects and arrays, and Maps and Sets, to the limit', () => {
    assert.equal(nestsDeeperThan(chain(IPC_MAX_DEPTH)), false);
    assert.equal(nestsDeeperThan(chain(IPC_MAX_DEPTH + 1)), true);
    assert.equal(nestsDeeperThan(chain(1_000_000)), true, 'without overflowing its own stack');
    assert.equal(nestsDeeperThan(new Map([['k', chain(IPC_MAX_DEPTH)]])), true);
    assert.equal(nestsDeeperThan(new Set([chain(IPC_MAX_DEPTH - 1)])), false);
    assert.equal(nestsDeeperThan({ file: Buffer.from('x'), at: new Date(), n: 1, s: 'x' }), false);
    for (const v of [null, undefined, 1, 'x', true]) assert.equal(nestsDeeperThan(v), false);
  });

  it('takes cyclic and shared values as the serialiser writes them', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    cyclic.list = [cyclic, { back: cyclic }];
    assert.equal(nestsDeeperThan(cyclic), false);
    assert.doesNotThrow(() => v8.deserialize(v8.serialize(cyclic)));
    // Every level holds its child twice: 2^200 paths, 200 objects.
    let shared: unknown = {};
    for (let i = 0; i < 200; i++) shared = { left: shared, right: shared };
    assert.equal(nestsDeeperThan(shared), false);
  });

  it('stays below what V8 can read back', () => {
    const value = chain(IPC_MAX_DEPTH);
    assert.deepEqual(v8.deserialize(v8.serialize({ kind: 'reply', value })).value, value);
  });
});
