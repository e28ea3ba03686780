import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, type TestApp } from '../../../test/harness.js';
import { Receiver } from '../../../test/receiver.js';
import { analyzeCode, batchPreview, toolSurfaceHash, type ToolSurfaceEntry } from './code-analysis.js';

const surface: ToolSurfaceEntry[] = [
  { alias: 'gmail', integrationName: 'gmail', actions: ['send_email', 'list_messages'] },
  { alias: 'files', integrationName: 'storage', actions: ['write_file', 'read_file', 'delete_file'] },
  { alias: 'http', integrationName: 'http', actions: ['send_request'] },
];

describe('Code Mode analysis (static, before running)', () => {
  it('predicts tool calls with their static arguments, domains and storage paths, with high confidence', () => {
    const code = `
      const to = 'cfo@acme.com';
      const msgs = await switchboard.gmail.list_messages({ query: 'invoice' });
      if (msgs.length > 0) {
        await switchboard.gmail.send_email({ to, subject: 'Invoices', body: 'see https://reports.acme.com/q3' });
      }
      await switchboard['files'].write_file({ path: './finance/../finance/q3.csv', content: 'a,b' });
    `;
    const a = analyzeCode(code, surface);
    assert.equal(a.parseError, null);
    assert.deepEqual(a.predictedTools, ['gmail.list_messages', 'gmail.send_email', 'files.write_file']);
    const send = a.predictedCalls.find((c) => c.tool === 'gmail.send_email')!;
    assert.deepEqual(send.staticInput, { to: 'cfo@acme.com', subject: 'Invoices', body: 'see https://reports.acme.com/q3' });
    assert.equal(send.conditional, true);
    assert.equal(send.repeated, false);
    assert.equal(send.integrationName, 'gmail');
    assert.deepEqual(a.externalDomains, ['acme.com', 'reports.acme.com']);
    assert.deepEqual(a.storageIndicators, ['files.write_file: finance/q3.csv']);
    assert.deepEqual(a.dynamicSignals, []);
    assert.equal(a.analysisConfidence, 'high');
    assert.match(a.codeHash, /^[0-9a-f]{64}$/);
    assert.equal(a.toolSurfaceHash, toolSurfaceHash([...surface].reverse()), 'the surface hash ignores order');
  });

  it('follows aliases of the root and of apps, and names what it cannot know', () => {
    const code = `
      const sb = switchboard;
      const { gmail } = sb;
      const f = switchboard.files;
      for (const user of input.users) {
        await gmail.send_email({ to: user.email, subject: 'Hi' });
      }
      await f.delete_file({ path: 'tmp/x' });
      await [1, 2].map((n) => switchboard.http.send_request({ url: 'https://api.partner.io/v' + n, method: 'POST' }));
    `;
    const a = analyzeCode(code, surface);
    assert.deepEqual(a.predictedTools, ['gmail.send_email', 'files.delete_file', 'http.send_request']);
    const send = a.predictedCalls[0]!;
    assert.equal(send.repeated, true);
    assert.equal(send.dynamicInput, true);
    assert.deepEqual(send.staticInput, { subject: 'Hi' });
    assert.ok(a.predictedCalls[2]!.repeated, 'calls inside map() may run several times');
    assert.ok(a.dynamicSignals.some((s) => /gmail.send_email may run several times/.test(s)));
    assert.ok(a.dynamicSignals.some((s) => /some input of gmail.send_email is only known at run time/.test(s)));
    assert.equal(a.analysisConfidence, 'medium');
  });

  it('is low-confidence for computed tools, eval, unknown tools and code that does not parse', () => {
    const computed = analyzeCode(`const app = pick(); await switchboard[app].send_email({}); eval('x');`, surface);
    assert.equal(computed.analysisConfidence, 'low');
    assert.ok(computed.dynamicSignals.some((s) => /chosen at run time/.test(s)));
    assert.ok(computed.dynamicSignals.some((s) => /eval runs code/.test(s)));
    const unknown = analyzeCode(`await switchboard.slack.post_message({ channel: '#x' })`, surface);
    assert.deepEqual(unknown.predictedTools, ['slack.post_message']);
    assert.ok(unknown.dynamicSignals.some((s) => /slack.post_message is not a tool of this server/.test(s)));
    assert.equal(unknown.analysisConfidence, 'low');
    const broken = analyzeCode('await switchboard.gmail.send_email({', surface);
    assert.equal(broken.analysisConfidence, 'low');
    assert.ok(broken.parseError);
    assert.equal(analyzeCode('1', surface).codeHash === analyzeCode('2', surface).codeHash, false);
  });
});

