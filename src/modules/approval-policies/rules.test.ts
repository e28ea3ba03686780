import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { categorizeAction } from './categories.js';
import { comparePolicies, evaluatePolicy, selectPolicy, type MatchContext, type PolicyDef } from './matching.js';
import { domainMatches, evaluateRules, extractFacts, normalizePath, pathHasPrefix, recipientMatches, valuesAt } from './rules.js';

const facts = (input: Record<string, unknown>, integrationName = 'gmail', actionName = 'send_email') => ({
  integrationName,
  actionName,
  action: categorizeAction({ name: integrationName }, { name: actionName }, input),
  input,
});

describe('action categories', () => {
  it('derives categories from action names and metadata', () => {
    assert.deepEqual(categorizeAction({ name: 'gmail' }, { name: 'send_email' }).categories, ['send']);
    assert.deepEqual(categorizeAction({ name: 'x' }, { name: 'listFiles' }).categories, ['read']);
    assert.deepEqual(categorizeAction({ name: 'x' }, { name: 'delete_file' }).categories, ['delete']);
    assert.deepEqual(
      categorizeAction({ name: 'stripe', categories: ['PAYMENT_PROCESSING'] }, { name: 'create_customer' }).categories,
      ['write', 'payment'],
    );
    assert.deepEqual(categorizeAction({ name: 'x' }, { name: 'refund' }).categories, ['payment']);
    assert.deepEqual(categorizeAction({ name: 'drive' }, { name: 'share_file' }).categories, ['share']);
    assert.deepEqual(categorizeAction({ name: 'storage' }, { name: 'get_download_url' }).categories, ['read', 'share']);
  });
  it('reads the http method for http.send_request, and treats unclassified actions as write', () => {
    assert.deepEqual(categorizeAction({ name: 'http' }, { name: 'send_request' }, { method: 'GET' }).categories, ['read']);
    assert.deepEqual(categorizeAction({ name: 'http' }, { name: 'send_request' }, { method: 'delete' }).categories, ['delete']);
    assert.deepEqual(categorizeAction({ name: 'http' }, { name: 'send_request' }, { method: 'POST' }).categories, [
      'write',
      'send',
    ]);
    assert.deepEqual(categorizeAction({ name: 'x' }, { name: 'frobnicate' }), { categories: ['write'], inferred: true });
  });
});

