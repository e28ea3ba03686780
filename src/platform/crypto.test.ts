import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
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

  it('keeps the envelope: AES-256-GCM under the raw key, its id, then iv, tag and ciphertext in base64url', () => {
    const key = Buffer.alloc(32, 7);
    const e = new Encryptor(key);
    // Sealed by hand, as a ciphertext written before this process (or by an earlier version) is.
    const iv = Buffer.alloc(12, 1);
    const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from('connection:c1'));
    const ct = Buffer.concat([cipher.update('{"token":"t"}', 'utf8'), cipher.final()]);
    const sealed = ['v1', e.primary.id, iv, cipher.getAuthTag(), ct].map((p) =>
      typeof p === 'string' ? p : p.toString('base64url'),
    );
    assert.equal(e.decrypt(sealed.join('.'), 'connection:c1'), '{"token":"t"}');
    // And what it seals opens by hand.
    const [, , iv2, tag2, ct2] = e.encrypt('hello', 'aad').split('.');
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv2!, 'base64url')).setAAD(Buffer.from('aad'));
    decipher.setAuthTag(Buffer.from(tag2!, 'base64url'));
    assert.equal(Buffer.concat([decipher.update(Buffer.from(ct2!, 'base64url')), decipher.final()]).toString('utf8'), 'hello');
  });

  it('hashes tokens with SHA-256 and compares in constant time', () => {
    assert.equal(hashToken('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    assert.ok(safeEqual('a', 'a'));
    assert.ok(!safeEqual('a', 'b'));
    assert.ok(!safeEqual('a', 'aa'));
  });
});
