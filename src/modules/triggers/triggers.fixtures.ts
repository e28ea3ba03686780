/**
 * Shared set-up of the trigger tests: `webhookSourcesWorld` for the webhook piece's sources (triggers*.http.test.ts)
 * and `acmeWorld`, the Acme fixture piece with its vendor, for APP_WEBHOOK and registered WEBHOOK sources
 * (triggers.app-webhook*.test.ts). `start` and `close` belong in the test file's before and after hooks; the state is
 * read after `start`.
 */
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { startApp, type TestApp } from '../../../test/harness.js';
import { Receiver } from '../../../test/receiver.js';
import { registerFixture, TRIGGER_ENV } from '../../../test/triggers.js';

/** The app with the poller fixture piece, a receiver for callbacks, and the webhook piece's catch_webhook body. */
export function webhookSourcesWorld() {
  let t: TestApp;
  let rx: Receiver;
  const start = async () => {
    t = await startApp(TRIGGER_ENV);
    await registerFixture(t.app, 'piece-poller');
    rx = await new Receiver().start();
  };
  const close = async () => {
    await t.close();
    await rx.close();
  };

  async function setup(plan = 'enterprise') {
    const { key, orgId } = await t.tenant(plan);
    const ws = (await t.workspace(key)).id;
    return { key, orgId, ws };
  }
  const catchHook = (ws: string, path: string, extra: Record<string, unknown> = {}) => ({
    integrationName: 'webhook',
    triggerName: 'catch_webhook',
    workspaceId: ws,
    callbackUrl: rx.url(path),
    ...extra,
  });

  return {
    start,
    close,
    setup,
    catchHook,
    get t() {
      return t;
    },
    get rx() {
      return rx;
    },
  };
}

/** The organization-wide Acme connection (SECRET_TEXT) every Acme trigger of the organization uses. */
export async function acmeConnection(t: TestApp, key: string): Promise<void> {
  const conn = await t.post('/api/v1/connections', key, {
    type: 'SECRET_TEXT',
    integrationName: 'acme',
    externalId: 'acme',
    displayName: 'Acme',
    secretText: 'acme-key',
  });
  assert.equal(conn.status, 201, conn.text);
}

export const APP_SECRET = JSON.parse(TRIGGER_ENV.SWITCHBOARD_APP_WEBHOOK_SECRETS).acme as string;

/** The Acme vendor: subscriptions for its app-level events, and per-source webhook registrations. */
export class Acme {
  readonly rx = new Receiver();
  failRegistration = false;
  /** While set, a registration is answered only once it settles (a provider still busy during onEnable). */
  holdRegistration: Promise<void> | null = null;
  /** Registrations handed out (id, token) in order. */
  readonly registrations: Array<{ id: string; token: string }> = [];
  private n = 0;

  async start(): Promise<this> {
    await this.rx.start();
    this.rx.respond = (r) => {
      if (r.headers.authorization !== 'Bearer acme-key') return { status: 401 };
      if (r.method === 'POST' && r.path === '/subscriptions') return { status: 201, body: { id: `sub_${++this.n}` } };
      if (r.method === 'POST' && r.path === '/webhooks') return this.register();
      if (r.method === 'DELETE') return { status: 204 };
      return { status: 404 };
    };
    return this;
  }

  private async register() {
    await this.holdRegistration;
    if (this.failRegistration) return { status: 500 };
    const reg = { id: `wh_${++this.n}`, token: `tok_${this.n}` };
    this.registrations.push(reg);
    return { status: 201, body: reg };
  }

  get url(): string {
    return this.rx.url('');
  }

  calls(method: string, path: string) {
    return this.rx.requests.filter((r) => r.method === method && r.path === path);
  }
}

/** What the vendor sends to the app's one webhook address: signed with the app secret over the raw body. */
export function appEvent(t: TestApp, body: unknown, secret = APP_SECRET, path = '/api/v1/webhooks/acme') {
  const raw = JSON.stringify(body);
  const sig = createHmac('sha256', secret).update(raw).digest('hex');
  return t.request('POST', path, { raw, headers: { 'content-type': 'application/json', 'x-acme-signature': sig } });
}

/**
 * The app (logs captured) with the Acme fixture piece, a receiver for callbacks, the Acme vendor, and a tenant with a
 * workspace and an org-wide Acme connection (acme-key).
 */
export function acmeWorld() {
  let t: TestApp;
  let rx: Receiver;
  let acme: Acme;
  let key: string;
  let orgId: string;
  let ws: string;

  const start = async () => {
    t = await startApp(TRIGGER_ENV, { captureLogs: true });
    await registerFixture(t.app, 'piece-acme');
    rx = await new Receiver().start();
    acme = await new Acme().start();
    ({ key, orgId } = await t.tenant());
    ws = (await t.workspace(key)).id;
    await acmeConnection(t, key);
  };
  const close = async () => {
    await t.close();
    await rx.close();
    await acme.rx.close();
  };

  return {
    start,
    close,
    get t() {
      return t;
    },
    get rx() {
      return rx;
    },
    get acme() {
      return acme;
    },
    get key() {
      return key;
    },
    get orgId() {
      return orgId;
    },
    get ws() {
      return ws;
    },
  };
}