describe('Code Mode analysis: approval groups from the real policies', () => {
  let t: TestApp;
  before(async () => {
    t = await startApp();
  });
  after(async () => t.close());

  it('groups predicted calls by the policy that governs each; one approval per group shares a codeRunId', async () => {
    const { key, orgId } = await t.tenant();
    const ws = (await t.workspace(key)).id;
    const sending = await t.post('/api/v1/approval-policies', key, {
      name: 'Outbound email',
      workspaceId: ws,
      riskMode: 'rules',
      rules: { actionCategories: ['send'] },
    });
    const files = await t.post('/api/v1/approval-policies', key, {
      name: 'Finance files',
      priority: 50,
      rules: { storagePathPrefixes: ['finance/'] },
    });
    await t.post('/api/v1/approval-policies', key, { name: 'Only tools mode', riskMode: 'always', sources: ['mcp_tools'] });
    const code = `
      await switchboard.gmail.send_email({ to: 'a@b.com', subject: 's' });
      await switchboard.files.write_file({ path: 'finance/q3.csv', content: 'x' });
      await switchboard.files.read_file({ path: 'public/readme.md' });
      await switchboard.gmail.list_messages({});
    `;
    const analysis = analyzeCode(code, surface);
    const plan = await t.app.services.codeRunApprovals.plan(
      orgId,
      { workspaceId: ws, mcpServerId: null, endUserId: null, endUserExternalId: null, apiKeyId: null },
      analysis,
    );
    assert.deepEqual(
      plan.groups.map((g) => ({ id: g.approvalPolicyId, name: g.approvalPolicyName, tools: g.tools })),
      [
        { id: sending.body.policy.id, name: 'Outbound email', tools: ['gmail.send_email'] },
        { id: files.body.policy.id, name: 'Finance files', tools: ['files.write_file'] },
      ],
    );
    assert.deepEqual(plan.approvalRequiredTools, ['gmail.send_email', 'files.write_file']);
    const preview = batchPreview(analysis, 'run_1', plan.groups, plan.approvalRequiredTools, null);
    assert.equal(preview.type, 'mcp_code_batch_run');
    assert.equal(preview.codeRunId, 'run_1');
    assert.equal(preview.approvalGroups.length, 2);
    assert.deepEqual(preview.predictedTools, ['gmail.send_email', 'files.write_file', 'files.read_file', 'gmail.list_messages']);
    assert.match(preview.impactSummary, /gmail.send_email ×1/);
    assert.equal(preview.codeHash, analysis.codeHash);
  });
});

