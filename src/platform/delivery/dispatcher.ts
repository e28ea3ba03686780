import { CANCEL_PREFIX, DELIVERY_HEADERS_PURPOSE, NOTIFY_CHANNEL, STREAM_PREFIX, UNSTREAMED } from './delivery.repository.js';
import * as repo from './dispatcher.repository.js';
import type { DeliveryDeps } from './delivery.js';
import { postJson } from './sender.js';
import { retryDelayMs } from './schedule.js';
import { signatureHeader } from './signing.js';
import { inSpanFrom, SpanStatusCode } from '../tracing.js';
import type { Executor } from '../db/database.js';

/** Lease of a claimed attempt: long enough to send and record it; a node that dies frees it when it lapses. */
export const leaseMs = (timeoutMs: number): number => 2 * timeoutMs + 5_000;
/** Most deliveries of one stream claimed (and sent, in order) together. */
export const BATCH_SIZE = 100;
/** A batch starts no attempt after this long (so a batch ends within this + the attempt timeout, well in its lease). */
export const BATCH_BUDGET_MS = 1_000;
/** While a batch is being sent, its outcomes so far are recorded this often. */
const RECORD_EVERY_MS = 100;

/** Most outcomes (sent and handed back) one record transaction takes (see OutcomeRecorder). */
const MAX_RECORD_ROWS = 500;

/**
 * The node's record transactions of batch outcomes, one at a time: what batches hand in while one runs is recorded
 * together in the next (0163). With many streams most batches are one delivery, which would otherwise each take a
 * transaction of their own. Each call resolves once its own outcomes are committed; a group that fails is recorded
 * again call by call, so one batch's failure is never another's.
 */
export class OutcomeRecorder {
  private readonly waiting: Array<{
    sent: repo.Finished[];
    unsent: repo.Claimed[];
    resolve: () => void;
    reject: (err: unknown) => void;
  }> = [];
  private running = false;

  constructor(private readonly db: () => Executor) {}

  record(sent: repo.Finished[], unsent: repo.Claimed[]): Promise<void> {
    if (sent.length === 0 && unsent.length === 0) return Promise.resolve();
    const done = new Promise<void>((resolve, reject) => this.waiting.push({ sent, unsent, resolve, reject }));
    this.pump();
    return done;
  }

  private pump(): void {
    if (this.running || this.waiting.length === 0) return;
    let rows = 0;
    let n = 0;
    while (n < this.waiting.length) {
      const w = this.waiting[n]!;
      if (n > 0 && rows + w.sent.length + w.unsent.length > MAX_RECORD_ROWS) break;
      rows += w.sent.length + w.unsent.length;
      n++;
    }
    const group = this.waiting.splice(0, n);
    this.running = true;
    void this.commit(group).finally(() => {
      this.running = false;
      this.pump();
    });
  }

  private async commit(group: OutcomeRecorder['waiting']): Promise<void> {
    try {
      await repo.finishBatch(
        this.db(),
        group.flatMap((w) => w.sent),
        group.flatMap((w) => w.unsent),
      );
      for (const w of group) w.resolve();
    } catch (err) {
      if (group.length === 1) return group[0]!.reject(err);
      for (const w of group) await repo.finishBatch(this.db(), w.sent, w.unsent).then(w.resolve, w.reject);
    }
  }
}

/**
 * One node's sender: claims due deliveries (woken by NOTIFY on enqueue, and every SWITCHBOARD_DELIVERY_POLL_MS), at
 * most SWITCHBOARD_DELIVERY_CONCURRENCY at a time, POSTs each through the egress guard, and records the attempt: a 2xx
 * delivers, anything else schedules the next attempt or dead-letters. Also recovers deliveries whose node died.
 */
export class DeliveryDispatcher {
  private running = false;
  private ticking = false;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private lastRecovery = 0;
  private streamsFirst = false;
  /** What to look at on the next claim: everywhere (poll, start, unknown news), streams with news, unstreamed ones. */
  private everywhere = true;
  private readonly wanted = new Set<string>();
  private unstreamed = false;
  /** The streams this node is sending a batch of (`<orgId>:<streamKey>`), flagged when the stream is canceled. */
  private readonly streams = new Map<string, { canceled: boolean }>();
  private readonly inflight = new Set<Promise<void>>();
  private readonly outcomes = new OutcomeRecorder(() => this.deps.db.orm);

