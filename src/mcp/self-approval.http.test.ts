import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { TestApp } from '../../test/harness.js';
import { mcpClient, startHttpApp, textOf } from '../../test/mcp.js';

/**
 * An agent must not be able to approve its own call (docs/decisions/0092). An MCP agent (the official SDK client)
 * with the `http` built-in as a tool, on a server whose egress allow list opens loopback (so our own address is
 * reachable, as in local set-ups), tries every way to approve a gated kv put itself: it never gets a decision-capable
 * token, and every request to the decision endpoints, however spelt or redirected, is refused before it is sent.
 */
describe('MCP agents cannot approve their own calls', () => {
  let t: TestApp;
  let base: string;
  let key: string;
  let orgId: string;
  let ws: string;
  let policyId: string;
  let redirector: http.Server;
  let redirectTo = '';
  let redirected = 0;
  const clients: Client[] = [];

  before(async () => {
    ({ t, base } = await startHttpApp());
    ({ key, orgId } = await t.tenant());
    ws = (await t.workspace(key)).id;
    for (const body of [{ integrationName: 'http' }, { integrationName: 'kv-store', alias: 'kv' }]) {
      const res = await t.post(`/api/v1/workspaces/${ws}/integrations`, key, body);
      assert.equal(res.status, 201, res.text);
    }
    assert.equal((await t.post('/api/v1/end-users', key, { workspaceId: ws, externalId: 'alice' })).status, 201);
    // Created with defaults (riskMode rules, no rules): it covers every put, from every surface.
    const policy = await t.post('/api/v1/approval-policies', key, {
      name: 'Review kv puts',
      workspaceId: ws,
      integrationNames: ['kv-store'],
      actionNames: ['put'],
    });
    assert.equal(policy.status, 201, policy.text);
    policyId = policy.body.policy.id;
    // A server of the agent's choosing that redirects wherever it likes.
    redirector = http.createServer((req, res) => {
      redirected++;
      req.resume();
      res.writeHead(307, { location: redirectTo }).end();
    });
    await new Promise<void>((r) => redirector.listen(0, '127.0.0.1', r));
  });
  after(async () => {
    for (const c of clients) await c.close().catch(() => undefined);
    await new Promise<void>((r) => redirector.close(() => r()));
    await t.close();
  });

  async function agent(mode: 'TOOLS' | 'CODE') {
    const s = await t.post('/api/v1/mcp/servers', key, { name: `agent ${mode}`, workspaceId: ws, mode, authMode: 'bearer' });
    assert.equal(s.status, 201, s.text);
    const server = s.body.server as { id: string; mcpEndpoint: string };
    const tok = await t.post(`/api/v1/mcp/servers/${server.id}/access-tokens`, key, { endUserId: 'alice' });
    assert.equal(tok.status, 201, tok.text);
    const client = await mcpClient(server.mcpEndpoint, tok.body.accessToken as string);
    clients.push(client);
    return { client, token: tok.body.accessToken as string };
  }
  const written = async (k: string) =>
    (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM kv_entries WHERE org_id = $1 AND key = $2', [orgId, k]))[0]!
      .n;
  const noToken = (what: unknown) => {
    const s = JSON.stringify(what);
    assert.ok(!/apl_|token=|\/approve\//.test(s), `no decision-capable link: ${s}`);
  };
  const request = async (id: string) => (await t.get(`/api/v1/approvals/${id}`, key)).body.approval;

  it('in TOOLS mode: the result carries no token, and no request the http tool can make decides the approval', async () => {
    const { client, token } = await agent('TOOLS');
    const paused = await client.callTool({ name: 'kv__put', arguments: { key: 'tools', value: 'secret plan' } });
    const sc = paused.structuredContent as any;
    assert.equal(sc.status, 'approval_required', textOf(paused));
    const id = sc.approval.id as string;
    noToken(paused);
    assert.equal(sc.approval.hostedApprovalUrl, null);
    assert.equal(sc.approval.approvalUrl, `${base}/approvals/${id}`);
    assert.match(textOf(paused), /sign in/i);
    const [row] = await t.db.query<{ h: string | null }>('SELECT link_token_hash AS h FROM approval_requests WHERE id = $1', [
      id,
    ]);
    assert.equal(row!.h, null, 'no bearer link exists for a request an agent caused');

    // The review link itself asks for a person's sign-in; the agent's http tool may not even read it.
    const page = await fetch(sc.approval.approvalUrl);
    assert.equal(page.status, 401);
    assert.match(await page.text(), /Sign in to review/);

    const leakedKey = key; // an organization key that may decide approvals, as if the agent had found one
    const send = (url: string, extra: Record<string, unknown> = {}) =>
      client.callTool({ name: 'http__send_request', arguments: { method: 'POST', url, ...extra } });
    const attempts: Array<[string, Record<string, unknown>]> = [
      [sc.approval.approvalUrl, { method: 'GET' }],
      [`${base}/approve/${id}?token=apl_guess`, { method: 'GET' }],
      [`${base}/approve/${id}/decision`, { body_type: 'raw', body: 'action=approve&token=apl_guess' }],
      [`${base}/approvals/${id}/decision`, { body_type: 'raw', body: 'action=approve' }],
      [`${base}/api/v1/approvals/${id}/approve`, { authType: 'BEARER_TOKEN', authFields: { token } }],
      [`${base}/api/v1/approvals/${id}/approve`, { authType: 'BEARER_TOKEN', authFields: { token: leakedKey } }],
      [`${base}/API/V1/Approvals/${id}/APPROVE`, { authType: 'BEARER_TOKEN', authFields: { token: leakedKey } }],
      [`${base}/api/v1/%61pprovals/${id}/approve`, { authType: 'BEARER_TOKEN', authFields: { token: leakedKey } }],
      [`${base}/api/v1/%2561pprovals/${id}/approve`, { authType: 'BEARER_TOKEN', authFields: { token: leakedKey } }],
      [`${base}//api/v1/approvals/${id}/approve/`, { authType: 'BEARER_TOKEN', authFields: { token: leakedKey } }],
      [`${base}/api/v1/x/%2e%2e/approvals/${id}/approve`, { authType: 'BEARER_TOKEN', authFields: { token: leakedKey } }],
      [`${base}/api/v1/approvals/${id}/reject`, { authType: 'BEARER_TOKEN', authFields: { token: leakedKey } }],
      [`${base}/connect/portal/approvals/${id}/approve`, { body_type: 'raw', body: 'token=eut_guess' }],
      // Or switch the policy off.
      [
        `${base}/api/v1/approval-policies/${policyId}`,
        {
          method: 'PATCH',
          authType: 'BEARER_TOKEN',
          authFields: { token: leakedKey },
          body_type: 'json',
          body: { enabled: false },
        },
      ],
    ];
    for (const [url, extra] of attempts) {
      const r = await send(url, extra);
      assert.equal(r.isError, true, `${url} → ${textOf(r)}`);
      assert.match(textOf(r), /not allowed: approval decisions are made by people/, url);
    }

    // Through a redirect: the hop to the decision endpoint is refused before it is sent.
    redirectTo = `${base}/api/v1/approvals/${id}/approve`;
    const before = redirected;
    const viaRedirect = await send(`http://127.0.0.1:${(redirector.address() as AddressInfo).port}/go`, {
      authType: 'BEARER_TOKEN',
      authFields: { token: leakedKey },
    });
    assert.equal(redirected, before + 1, 'the redirecting server was reached');
    assert.equal(viaRedirect.isError, true);
    assert.match(textOf(viaRedirect), /not allowed: approval decisions are made by people/);

    // The http tool still reaches this service where no decision is made.
    const health = await send(`${base}/healthz`, { method: 'GET' });
    assert.equal(health.isError, false, textOf(health));

    // Nothing was decided, nothing ran, the policy is on, and the retry still waits for a person.
    const stored = await request(id);
    assert.deepEqual([stored.status, stored.decidedBy], ['pending', null]);
    assert.equal((await t.get(`/api/v1/approval-policies/${policyId}`, key)).body.policy.enabled, true);
    assert.equal(await written('tools'), 0);
    const retry = await client.callTool({ name: 'kv__put', arguments: sc.retry.arguments });
    assert.equal((retry.structuredContent as any).status, 'approval_required');
    noToken(retry);
    assert.equal(await written('tools'), 0);

    // A person approves: the retry runs (the gate itself works).
    assert.equal((await t.post(`/api/v1/approvals/${id}/approve`, key, {})).status, 200);
    const ran = await client.callTool({ name: 'kv__put', arguments: sc.retry.arguments });
    assert.equal(ran.isError, false, textOf(ran));
    assert.equal(await written('tools'), 1);

    // Under a policy that names the end user as an approver, the agent is told where that person decides.
    await t.patch(`/api/v1/approval-policies/${policyId}`, key, { approvers: [{ type: 'end_user' }] });
    const theirs = await client.callTool({ name: 'kv__put', arguments: { key: 'tools-2', value: 1 } });
    assert.equal((theirs.structuredContent as any).approval.endUserPortal, true);
    assert.match(textOf(theirs), /The end user can also decide it in their Switchboard portal/);
    noToken(theirs);
    await t.patch(`/api/v1/approval-policies/${policyId}`, key, { approvers: [] });
  });

  it('in Code Mode: paused runs carry no token, and code calling the decision API through http is refused', async () => {
    const { client } = await agent('CODE');
    const run = (code: string) => client.callTool({ name: 'switchboard_execute', arguments: { code } });
    const paused = await run(`await switchboard.kv.put({ key: 'code', value: 1 }); return 'done';`);
    const sc = paused.structuredContent as any;
    assert.equal(sc.status, 'approval_pending', textOf(paused));
    noToken(paused);
    const id = (sc.approval ?? sc.approvals[0]).id as string;
    for (const a of sc.approvals ?? [sc.approval]) assert.equal(a.hostedApprovalUrl, null);

    const attack = await run(`
      const r = await switchboard.http.send_request({
        method: 'POST',
        url: ${JSON.stringify(`${base}/api/v1/approvals/${id}/approve`)},
        authType: 'BEARER_TOKEN',
        authFields: { token: ${JSON.stringify(key)} },
      });
      return r;`);
    assert.equal(attack.isError, true, textOf(attack));
    assert.match(textOf(attack), /not allowed: approval decisions are made by people/);
    const cont = await client.callTool({ name: 'switchboard_execute', arguments: { approvalId: id } });
    assert.equal((cont.structuredContent as any).status, 'approval_pending');
    noToken(cont);
    assert.equal((await request(id)).status, 'pending');
    assert.equal(await written('code'), 0);
  });
});
