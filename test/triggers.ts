import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { pieceIntegration } from '../src/integrations/pieces/piece-integration.js';
import type { PieceMeta } from '../src/integrations/pieces/protocol.js';
import type { TestApp } from './harness.js';
import { eventually } from './receiver.js';

/** Fast delivery, polling and retries for tests; loopback reachable; the Acme fixture's app secret. */
export const TRIGGER_ENV = {
  SWITCHBOARD_EGRESS_ALLOW: '127.0.0.1',
  SWITCHBOARD_DELIVERY_RETRY_SCHEDULE: '0.05,0.05,0.05',
  SWITCHBOARD_DELIVERY_POLL_MS: '50',
  SWITCHBOARD_DELIVERY_TIMEOUT_MS: '2500',
  SWITCHBOARD_POLL_MINUTE_MS: '250',
  SWITCHBOARD_TRIGGER_TICK_MS: '50',
  SWITCHBOARD_APP_WEBHOOK_SECRETS: JSON.stringify({ acme: 'acme-app-secret' }),
};

/** Registers a fixture piece from test/fixtures/pieces (loaded in a worker, as added pieces are). */
export async function registerFixture(app: FastifyInstance, dir: 'piece-poller' | 'piece-acme'): Promise<void> {
  const ref = { package: path.resolve(import.meta.dirname, 'fixtures/pieces', dir) };
  const meta = await app.services.pieces.request<PieceMeta>({ op: 'metadata', piece: ref });
  app.services.registry.replace(pieceIntegration(meta, app.services.pieces, ref));
}

/** The path part of a webhookUrl (requests go to the app in-process). */
export const pathOf = (webhookUrl: string): string => new URL(webhookUrl).pathname + new URL(webhookUrl).search;

/** Callbacks in the order they first arrived, one per eventId (delivery is at least once: a slow answer may repeat one). */
export function firstArrivals<T extends { json: any }>(requests: T[]): T[] {
  const seen = new Set<string>();
  return requests.filter((r) => !seen.has(r.json.eventId) && seen.add(r.json.eventId));
}

/** POSTs JSON to an inbound webhook address. */
export function postEvent(t: TestApp, webhookUrl: string, body: unknown, headers: Record<string, string> = {}) {
  return t.request('POST', pathOf(webhookUrl), {
    raw: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** A source's events (newest first) once `check` accepts them. */
export async function eventsWhen(
  t: TestApp,
  key: string,
  sourceId: string,
  check: (events: any[]) => boolean,
  what = 'events',
  timeoutMs = 15_000,
): Promise<any[]> {
  return eventually(
    async () => {
      const res = await t.get(`/api/v1/triggers/${sourceId}/events?limit=100`, key);
      return res.status === 200 && check(res.body.events) ? (res.body.events as any[]) : null;
    },
    timeoutMs,
    what,
  );
}
