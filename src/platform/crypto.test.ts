import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { Encryptor, hashToken, safeEqual } from './crypto.js';

describe('crypto', () => {
  it('encrypts with AES-256-GCM and a key id, decrypts after rotation, refuses tampering', () => {
    const oldKey = randomBytes(32);
    const a = new Encryptor(oldKey);
    const secret = 'xoxb-very-secret';
    const ct = a.encrypt(secret, 'conn-1');
    assert.ok(!ct.includes(secret));
    assert.notEqual(a.encrypt(secret, 'conn-1'), ct, 'random IV');
    assert.equal(a.decrypt(ct, 'conn-1'), secret);
    assert.throws(() => a.decrypt(ct, 'conn-2'), 'bound to its associated data');

    const b = new Encryptor(randomBytes(32), [oldKey]);
    assert.equal(b.decrypt(ct, 'conn-1'), secret, 'old ciphertexts survive rotation');
    assert.notEqual(b.keyIdOf(b.encrypt(secret)), a.keyIdOf(ct));

    const parts = ct.split('.');
    parts[4] = Buffer.from('tampered').toString('base64url');
    assert.throws(() => a.decrypt(parts.join('.'), 'conn-1'));
    assert.throws(() => new Encryptor(randomBytes(32)).decrypt(ct, 'conn-1'), /Unknown encryption key/);
  });

  it('hashes tokens with SHA-256 and compares in constant time', () => {
    assert.equal(hashToken('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    assert.ok(safeEqual('a', 'a'));
    assert.ok(!safeEqual('a', 'b'));
    assert.ok(!safeEqual('a', 'aa'));
  });
});
