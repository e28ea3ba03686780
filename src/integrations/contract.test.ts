// switchboard-test: database-independent (the PostgreSQL run leaves this file to the embedded-database run: 0130)
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { catalogEntry } from './catalog.js';
import type { Prop } from './framework.js';
import { readPieceCatalog } from './pieces/default-catalog.js';
import { pieceIntegration } from './pieces/piece-integration.js';
import { PieceWorkerPool } from './pieces/pool.js';
import { BUILTINS, IntegrationRegistry } from './registry.js';

/** Every registered integration keeps the contract: complete metadata, serialisable props, unique names. */
describe('integration contract', () => {
  const pool = new PieceWorkerPool(); // never called here, so no worker starts
  const pieces = readPieceCatalog().flatMap((r) => ('meta' in r ? [pieceIntegration(r.meta, pool, { package: r.package })] : []));
  const registry = new IntegrationRegistry([...BUILTINS, ...pieces]);
  const defs = registry.list();

  it('ships the ten built-ins and every piece of the catalog', () => {
    assert.deepEqual(BUILTINS.map((b) => b.name).sort(), [
      'advanced-code',
      'agent-browser',
      'agent-browser-stealth',
      'code',
      'data-transformer',
      'datetime',
      'hash-encode',
      'http',
      'kv-store',
      'storage',
    ]);
    assert.ok(pieces.length >= 30, `${pieces.length} pieces`);
    for (const name of [
      'slack',
      'notion',
      'openai',
      'webhook',
      'schedule',
      'gmail',
      'google-sheets',
      'hubspot',
      'stripe',
      'mysql',
    ])
      assert.ok(registry.get(name), name);
    assert.deepEqual(
      registry.get('slack')!.auth.map((a) => [a.key, a.type]),
      [
        ['oauth2', 'OAUTH2'],
        ['custom_auth', 'CUSTOM_AUTH'],
      ],
    );
  });

  it('registers each name once', () => {
    assert.equal(new Set(registry.names()).size, defs.length);
    assert.throws(() => registry.register(defs[0]!), /registered twice/);
  });

  for (const def of defs) {
    it(`${def.name}: metadata, actions and props`, () => {
      assert.match(def.name, /^[a-z][a-z0-9-]*$/);
      for (const field of ['displayName', 'description', 'logoUrl', 'version'] as const)
        assert.ok(def[field], `${def.name}.${field}`);
      assert.ok(def.categories.length > 0);
      assert.ok(Object.keys(def.actions).length > 0 || Object.keys(def.triggers).length > 0);
      const authKeys = def.auth.map((a) => a.key);
      assert.equal(new Set(authKeys).size, authKeys.length, 'auth option keys unique');
      for (const [name, action] of Object.entries(def.actions)) {
        assert.equal(action.name, name);
        assert.match(name, def.runtime === 'builtin' ? /^[a-z][a-z0-9_]*$/ : /^\S(.*\S)?$/);
        assert.ok(action.displayName && action.description, `${def.name}.${name} described`);
        const checkProp = (key: string, p: Prop) => {
          assert.ok(p.displayName, `${def.name}.${name}.${key} has a displayName`);
          assert.equal(typeof p.required, 'boolean');
          if (p.type === 'STATIC_DROPDOWN' && p.defaultValue !== undefined) {
            assert.ok(
              p.options.options.some((o) => o.value === p.defaultValue),
              `${key} default is an option`,
            );
          }
          if (p.type === 'ARRAY' && p.items) for (const [k, sub] of Object.entries(p.items)) checkProp(`${key}.${k}`, sub);
        };
        for (const [key, p] of Object.entries(action.props)) checkProp(key, p);
      }
      const entry = catalogEntry(def, 'http://x');
      assert.deepEqual(JSON.parse(JSON.stringify(entry)), entry, 'the catalog entry survives JSON');
    });
  }
});
