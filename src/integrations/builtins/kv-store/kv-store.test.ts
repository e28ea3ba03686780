import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { Database } from '../../../platform/db/database.js';
import { organizations, workspaces } from '../../../platform/db/schema.js';
import { ActionError, ActionInputError, type StateScope } from '../../framework.js';
import { runAction } from '../../run.js';
import { DbKeyValueStore } from '../../state/kv-store.js';
import { testDatabase } from '../../../../test/harness.js';
import { kvStore } from './kv-store.js';

describe('kv-store built-in', () => {
  let db: Database;
  let drop: () => Promise<void>;
  let scopeA: StateScope;
  let scopeB: StateScope;
  before(async () => {
    ({ db, drop } = await testDatabase());
    const orgId = randomUUID();
    const workspaceId = randomUUID();
    await db.orm.insert(organizations).values({ id: orgId, name: 'o', plan: 'free' });
    await db.orm.insert(workspaces).values({ id: workspaceId, orgId, name: 'w', slug: 'w' });
    scopeA = { kind: 'end_user', orgId, workspaceId, id: randomUUID() };
    scopeB = { kind: 'workspace', orgId, workspaceId, id: '' };
  });
  after(async () => drop());

  const run = (scope: StateScope, action: string, input: Record<string, unknown>) =>
    runAction(kvStore.actions[action]!, input, { store: new DbKeyValueStore(db.orm, scope) }) as Promise<any>;

  it('puts, gets and deletes JSON values, per scope', async () => {
    assert.deepEqual(await run(scopeA, 'put', { key: 'prefs', value: { theme: 'dark', n: [1, 2] } }), {
      key: 'prefs',
      value: { theme: 'dark', n: [1, 2] },
    });
    assert.deepEqual(await run(scopeA, 'get', { key: 'prefs' }), {
      key: 'prefs',
      value: { theme: 'dark', n: [1, 2] },
      found: true,
    });
    assert.deepEqual(
      await run(scopeB, 'get', { key: 'prefs' }),
      { key: 'prefs', value: null, found: false },
      'another scope sees nothing',
    );
    await run(scopeA, 'put', { key: 'prefs', value: 42 });
    assert.equal((await run(scopeA, 'get', { key: 'prefs' })).value, 42);
    assert.deepEqual(await run(scopeA, 'delete', { key: 'prefs' }), { key: 'prefs', deleted: true });
    assert.deepEqual(await run(scopeA, 'delete', { key: 'prefs' }), { key: 'prefs', deleted: false });
  });

  it('adds to and removes from lists atomically', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => run(scopeA, 'add_to_list', { key: 'queue', value: { i } })),
    );
    assert.equal(results.length, 20);
    const { value } = await run(scopeA, 'get', { key: 'queue' });
    assert.equal(value.length, 20, 'no append lost under concurrency');
    await run(scopeA, 'add_to_list', { key: 'queue', value: { i: 3 } });
    const removed = await run(scopeA, 'remove_from_list', { key: 'queue', value: { i: 3 } });
    assert.equal(removed.removed, 2);
    assert.equal(removed.list.length, 19);
    assert.deepEqual(await run(scopeA, 'remove_from_list', { key: 'absent', value: 1 }), { key: 'absent', list: [], removed: 0 });
    await run(scopeA, 'put', { key: 'scalar', value: 'x' });
    await assert.rejects(
      run(scopeA, 'add_to_list', { key: 'scalar', value: 1 }),
      (e: unknown) => e instanceof ActionError && /not a list/.test(e.message),
    );
    await assert.rejects(run(scopeA, 'remove_from_list', { key: 'scalar', value: 1 }), ActionError);
  });

  it('names bad fields', async () => {
    await assert.rejects(run(scopeA, 'put', { value: 1 }), (e: unknown) => e instanceof ActionInputError && e.field === 'key');
    await assert.rejects(run(scopeA, 'put', { key: 'k' }), (e: unknown) => e instanceof ActionInputError && e.field === 'value');
    await assert.rejects(
      run(scopeA, 'get', { key: 'k'.repeat(513) }),
      (e: unknown) => e instanceof ActionInputError && e.field === 'key',
    );
    await assert.rejects(
      run(scopeA, 'put', { key: 'big', value: 'x'.repeat(600_000) }),
      (e: unknown) => e instanceof ActionInputError && e.field === 'value',
    );
  });
});
