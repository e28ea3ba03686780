/** A Human Gates policy as the policies page edits it: every field of the API's policy, lists as lines of text. */

export const SOURCES = ['rest', 'sdk', 'mcp_tools', 'mcp_code', 'playground', 'trigger'] as const;
export const STRATEGIES = ['fixed', 'per_user', 'per_user_with_fallback'] as const;
export const DECISIONS = ['require_approval', 'notify_only', 'block', 'auto_approve'] as const;
export const RISK_MODES = ['always', 'rules', 'model_assisted'] as const;
export const END_USER_MODES = ['any', 'end_user_present', 'no_end_user'] as const;
export const ACCESS_MODES = ['dashboard_only', 'dashboard_and_hosted_link', 'hosted_link_only'] as const;
export const CATEGORIES = ['read', 'write', 'delete', 'send', 'payment', 'share'] as const;
export const ROLES = ['owner', 'admin', 'member'] as const;

/** The list fields, one entry a line in the form. */
export const FILTERS = [
  ['integrationNames', 'Integration names'],
  ['integrationAliases', 'Integration aliases'],
  ['actionNames', 'Action names'],
  ['mcpServerIds', 'MCP server ids'],
  ['workspaceIntegrationIds', 'Workspace integration ids'],
] as const;
export const RULE_LISTS = [
  ['recipientAllowlist', 'Recipient allowlist'],
  ['recipientDenylist', 'Recipient denylist'],
  ['domainAllowlist', 'Domain allowlist'],
  ['domainDenylist', 'Domain denylist'],
  ['storagePathPrefixes', 'Storage path prefixes'],
] as const;
type FilterKey = (typeof FILTERS)[number][0];
type RuleListKey = (typeof RULE_LISTS)[number][0];

export interface Draft {
  name: string;
  description: string;
  workspaceId: string;
  enabled: boolean;
  priority: number;
  sources: string[];
  filters: Record<FilterKey, string>;
  connectionStrategies: string[];
  endUserMode: string;
  decision: string;
  riskMode: string;
  categories: string[];
  ruleLists: Record<RuleListKey, string>;
  /** `path=limit`, one a line. */
  amountThresholds: string;
  roles: string[];
  userIds: string[];
  endUserApprover: boolean;
  webhookUrl: string;
  timeoutSeconds: number;
  defaultOnTimeout: string;
  reuseWindowSeconds: string;
  approvalAccessMode: string;
}

const emptyLists = <K extends string>(keys: ReadonlyArray<readonly [K, string]>) =>
  Object.fromEntries(keys.map(([k]) => [k, ''])) as Record<K, string>;

export const BLANK: Draft = {
  name: '',
  description: '',
  workspaceId: '',
  enabled: true,
  priority: 100,
  sources: ['rest', 'sdk', 'mcp_tools', 'mcp_code'],
  filters: emptyLists(FILTERS),
  connectionStrategies: [],
  endUserMode: 'any',
  decision: 'require_approval',
  riskMode: 'always',
  categories: [],
  ruleLists: emptyLists(RULE_LISTS),
  amountThresholds: '',
  roles: [],
  userIds: [],
  endUserApprover: false,
  webhookUrl: '',
  timeoutSeconds: 3600,
  defaultOnTimeout: 'expire',
  reuseWindowSeconds: '',
  approvalAccessMode: 'dashboard_only',
};

/** The templates the page offers; each is a starting point the person edits before saving. */
export const TEMPLATES: Array<{ id: string; label: string; intro: string; draft: Draft }> = [
  {
    id: 'agents',
    label: 'Review agent actions',
    intro: 'Every call an agent makes through MCP (tools and Code Mode) waits for an owner or admin.',
    draft: {
      ...BLANK,
      name: 'Review agent actions',
      sources: ['mcp_tools', 'mcp_code'],
      roles: ['owner', 'admin'],
    },
  },
  {
    id: 'per-user',
    label: 'Protect per-user credentials',
    intro: "Calls that use an end user's own connection wait for approval.",
    draft: {
      ...BLANK,
      name: 'Protect per-user credentials',
      connectionStrategies: ['per_user', 'per_user_with_fallback'],
      roles: ['owner', 'admin'],
    },
  },
  { id: 'blank', label: 'Blank policy', intro: 'Start from the defaults.', draft: BLANK },
];

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