describe('Code Mode batch approvals: pause, continuation, the run through the gate', () => {
  let t: TestApp;
  let hooks: Receiver;
  before(async () => {
    t = await startApp({ SWITCHBOARD_EGRESS_ALLOW: '127.0.0.1', SWITCHBOARD_DELIVERY_POLL_MS: '50' });
    hooks = await new Receiver().start();
  });
  after(async () => {
    await t.close();
    await hooks.close();
  });

  const tools: ToolSurfaceEntry[] = [
    { alias: 'hash-encode', integrationName: 'hash-encode', actions: ['hash', 'encode'] },
    { alias: 'datetime', integrationName: 'datetime', actions: ['format_date', 'date_math'] },
  ];
  const code = `
    const h = await switchboard['hash-encode'].hash({ text: 'quarterly report', algorithm: 'sha256' });
    const d = await switchboard.datetime.date_math({ date: '2026-01-01T00:00:00Z', operation: 'add', amount: 3, unit: 'days' });
    return { h, d };
  `;

  async function setup() {
    const { key, orgId } = await t.tenant();
    const ws = (await t.workspace(key)).id;
    const hashing = (
      await t.post('/api/v1/approval-policies', key, {
        name: 'Hashing',
        workspaceId: ws,
        riskMode: 'always',
        sources: ['mcp_code'],
        actionNames: ['hash'],
        approvers: [{ type: 'webhook', webhookUrl: hooks.url(`/code-${ws}`) }],
      })
    ).body.policy;
    const dates = (
      await t.post('/api/v1/approval-policies', key, {
        name: 'Date math',
        priority: 50,
        riskMode: 'always',
        sources: ['mcp_code'],
        actionNames: ['date_math'],
      })
    ).body.policy;
    const run = { workspaceId: ws, mcpServerId: null, endUserId: null, endUserExternalId: null, apiKeyId: null };
    const { Access } = await import('../../platform/http/access.js');
    const caller = { orgId, access: Access.full(), plan: 'enterprise' };
    const call = (
      integrationName: string,
      actionName: string,
      input: Record<string, unknown>,
      gateContext: Record<string, unknown>,
    ) =>
      t.app.services.engine.execute(caller, {
        source: 'mcp_code',
        workspaceId: ws,
        integrationName,
        actionName,
        input,
        gateContext,
      });
    return { key, orgId, ws, hashing, dates, run, call, hookPath: `/code-${ws}` };
  }

  it('pauses with one approval per policy group sharing a codeRunId; continuations return the next pending approval, then the run goes through', async () => {
    const { key, orgId, hashing, dates, run, call, hookPath } = await setup();
    const analysis = analyzeCode(code, tools);
    const runs = t.app.services.codeRunApprovals;
    const plan = await runs.pause(orgId, run, analysis, { intentSummary: 'Hash a report and compute a date' });
    assert.equal(plan.status, 'approval_required');
    if (plan.status !== 'approval_required') return;
    assert.equal(plan.approvals.length, 2);
    const [first, second] = plan.approvals;
    const stored = (await t.get(`/api/v1/approvals/${first!.id}`, key)).body.approval;
    assert.equal(stored.source, 'mcp_code');
    assert.equal(stored.codeRunId, plan.codeRunId);
    assert.equal(stored.inputPreview.type, 'mcp_code_batch_run');
    assert.equal(stored.inputPreview.codeRunId, plan.codeRunId);
    assert.equal(stored.inputPreview.intentSummary, 'Hash a report and compute a date');
    assert.deepEqual(
      stored.inputPreview.approvalGroups.map((g: { approvalPolicyName: string; tools: string[] }) => [
        g.approvalPolicyName,
        g.tools,
      ]),
      [
        ['Hashing', ['hash-encode.hash']],
        ['Date math', ['datetime.date_math']],
      ],
    );
    assert.equal(stored.inputPreview.codeHash, analysis.codeHash);
    assert.equal(stored.inputPreview.toolSurfaceHash, analysis.toolSurfaceHash);
    assert.equal((await t.get(`/api/v1/approvals/${second!.id}`, key)).body.approval.codeRunId, plan.codeRunId);
    assert.deepEqual(
      [stored.policyId, (await t.get(`/api/v1/approvals/${second!.id}`, key)).body.approval.policyId],
      [hashing.id, dates.id],
    );

    const hook = await hooks.waitFor(() => hooks.to(hookPath).find((r) => r.json.event === 'approval.requested'));
    assert.equal(hook.json.approval.id, first!.id);
    assert.deepEqual(hook.json.approval.codeRun.continuation, { tool: 'execute_code', arguments: { approvalId: first!.id } });
    assert.equal(hook.json.approval.codeRun.codeRunId, plan.codeRunId);
    assert.equal(hook.json.approval.codeRun.codeHash, analysis.codeHash);
    assert.equal(hook.json.approval.codeRun.approvalGroups.length, 2);
    assert.equal(hook.json.approval.codeRun.type, 'mcp_code_batch_run');

    const gate = { codeRunId: plan.codeRunId, codeHash: analysis.codeHash };
    const blocked = await call('hash-encode', 'hash', { text: 'quarterly report', algorithm: 'sha256' }, gate);
    assert.equal(blocked.status, 'approval_required', 'nothing runs before its group is approved');
    // That call's own request belongs to the run too (a continuation would show it); approve it out of the way.
    if (blocked.status === 'approval_required')
      assert.equal((await t.post(`/api/v1/approvals/${blocked.approval.id}/approve`, key, {})).status, 200);

    const s0 = await runs.continueWith(orgId, first!.id, 0);
    assert.equal(s0.status, 'pending');
    assert.equal(s0.next?.id, first!.id);
    await t.post(`/api/v1/approvals/${first!.id}/approve`, key, {});
    const s1 = await runs.continueWith(orgId, first!.id, 0);
    assert.equal(s1.status, 'pending');
    assert.equal(s1.next?.id, second!.id, 'the next pending approval');

    // A continuation that waits sees the decision made meanwhile.
    let decided: Promise<{ status: number; text: string }> | null = null;
    setTimeout(() => (decided = t.post(`/api/v1/approvals/${second!.id}/approve`, key, {})), 100);
    const s2 = await runs.continueWith(orgId, second!.id, 10, 20);
    const d2 = await (decided as unknown as Promise<{ status: number; text: string }>);
    assert.equal(d2.status, 200, d2.text);
    assert.equal(s2.status, 'approved');
    assert.equal(s2.next, null);

    const h = await call('hash-encode', 'hash', { text: 'quarterly report', algorithm: 'sha256' }, gate);
    assert.equal(h.status, 'success');
    const d = await call(
      'datetime',
      'date_math',
      { date: '2026-01-01T00:00:00Z', operation: 'add', amount: 3, unit: 'days' },
      gate,
    );
    assert.equal(d.status, 'success');
    assert.equal(await runs.finish(orgId, plan.codeRunId, 'success'), 3, 'both batch approvals and the per-call one');
    assert.equal((await runs.state(orgId, plan.codeRunId)).status, 'consumed');
    const otherCode = await call(
      'hash-encode',
      'hash',
      { text: 'x', algorithm: 'sha256' },
      { codeRunId: 'run_other', codeHash: 'f'.repeat(64) },
    );
    assert.equal(otherCode.status, 'approval_required', 'another run is not covered');
    const after = await call('hash-encode', 'hash', { text: 'quarterly report', algorithm: 'sha256' }, gate);
    assert.equal(after.status, 'approval_required', 'a finished run approves nothing more');
  });

  it('a rejected group ends the run; a block stops it before anything is asked; no policy leaves it clear', async () => {
    const { key, orgId, hashing, run, call } = await setup();
    const runs = t.app.services.codeRunApprovals;
    const analysis = analyzeCode(code, tools);
    const plan = await runs.pause(orgId, run, analysis);
    assert.equal(plan.status, 'approval_required');
    if (plan.status !== 'approval_required') return;
    await t.post(`/api/v1/approvals/${plan.approvals[0]!.id}/approve`, key, {});
    const input = { text: 'quarterly report', algorithm: 'sha256' };
    const changed = await call('hash-encode', 'hash', input, { codeRunId: plan.codeRunId, codeHash: 'f'.repeat(64) });
    assert.equal(changed.status, 'approval_required', 'an approval covers only the code it was judged on');
    assert.equal(
      (await call('hash-encode', 'hash', input, { codeRunId: plan.codeRunId, codeHash: analysis.codeHash })).status,
      'success',
    );
    await t.post(`/api/v1/approvals/${plan.approvals[1]!.id}/reject`, key, { reason: 'no date math' });
    const s = await runs.continueWith(orgId, plan.approvals[0]!.id, 0);
    assert.equal(s.status, 'rejected');
    assert.equal(s.next, null);
    await assert.rejects(runs.continueWith(orgId, 'apr_missing', 0), /not found/i);

    await t.patch(`/api/v1/approval-policies/${hashing.id}`, key, { decision: 'block' });
    const blocked = await runs.pause(orgId, run, analyzeCode(code, tools));
    assert.equal(blocked.status, 'blocked');
    if (blocked.status === 'blocked') assert.equal(blocked.blockedBy.approvalPolicyName, 'Hashing');
    const clear = await runs.pause(
      orgId,
      run,
      analyzeCode(`await switchboard['hash-encode'].encode({ text: 'a', encoding: 'base64' })`, tools),
    );
    assert.equal(clear.status, 'clear');
  });
});
