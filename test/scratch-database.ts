/**
 * Scratch databases on a PostgreSQL server, with nothing of the service imported: the benchmark serves the compiled
 * build (0176) and uses this without loading the sources.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** `serverUrl` naming another database on the same server. */
export function databaseUrl(serverUrl: string, name: string): string {
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * A fresh database on the PostgreSQL server at `serverUrl`, and a function that drops it: empty, or a copy of
 * `template` (see migratedTemplate).
 */
export async function scratchDatabase(
  serverUrl: string,
  prefix = 'sb_test',
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
        break;
      } catch (err) {
        // "source database is being accessed by other users": a session still connected to the template after
        // PostgreSQL waited 5 s for it to leave. Tried again twice (each a further 5 s wait inside PostgreSQL).
        if ((err as { code?: string }).code !== '55006' || attempt === 3) throw err;
      }
    }
  } finally {
    await admin.end();
  }
  return {
    url: databaseUrl(serverUrl, name),
    drop: async () => {
      const a = new pg.Client({ connectionString: serverUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}
