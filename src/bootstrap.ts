import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Config } from './config.js';
import type { Database } from './platform/db/database.js';
import { systemSettings } from './platform/db/schema.js';
import { hashToken } from './platform/crypto.js';
import { newToken, TOKEN_PREFIX } from './platform/ids.js';
import type { Services } from './app.js';
import { OPERATOR_TOKEN_SETTING } from './modules/operator/operator.auth.js';

const BOOTSTRAP_LOCK_ID = 727_002;

export interface BootstrapResult {
  organizationId: string;
  apiKey: string;
  operatorToken: string | null;
  file: string;
}

/**
 * First start on an empty database: a default organization, its first API key and (unless configured) an
 * operator token. The secrets are printed once by the caller and written to `<data dir>/bootstrap.json` (0600);
 * afterwards only their hashes exist in the database. Runs under an advisory lock: two nodes bootstrap once.
 */
export async function bootstrap(config: Readonly<Config>, db: Database, services: Services): Promise<BootstrapResult | null> {
  return db.withAdvisoryLock(BOOTSTRAP_LOCK_ID, async () => {
    const [done] = await db.orm.select().from(systemSettings).where(eq(systemSettings.key, 'bootstrapped')).limit(1);
    if (done) return null;
    const created = await services.organizations.create({ name: 'Default', plan: 'enterprise' }, 'bootstrap');
    const operatorToken = config.operatorToken ? null : newToken(TOKEN_PREFIX.operator);
    if (operatorToken) {
      await db.orm
        .insert(systemSettings)
        .values({ key: OPERATOR_TOKEN_SETTING, value: hashToken(operatorToken) })
        .onConflictDoUpdate({ target: systemSettings.key, set: { value: hashToken(operatorToken), updatedAt: new Date() } });
    }
    const file = path.join(config.dataDir, 'bootstrap.json');
    await mkdir(config.dataDir, { recursive: true });
    const contents = {
      organizationId: created.organization.id,
      apiKey: created.plainKey,
      operatorToken: operatorToken ?? '(set by SWITCHBOARD_OPERATOR_TOKEN)',
      createdAt: new Date().toISOString(),
    };
    await writeFile(file, JSON.stringify(contents, null, 2) + '\n', { mode: 0o600 });
    await chmod(file, 0o600);
    await db.orm
      .insert(systemSettings)
      .values({ key: 'bootstrapped', value: { at: contents.createdAt, organizationId: created.organization.id } });
    return { organizationId: created.organization.id, apiKey: created.plainKey, operatorToken, file };
  });
}

const keyFile = (config: Readonly<Config>) => path.join(config.dataDir, 'encryption.key');
const previousKeysFile = (config: Readonly<Config>) => path.join(config.dataDir, 'encryption.previous');

/** Keys kept after `keys rotate-encryption --generate`, so older ciphertexts still decrypt until re-encrypted. */
export async function readPreviousKeys(config: Readonly<Config>): Promise<Buffer[]> {
  const file = previousKeysFile(config);
  if (!existsSync(file)) return [];
  return (await readFile(file, 'utf8'))
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => Buffer.from(l, 'base64'))
    .filter((k) => k.length === 32);
}

/**
 * Embedded mode: replace the generated key with a fresh one, keeping the old one in `encryption.previous` (0600).
 * Refused when the key comes from SWITCHBOARD_ENCRYPTION_KEY (the operator sets a new one there instead).
 */
export async function generateNewEncryptionKey(config: Readonly<Config>): Promise<Buffer> {
  if (config.encryptionKey)
    throw new Error(
      'SWITCHBOARD_ENCRYPTION_KEY is set: put the new key there and the old one in SWITCHBOARD_PREVIOUS_ENCRYPTION_KEYS.',
    );
  const current = await resolveEncryptionKey(config);
  const previous = await readPreviousKeys(config);
  const next = randomBytes(32);
  await writeFile(previousKeysFile(config), [...previous, current].map((k) => k.toString('base64')).join('\n') + '\n', {
    mode: 0o600,
  });
  await writeFile(keyFile(config), next.toString('base64') + '\n', { mode: 0o600 });
  return next;
}

/** In embedded mode without SWITCHBOARD_ENCRYPTION_KEY, a key generated once into the data dir (0600). */
export async function resolveEncryptionKey(config: Readonly<Config>): Promise<Buffer> {
  if (config.encryptionKey) return config.encryptionKey;
  const file = keyFile(config);
  if (existsSync(file)) {
    const key = Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
    if (key.length !== 32) throw new Error(`${file} does not hold base64 of 32 bytes`);
    return key;
  }
  await mkdir(config.dataDir, { recursive: true });
  const key = randomBytes(32);
  await writeFile(file, key.toString('base64') + '\n', { mode: 0o600 });
  return key;
}
