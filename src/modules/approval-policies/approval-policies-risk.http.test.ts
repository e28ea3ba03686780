import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startApp, type TestApp } from '../../../test/harness.js';

/** A local stand-in for an OpenAI-compatible chat-completions API; `answer` decides what the "model" says. */
class ModelStandIn {
  requests: any[] = [];
  answer: (q: any) => { status?: number; content?: string } = () => ({
    content: JSON.stringify({ requiresApproval: true, reasons: ['large transfer'] }),
  });
  private server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const parsed = JSON.parse(body) as { messages: Array<{ content: string }> };
      this.requests.push({ path: req.url, auth: req.headers.authorization, body: parsed });
      const a = this.answer(JSON.parse(parsed.messages[1]!.content));
      res
        .writeHead(a.status ?? 200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: a.content ?? '' } }] }));
    });
  });
  async start() {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    return this;
  }
  get url() {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }
  close() {
    return new Promise<void>((r) => this.server.close(() => r()));
  }
}

describe('approval policies: the test endpoint', () => {
  let t: TestApp;
  before(async () => {
    t = await startApp({ SWITCHBOARD_EGRESS_ALLOW: '127.0.0.1' });
  });
  after(async () => t.close());

  const testCall = (key: string, policy: Record<string, unknown>, context: Record<string, unknown>) =>
    t.post('/api/v1/approval-policies/test', key, {
      policy,
      context: { integrationName: 'gmail', actionName: 'send_email', ...context },
    });

  it('test: each decision and risk mode, each rule type, no side effects', async () => {
    const { key } = await t.tenant();
    const ws = await t.workspace(key);
    for (const decision of ['require_approval', 'notify_only', 'block', 'auto_approve']) {
      const r = await testCall(key, { riskMode: 'always', decision }, {});
      assert.deepEqual({ decision: r.body.decision, matched: r.body.matched }, { decision, matched: true });
    }
    const notMatched = await testCall(key, { riskMode: 'always', sources: ['mcp_tools'] }, { source: 'rest' });
    assert.deepEqual(notMatched.body, {
      decision: 'none',
      matched: false,
      reasons: ['source rest is not in sources [mcp_tools]'],
    });
    // Defaults (riskMode rules, no rules): rules narrow a policy, so none configured covers every matching call.
    const noRules = await testCall(key, {}, {});
    assert.deepEqual(noRules.body, {
      decision: 'require_approval',
      matched: true,
      reasons: ['no rules are configured: every call matching the filters of "Untitled policy" is covered'],
    });

    const cases: Array<[Record<string, unknown>, Record<string, unknown>, boolean, RegExp]> = [
      [{ actionCategories: ['send'] }, {}, true, /send action/],
      [{ actionCategories: ['payment'] }, {}, false, /no rule fired/],
      [{ amountThresholds: [{ path: 'amount', limit: 100 }] }, { input: { amount: 101 } }, true, /101 at "amount"/],
      [{ amountThresholds: [{ path: 'amount', limit: 100 }] }, { input: { amount: 100 } }, false, /no rule fired/],
      [{ recipientDenylist: ['*@rival.com'] }, { input: { to: 'ceo@rival.com' } }, true, /recipientDenylist/],
      [{ recipientAllowlist: ['*@acme.com'] }, { input: { to: 'ceo@rival.com' } }, true, /recipientAllowlist/],
      [{ recipientAllowlist: ['*@acme.com'] }, { input: { to: 'cfo@acme.com' } }, false, /no rule fired/],
      [{ domainDenylist: ['pastebin.com'] }, { input: { text: 'see https://pastebin.com/raw/x' } }, true, /domainDenylist/],
      [{ domainAllowlist: ['acme.com'] }, { input: { url: 'https://files.acme.com/a' } }, false, /no rule fired/],
      [{ domainAllowlist: ['acme.com'] }, { input: { url: 'https://dropbox.com/a' } }, true, /domainAllowlist/],
      [
        { storagePathPrefixes: ['hr/'] },
        { integrationName: 'storage', actionName: 'delete_file', input: { path: 'public/../hr/salaries.csv' } },
        true,
        /storagePathPrefixes/,
      ],
    ];
    for (const [rules, context, matched, reason] of cases) {
      const r = await testCall(key, { rules, decision: 'require_approval' }, { workspaceId: ws.id, ...context });
      assert.equal(r.status, 200, r.text);
      assert.equal(r.body.matched, matched, JSON.stringify([rules, context, r.body]));
      assert.match(r.body.reasons.join(' | '), reason);
    }
    const fallback = await testCall(key, { riskMode: 'model_assisted', rules: { actionCategories: ['send'] } }, {});
    assert.equal(fallback.body.matched, true);
    assert.match(fallback.body.reasons[0], /no model provider is configured; evaluated the rules instead/);
    assert.equal((await t.get('/api/v1/approval-policies', key)).body.total, 0, 'nothing stored');
    assert.equal((await t.get('/api/v1/approvals', key)).body.total, 0);
    const bad = await t.post('/api/v1/approval-policies/test', key, {
      policy: { priority: 99999 },
      context: { integrationName: 'x', actionName: 'y' },
    });
    assert.equal(bad.status, 400);
    const noCtx = await t.post('/api/v1/approval-policies/test', key, { policy: {} });
    assert.equal(noCtx.status, 400);
  });
});