describe('rule evaluators', () => {
  it('actionCategories fires on a shared category only', () => {
    assert.match(
      evaluateRules({ actionCategories: ['send'] }, facts({}))[0]!,
      /actionCategories: gmail.send_email is a send action/,
    );
    assert.deepEqual(evaluateRules({ actionCategories: ['delete', 'payment'] }, facts({})), []);
    assert.match(evaluateRules({ actionCategories: ['write'] }, facts({}, 'x', 'frobnicate'))[0]!, /treated as write/);
  });

  it('amountThresholds reads paths with indexes and wildcards, numbers and numeric strings, and fires above the limit', () => {
    const input = { amount: 250, order: { total: '99.50' }, items: [{ price: 10 }, { price: 1200 }] };
    assert.deepEqual(valuesAt(input, 'items[*].price'), [10, 1200]);
    assert.deepEqual(valuesAt(input, 'items[1].price'), [1200]);
    assert.deepEqual(valuesAt(input, 'missing.path'), []);
    assert.match(
      evaluateRules({ amountThresholds: [{ path: 'amount', limit: 100 }] }, facts(input))[0]!,
      /250 at "amount" exceeds the limit 100/,
    );
    assert.deepEqual(
      evaluateRules({ amountThresholds: [{ path: 'amount', limit: 250 }] }, facts(input)),
      [],
      'equal to the limit does not exceed it',
    );
    assert.deepEqual(evaluateRules({ amountThresholds: [{ path: 'order.total', limit: 100 }] }, facts(input)), []);
    assert.equal(evaluateRules({ amountThresholds: [{ path: 'order.total', limit: 50 }] }, facts(input)).length, 1);
    assert.match(evaluateRules({ amountThresholds: [{ path: 'items[*].price', limit: 1000 }] }, facts(input))[0]!, /1200/);
    assert.deepEqual(evaluateRules({ amountThresholds: [{ path: 'amount', limit: 1 }] }, facts({ amount: 'lots' })), []);
  });

  it('finds recipients in recipient-like fields and emails anywhere; domains in emails, URLs and host fields', () => {
    const f = extractFacts({
      to: 'Alice <alice@acme.com>, bob@evil.example',
      channel: '#general',
      body: 'see https://docs.partner.io/x and mail carol@partner.io',
      nested: { webhookUrl: 'hooks.zapier.com/abc' },
    });
    for (const r of ['alice@acme.com', 'bob@evil.example', '#general', 'carol@partner.io'])
      assert.ok(f.recipients.includes(r), r);
    for (const d of ['acme.com', 'evil.example', 'docs.partner.io', 'partner.io', 'hooks.zapier.com'])
      assert.ok(f.domains.includes(d), d);
  });

  it('recipient and domain allow and deny lists', () => {
    assert.ok(recipientMatches('a@acme.com', '*@acme.com'));
    assert.ok(recipientMatches('a@acme.com', '@ACME.com'));
    assert.ok(!recipientMatches('a@sub.acme.com', '*@acme.com'));
    assert.ok(recipientMatches('ops-1@acme.com', 'ops-*@acme.com'));
    assert.ok(domainMatches('mail.acme.com', 'acme.com'));
    assert.ok(domainMatches('acme.com', '*.acme.com'));
    assert.ok(!domainMatches('notacme.com', 'acme.com'));
    const input = { to: 'x@acme.com', cc: 'y@gmail.com' };
    assert.match(evaluateRules({ recipientDenylist: ['*@gmail.com'] }, facts(input))[0]!, /recipientDenylist: "y@gmail.com"/);
    assert.match(
      evaluateRules({ recipientAllowlist: ['*@acme.com'] }, facts(input))[0]!,
      /recipientAllowlist: "y@gmail.com" is not on the allowlist/,
    );
    assert.deepEqual(evaluateRules({ recipientAllowlist: ['*@acme.com', '*@gmail.com'] }, facts(input)), []);
    assert.match(evaluateRules({ domainDenylist: ['gmail.com'] }, facts(input))[0]!, /domainDenylist/);
    assert.match(
      evaluateRules({ domainAllowlist: ['acme.com'] }, facts({ url: 'https://api.other.net/v1' }))[0]!,
      /"api.other.net" is not on the allowlist/,
    );
    assert.deepEqual(evaluateRules({ domainAllowlist: ['acme.com'] }, facts({ url: 'https://api.acme.com/v1' })), []);
    assert.deepEqual(evaluateRules({ domainAllowlist: ['acme.com'] }, facts({ text: 'no hosts here' })), []);
  });

  it('storagePathPrefixes normalises paths so ./, // and .. cannot dodge a prefix', () => {
    assert.equal(normalizePath('/public/../secrets//./a.txt'), 'secrets/a.txt');
    assert.ok(pathHasPrefix('public/../secrets/a.txt', '/secrets/'));
    assert.ok(pathHasPrefix('secrets', 'secrets/'));
    assert.ok(!pathHasPrefix('secrets-old/a', 'secrets/'));
    assert.ok(pathHasPrefix('secrets-old/a', 'secrets'));
    assert.match(
      evaluateRules({ storagePathPrefixes: ['finance/'] }, facts({ path: './finance/q3.xlsx' }, 'storage', 'write_file'))[0]!,
      /"finance\/q3.xlsx"/,
    );
    assert.deepEqual(
      evaluateRules({ storagePathPrefixes: ['finance/'] }, facts({ path: 'public/q3.xlsx' }, 'storage', 'write_file')),
      [],
    );
  });
});

