import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { buildApp } from './app.js';
import { bootstrap, readPreviousKeys, resolveEncryptionKey } from './bootstrap.js';
import { loadConfig, type Config } from './config.js';
import { openDatabase, type Database } from './platform/db/database.js';
import { migrate } from './platform/db/migrate.js';

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

/** `switchboard serve`: migrate, bootstrap on first start, listen, and shut down gracefully on SIGTERM/SIGINT. */
export async function serve(base: Readonly<Config> = loadConfig()): Promise<void> {
  const config = await prepareConfig(base);
  const db = await openConfiguredDatabase(config);
  await migrate(db);
  const app = await buildApp({ config, db });
  const first = await bootstrap(config, db, app.services);
  if (first) {
    // Printed once, on stdout, never through the logger.
    process.stdout.write(
      [
        '',
        'Switchboard first start: created the Default organization.',
        `  API key:        ${first.apiKey}`,
        ...(first.operatorToken ? [`  Operator token: ${first.operatorToken}`] : []),
        `  Both are saved in ${first.file} (mode 0600). They are not shown again.`,
        '',
      ].join('\n') + '\n',
    );
  }
  await app.listen({ port: config.port, host: config.host });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 30 s; exiting');
      process.exit(1);
    }, 30_000);
    force.unref();
    try {
      await app.close();
      await db.close();
    } finally {
      clearTimeout(force);
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
