import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { compose, defineModule, type Platform } from './module.js';

describe('module composition', () => {
  const calls: string[] = [];
  const a = defineModule<{ tag: string }>()({
    name: 'a',
    build: ({ tag }) => ({ a: `${tag}-a` }),
    suspendable: [{ table: 'a_rows', limit: 'workspaces' }],
    jobs: ({ a }) => [{ name: 'job-a' as const, handler: async () => void calls.push(a) }],
    lifecycle: () => ({ start: () => void calls.push('start a'), stop: async () => void calls.push('stop a') }),
  });
  const b = defineModule<{ a: string } & Pick<Platform, 'suspendable' | 'moduleHooks'>>()({
    name: 'b',
    build: ({ a, suspendable, moduleHooks }) => ({ b: { a, tables: suspendable.map((s) => s.table), moduleHooks } }),
    suspendable: [{ table: 'b_rows', limit: 'connections' }],
    hooks: { workspaceDeletion: ({ b }) => ({ before: async () => void calls.push(`before ${b.a}`) }) },
    lifecycle: () => ({ start: () => void calls.push('start b'), stop: async () => void calls.push('stop b') }),
  });

  it('builds in list order, gives every module the static lists whole and the hooks once declared', async () => {
    const composed = compose({ tag: 't' }).use(a).use(b).build();
    assert.equal(composed.services.a, 't-a');
    assert.deepEqual(composed.services.b.tables, ['a_rows', 'b_rows'], 'suspendable is complete before any build');
    assert.equal(composed.services.moduleHooks.workspaceDeletion.length, 1);
    await composed.services.moduleHooks.workspaceDeletion[0]?.before?.({} as never, 'w');
    assert.deepEqual(
      composed.jobs.map((j) => j.name),
      ['job-a'],
    );
    for (const step of composed.lifecycle) await step.start?.();
    for (const step of [...composed.lifecycle].reverse()) await step.stop?.();
    assert.deepEqual(calls, ['before t-a', 'start a', 'start b', 'stop b', 'stop a']);
  });

  it('does not type-check a module listed before what it needs', () => {
    // @ts-expect-error b needs `a`, which no module above it provides
    const early = () => compose({ tag: 't' }).use(b);
    assert.equal(typeof early, 'function');
  });

  it('refuses two modules providing the same name', () => {
    const again = defineModule<object>()({ name: 'again', build: () => ({ a: 'x' }) });
    assert.throws(() => compose({ tag: 't' }).use(a).use(again).build(), /Module again provides a/);
  });
});