const policy = (over: Partial<PolicyDef>): PolicyDef => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'p',
  description: null,
  workspaceId: null,
  enabled: true,
  priority: 100,
  sources: ['rest'],
  mcpServerIds: [],
  workspaceIntegrationIds: [],
  integrationNames: [],
  integrationAliases: [],
  actionNames: [],
  connectionStrategies: [],
  endUserMode: 'any',
  decision: 'require_approval',
  riskMode: 'always',
  rules: {},
  approvers: [],
  timeoutSeconds: 3600,
  defaultOnTimeout: 'reject',
  reuseWindowSeconds: null,
  approvalAccessMode: 'dashboard_and_hosted_link',
  problem: null,
  ...over,
});
const ctx = (over: Partial<MatchContext> = {}): MatchContext => ({
  workspaceId: 'w1',
  source: 'rest',
  mcpServerId: null,
  workspaceIntegrationId: null,
  integrationName: 'gmail',
  integrationAlias: 'gmail',
  integrationCategories: [],
  actionName: 'send_email',
  actionDisplayName: undefined,
  connectionStrategy: 'fixed',
  endUserId: null,
  input: {},
  preview: () => ({}),
  ...over,
});

describe('matching and selection', () => {
  it('every filter narrows; empty filters match everything', async () => {
    const cases: Array<[Partial<PolicyDef>, Partial<MatchContext>, boolean]> = [
      [{ sources: ['mcp_tools'] }, {}, false],
      [{ workspaceId: 'w2' }, {}, false],
      [{ mcpServerIds: ['m1'] }, { mcpServerId: 'm1' }, true],
      [{ mcpServerIds: ['m1'] }, {}, false],
      [{ workspaceIntegrationIds: ['wi1'] }, { workspaceIntegrationId: 'wi2' }, false],
      [{ integrationNames: ['slack'] }, {}, false],
      [{ integrationAliases: ['work-mail'] }, { integrationAlias: 'work-mail' }, true],
      [{ actionNames: ['send_email'] }, {}, true],
      [{ connectionStrategies: ['per_user'] }, {}, false],
      [{ endUserMode: 'end_user_present' }, {}, false],
      [{ endUserMode: 'end_user_present' }, { endUserId: 'u' }, true],
      [{ endUserMode: 'no_end_user' }, { endUserId: 'u' }, false],
      [{ enabled: false }, {}, false],
    ];
    for (const [p, c, expected] of cases) {
      assert.equal((await evaluatePolicy(policy(p), ctx(c), null)).applies, expected, JSON.stringify([p, c]));
    }
  });

  it('orders by priority, then severity (block > require_approval > notify_only > auto_approve), then id', () => {
    const ps = [
      policy({ id: 'c', priority: 10, decision: 'auto_approve' }),
      policy({ id: 'b', priority: 10, decision: 'block' }),
      policy({ id: 'a', priority: 5, decision: 'notify_only' }),
      policy({ id: 'e', priority: 10, decision: 'require_approval' }),
      policy({ id: 'd', priority: 10, decision: 'require_approval' }),
    ];
    assert.deepEqual(
      [...ps].sort(comparePolicies).map((p) => p.id),
      ['a', 'b', 'd', 'e', 'c'],
    );
  });

  it('selects the first policy that applies in that order, skipping ones whose rules do not fire', async () => {
    const ps = [
      policy({ id: 'a', priority: 1, riskMode: 'rules', rules: { actionCategories: ['payment'] } }),
      policy({ id: 'b', priority: 2, decision: 'notify_only' }),
      policy({ id: 'c', priority: 2, decision: 'block', sources: ['trigger'] }),
    ];
    const won = await selectPolicy(ps, ctx(), null);
    assert.equal(won?.policy.id, 'b');
  });

  it('rules narrow a policy: with no rule configured (or only empty lists) riskMode rules covers every matching call', async () => {
    for (const rules of [{}, { actionCategories: [], recipientAllowlist: [] }]) {
      const v = await evaluatePolicy(policy({ riskMode: 'rules', rules }), ctx(), null);
      assert.equal(v.applies, true, JSON.stringify(rules));
      assert.deepEqual(v.reasons, ['no rules are configured: every call matching the filters of "p" is covered']);
    }
    // The filters still narrow it, and configured rules still have to fire.
    assert.equal((await evaluatePolicy(policy({ riskMode: 'rules', actionNames: ['x'] }), ctx(), null)).applies, false);
    const none = await evaluatePolicy(policy({ riskMode: 'rules', rules: { actionCategories: ['payment'] } }), ctx(), null);
    assert.deepEqual([none.applies, none.reasons], [false, ['no rule fired']]);
    // model_assisted without a model falls back to the same reading.
    const fallback = await evaluatePolicy(policy({ riskMode: 'model_assisted' }), ctx(), null);
    assert.equal(fallback.applies, true);
    assert.match(fallback.reasons.join(' | '), /no model provider is configured.*\| no rules are configured/);
    const failing = { label: 'model m', assess: async () => Promise.reject(new Error('down')) };
    assert.equal((await evaluatePolicy(policy({ riskMode: 'model_assisted' }), ctx(), failing)).applies, true);
    const calm = { label: 'model m', assess: async () => ({ risky: false, reasons: [] }) };
    assert.equal((await evaluatePolicy(policy({ riskMode: 'model_assisted' }), ctx(), calm)).applies, false);
  });

  it('a policy whose evaluation throws holds the call (block still refuses); it never lets it through', async () => {
    const throwing = () => {
      const rules = {};
      Object.defineProperty(rules, 'amountThresholds', {
        enumerable: true,
        get() {
          throw new Error('unreadable');
        },
      });
      return rules;
    };
    for (const [decision, expected] of [
      ['auto_approve', 'require_approval'],
      ['notify_only', 'require_approval'],
      ['require_approval', 'require_approval'],
      ['block', 'block'],
    ] as const) {
      const p = policy({ id: 'x', riskMode: 'rules', decision, rules: throwing() });
      const won = await selectPolicy([p], ctx(), null);
      assert.equal(won?.policy.decision, expected, decision);
      assert.match(won.reasons[0]!, /the policy "p" cannot be evaluated \(its evaluation failed\)/);
    }
    // A stored policy flagged unreadable holds calls its filters match, and only those.
    const unreadable = policy({ riskMode: 'rules', problem: 'its stored rules cannot be read' });
    assert.equal((await selectPolicy([unreadable], ctx(), null))?.policy.decision, 'require_approval');
    assert.equal(await selectPolicy([{ ...unreadable, sources: ['trigger'] }], ctx(), null), null);
    // It does not jump the queue: an earlier policy that applies still wins.
    const first = policy({ id: 'a', priority: 1, decision: 'notify_only' });
    assert.equal((await selectPolicy([{ ...unreadable, id: 'b', priority: 2 }, first], ctx(), null))?.policy.id, 'a');
  });
});

