/**
 * Shared set-up of the Code Mode tests over MCP and REST (code-mode.http.test.ts, code-mode-continuation.http.test.ts):
 * the app over real HTTP with tight code limits, the acme API, codeModeWorld's server and alice, an enforced channel
 * partial, and a policy that makes acme.send_message need approval.
 */
import assert from 'node:assert/strict';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { TestApp } from '../../../test/harness.js';
import { startAcmeApi, type AcmeApi } from '../../../test/fixtures/acme-api.js';
import { codeModeWorld, mcpClient, startHttpApp } from '../../../test/mcp.js';

/**
 * acme.send_message with its action chosen at run time: the analysis cannot predict the call, so the run starts
 * and the call meets the gate on its own (pausing per call). Statically visible calls pause before the run
 * (code-mode-approvals.http.test.ts).
 */
export const SEND = `switchboard.acme[['send', 'message'].join('_')]`;

/**
 * `start` and `close` belong in the test file's before and after hooks; the state is read after `start`. Clients made
 * with `connect` are closed by `close`.
 */
export function codeModeApp() {
  let t: TestApp;
  let acme: AcmeApi;
  let key: string;
  let ws: string;
  let server: { id: string; mcpEndpoint: string };
  let aliceToken: string;
  const clients: Client[] = [];
  const connect = async (token: string, url = server.mcpEndpoint) => {
    const c = await mcpClient(url, token);
    clients.push(c);
    return c;
  };
  const execute = async (client: Client, args: Record<string, unknown>) => {
    const r = await client.callTool({ name: 'switchboard_execute', arguments: args });
    return r as unknown as { content: Array<{ type: string; text: string }>; structuredContent: any; isError: boolean };
  };

  /** Human Gates for real: a policy makes acme.send_message need approval; reviewers decide through the API. */
  let policyId: string;
  const decide = async (approvalId: string, action: 'approve' | 'reject') => {
    const res = await t.post(`/api/v1/approvals/${approvalId}/${action}`, key, {});
    assert.equal(res.status, 200, res.text);
  };
  const approve = (approvalId: string) => decide(approvalId, 'approve');
  const withoutPolicy = async (fn: () => Promise<void>) => {
    await t.patch(`/api/v1/approval-policies/${policyId}`, key, { enabled: false });
    try {
      await fn();
    } finally {
      await t.patch(`/api/v1/approval-policies/${policyId}`, key, { enabled: true });
    }
  };

  const start = async () => {
    ({ t } = await startHttpApp({ SWITCHBOARD_CODE_MODE_TIMEOUT_MS: '3000', SWITCHBOARD_CODE_MODE_MEMORY_MB: '32' }));
    acme = await startAcmeApi();
    t.app.services.registry.register(acme.integration);
    acme.accounts.set('key-alice', 'Alice Co');
    ({ key, ws, server, aliceToken } = await codeModeWorld(t, 'Code'));
    await t.post('/api/v1/partials', key, {
      workspaceId: ws,
      integrationName: 'acme',
      actionName: 'send_message',
      name: 'channel',
      values: { channel: 'ops' },
      enforcedKeys: ['channel'],
      isDefault: true,
    });
    const policy = await t.post('/api/v1/approval-policies', key, {
      name: 'Messages need review',
      workspaceId: ws,
      riskMode: 'always',
      integrationNames: ['acme'],
      actionNames: ['send_message'],
    });
    assert.equal(policy.status, 201, policy.text);
    policyId = policy.body.policy.id;
  };
  const close = async () => {
    for (const c of clients) await c.close().catch(() => undefined);
    await t.close();
    await acme.close();
  };

  return {
    start,
    close,
    connect,
    execute,
    decide,
    approve,
    withoutPolicy,
    get t() {
      return t;
    },
    get acme() {
      return acme;
    },
    get key() {
      return key;
    },
    get ws() {
      return ws;
    },
    get server() {
      return server;
    },
    get aliceToken() {
      return aliceToken;
    },
  };
}
