import type { Orm } from '../../platform/db/database.js';
import { inRootSpan } from '../../platform/tracing.js';
import type { EventRecorder } from './triggers.events.js';
import * as repo from './triggers.repository.js';
import { reason, sourceLog, type SourceRunner } from './triggers.runtime.js';

interface Log {
  warn(o: object, m?: string): void;
  error(o: object, m?: string): void;
}

/**
 * Runs polling triggers. Every node ticks (SWITCHBOARD_TRIGGER_TICK_MS) and claims due sources with SKIP LOCKED:
 * the claim moves the source's next due time one interval on and gives it a lease and a token, so each source is
 * polled by one node at a time, once per interval. The poll's items and the piece's new dedupe state are committed
 * together, fenced by the token (a poll whose lease was taken over commits nothing); a failed poll commits no state,
 * so the next poll finds the same items again.
 */
export class TriggerPoller {
  private running = false;
  private ticking = false;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  /** Polls since start by outcome, for the metrics. */
  private readonly outcomes = { ok: 0, failed: 0 };
  private readonly inflight = new Set<Promise<void>>();
  private lastJanitor = 0;

  constructor(
    private readonly deps: {
      orm: Orm;
      runner: SourceRunner;
      recorder: EventRecorder;
      tickMs: number;
      minuteMs: number;
      /** A poll cannot outlive the piece call limit; the lease adds a margin to record it. */
      pieceTimeoutMs: number;
      /** Polls failed in a row after which the source is disabled (SWITCHBOARD_TRIGGER_MAX_FAILED_POLLS; 0: never). */
      maxFailedPolls: number;
      /** Disables a source that failed `maxFailedPolls` polls in a row (TriggersService.disableFailing). */
      onFailing: (orgId: string, id: string, failures: number, lastError: string) => Promise<void>;
      concurrency?: number;
      log: Log;
    },
  ) {}

  private get leaseMs(): number {
    return this.deps.pieceTimeoutMs + 30_000;
  }

  /** Polls since start: ok (the provider answered; its items were recorded) and failed. */
  pollOutcomes(): Readonly<{ ok: number; failed: number }> {
    return this.outcomes;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.timer = setInterval(() => this.kick(), this.deps.tickMs);
    this.kick();
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    while (this.ticking || this.inflight.size > 0) {
      await Promise.allSettled([...this.inflight]);
      if (this.ticking) await new Promise((r) => setTimeout(r, 10));
    }
  }

  kick(): void {
    if (!this.running) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    this.ticking = true;
    void this.tick().finally(() => {
      this.ticking = false;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
  }

  private async tick(): Promise<void> {
    try {
      if (Date.now() - this.lastJanitor > 20 * this.deps.tickMs) {
        this.lastJanitor = Date.now();
        await this.removeAbandonedEnables();
      }
      const free = (this.deps.concurrency ?? 4) - this.inflight.size;
      if (free <= 0 || !this.running) return;
      const claimed = await repo.claimDuePolls(this.deps.orm, free, this.leaseMs, this.deps.minuteMs);
      for (const c of claimed) {
        const p: Promise<void> = this.poll(c)
          .catch((err: unknown) => this.deps.log.error(sourceLog(c, err), 'recording a poll failed'))
          .finally(() => {
            this.inflight.delete(p);
          });
        this.inflight.add(p);
      }
    } catch (err) {
      if (this.running) this.deps.log.error({ err: { message: (err as Error).message } }, 'trigger poller tick failed');
    }
  }

  /** An enable whose node died during onEnable leaves a PENDING row: it goes, and its registration is undone if any. */
  private async removeAbandonedEnables(): Promise<void> {
    // Only rows whose trigger this node can run (a piece added at runtime may not be loaded yet here).
    const runnable = (row: repo.SourceRow) => {
      try {
        this.deps.runner.context(row);
        return true;
      } catch {
        return false;
      }
    };
    const stale = await repo.removeStalePending(this.deps.orm, 2 * this.deps.pieceTimeoutMs + 60_000, runnable);
    for (const row of stale) {
      try {
        const { call } = await this.deps.runner.call(row);
        await this.deps.runner.context(row).hooks.onDisable(call);
      } catch (err) {
        this.deps.log.warn(sourceLog(row, err), 'an abandoned enable could not be unregistered');
      }
    }
  }

  /** One poll is one trace (0142): the piece's requests, and the deliveries of what it found, belong to it. */
  private poll(c: { id: string; orgId: string; token: string }): Promise<void> {
    return inRootSpan('switchboard.trigger.poll', { 'switchboard.trigger_source': c.id }, () => this.pollOnce(c));
  }

  private async pollOnce(c: { id: string; orgId: string; token: string }): Promise<void> {
    const row = await repo.findSource(this.deps.orm, c.orgId, c.id);
    if (!row || row.pollToken !== c.token || row.status !== 'ACTIVE') return;
    let items: unknown[];
    let state: Record<string, unknown>;
    try {
      const { call, state: buffer } = await this.deps.runner.call(row);
      const result = await this.deps.runner.context(row).hooks.run(call);
      items = result.kind === 'items' ? result.items : [];
      state = buffer.snapshot();
    } catch (err) {
      this.deps.log.warn(sourceLog(c, err), 'poll failed');
      this.outcomes.failed++;
      const why = `poll: ${reason(err)}`;
      const failures = await repo.failPoll(this.deps.orm, c.orgId, c.id, c.token, why);
      const max = this.deps.maxFailedPolls;
      if (failures !== null && max > 0 && failures >= max) await this.deps.onFailing(c.orgId, c.id, failures, why);
      return;
    }
    this.outcomes.ok++;
    await this.deps.recorder.record(c.orgId, c.id, items, 'poll', { state, pollToken: c.token });
  }
}
