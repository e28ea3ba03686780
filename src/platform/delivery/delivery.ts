import dns from 'node:dns/promises';
import net from 'node:net';
import type { Config } from '../../config.js';
import type { Database, Executor } from '../db/database.js';
import type { EgressGuard } from '../egress.js';
import { AppError } from '../errors.js';
import { newId } from '../ids.js';
import type { SecretBox } from '../secrets.js';
import type { JobDefinition } from '../jobs/runner.js';
import * as repo from './delivery.repository.js';
import { DELIVERY_HEADERS_PURPOSE } from './delivery.repository.js';
import { BATCH_BUDGET_MS, DeliveryDispatcher, leaseMs } from './dispatcher.js';
import { defaultMaxAttempts } from './schedule.js';
import type { SigningSecrets } from './signing.js';
import type { DeliveryMetrics } from './delivery.metrics.js';
import { traceHeaders } from '../tracing.js';

export type { DeliveryStatus } from './delivery.repository.js';

/** What a producer hands over: one message to POST, durably, until a 2xx or the attempts run out. */
export interface DeliveryRequest {
  orgId: string;
  /** Short label of the producing module ('trigger', 'approval'); with subjectId, how the producer finds its deliveries. */
  producer: string;
  /** The producer's own id for what the message is about (a trigger event, an approval request). */
  subjectId?: string | null;
  /** Deliveries with the same stream key go out one at a time, in enqueue order; other streams are never held up. */
  streamKey?: string | null;
  url: string;
  /** Sent with every attempt; may not set the headers the service owns (see RESERVED_HEADERS). */
  headers?: Record<string, string>;
  /** Serialised once, at enqueue; every attempt sends (and signs) exactly these bytes. */
  body: unknown;
  /** Signed when the organization has a signing secret (default true). */
  sign?: boolean;
  /** Default: the retry schedule's length + 1. */
  maxAttempts?: number;
  /** Default: a new UUID. Sent as X-Service-Delivery. */
  id?: string;
}

export interface AttemptView {
  attempt: number;
  url: string;
  startedAt: Date;
  finishedAt: Date | null;
  statusCode: number | null;
  error: string | null;
  durationMs: number | null;
  responseExcerpt: string | null;
}

export interface DeliveryView {
  id: string;
  producer: string;
  subjectId: string | null;
  streamKey: string | null;
  url: string;
  status: repo.DeliveryStatus;
  /** Attempts made so far (all rounds). */
  attempts: number;
  /** The attempt count at which the current round dead-letters. */
  maxAttempts: number;
  /** When the next attempt is due (pending deliveries only). */
  nextAttemptAt: Date | null;
  lastAttemptAt: Date | null;
  lastStatusCode: number | null;
  lastError: string | null;
  deliveredAt: Date | null;
  deadAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  history: AttemptView[];
}

export { DELIVERY_HEADERS_PURPOSE };

/** Headers the service sets itself on every delivery; a producer's headers may not replace them. */
export const RESERVED_HEADERS = new Set([
  'host',
  'content-type',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'user-agent',
  'x-service-delivery',
  'x-service-attempt',
  'x-service-timestamp',
  'x-service-signature',
]);
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/;

/** Why a set of producer headers cannot be sent (null when it can): names, values, reserved names, size. */
export function headerProblem(headers: Record<string, unknown>): string | null {
  const entries = Object.entries(headers);
  if (entries.length > 50) return 'has more than 50 headers';
  let size = 0;
  for (const [name, value] of entries) {
    if (!TOKEN.test(name)) return `has an invalid header name "${name.slice(0, 100)}"`;
    if (RESERVED_HEADERS.has(name.toLowerCase())) return `may not set ${name} (the service sets it)`;
    if (typeof value !== 'string') return `${name} must be a string`;
    // eslint-disable-next-line no-control-regex
    if (/[\r\n\x00]/.test(value)) return `${name} may not contain line breaks or NUL`;
    size += name.length + value.length;
  }
  return size > 8192 ? 'is larger than 8 KiB' : null;
}

interface Log {
  info(o: object, m?: string): void;
  warn(o: object, m?: string): void;
  error(o: object, m?: string): void;
}

export interface DeliveryDeps {
  db: Database;
  secrets: SecretBox;
  signing: SigningSecrets;
  egress: EgressGuard;
  config: Config['delivery'];
  log: Log;
  /** Attempts and the queue for GET /metrics (absent in tools that only enqueue). */
  metrics?: DeliveryMetrics;
}

