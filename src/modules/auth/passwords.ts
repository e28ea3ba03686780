import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, opts: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key))),
  );

const PARAMS = { N: 16384, r: 8, p: 1 };

/** scrypt with a random salt: `scrypt$N$r$p$salt$hash`. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, 64, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  // Without a stored hash still spend the same time, so a missing account is not revealed by timing.
  const [alg, n, r, p, salt, hash] = (stored ?? 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$').split('$');
  if (alg !== 'scrypt' || !salt || hash === undefined) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length || 64, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return stored !== null && expected.length === key.length && timingSafeEqual(expected, key);
}
