import cluster, { type Worker } from 'node:cluster';
import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { buildApp } from './app.js';
import { bootstrap } from './bootstrap.js';
import { loadConfig, type Config } from './config.js';
import { migratedStamp, openConfiguredDatabase, prepareConfig, prepareEmbeddedDataDir } from './database-setup.js';
import { latestMigration, migrate } from './platform/db/migrate.js';
import { keepServingThroughFaults } from './platform/process-faults.js';

/**
 * Embedded database with migrations pending (a first start, an upgrade): they are applied by `switchboard migrate` in
 * a child process before this one opens the data dir (decision 0146). PGlite's memory grows for that work and is
 * never given back: applied here, a first start idled at 844 MB instead of 312 MB. If the child fails, this process
 * migrates as before and reports what is wrong.
 */
export async function migrateApart(config: Readonly<Config>, cliEntry: string | undefined): Promise<void> {
  if (config.databaseUrl || !cliEntry) return;
  const latest = await latestMigration();
  if (latest === null || (await readFile(migratedStamp(config), 'utf8').catch(() => null)) === latest) return;
  await new Promise<void>((resolve) => {
    const child = spawn(process.execPath, [...process.execArgv, cliEntry, 'migrate'], {
      env: process.env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('exit', () => resolve());
    child.on('error', () => resolve());
  });
}

/**
 * `switchboard serve`: migrate, bootstrap on first start, listen, and shut down gracefully on SIGTERM/SIGINT.
 * `cliEntry` (the CLI's own file) lets an embedded first start migrate in a child process.
 */
export async function serve(base: Readonly<Config> = loadConfig(), cliEntry?: string): Promise<void> {
  if (base.processes > 1 && cluster.isPrimary) return supervise(base.processes);
  const config = await prepareConfig(base);
  // In a cluster the first process (worker id 1) migrates and bootstraps before the others start (see supervise).
  const leader = cluster.isPrimary || cluster.worker?.id === 1;
  if (leader && !config.databaseUrl) {
    // A new data dir starts from the build's migrated seed (0171), which leaves no migration for the child below.
    await prepareEmbeddedDataDir(config);
    await migrateApart(config, cliEntry);
  }
  const db = await openConfiguredDatabase(config);
  if (leader) {
    await migrate(db);
    if (!config.databaseUrl) await writeFile(migratedStamp(config), (await latestMigration()) ?? '').catch(() => undefined);
  }
  const app = await buildApp({ config, db });
  // From here on no single request's fault ends the process (0107).
  keepServingThroughFaults(app.log);
  const first = leader ? await bootstrap(config, db, app.services) : null;
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

/**
 * The primary of a multi-process server (SWITCHBOARD_PROCESSES > 1, PostgreSQL only): it serves nothing itself.
 * The first process migrates and bootstraps; once it listens the others start. All share the port (Node's cluster
 * hands each new connection to one of them) and behave like separate nodes behind a load balancer: caches are
 * invalidated across them through the database and jobs are claimed with SKIP LOCKED (0087). A process that dies
 * is replaced (after a second; a replacement that fails to start is retried with a growing delay, up to 30 s), but
 * one that dies before the first start-up completed stops the whole server, as a configuration or database problem
 * would only repeat. SIGTERM/SIGINT are passed on, and the primary exits once every process has finished its
 * in-flight work.
 */
async function supervise(count: number): Promise<void> {
  const workers = new Set<Worker>();
  let stopping = false;
  let startedAll = false;
  let exitCode = 0;
  let failedStarts = 0;
  const stopAll = (signal: NodeJS.Signals) => {
    stopping = true;
    for (const w of workers) w.process.kill(signal);
    if (workers.size === 0) process.exit(exitCode);
  };
  const start = () =>
    new Promise<void>((resolve) => {
      const w = cluster.fork();
      workers.add(w);
      let listening = false;
      w.on('error', (err) => process.stderr.write(`switchboard: process ${w.process.pid}: ${err.message}\n`));
      w.once('listening', () => {
        listening = true;
        failedStarts = 0;
        resolve();
      });
      w.once('exit', (code, signal) => {
        workers.delete(w);
        if (!listening) resolve();
        const how = `process ${w.process.pid} exited (${signal ?? code})`;
        if (stopping) {
          if (code !== 0) exitCode = 1;
          if (workers.size === 0) process.exit(exitCode);
          return;
        }
        if (!startedAll && !listening) {
          process.stderr.write(`switchboard: ${how} before it listened; stopping\n`);
          exitCode = 1;
          stopAll('SIGTERM');
          return;
        }
        const delay = listening ? 1000 : Math.min(30_000, 1000 * 2 ** ++failedStarts);
        process.stderr.write(`switchboard: ${how}; starting a new one in ${delay / 1000} s\n`);
        setTimeout(() => {
          if (!stopping) void start();
        }, delay);
      });
    });
  process.on('SIGTERM', () => stopAll('SIGTERM'));
  process.on('SIGINT', () => stopAll('SIGTERM'));
  await start();
  await Promise.all(Array.from({ length: count - 1 }, () => (stopping ? Promise.resolve() : start())));
  startedAll = true;
}
