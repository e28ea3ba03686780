import { eq, inArray } from 'drizzle-orm';
import type { Orm } from '../../platform/db/database.js';
import { pieceInstallJobs } from '../../platform/db/schema.js';
import { AppError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { AddedIntegration, PieceInstaller } from './installer.js';

export type InstallJobStatus = 'queued' | 'running' | 'succeeded' | 'failed';

export interface InstallJob {
  id: string;
  package: string;
  status: InstallJobStatus;
  integration: AddedIntegration | null;
  error: { code: string; message: string } | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

/**
 * An unfinished job older than this lost its node (npm is stopped after 5 minutes, loading takes seconds): it is
 * reported, and recorded, as failed.
 */
export const INSTALL_JOB_ABANDONED_MS = 15 * 60_000;

type Row = typeof pieceInstallJobs.$inferSelect;

const view = (r: Row): InstallJob => ({
  id: r.id,
  package: r.spec,
  status: r.status as InstallJobStatus,
  integration: (r.integration as AddedIntegration | null) ?? null,
  error: (r.error as InstallJob['error']) ?? null,
  createdAt: r.createdAt.toISOString(),
  startedAt: r.startedAt?.toISOString() ?? null,
  finishedAt: r.finishedAt?.toISOString() ?? null,
});

/**
 * Installs started by the operator API (0101): the request answers 202 with a queued job at once; the install runs
 * in the background on the node that took it (the installer's lock keeps one npm at a time per pieces dir), and any
 * node reads the job from `piece_install_jobs`.
 */
export class PieceInstallJobs {
  private readonly running = new Map<string, Promise<void>>();

  constructor(private readonly deps: { orm: Orm; installer: PieceInstaller; log: { error(o: object, msg: string): void } }) {}

  /** Checks `spec` (a bad name or a shipped piece is refused at once), records a queued job and starts it. */
  async start(spec: string): Promise<InstallJob> {
    this.deps.installer.check(spec);
    const [row] = await this.deps.orm
      .insert(pieceInstallJobs)
      .values({ id: newId(), spec: spec.trim(), status: 'queued' })
      .returning();
    const run = this.run(row!.id, spec).finally(() => this.running.delete(row!.id));
    this.running.set(row!.id, run);
    return view(row!);
  }

  async get(id: string): Promise<InstallJob> {
    const [row] = await this.deps.orm.select().from(pieceInstallJobs).where(eq(pieceInstallJobs.id, id)).limit(1);
    if (!row) throw new AppError('NOT_FOUND', 'No install job has this id.');
    const unfinished = row.status === 'queued' || row.status === 'running';
    if (unfinished && !this.running.has(id) && Date.now() - row.createdAt.getTime() > INSTALL_JOB_ABANDONED_MS) {
      return view(await this.finish(id, 'failed', { error: abandoned }));
    }
    return view(row);
  }

  /** Shutdown: the installs this node runs cannot finish; their jobs say so instead of staying "running". */
  async close(): Promise<void> {
    const ids = [...this.running.keys()];
    if (ids.length === 0) return;
    await this.deps.orm
      .update(pieceInstallJobs)
      .set({ status: 'failed', error: interrupted, finishedAt: new Date() })
      .where(inArray(pieceInstallJobs.id, ids));
    this.running.clear();
  }

  private async run(id: string, spec: string): Promise<void> {
    try {
      await this.deps.orm
        .update(pieceInstallJobs)
        .set({ status: 'running', startedAt: new Date() })
        .where(eq(pieceInstallJobs.id, id));
      const integration = await this.deps.installer.add(spec);
      if (this.running.has(id)) await this.finish(id, 'succeeded', { integration });
    } catch (err) {
      const error =
        err instanceof AppError
          ? { code: err.code, message: err.message }
          : { code: 'INSTALL_FAILED', message: (err as Error).message ?? String(err) };
      if (!this.running.has(id)) return; // closed meanwhile: already recorded as interrupted
      await this.finish(id, 'failed', { error }).catch((e: unknown) =>
        this.deps.log.error({ err: { message: (e as Error).message }, jobId: id }, 'install job not recorded'),
      );
    }
  }

  private async finish(
    id: string,
    status: 'succeeded' | 'failed',
    result: { integration?: AddedIntegration; error?: InstallJob['error'] },
  ): Promise<Row> {
    const [row] = await this.deps.orm
      .update(pieceInstallJobs)
      .set({ status, integration: result.integration ?? null, error: result.error ?? null, finishedAt: new Date() })
      .where(eq(pieceInstallJobs.id, id))
      .returning();
    return row!;
  }
}

const abandoned = {
  code: 'INSTALL_INTERRUPTED',
  message: 'The node running this install stopped before it finished; add the package again.',
};
const interrupted = {
  code: 'INSTALL_INTERRUPTED',
  message: 'The node running this install shut down before it finished; add the package again.',
};
