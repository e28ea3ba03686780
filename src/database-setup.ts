import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { readPreviousKeys, resolveEncryptionKey } from './bootstrap.js';
import { loadConfig, type Config } from './config.js';
import { openDatabase, type Database } from './platform/db/database.js';

/*
 * What every command needs before the service itself: the configuration with its key, and the database. Kept apart
 * from the service (app.ts) so that `switchboard migrate`, which an embedded first start runs as a child process
 * (0146), does not load the whole service to apply migrations.
 */

export async function openConfiguredDatabase(config: Readonly<Config>): Promise<Database> {
  if (config.databaseUrl) return openDatabase({ url: config.databaseUrl });
  await mkdir(config.dataDir, { recursive: true });
  return openDatabase({ dataDir: path.join(config.dataDir, 'pg') });
}

/** The configuration with its encryption key resolved (generated into the data dir in embedded mode). */
export async function prepareConfig(config: Readonly<Config> = loadConfig()): Promise<Readonly<Config>> {
  const previous = [...config.previousEncryptionKeys, ...(config.encryptionKey ? [] : await readPreviousKeys(config))];
  return Object.freeze({ ...config, encryptionKey: await resolveEncryptionKey(config), previousEncryptionKeys: previous });
}
