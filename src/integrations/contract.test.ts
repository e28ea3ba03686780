import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { catalogEntry } from './catalog.js';
import type { Prop } from './framework.js';
import { IntegrationRegistry } from './registry.js';

/** Every registered integration keeps the contract: complete metadata, serialisable props, unique names. */
describe('integration contract', () => {
  const registry = new IntegrationRegistry();
  const defs = registry.list();

  it('registers each name once', () => {
    assert.equal(new Set(registry.names()).size, defs.length);
    assert.throws(() => registry.register(defs[0]!), /registered twice/);
  });

  for (const def of defs) {
    it(`${def.name}: metadata, actions and props`, () => {
      assert.match(def.name, /^[a-z][a-z0-9-]*$/);
      for (const field of ['displayName', 'description', 'logoUrl', 'version'] as const) assert.ok(def[field], `${def.name}.${field}`);
      assert.ok(def.categories.length > 0);
      assert.ok(Object.keys(def.actions).length > 0 || Object.keys(def.triggers).length > 0);
      const authKeys = def.auth.map((a) => a.key);
      assert.equal(new Set(authKeys).size, authKeys.length, 'auth option keys unique');
      for (const [name, action] of Object.entries(def.actions)) {
        assert.equal(action.name, name);
        assert.match(name, /^[a-z][a-z0-9_]*$/);
        assert.ok(action.displayName && action.description, `${def.name}.${name} described`);
        const checkProp = (key: string, p: Prop) => {
          assert.ok(p.displayName, `${def.name}.${name}.${key} has a displayName`);
          assert.equal(typeof p.required, 'boolean');
          if (p.type === 'STATIC_DROPDOWN' && p.defaultValue !== undefined) {
            assert.ok(p.options.options.some((o) => o.value === p.defaultValue), `${key} default is an option`);
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