  constructor(private readonly deps: DeliveryDeps) {}

  private get leaseMs(): number {
    return leaseMs(this.deps.config.timeoutMs);
  }

  /** Starts claiming and sending on this node. */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.unlisten = await this.deps.db.listen(NOTIFY_CHANNEL, (payload) => {
      if (payload.startsWith(CANCEL_PREFIX)) {
        const batch = this.streams.get(payload.slice(CANCEL_PREFIX.length));
        if (batch) batch.canceled = true;
        return;
      }
      if (payload.startsWith(STREAM_PREFIX)) this.wanted.add(payload.slice(STREAM_PREFIX.length));
      else if (payload === UNSTREAMED) this.unstreamed = true;
      else this.everywhere = true;
      this.kick();
    });
    this.timer = setInterval(() => {
      this.everywhere = true;
      this.kick();
    }, this.deps.config.pollMs);
    this.kick();
  }

  /** Stops claiming, then waits for this node's attempts in flight (each bounded by the attempt timeout). */
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.unlisten?.().catch(() => undefined);
    this.unlisten = null;
    while (this.ticking || this.inflight.size > 0) {
      await Promise.allSettled([...this.inflight]);
      if (this.ticking) await new Promise((r) => setTimeout(r, 10));
    }
  }

  private kick(): void {
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
    const orm = this.deps.db.orm;
    try {
      if (Date.now() - this.lastRecovery >= this.deps.config.pollMs) {
        this.lastRecovery = Date.now();
        const recovered = await repo.recoverExpired(orm, this.leaseMs);
        if (recovered > 0) this.deps.log.warn({ recovered }, 'webhook deliveries recovered from expired leases');
      }
      const free = this.deps.config.concurrency - this.inflight.size;
      if (free <= 0 || !this.running) return;
      // A stream this node is sending now is looked at again when its batch ends.
      const streams = [...this.wanted].filter((k) => !this.streams.has(k));
      const scope = {
        everywhere: this.everywhere,
        streams,
        unstreamed: this.unstreamed,
        streamsFirst: (this.streamsFirst = !this.streamsFirst),
      };
      if (!scope.everywhere && !scope.unstreamed && streams.length === 0) return;
      this.everywhere = false;
      this.unstreamed = false;
      for (const k of streams) this.wanted.delete(k);
      let batches: repo.Claimed[][];
      try {
        batches = await repo.claimDue(orm, free, BATCH_SIZE, this.leaseMs, scope);
      } catch (err) {
        this.everywhere = true;
        throw err;
      }
      for (const batch of batches) {
        const p: Promise<void> = this.send(batch)
          .catch((err: unknown) =>
            this.deps.log.error(
              { err: { message: (err as Error).message }, deliveryId: batch[0]?.id },
              'recording a delivery attempt failed',
            ),
          )
          .finally(() => {
            this.inflight.delete(p);
            this.kick();
          });
        this.inflight.add(p);
      }
      if (batches.length === free) {
        // There may be more: look again (everywhere when that is where this claim looked).
        if (scope.everywhere) this.everywhere = true;
        if (scope.unstreamed) this.unstreamed = true;
        for (const k of streams) this.wanted.add(k);
        this.again = true;
      }
    } catch (err) {
      if (this.running) this.deps.log.error({ err: { message: (err as Error).message } }, 'delivery dispatcher tick failed');
    }
  }

  /**
   * Sends a batch (one stream's next deliveries, in order, or one delivery without a stream) one at a time, and
   * records it. The batch stops at the first attempt that is not acknowledged (the stream waits for its retry), and
   * starts no attempt after BATCH_BUDGET_MS; what it did not send is handed back, as if never claimed. A record that
   * fails leaves its deliveries, and everything after them in the batch, to lease recovery (sent again, in order: at
   * least once).
   */
  private async send(batch: repo.Claimed[]): Promise<void> {
    const { config } = this.deps;
    const started = Date.now();
    // What was sent is recorded every RECORD_EVERY_MS of the batch and at its end (a lone delivery at once), one
    // transaction at a time, in order.
    let sent: repo.Finished[] = [];
    let lastRecord = started;
    let recording: Promise<void> = Promise.resolve();
    // After a failed record nothing later is recorded or sent: the unrecorded deliveries go back through lease
    // recovery in stream order, instead of later ones being marked delivered ahead of them.
    let recordFailed = false;
    const record = (unsent: repo.Claimed[]) => {
      recording = recording
        .then(() => {
          if (recordFailed) return;
          const chunk = sent;
          sent = [];
          return this.outcomes.record(chunk, unsent);
        })
        .catch((err: unknown) => {
          recordFailed = true;
          this.deps.log.error(
            { err: { message: (err as Error).message }, deliveryId: batch[0]?.id },
            'recording a delivery attempt failed',
          );
        });
    };
    let keys: string[] | null = null;
    const streamKey = batch[0]?.streamKey ? `${batch[0].orgId}:${batch[0].streamKey}` : null;
    const flag = { canceled: false };
    if (streamKey) this.streams.set(streamKey, flag);
    let i = 0;
    try {
      for (; i < batch.length; i++) {
        if (i > 0 && (Date.now() - started > BATCH_BUDGET_MS || !this.running || flag.canceled || recordFailed)) break;
        const c = batch[i]!;
        const startedAt = new Date();
        let outcome: repo.AttemptOutcome;
        try {
          const own = this.deps.secrets.open<Record<string, string>>(DELIVERY_HEADERS_PURPOSE, c.id, c.headers);
          // Each attempt is a span in the trace that queued the delivery (an ingest, a decision: 0142).
          const attributes = { 'switchboard.producer': c.producer, 'switchboard.attempt': c.attempt };
          outcome = await inSpanFrom(own, 'switchboard.delivery.attempt', attributes, async (span) => {
            const headers: Record<string, string> = {
              ...own,
              'content-type': 'application/json',
              'user-agent': 'Switchboard-Webhooks/1.0',
              'x-service-delivery': c.id,
              'x-service-attempt': String(c.attempt),
            };
            // Traced here: the request's own client span sends the trace context on (the egress interceptor).
            if (span.isRecording()) {
              delete headers.traceparent;
              delete headers.tracestate;
            }
            if (c.sign) {
              // Once per batch: a batch is one organization's, and lasts about a second at most.
              keys ??= await this.deps.signing.keysFor(c.orgId);
              if (keys.length > 0) {
                const t = Math.floor(Date.now() / 1000);
                headers['x-service-timestamp'] = String(t);
                headers['x-service-signature'] = signatureHeader(keys, t, c.body);
              }
            }
            const sent = await postJson(this.deps.egress.dispatcher(), c.url, headers, c.body, config.timeoutMs);
            if (sent.statusCode !== null) span.setAttribute('http.response.status_code', sent.statusCode);
            if (sent.error !== null)
              span.setStatus({ code: SpanStatusCode.ERROR, message: sent.statusCode ? 'refused' : 'no answer' });
            return sent;
          });
        } catch (err) {
          outcome = {
            statusCode: null,
            error: `could not prepare the request: ${(err as Error).message}`.slice(0, 500),
            durationMs: 0,
            responseExcerpt: null,
          };
        }
        const ok = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
        const next = ok
          ? { status: 'delivered' as const, retryInMs: 0 }
          : c.roundAttempts >= c.maxAttempts
            ? { status: 'dead' as const, retryInMs: 0 }
            : { status: 'pending' as const, retryInMs: retryDelayMs(config.retrySchedule, c.roundAttempts) };
        sent.push({ c, outcome, next, startedAt, finishedAt: new Date() });
        this.deps.metrics?.attempt(c.producer, next.status === 'pending' ? 'retry' : next.status, outcome.durationMs);
        if (Date.now() - lastRecord >= RECORD_EVERY_MS) {
          lastRecord = Date.now();
          record([]);
        }
        if (next.status === 'dead')
          this.deps.log.warn({ deliveryId: c.id, attempts: c.attempt }, 'webhook delivery dead-lettered');
        // The stream waits for this one's retry (a dead one no longer holds it up).
        if (next.status === 'pending') {
          i++;
          break;
        }
      }
    } finally {
      if (streamKey && this.streams.get(streamKey) === flag) this.streams.delete(streamKey);
    }
    record(batch.slice(i));
    await recording;
    // What came into the stream meanwhile is claimed next (the kick after this batch).
    if (streamKey && !flag.canceled) this.wanted.add(streamKey);
  }
}
