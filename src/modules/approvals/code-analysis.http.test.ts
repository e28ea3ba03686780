import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, type TestApp } from '../../../test/harness.js';
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
    const sending = await t.post('/api/v1/approval-policies', key, { name: 'Outbound email', workspaceId: ws, riskMode: 'rules', rules: { actionCategories: ['send'] } });
    const files = await t.post('/api/v1/approval-policies', key, { name: 'Finance files', priority: 50, rules: { storagePathPrefixes: ['finance/'] } });
    await t.post('/api/v1/approval-policies', key, { name: 'Only tools mode', riskMode: 'always', sources: ['mcp_tools'] });
    const code = `
      await switchboard.gmail.send_email({ to: 'a@b.com', subject: 's' });
      await switchboard.files.write_file({ path: 'finance/q3.csv', content: 'x' });
      await switchboard.files.read_file({ path: 'public/readme.md' });
      await switchboard.gmail.list_messages({});
    `;
    const analysis = analyzeCode(code, surface);
    const plan = await t.app.services.approvals.planCodeRun(orgId, { workspaceId: ws, mcpServerId: null, endUserId: null }, analysis);
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
