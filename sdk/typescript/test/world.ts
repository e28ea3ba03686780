/**
 * The service the SDK tests call: the real app (test/harness.ts) listening on 127.0.0.1, a tenant per test, and a
 * client on it. `requests` records what the SDK sent (method, path, status), through the client's fetch.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { defineIntegration } from '../../../src/integrations/framework.js';
import { OPERATOR_TOKEN, startApp, type TestApp } from '../../../test/harness.js';
import { Switchboard, type RequestBody, type SwitchboardOptions } from '../src/index.js';

type Plan = NonNullable<RequestBody<'operator.createOrganization'>['plan']>;

export interface SeenRequest {
  method: string;
  path: string;
  query: string;
  status: number;
  headers: Record<string, string>;
}

export interface World {
  t: TestApp;
  url: string;
  requests: SeenRequest[];
  /** A client recording its requests in `requests`. */
  client(options?: SwitchboardOptions): Switchboard;
  /** A new organization on `plan` (through the SDK's operator methods) and an org-wide key. */
  tenant(plan?: Plan): Promise<{ orgId: string; key: string; client: Switchboard }>;
  close(): Promise<void>;
}

export async function startWorld(env: Record<string, string> = {}): Promise<World> {
  const t = await startApp(env);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const requests: SeenRequest[] = [];
  const recording: typeof fetch = async (input, init) => {
    const res = await fetch(input, init);
    const u = new URL(input instanceof Request ? input.url : input);
    requests.push({
      method: init?.method ?? 'GET',
      path: u.pathname,
      query: u.search,
      status: res.status,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
    });
    return res;
  };
  const client = (options: SwitchboardOptions = {}) => new Switchboard({ baseUrl: url, fetch: recording, ...options });
  return {
    t,
    url,
    requests,
    client,
    async tenant(plan: Plan = 'enterprise') {
      const operator = client({ apiKey: OPERATOR_TOKEN });
      const created = await operator.operator.createOrganization({
        body: { name: `Org ${randomBytes(3).toString('hex')}`, plan },
      });
      const key = created.plainKey;
      return { orgId: created.organization.id, key, client: client({ apiKey: key }) };
    },
    close: () => t.close(),
  };
}

/** A fresh workspace slug. */
export const slug = () => `ws-${randomBytes(4).toString('hex')}`;

/** A built-in integration registered by a test (not in the generated catalog: as if added at run time). */
export const testIntegration = (name: string, displayName: string, actions: Parameters<typeof defineIntegration>[0]['actions']) =>
  defineIntegration({
    name,
    displayName,
    description: 'test integration',
    logoUrl: '',
    categories: [],
    runtime: 'builtin',
    version: '1.0.0',
    auth: [],
    actions,
  });