describe('approval policies with a model provider (riskMode model_assisted)', () => {
  let t: TestApp;
  let model: ModelStandIn;
  before(async () => {
    model = await new ModelStandIn().start();
    t = await startApp({
      SWITCHBOARD_EGRESS_ALLOW: '127.0.0.1',
      SWITCHBOARD_APPROVAL_MODEL_URL: model.url,
      SWITCHBOARD_APPROVAL_MODEL: 'risk-judge-1',
      SWITCHBOARD_APPROVAL_MODEL_API_KEY: 'model-key-abc',
      SWITCHBOARD_APPROVAL_MODEL_TIMEOUT_MS: '2000',
    });
  });
  after(async () => {
    await t.close();
    await model.close();
  });

  it('asks the model with the redacted preview only, and uses its answer; rules stay a floor; failures fall back to rules', async () => {
    const { key } = await t.tenant();
    const call = (input: Record<string, unknown>, rules: Record<string, unknown> = {}) =>
      testCall(key, { riskMode: 'model_assisted', name: 'AI judged', rules }, { input });
    const testCall = (k: string, policy: Record<string, unknown>, context: Record<string, unknown>) =>
      t.post('/api/v1/approval-policies/test', k, {
        policy,
        context: { integrationName: 'gmail', actionName: 'send_email', ...context },
      });

    const risky = await call({ to: 'x@y.com', apiKey: 'sk-live-supersecretvalue-123456' });
    assert.equal(risky.status, 200, risky.text);
    assert.deepEqual(risky.body, {
      decision: 'require_approval',
      matched: true,
      reasons: ['model risk-judge-1: large transfer'],
    });
    const sent = model.requests.at(-1);
    assert.equal(sent.path, '/v1/chat/completions');
    assert.equal(sent.auth, 'Bearer model-key-abc');
    assert.equal(sent.body.model, 'risk-judge-1');
    const question = JSON.parse(sent.body.messages[1].content);
    assert.equal(question.call.inputPreview.apiKey, '[REDACTED]');
    assert.ok(!JSON.stringify(sent.body).includes('supersecretvalue'), 'the model never sees secrets');
    assert.equal(question.policy.name, 'AI judged');

    model.answer = () => ({ content: JSON.stringify({ requiresApproval: false, reasons: ['routine'] }) });
    const calm = await call({ to: 'x@y.com' });
    assert.deepEqual({ matched: calm.body.matched, decision: calm.body.decision }, { matched: false, decision: 'none' });
    assert.match(calm.body.reasons[0], /no approval needed/);
    const floor = await call({ amount: 5000 }, { amountThresholds: [{ path: 'amount', limit: 100 }] });
    assert.equal(floor.body.matched, true, 'a firing rule applies even when the model sees no risk');

    model.answer = () => ({ status: 500 });
    const down = await call({ amount: 5000 }, { amountThresholds: [{ path: 'amount', limit: 100 }] });
    assert.equal(down.body.matched, true);
    assert.match(down.body.reasons[0], /could not answer \(the model provider answered HTTP 500\); evaluated the rules instead/);
    model.answer = () => ({ content: 'I think it is fine' });
    const garbled = await call({ amount: 1 }, { amountThresholds: [{ path: 'amount', limit: 100 }] });
    assert.equal(garbled.body.matched, false);
    assert.match(garbled.body.reasons[0], /not JSON/);
  });
});