/**
 * Durable outbound webhooks. Producers enqueue inside their own transaction (an outbox: the message exists exactly
 * when the producer's change does); any node claims due deliveries (SKIP LOCKED), POSTs them through the egress
 * guard, and records every attempt. A 2xx acknowledges; anything else, a timeout or a network error is retried on
 * the configured schedule with jitter, then the delivery is dead-lettered and can be redelivered.
 * See docs/decisions/0040-outbound-delivery.md.
 */
export class DeliveryService {
  private readonly dispatcher: DeliveryDispatcher;

  constructor(private readonly deps: DeliveryDeps) {
    this.dispatcher = new DeliveryDispatcher(deps);
  }

  private get leaseMs(): number {
    return leaseMs(this.deps.config.timeoutMs);
  }

  /** Enqueue in the caller's transaction. Returns the delivery id (X-Service-Delivery). */
  async enqueue(tx: Executor, req: DeliveryRequest): Promise<{ id: string }> {
    const [one] = await this.enqueueMany(tx, [req]);
    return one!;
  }

  /**
   * Enqueue several in the caller's transaction, in one insert; deliveries of one stream go out in the order given.
   * Returns the delivery ids, in the same order.
   */
  async enqueueMany(tx: Executor, reqs: DeliveryRequest[]): Promise<Array<{ id: string }>> {
    const maxAttempts = defaultMaxAttempts(this.deps.config.retrySchedule);
    // The trace of whatever enqueues (a webhook's ingest, an approval decision) continues at the receiver (0142).
    const traced = traceHeaders();
    const rows = reqs.map((req) => {
      const id = req.id ?? newId();
      const problem = headerProblem(req.headers ?? {});
      if (problem) throw new AppError('VALIDATION_ERROR', `headers ${problem}`);
      const url = parseWebhookUrl(req.url);
      if (!url) throw new AppError('VALIDATION_ERROR', 'url must be an absolute http(s) URL without credentials');
      return {
        id,
        orgId: req.orgId,
        producer: req.producer,
        subjectId: req.subjectId ?? null,
        streamKey: req.streamKey ?? null,
        url: url.toString(),
        headers: this.deps.secrets.seal(DELIVERY_HEADERS_PURPOSE, id, { ...traced, ...req.headers }),
        body: JSON.stringify(req.body ?? null),
        sign: req.sign ?? true,
        maxAttempts: req.maxAttempts ?? maxAttempts,
      };
    });
    await repo.insertDeliveries(tx, rows);
    return rows.map((r) => ({ id: r.id }));
  }

  /**
   * Checks a receiver URL the way deliveries will reach it: absolute http(s), no credentials, and not resolving to a
   * private, loopback, link-local or metadata address (unless SWITCHBOARD_EGRESS_ALLOW allows it). A host that does
   * not resolve now is accepted; the guard checks again on every attempt.
   */
  async assertDeliverableUrl(raw: string, field: string): Promise<string> {
    const url = parseWebhookUrl(raw);
    if (!url)
      throw new AppError('VALIDATION_ERROR', `${field} must be an absolute http(s) URL without credentials`, {
        details: [{ field, message: 'is not an http(s) URL' }],
      });
    const host = url.hostname.replace(/^\[|\]$/g, '');
    let addresses: string[] = [];
    if (net.isIP(host)) addresses = [host];
    else {
      try {
        addresses = (await dns.lookup(host, { all: true })).map((a) => a.address);
      } catch {
        addresses = [];
      }
    }
    if (addresses.some((a) => !this.deps.egress.isAllowed(host, a))) {
      throw new AppError(
        'VALIDATION_ERROR',
        `${field} points to a private, loopback or link-local address, which outbound calls may not reach`,
        {
          details: [{ field, message: 'is not reachable by outbound calls' }],
        },
      );
    }
    return url.toString();
  }

  async get(orgId: string, id: string): Promise<DeliveryView | null> {
    const row = await repo.findDelivery(this.deps.db.orm, orgId, id);
    if (!row) return null;
    return (await this.withHistory(orgId, [row]))[0] ?? null;
  }

  /** Deliveries by id, with their attempt history (missing ids are absent from the map). */
  async views(orgId: string, ids: string[]): Promise<Map<string, DeliveryView>> {
    const rows = await repo.deliveriesByIds(this.deps.db.orm, orgId, ids);
    return new Map((await this.withHistory(orgId, rows)).map((v) => [v.id, v]));
  }