describe('reasons never quote secrets', () => {
  it('facts found under secret keys or in credential-looking values fire rules but show as [REDACTED]', () => {
    const input = { to: 'ok@acme.com', password: 'leak@rival.com', note: 'Bearer abcdefgh https://rival.com/x' };
    const reasons = evaluateRules({ recipientDenylist: ['*@rival.com'], domainDenylist: ['rival.com'] }, facts(input));
    assert.equal(reasons.length, 2);
    for (const r of reasons) {
      assert.ok(!r.includes('leak@rival.com') && !r.includes('"rival.com"'), r);
      assert.match(r, /\[REDACTED\]/);
    }
  });

  it('amountThresholds names the path and the limit, not the amount, under a secret-looking key', () => {
    const input = { payment: { cardNumber: 4111111111111111, amount: 250 }, fees: { apiKey: '987654321', base: 5 } };
    const [card] = evaluateRules({ amountThresholds: [{ path: 'payment.cardNumber', limit: 100 }] }, facts(input));
    assert.equal(card, 'amountThresholds: a value at "payment.cardNumber" exceeds the limit 100');
    // A wildcard that reaches a secret key: the concrete key decides, the value stays out.
    const [fee] = evaluateRules({ amountThresholds: [{ path: 'fees[*]', limit: 1000 }] }, facts(input));
    assert.equal(fee, 'amountThresholds: a value at "fees[*]" exceeds the limit 1000');
    assert.ok(!fee.includes('987654321'));
    // Elsewhere the amount is still quoted.
    const [plain] = evaluateRules({ amountThresholds: [{ path: 'payment.amount', limit: 100 }] }, facts(input));
    assert.equal(plain, 'amountThresholds: 250 at "payment.amount" exceeds the limit 100');
  });
});
