import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { REDACTED, redactInput } from './redact.js';

describe('approval previews', () => {
  it('redacts secret-looking keys, credential-looking values, secret props and enforced values, listing each path', () => {
    const input = {
      to: 'a@acme.com',
      apiKey: 'abc',
      headers: { Authorization: 'Bearer xyz', 'X-Trace': 'ok' },
      nested: [{ client_secret: 's' }, { note: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig' }],
      dsn: 'postgres://user:hunter2@db.example.com/app',
      stripe: 'sk_live_abcdefghijklmnop',
      maxTokens: 200,
      enforced: 'from-partial',
      pat: 'ghp_abcdefghijklmnopqrstuvwxyz',
      password: { any: 'shape' },
      signingSecretProp: 'plain-looking',
    };
    const { preview, redactedPaths } = redactInput(input, { enforcedKeys: ['enforced'], secretProps: ['signingSecretProp'] });
    assert.equal(preview.to, 'a@acme.com');
    assert.equal(preview.maxTokens, 200, 'token counts are not secrets');
    assert.deepEqual((preview.headers as Record<string, unknown>)['X-Trace'], 'ok');
    for (const p of [
      'apiKey',
      'headers.Authorization',
      'nested[0].client_secret',
      'nested[1].note',
      'dsn',
      'stripe',
      'enforced',
      'pat',
      'password',
      'signingSecretProp',
    ]) {
      assert.ok(redactedPaths.includes(p), `${p} in ${redactedPaths.join(',')}`);
    }
    const text = JSON.stringify(preview);
    for (const secret of ['abc"', 'xyz', 'hunter2', 'sk_live', 'from-partial', 'ghp_', 'shape', 'plain-looking', 'eyJhbGci'])
      assert.ok(!text.includes(secret), secret);
    assert.equal(preview.apiKey, REDACTED);
  });

  it('bounds long strings, long arrays and deep nesting, and keeps a __proto__ key as data', () => {
    let deep: Record<string, unknown> = { leaf: 1 };
    for (let i = 0; i < 20; i++) deep = { d: deep };
    const input = JSON.parse('{"__proto__": {"polluted": true}}') as Record<string, unknown>;
    Object.assign(input, { long: 'x'.repeat(5000), many: Array.from({ length: 150 }, (_, i) => i), deep });
    const { preview } = redactInput(input);
    assert.match(preview.long as string, /… \[4000 more characters\]$/);
    assert.equal((preview.many as unknown[]).length, 101);
    assert.ok(JSON.stringify(preview).includes('[…]'));
    assert.equal(Object.getPrototypeOf(preview), Object.prototype);
    assert.ok(Object.prototype.hasOwnProperty.call(preview, '__proto__'));
  });
});
