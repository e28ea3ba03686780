import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { approvalRequests, mcpCodeRuns } from '../../platform/db/schema.js';
import type { TestApp } from '../../../test/harness.js';
import { startAcmeApi, type AcmeApi } from '../../../test/fixtures/acme-api.js';
import { codeModeWorld, mcpClient, startHttpApp } from '../../../test/mcp.js';

type ToolResult = { content: Array<{ type: string; text: string }>; structuredContent: any; isError: boolean };

/**
 * Code Mode batch approvals (docs/decisions/0067), over MCP and REST: the code is analysed before it runs; one
 * approval per policy group, sharing the run's codeRunId; `{approvalId}` continuations answer the next pending
 * approval, a failure when one was refused, or the run's result once all are approved.
 */
describe('Code Mode batch approvals', () => {
  let t: TestApp;
  let acme: AcmeApi;
  let key: string;
  let ws: string;
  let server: { id: string; mcpEndpoint: string };
  let aliceToken: string;
  let messages: { id: string };
  let hashing: { id: string };
  const clients: Client[] = [];
  const connect = async () => {
    const c = await mcpClient(server.mcpEndpoint, aliceToken);
    clients.push(c);
    return c;
  };
  const execute = async (client: Client, args: Record<string, unknown>) =>
    (await client.callTool({ name: 'switchboard_execute', arguments: args })) as unknown as ToolResult;
  const decide = async (approvalId: string, action: 'approve' | 'reject') => {
    const res = await t.post(`/api/v1/approvals/${approvalId}/${action}`, key, {});
    assert.equal(res.status, 200, res.text);
  };
  const approval = async (id: string) => (await t.get(`/api/v1/approvals/${id}`, key)).body.approval;
  const ofRun = (codeRunId: string) =>
    t.db.orm
      .select()
      .from(approvalRequests)
      .where(eq(approvalRequests.codeRunId, codeRunId))
      .orderBy(asc(approvalRequests.createdAt));
  /** Executions recorded for the workspace's Code Mode runs (the activity log, flushed by the list). */
  const executions = async () =>
    (await t.get(`/api/v1/activity?workspaceId=${ws}&source=mcp_code&limit=100`, key)).body.activity.length as number;

  // whoami (no policy), send_message ("Messages need review"), hash ("Hashing needs review"): two policy groups.
  const code = `
    const me = await switchboard.acme.whoami({});
    const sent = await switchboard.acme.send_message({ channel: 'ops', text: 'report for ' + me.account });
    const digest = await switchboard['hash-encode'].hash({ text: 'quarterly report' });
    return { me: me.account, sent: sent.text, digest: digest.hash.length };`;

  before(async () => {
    ({ t } = await startHttpApp({ SWITCHBOARD_CODE_MODE_TIMEOUT_MS: '5000', SWITCHBOARD_CODE_MODE_MEMORY_MB: '32' }));
    acme = await startAcmeApi();
    t.app.services.registry.register(acme.integration);
    acme.accounts.set('key-alice', 'Alice Co');
    ({ key, ws, server, aliceToken } = await codeModeWorld(t, 'Gated code'));
    const policy = async (body: Record<string, unknown>) => {
      const res = await t.post('/api/v1/approval-policies', key, { workspaceId: ws, riskMode: 'always', ...body });
      assert.equal(res.status, 201, res.text);
      return res.body.policy as { id: string };
    };
    messages = await policy({ name: 'Messages need review', integrationNames: ['acme'], actionNames: ['send_message'] });
    hashing = await policy({ name: 'Hashing needs review', priority: 50, actionNames: ['hash'] });
  });
  after(async () => {
    for (const c of clients) await c.close().catch(() => undefined);
    await t.close();
    await acme.close();
  });

  it('pauses before running with one approval per policy group, continues group by group, then runs once', async () => {
    const client = await connect();
    const upstream = acme.received.length;
    const ran = await executions();

    const paused = await execute(client, { code });
    assert.equal(paused.isError, false, paused.content[0]!.text);
    const sc = paused.structuredContent;
    assert.equal(sc.status, 'approval_pending');
    assert.equal(sc.actionsExecuted, 0);
    assert.match(sc.codeRunId, /^[0-9a-f-]{36}$/);
    assert.equal(sc.approvals.length, 2);
    const [first, second] = sc.approvals as Array<{
      id: string;
      call: string;
      tools: string[];
      approvalPolicyName: string;
      approvalUrl: string;
    }>;
    assert.equal(sc.approval.id, first!.id);
    assert.deepEqual(
      sc.approvals.map((a: any) => [a.approvalPolicyName, a.tools, a.call]),
      [
        ['Messages need review', ['acme.send_message'], 'switchboard.acme.send_message'],
        ['Hashing needs review', ['hash-encode.hash'], 'switchboard.hash-encode.hash'],
      ],
    );
    assert.deepEqual(sc.approvalGroup, {
      total: 2,
      pending: 2,
      groups: [
        { approvalId: first!.id, approvalPolicyName: 'Messages need review', tools: ['acme.send_message'], status: 'pending' },
        { approvalId: second!.id, approvalPolicyName: 'Hashing needs review', tools: ['hash-encode.hash'], status: 'pending' },
      ],
    });
    assert.deepEqual(sc.continuation, { tool: 'switchboard_execute', arguments: { approvalId: first!.id } });
    assert.match(
      paused.content[0]!.text,
      /^\*\*Approval required\.\*\* The code has not run: it needs 2 approvals \(one per policy\)/,
    );

    // Nothing ran: not even whoami, which no policy governs.
    assert.equal(acme.received.length, upstream);
    assert.equal(await executions(), ran);

    // Both requests are batch approvals of this run: same codeRunId, the analysis as their preview.
    const rows = await ofRun(sc.codeRunId);
    assert.deepEqual(
      rows.map((r) => [r.id, r.policyId, r.status, r.source, r.actionName]),
      [
        [first!.id, messages.id, 'pending', 'mcp_code', 'execute_code'],
        [second!.id, hashing.id, 'pending', 'mcp_code', 'execute_code'],
      ],
    );
    const preview = (await approval(first!.id)).inputPreview;
    assert.equal(preview.type, 'mcp_code_batch_run');
    assert.equal(preview.codeRunId, sc.codeRunId);
    assert.equal(preview.codeHash, createHash('sha256').update(code).digest('hex'));
    assert.match(preview.toolSurfaceHash, /^[0-9a-f]{64}$/);
    assert.deepEqual(preview.predictedTools, ['acme.whoami', 'acme.send_message', 'hash-encode.hash']);
    assert.deepEqual(preview.approvalRequiredTools, ['acme.send_message', 'hash-encode.hash']);
    assert.deepEqual(
      preview.approvalGroups.map((g: any) => [g.approvalPolicyName, g.tools]),
      [
        ['Messages need review', ['acme.send_message']],
        ['Hashing needs review', ['hash-encode.hash']],
      ],
    );
    assert.equal(preview.analysisConfidence, 'medium', 'the message text is known only at run time');
    assert.equal((await approval(second!.id)).inputPreview.codeRunId, sc.codeRunId);
    assert.equal((await approval(first!.id)).endUserId, 'alice');
    const [run] = await t.db.orm.select().from(mcpCodeRuns).where(eq(mcpCodeRuns.id, sc.codeRunId));
    assert.equal(run!.status, 'approval_pending');
    assert.deepEqual(run!.approvalIds, [first!.id, second!.id]);

    // Undecided: the continuation answers at once with the first pending approval.
    const still = await execute(client, { approvalId: first!.id, waitForApprovalSeconds: 0 });
    assert.equal(still.structuredContent.status, 'approval_pending');
    assert.equal(still.structuredContent.approval.id, first!.id);
    assert.equal(still.structuredContent.approval.hostedApprovalUrl, null, 'an agent never gets the bearer link (0092)');
    assert.equal(still.structuredContent.approval.approvalUrl, first!.approvalUrl, 'the review page link is kept');

    // First group approved: the next continuation asks for the second one; still nothing ran.
    await decide(first!.id, 'approve');
    const next = await execute(client, { approvalId: first!.id });
    assert.equal(next.structuredContent.status, 'approval_pending');
    assert.equal(next.structuredContent.approval.id, second!.id);
    assert.equal(next.structuredContent.approvals, undefined, 'only one is left');
    assert.deepEqual(
      next.structuredContent.approvalGroup.groups.map((g: any) => g.status),
      ['approved', 'pending'],
    );
    assert.deepEqual(next.structuredContent.continuation.arguments, { approvalId: second!.id });
    assert.equal(acme.received.length, upstream);

    // Both approved: the code runs, the approved groups cover their calls (no per-call approval), once.
    await decide(second!.id, 'approve');
    const done = await execute(client, { approvalId: second!.id });
    assert.equal(done.isError, false, done.content[0]!.text);
    assert.equal(done.structuredContent.status, 'completed');
    assert.deepEqual(done.structuredContent.output, { me: 'Alice Co', sent: 'report for Alice Co', digest: 64 });
    assert.equal(done.structuredContent.actionsExecuted, 3);
    assert.equal(done.structuredContent.codeRunId, sc.codeRunId);
    assert.equal(acme.received.length, upstream + 2, 'whoami and send_message, once each');
    assert.equal(await executions(), ran + 3);

    const after = await ofRun(sc.codeRunId);
    assert.deepEqual(
      after.map((r) => [r.id, r.status, r.runStatus]),
      [
        [first!.id, 'consumed', 'success'],
        [second!.id, 'consumed', 'success'],
      ],
    );
    // A finished run answers its result again and runs nothing.
    const again = await execute(client, { approvalId: first!.id });
    assert.deepEqual(again.structuredContent.output, done.structuredContent.output);
    assert.equal(acme.received.length, upstream + 2);
  });

  it('a rejected group fails the run without running anything, and uses up the approved ones', async () => {
    const client = await connect();
    const upstream = acme.received.length;
    const ran = await executions();
    const paused = await execute(client, { code });
    const [first, second] = paused.structuredContent.approvals as Array<{ id: string }>;
    await decide(first!.id, 'approve');
    await decide(second!.id, 'reject');
    const done = await execute(client, { approvalId: first!.id });
    assert.equal(done.isError, true);
    assert.equal(done.structuredContent.status, 'failed');
    assert.equal(done.structuredContent.error.name, 'APPROVAL_REJECTED');
    assert.equal(
      done.structuredContent.error.message,
      `The approval ${second!.id} (policy "Hashing needs review": hash-encode.hash) was rejected; the code did not run.`,
    );
    assert.equal(acme.received.length, upstream);
    assert.equal(await executions(), ran);
    const rows = await ofRun(paused.structuredContent.codeRunId);
    assert.deepEqual(
      rows.map((r) => [r.status, r.runStatus]),
      [
        ['consumed', 'failed'],
        ['rejected', null],
      ],
    );
    const again = await execute(client, { approvalId: second!.id });
    assert.equal(again.structuredContent.error.name, 'APPROVAL_REJECTED', 'the ended run keeps its answer');
  });

  it('rejecting one group while another is pending cancels the pending one: the run cannot go on', async () => {
    const client = await connect();
    const paused = await execute(client, { code });
    const [first, second] = paused.structuredContent.approvals as Array<{ id: string }>;
    await decide(first!.id, 'reject');
    const sibling = await t.get(`/api/v1/approvals/${second!.id}`, key);
    assert.equal(sibling.body.approval.status, 'canceled');
    assert.deepEqual(sibling.body.approval.decidedBy, { type: 'code_run', approvalId: first!.id });
    const approve = await t.post(`/api/v1/approvals/${second!.id}/approve`, key, {});
    assert.equal(approve.status, 409, 'nothing left to approve');
    const done = await execute(client, { approvalId: second!.id });
    assert.equal(done.structuredContent.error.name, 'APPROVAL_REJECTED');
  });

  it('a blocking policy stops the run before anything runs or is asked', async () => {
    const client = await connect();
    const upstream = acme.received.length;
    await t.patch(`/api/v1/approval-policies/${hashing.id}`, key, { decision: 'block' });
    try {
      const blocked = await execute(client, { code });
      assert.equal(blocked.isError, true);
      assert.equal(blocked.structuredContent.status, 'failed');
      assert.equal(blocked.structuredContent.error.name, 'APPROVAL_POLICY_BLOCKED');
      assert.match(
        blocked.structuredContent.error.message,
        /^Approval policy "Hashing needs review" blocks switchboard\.hash-encode\.hash: .+ The code did not run\.$/,
      );
      assert.match(blocked.content[0]!.text, /APPROVAL_POLICY_BLOCKED/);
      assert.equal(blocked.structuredContent.codeRunId, undefined);
      assert.equal(acme.received.length, upstream);
      const pending = await t.get(`/api/v1/approvals?workspaceId=${ws}&status=pending`, key);
      assert.equal(pending.body.approvals.length, 0, 'no approval is asked for a blocked run');
      // The REST endpoint answers the same way.
      const rest = await t.post(`/api/v1/mcp/servers/${server.id}/execute-code`, key, { code });
      assert.equal(rest.status, 200, rest.text);
      assert.equal(rest.body.structuredContent.error.name, 'APPROVAL_POLICY_BLOCKED');
    } finally {
      await t.patch(`/api/v1/approval-policies/${hashing.id}`, key, { decision: 'require_approval' });
    }
  });

  it('a call the analysis cannot predict still meets the gate at run time, inside the approved run', async () => {
    const client = await connect();
    const upstream = acme.received.length;
    // The hash call is predicted (one batch approval); the message action is chosen at run time.
    const paused = await execute(client, {
      code: `const d = await switchboard['hash-encode'].hash({ text: 'x' });
             const m = await switchboard.acme[['send', 'message'].join('_')]({ channel: 'ops', text: 'dyn' });
             return d.hash.length + m.text.length;`,
    });
    const sc = paused.structuredContent;
    assert.equal(sc.status, 'approval_pending');
    assert.equal(sc.approvals, undefined);
    assert.equal(sc.approval.approvalPolicyName, 'Hashing needs review');
    await decide(sc.approval.id, 'approve');
    const gated = await execute(client, { approvalId: sc.approval.id });
    assert.equal(gated.structuredContent.status, 'approval_pending');
    assert.equal(gated.structuredContent.approval.call, 'switchboard.acme.send_message');
    assert.equal(gated.structuredContent.actionsExecuted, 1, 'hash ran under the batch approval');
    assert.equal(acme.received.length, upstream);
    const perCall = await approval(gated.structuredContent.approval.id);
    assert.equal(perCall.codeRunId, sc.codeRunId, 'the per-call request belongs to the run');
    assert.equal(perCall.actionName, 'send_message');
    await decide(perCall.id, 'approve');
    const done = await execute(client, { approvalId: perCall.id });
    assert.equal(done.structuredContent.status, 'completed', done.content[0]!.text);
    assert.equal(done.structuredContent.output, 67);
    assert.equal(acme.received.length, upstream + 1);
    assert.deepEqual(
      (await ofRun(sc.codeRunId)).map((r) => r.status),
      ['consumed', 'consumed'],
    );
  });

  it('continues over REST the same way, waiting up to waitForApprovalSeconds (0 to 60, server default)', async () => {
    const scoped = (
      await t.post('/api/v1/mcp/servers', key, { name: 'Alice gated', workspaceId: ws, mode: 'CODE', endUserId: 'alice' })
    ).body.server;
    const exec = (body: unknown) => t.post(`/api/v1/mcp/servers/${scoped.id}/execute-code`, key, body);
    const paused = await exec({ code });
    assert.equal(paused.status, 200, paused.text);
    const [first, second] = paused.body.structuredContent.approvals as Array<{ id: string }>;
    assert.equal((await ofRun(paused.body.structuredContent.codeRunId)).length, 2);

    for (const bad of [-1, 61, 1.5]) {
      const res = await exec({ approvalId: first!.id, waitForApprovalSeconds: bad });
      assert.equal(res.status, 400, `waitForApprovalSeconds ${bad}`);
    }
    const mcpBad = await execute(await connect(), { approvalId: first!.id, waitForApprovalSeconds: 61 });
    assert.equal(mcpBad.isError, true);
    assert.match(mcpBad.content[0]!.text, /waitForApprovalSeconds must be an integer from 0 to 60/);

    // A continuation that waits sees the decision made meanwhile and moves on to the next approval.
    await decide(first!.id, 'approve');
    const timer = setTimeout(() => void decide(second!.id, 'approve'), 300);
    const t0 = Date.now();
    const done = await exec({ approvalId: first!.id, waitForApprovalSeconds: 20 });
    clearTimeout(timer);
    assert.equal(done.body.structuredContent.status, 'completed', done.text);
    assert.ok(Date.now() - t0 < 10_000);
    assert.deepEqual(done.body.structuredContent.output, { me: 'Alice Co', sent: 'report for Alice Co', digest: 64 });

    // Without waitForApprovalSeconds, the server's settings.codeMode.approvalWaitSeconds applies.
    await t.patch(`/api/v1/mcp/servers/${scoped.id}`, key, { settings: { codeMode: { approvalWaitSeconds: 20 } } });
    const next = await exec({ code: `return (await switchboard['hash-encode'].hash({ text: 'waited' })).hash.length` });
    const id = next.body.structuredContent.approval.id;
    const later = setTimeout(() => void decide(id, 'approve'), 300);
    const finished = await exec({ approvalId: id });
    clearTimeout(later);
    assert.equal(finished.body.structuredContent.output, 64);
    // With 0 the continuation answers at once.
    const quick = await exec({ code: `return (await switchboard['hash-encode'].hash({ text: 'now' })).hash.length` });
    const t1 = Date.now();
    const pending = await exec({ approvalId: quick.body.structuredContent.approval.id, waitForApprovalSeconds: 0 });
    assert.equal(pending.body.structuredContent.status, 'approval_pending');
    assert.ok(Date.now() - t1 < 2000);
  });
});
