import path from 'node:path';
import type { InvalidationBus } from '../platform/invalidation.js';
import { defineModule, type Platform } from '../platform/module.js';
import { AdvancedCodeRuntime } from './builtins/advanced-code/runtime.js';
import { BrowserSessions } from './builtins/agent-browser/sessions.js';
import { PieceInstallJobs } from './pieces/install-jobs.js';
import { PieceInstaller } from './pieces/installer.js';
import { PieceWorkerPool } from './pieces/pool.js';
import { IntegrationRegistry } from './registry.js';
import type { Registry } from 'prom-client';
import { readGauge, totalsCounter } from '../platform/metrics.js';

/** Serialises npm installs of added pieces across processes sharing a data dir (any fixed id, unlike the others). */
const PIECE_INSTALL_LOCK_ID = 727_003;

/** The integration catalog and what runs its actions: piece workers and installs, browsers, advanced code. */
export const runtimeModule = defineModule<
  Pick<Platform, 'config' | 'db' | 'orm' | 'log'> & { bus: InvalidationBus; metrics: Registry }
>()({
  name: 'runtime',
  build: ({ config, db, orm, log, bus, metrics }) => {
    const registry = new IntegrationRegistry();
    const pieces = new PieceWorkerPool({
      size: config.pieceWorkers,
      timeoutMs: config.pieceTimeoutMs,
      memoryMb: config.pieceMemoryMb,
      egressAllow: config.egressAllow,
      self: { publicUrl: config.publicUrl, port: config.port, host: config.host },
      log,
    });
    readGauge(metrics, { name: 'switchboard_piece_workers', help: 'Live piece worker processes', labelNames: [] }, () => [
      [{}, pieces.stats().live],
    ]);
    totalsCounter(
      metrics,
      {
        name: 'switchboard_piece_worker_events_total',
        help: 'Piece worker events: started, stopped (exited or killed unexpectedly), timeout (a call stopped at its limit)',
        labelNames: ['event'] as const,
      },
      () => {
        const s = pieces.stats();
        return [
          [{ event: 'started' }, s.started],
          [{ event: 'stopped' }, s.stopped],
          [{ event: 'timeout' }, s.timeouts],
        ];
      },
    );
    const pieceInstaller = new PieceInstaller({
      orm,
      pool: pieces,
      registry,
      bus,
      dir: path.join(config.dataDir, 'pieces'),
      log,
      npmRegistry: config.npmRegistry,
      lock: (fn) => db.withAdvisoryLock(PIECE_INSTALL_LOCK_ID, () => fn()),
    });
    if (config.defaultPieces) pieceInstaller.registerDefaults();
    const pieceInstallJobs = new PieceInstallJobs({ orm, installer: pieceInstaller, log });
    // Chromium starts on the first browser action, not here.
    const browsers = new BrowserSessions({ dataDir: config.dataDir });
    const advancedCode = new AdvancedCodeRuntime({
      dataDir: config.dataDir,
      allowNetwork: config.advancedCodeNetwork,
      limits: {
        runMemoryBytes: config.advancedCodeMemoryMb * 1024 * 1024,
        runProcesses: config.advancedCodeProcesses,
        persistentBytes: config.advancedCodeDiskMb * 1024 * 1024,
      },
    });
    return { registry, pieces, pieceInstaller, pieceInstallJobs, browsers, advancedCode };
  },
  lifecycle: ({ log, pieceInstaller, pieceInstallJobs, pieces, browsers }) => ({
    // Pieces added on other nodes: installed in the background, so a slow npm never delays readiness.
    ready: () =>
      void pieceInstaller
        .sync()
        .catch((err: unknown) => log.error({ err: { message: (err as Error).message } }, 'piece sync failed')),
    interrupt: () => pieceInstallJobs.close(),
    release: async () => {
      await pieces.close();
      await browsers.close();
    },
  }),
});
