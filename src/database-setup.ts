import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readPreviousKeys, resolveEncryptionKey } from './bootstrap.js';
import { loadConfig, type Config } from './config.js';
import { openDatabase, type Database } from './platform/db/database.js';
import { seedEmbeddedDataDir } from './platform/db/embedded-seed.js';

/*
 * What every command needs before the service itself: the configuration with its key, and the database. Kept apart
 * from the service (app.ts) so that `switchboard migrate`, which an embedded first start runs as a child process
 * (0146), does not load the whole service to apply migrations.
 */

export async function openConfiguredDatabase(config: Readonly<Config>): Promise<Database> {
  if (config.databaseUrl) return openDatabase({ url: config.databaseUrl });
  await prepareEmbeddedDataDir(config);
  return openDatabase({ dataDir: embeddedDatabaseDir(config) });
}

const embeddedDatabaseDir = (config: Readonly<Config>) => path.join(config.dataDir, 'pg');

/** The data dir's record of the newest migration applied (so a restart knows nothing is pending without opening it). */
export const migratedStamp = (config: Readonly<Config>): string => path.join(config.dataDir, 'migrated-to');

/**
 * The embedded data dir, created if missing; a new one gets its database as a copy of the build's migrated seed when
 * there is one for these migrations (0171), and records the migration the copy is at.
 */
export async function prepareEmbeddedDataDir(config: Readonly<Config>): Promise<void> {
  await mkdir(config.dataDir, { recursive: true });
  const seeded = await seedEmbeddedDataDir(embeddedDatabaseDir(config));
  if (seeded) await writeFile(migratedStamp(config), seeded);
}

/** The configuration with its encryption key resolved (generated into the data dir in embedded mode). */
export async function prepareConfig(config: Readonly<Config> = loadConfig()): Promise<Readonly<Config>> {
  const previous = [...config.previousEncryptionKeys, ...(config.encryptionKey ? [] : await readPreviousKeys(config))];
  return Object.freeze({ ...config, encryptionKey: await resolveEncryptionKey(config), previousEncryptionKeys: previous });
}
