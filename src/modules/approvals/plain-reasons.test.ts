import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { categorizeAction } from '../approval-policies/categories.js';
import { evaluatePolicy, type MatchContext, type PolicyDef } from '../approval-policies/matching.js';
import { evaluateRules } from '../approval-policies/rules.js';
import { ALWAYS, plainReasons } from './plain-reasons.js';

/** Words of the policy language an end user should never read. */
const JARGON = /riskMode|model_assisted|actionCategories|amountThresholds|Allowlist|Denylist|storagePathPrefixes|filters|policy/;

const facts = (input: Record<string, unknown>, integrationName = 'gmail', actionName = 'send_email') => ({
  integrationName,
  actionName,
  action: categorizeAction({ name: integrationName }, { name: actionName }, input),
  input,
});

const policy = (over: Partial<PolicyDef>): PolicyDef => ({
  id: 'p',
  name: 'Internal: gate gmail sends',
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
  riskMode: 'rules',
  rules: {},
  approvers: [],
  timeoutSeconds: 3600,
  defaultOnTimeout: 'reject',
  reuseWindowSeconds: null,
  approvalAccessMode: 'dashboard_and_hosted_link',
  problem: null,
  ...over,
});
const ctx = {
  source: 'rest',
  integrationName: 'gmail',
  actionName: 'send_email',
  input: {},
  preview: () => ({}),
} as unknown as MatchContext;

describe('plain reasons for end users', () => {
  it('renders every reason the gate writes without policy language', async () => {
    const input = { to: 'boss@rival.com', amount: 250, url: 'https://pastebin.com/x', path: 'hr/salaries.csv' };
    const rules = evaluateRules(
      {
        actionCategories: ['send'],
        amountThresholds: [{ path: 'amount', limit: 100 }],
        recipientDenylist: ['*@rival.com'],
        recipientAllowlist: ['*@acme.com'],
        domainDenylist: ['pastebin.com'],
        domainAllowlist: ['acme.com'],
        storagePathPrefixes: ['hr/'],
      },
      facts(input),
    );
    assert.equal(rules.length, 7, rules.join('\n'));
    const gate = [
      ...(await evaluatePolicy(policy({ riskMode: 'always' }), ctx, null)).reasons,
      ...(await evaluatePolicy(policy({}), ctx, null)).reasons,
      ...(await evaluatePolicy(policy({ problem: 'its stored rules cannot be read' }), ctx, null)).reasons,
    ];
    for (const reason of [...rules, ...gate]) {
      const [said] = plainReasons([reason]);
      assert.ok(said && !JARGON.test(said), `${reason}\n  → ${said}`);
    }
    assert.deepEqual(plainReasons(rules), [
      'It sends something on your behalf.',
      'An amount (250) is above 100.',
      'It goes to a recipient that needs your review: "boss@rival.com".',
      'It goes to someone outside the usual recipients: "boss@rival.com".',
      'It involves a website or address that needs your review: "pastebin.com".',
      'It involves a website or address outside the usual ones: "rival.com", "pastebin.com".',
      'It touches files in a protected folder: "hr/salaries.csv".',
    ]);
  });

  it('leaves out notes meant for the organization, never answers nothing, and says each thing once', () => {
    assert.deepEqual(
      plainReasons([
        'model_assisted: no model provider is configured; evaluated the rules instead',
        'riskMode always: every call matching the filters of "X" is covered',
        'no rules are configured: every call matching the filters of "X" is covered',
        'model gpt-4o saw no risk, but rules fired',
      ]),
      [ALWAYS],
    );
    assert.deepEqual(plainReasons([]), [ALWAYS]);
    assert.deepEqual(plainReasons(['model gpt-4o: the message goes to a competitor']), ['The message goes to a competitor']);
    assert.deepEqual(plainReasons(['amountThresholds: a value at "card" exceeds the limit 5']), ['An amount is above 5.']);
  });
});
