import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  createSecretKey,
  randomBytes,
  timingSafeEqual,
  type KeyObject,
} from 'node:crypto';

/** SHA-256 hex digest of a token; tokens are stored only this way. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

export function hmacSha256Hex(secret: string | Buffer, payload: string): string {
  return createHmac('sha256', secret).update(payload, 'utf8').digest('hex');
}

/** A 32-byte key and its id; the id is stored next to each ciphertext so keys can rotate. */
export interface EncryptionKey {
  id: string;
  /** The key as a KeyObject, made once: a cipher built from raw bytes sets the key up again each time. */
  key: KeyObject;
}

export function keyIdOf(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 12);
}

/**
 * AES-256-GCM envelope: `v1.<keyId>.<iv>.<tag>.<ciphertext>` (base64url parts).
 * Decryption picks the key by id, so old ciphertexts keep working after a new primary key is set.
 */
export class Encryptor {
  private readonly keys = new Map<string, KeyObject>();
  readonly primary: EncryptionKey;

  constructor(primary: Buffer, previous: Buffer[] = []) {
    this.primary = { id: keyIdOf(primary), key: createSecretKey(primary) };
    for (const k of [primary, ...previous]) this.keys.set(keyIdOf(k), createSecretKey(k));
  }

  encrypt(plaintext: string, aad = ''): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.primary.key, iv);
    cipher.setAAD(Buffer.from(aad));
    const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return ['v1', this.primary.id, iv.toString('base64url'), tag.toString('base64url'), ct.toString('base64url')].join('.');
  }

  decrypt(envelope: string, aad = ''): string {
    const [version, keyId, iv, tag, ct] = envelope.split('.');
    if (version !== 'v1' || !keyId || !iv || !tag || ct === undefined) throw new Error('Malformed ciphertext');
    const key = this.keys.get(keyId);
    if (!key) throw new Error(`Unknown encryption key id ${keyId}`);
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(aad));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
  }

  keyIdOf(envelope: string): string | undefined {
    return envelope.split('.')[1];
  }
}
