/**
 * Shared set-up of the actions/execute HTTP tests (actions-*.http.test.ts): a test-only misbehaving integration, a
 * stand-in vendor API and an app with two plans.
 */
import nodeHttp from 'node:http';
import type { AddressInfo } from 'node:net';
import { ActionError, defineIntegration } from '../../integrations/framework.js';
import { startApp } from '../../../test/harness.js';

/** When each run of `wait_for_abort` saw its signal aborted. */
export const abortedRuns: number[] = [];

/** Test-only integration: an action that breaks the engine's expectations, and one that never finishes. */
const misbehaving = defineIntegration({
  name: 'test-misbehaving',
  displayName: 'Misbehaving',
  description: 'test integration',
  logoUrl: '/static/integrations/test-misbehaving.svg',
  categories: ['test'],
  runtime: 'builtin',
  version: '1.0.0',
  auth: [],
  actions: [
    {
      name: 'crash',
      displayName: 'Crash',
      description: 'throws a programming error',
      props: {},
      run: async () => (null as unknown as { x: () => void }).x(),
    },
    {
      name: 'hang',
      displayName: 'Hang',
      description: 'never finishes',
      props: {},
      timeoutMs: 500,
      run: () => new Promise(() => {}),
    },
    {
      name: 'wait_for_abort',
      displayName: 'Wait for abort',
      description: 'waits on ctx.signal, read after a first await, and records that it was aborted',
      props: {},
      timeoutMs: 300,
      run: async (ctx) => {
        await Promise.resolve();
        const signal = ctx.signal;
        if (signal.aborted) throw new Error('aborted before it started');
        return new Promise((_, reject) =>
          signal.addEventListener('abort', () => {
            abortedRuns.push(Date.now());
            reject(new Error('stopped by the signal'));
          }),
        );
      },
    },
    {
      name: 'fail',
      displayName: 'Fail',
      description: 'fails upstream',
      props: {},
      run: async () => {
        throw new ActionError('upstream said no', { status: 503 });
      },
    },
  ],
});

/** The plans tenants can be put on: `pro` is rate-limited, `free` has a monthly quota. */
const PLANS = {
  pro: { rateLimit: { requests: 20, windowSeconds: 60 }, actionsPerMonth: null },
  free: { rateLimit: null, actionsPerMonth: 25 },
};

/** The hash-encode call most tests make, with `extra` replacing fields of the body. */
export const hash = (ws: string, extra: Record<string, unknown> = {}) => ({
  integrationName: 'hash-encode',
  actionName: 'hash',
  workspaceId: ws,
  input: { text: 'hello' },
  ...extra,
});

/** A vendor request as the stand-in API saw it. */
export type SeenRequest = { url?: string | undefined; authorization?: string | undefined };

/**
 * The app (with `misbehaving` registered, logs captured and the plans above) and the stand-in vendor API at `base`,
 * which records every request in `seen`; `exec` calls actions/execute on the app.
 */
export async function startActionsApp() {
  const seen: SeenRequest[] = [];
  // Stands in for Slack's and OpenAI's APIs, and for any server the http built-in calls.
  const vendor = nodeHttp.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      seen.push({ url: req.url, authorization: req.headers.authorization });
      res.setHeader('content-type', 'application/json');
      if (req.url === '/fail') {
        res.statusCode = 500;
        return res.end('{"error":"boom"}');
      }
      if (req.url === '/v1/models')
        return res.end(
          JSON.stringify({
            object: 'list',
            data: [
              { id: 'model-a', object: 'model' },
              { id: 'model-b', object: 'model' },
            ],
          }),
        );
      res.end(JSON.stringify({ ok: true, path: req.url }));
    });
  });
  await new Promise<void>((r) => vendor.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(vendor.address() as AddressInfo).port}`;
  // A failed start closes the vendor too: its listening socket would keep the test process alive forever.
  const t = await startApp(
    { SWITCHBOARD_EGRESS_ALLOW: '127.0.0.1', SWITCHBOARD_PLANS: JSON.stringify(PLANS) },
    { captureLogs: true },
  ).catch((err: unknown) => {
    vendor.close();
    throw err;
  });
  t.app.services.registry.register(misbehaving);
  const close = async () => {
    await t.close();
    vendor.close();
  };
  /** POST /api/v1/actions/execute with an API key. */
  const exec = (key: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.request('POST', '/api/v1/actions/execute', { key, body, headers });
  return { t, base, seen, close, exec };
}

/** What `startActionsApp` gives a test file. */
export type ActionsApp = Awaited<ReturnType<typeof startActionsApp>>;