  /** A producer's deliveries about some of its subjects, oldest first, with their attempt history. */
  async listForSubjects(orgId: string, producer: string, subjectIds: string[]): Promise<DeliveryView[]> {
    return this.withHistory(orgId, await repo.deliveriesBySubject(this.deps.db.orm, orgId, producer, subjectIds));
  }

  /**
   * Replays a delivery with a fresh round of attempts (same id, same body; the signature and timestamp are new).
   * A delivery waiting for a retry is made due now; one being sent now is left alone. null when unknown.
   */
  async redeliver(orgId: string, id: string): Promise<DeliveryView | null> {
    return (await this.rearm(this.deps.db.orm, orgId, id)) ? this.get(orgId, id) : null;
  }

  /** redeliver inside the caller's transaction (read the view after it commits); false when unknown. */
  async rearm(tx: Executor, orgId: string, id: string): Promise<boolean> {
    return repo.rearm(tx, orgId, id, defaultMaxAttempts(this.deps.config.retrySchedule));
  }

  /** Cancels everything still to be sent in a stream, in the caller's transaction. Returns how many. */
  async cancelStream(tx: Executor, orgId: string, streamKey: string): Promise<number> {
    return repo.cancelStream(tx, orgId, streamKey);
  }

  /**
   * Waits (bounded by the attempt timeout) until no attempt in the stream is waiting for its receiver on any node,
   * so that after cancelStream + this, nothing of the stream reaches its receiver any more.
   */
  async waitForStream(orgId: string, streamKey: string): Promise<void> {
    // A batch starts no attempt after BATCH_BUDGET_MS, and each attempt ends within the timeout.
    const deadline = Date.now() + BATCH_BUDGET_MS + this.deps.config.timeoutMs + 2_000;
    while ((await repo.openAttemptsInStream(this.deps.db.orm, orgId, streamKey, this.leaseMs)) > 0) {
      if (Date.now() > deadline) return;
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  /** When each stream last had a delivery acknowledged. */
  async lastDelivered(orgId: string, streamKeys: string[]): Promise<Map<string, Date>> {
    return repo.lastDeliveredInStreams(this.deps.db.orm, orgId, streamKeys);
  }

  /** The retention job: finished deliveries (and what references them) older than SWITCHBOARD_DELIVERY_RETENTION_DAYS go. */
  purgeJob(): JobDefinition<Record<string, never>, 'purge-webhook-deliveries'> {
    return {
      name: 'purge-webhook-deliveries',
      cron: '23 3 * * *',
      handler: async () => {
        const n = await repo.purgeFinished(this.deps.db.orm, new Date(Date.now() - this.deps.config.retentionDays * 86_400_000));
        if (n > 0) this.deps.log.info({ purged: n }, 'finished webhook deliveries purged');
      },
    };
  }

  /** Starts this node's dispatcher (see DeliveryDispatcher). */
  start(): Promise<void> {
    return this.dispatcher.start();
  }

  /** Stops claiming, then waits for this node's attempts in flight. */
  stop(): Promise<void> {
    return this.dispatcher.stop();
  }

  private async withHistory(orgId: string, rows: repo.DeliveryRow[]): Promise<DeliveryView[]> {
    const attempts = await repo.attemptsOf(
      this.deps.db.orm,
      orgId,
      rows.map((r) => r.id),
    );
    const byDelivery = new Map<string, AttemptView[]>();
    for (const a of attempts) {
      const list = byDelivery.get(a.deliveryId) ?? [];
      list.push({
        attempt: a.attempt,
        url: a.url,
        startedAt: a.startedAt,
        finishedAt: a.finishedAt,
        statusCode: a.statusCode,
        error: a.error,
        durationMs: a.durationMs,
        responseExcerpt: a.responseExcerpt,
      });
      byDelivery.set(a.deliveryId, list);
    }
    return rows.map((r) => ({
      id: r.id,
      producer: r.producer,
      subjectId: r.subjectId,
      streamKey: r.streamKey,
      url: r.url,
      status: r.status as repo.DeliveryStatus,
      attempts: r.attempts,
      maxAttempts: r.attempts - r.roundAttempts + r.maxAttempts,
      nextAttemptAt: r.status === 'pending' ? r.nextAttemptAt : null,
      lastAttemptAt: r.lastAttemptAt,
      lastStatusCode: r.lastStatusCode,
      lastError: r.lastError,
      deliveredAt: r.deliveredAt,
      deadAt: r.deadAt,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
      history: byDelivery.get(r.id) ?? [],
    }));
  }
}

/** An absolute http(s) URL without user info, or null. */
export function parseWebhookUrl(raw: string): URL | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  if (raw.length > 2048) return null;
  return url;
}
