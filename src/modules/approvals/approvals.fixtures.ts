/**
 * Shared set-up of the approvals REST tests (approvals*.http.test.ts): the app with fast webhook retries and captured
 * logs, a vendor stand-in the gated http calls reach (so runs are counted), a receiver for approval webhooks, and
 * helpers that make a gated workspace and execute a payment call in it.
 */
import assert from 'node:assert/strict';
import { startApp, type TestApp } from '../../../test/harness.js';
import { Receiver } from '../../../test/receiver.js';

/** `start` and `close` belong in the test file's before and after hooks; the state is read after `start`. */
export function approvalsWorld() {
  let t: TestApp;
  let vendor: Receiver;
  let hooks: Receiver;

  const start = async () => {
    t = await startApp(
      {
        SWITCHBOARD_EGRESS_ALLOW: '127.0.0.1',
        SWITCHBOARD_DELIVERY_RETRY_SCHEDULE: '0.05,0.05,0.05',
        SWITCHBOARD_DELIVERY_POLL_MS: '50',
        SWITCHBOARD_DELIVERY_TIMEOUT_MS: '2000',
      },
      { captureLogs: true },
    );
    vendor = await new Receiver().start();
    hooks = await new Receiver().start();
  };
  const close = async () => {
    await t.close();
    await vendor.close();
    await hooks.close();
  };

  /** A tenant, a workspace and a policy gating http.send_request there. */
  async function setup(policy: Record<string, unknown> = {}) {
    const { key, orgId } = await t.tenant();
    const ws = await t.workspace(key);
    const p = await t.post('/api/v1/approval-policies', key, {
      name: 'Gate payments',
      workspaceId: ws.id,
      riskMode: 'always',
      integrationNames: ['http'],
      ...policy,
    });
    assert.equal(p.status, 201, p.text);
    return { key, orgId, ws: ws.id, policy: p.body.policy };
  }

  let seq = 0;
  const pay = (path: string, amount = 10, extra: Record<string, unknown> = {}) => ({
    method: 'POST',
    url: vendor.url(path),
    headers: { Authorization: 'Bearer vendor-secret-token-123' },
    body_type: 'json',
    body: { amount, ...extra },
  });
  const execute = (
    key: string,
    ws: string,
    input: Record<string, unknown>,
    opts: { idem?: string; headers?: Record<string, string>; endUserId?: string } = {},
  ) =>
    t.request('POST', '/api/v1/actions/execute', {
      key,
      body: {
        integrationName: 'http',
        actionName: 'send_request',
        workspaceId: ws,
        input,
        ...(opts.endUserId ? { endUserId: opts.endUserId } : {}),
      },
      headers: { ...(opts.idem ? { 'Idempotency-Key': opts.idem } : {}), ...(opts.headers ?? {}) },
    });
  const uniquePath = () => `/pay-${++seq}`;

  return {
    start,
    close,
    setup,
    pay,
    execute,
    uniquePath,
    get t() {
      return t;
    },
    get vendor() {
      return vendor;
    },
    get hooks() {
      return hooks;
    },
  };
}