export type PolicyLike = Record<string, unknown>;

const str = (v: unknown, fallback = '') => (typeof v === 'string' ? v : fallback);

/** A stored policy as a draft. */
export function fromPolicy(p: PolicyLike): Draft {
  const arr = (k: string) => (Array.isArray(p[k]) ? (p[k] as string[]) : []);
  const rules = (p.rules ?? {}) as Record<string, unknown>;
  const approvers = (p.approvers ?? []) as Array<Record<string, unknown>>;
  const of = (type: string) => approvers.find((a) => a.type === type);
  return {
    name: str(p.name, ''),
    description: str(p.description, ''),
    workspaceId: str(p.workspaceId, ''),
    enabled: p.enabled !== false,
    priority: Number(p.priority ?? 100),
    sources: arr('sources'),
    filters: Object.fromEntries(FILTERS.map(([k]) => [k, arr(k).join('\n')])) as Draft['filters'],
    connectionStrategies: arr('connectionStrategies'),
    endUserMode: str(p.endUserMode, 'any'),
    decision: str(p.decision, 'require_approval'),
    riskMode: str(p.riskMode, 'always'),
    categories: (rules.actionCategories as string[] | undefined) ?? [],
    ruleLists: Object.fromEntries(
      RULE_LISTS.map(([k]) => [k, ((rules[k] as string[] | undefined) ?? []).join('\n')]),
    ) as Draft['ruleLists'],
    amountThresholds: ((rules.amountThresholds as Array<{ path: string; limit: number }> | undefined) ?? [])
      .map((a) => `${a.path}=${a.limit}`)
      .join('\n'),
    roles: (of('org_role')?.roles as string[] | undefined) ?? [],
    userIds: (of('dashboard_user')?.userIds as string[] | undefined) ?? [],
    endUserApprover: Boolean(of('end_user')),
    webhookUrl: str(of('webhook')?.webhookUrl, ''),
    timeoutSeconds: Number(p.timeoutSeconds ?? 3600),
    defaultOnTimeout: str(p.defaultOnTimeout, 'expire'),
    reuseWindowSeconds: typeof p.reuseWindowSeconds === 'number' ? String(p.reuseWindowSeconds) : '',
    approvalAccessMode: str(p.approvalAccessMode, 'dashboard_only'),
  };
}

/** The draft as the API's policy body (the API validates it and says what is wrong). */
export function toBody(d: Draft) {
  const rules: Record<string, unknown> = {};
  if (d.categories.length) rules.actionCategories = d.categories;
  for (const [k] of RULE_LISTS) if (lines(d.ruleLists[k]).length) rules[k] = lines(d.ruleLists[k]);
  const amounts = lines(d.amountThresholds).map((l) => {
    const [path, limit] = l.split('=');
    return { path: (path ?? '').trim(), limit: Number(limit) };
  });
  if (amounts.length) rules.amountThresholds = amounts;
  const approvers: Array<Record<string, unknown>> = [];
  if (d.roles.length) approvers.push({ type: 'org_role', roles: d.roles });
  if (d.userIds.length) approvers.push({ type: 'dashboard_user', userIds: d.userIds });
  if (d.endUserApprover) approvers.push({ type: 'end_user' });
  if (d.webhookUrl.trim()) approvers.push({ type: 'webhook', webhookUrl: d.webhookUrl.trim() });
  return {
    name: d.name,
    description: d.description || null,
    workspaceId: d.workspaceId || null,
    enabled: d.enabled,
    priority: d.priority,
    sources: d.sources,
    ...Object.fromEntries(FILTERS.map(([k]) => [k, lines(d.filters[k])])),
    connectionStrategies: d.connectionStrategies,
    endUserMode: d.endUserMode,
    decision: d.decision,
    riskMode: d.riskMode,
    rules,
    approvers,
    timeoutSeconds: d.timeoutSeconds,
    defaultOnTimeout: d.defaultOnTimeout,
    reuseWindowSeconds: d.reuseWindowSeconds === '' ? null : Number(d.reuseWindowSeconds),
    approvalAccessMode: d.approvalAccessMode,
  };
}

/** Adds or removes a value of a checkbox group. */
export const toggle = (list: string[], value: string, on: boolean) =>
  on ? [...list.filter((x) => x !== value), value] : list.filter((x) => x !== value);
