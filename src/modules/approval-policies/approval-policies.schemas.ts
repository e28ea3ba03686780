import { Type, type Static, type TOptional } from '@sinclair/typebox';
import { CONNECTION_STRATEGIES, EXECUTION_SOURCES } from '../../engine/types.js';
import { Nullable, PageQuery, Timestamp, Uuid } from '../../platform/http/schemas.js';

export const DECISIONS = ['require_approval', 'notify_only', 'block', 'auto_approve'] as const;
export type PolicyDecision = (typeof DECISIONS)[number];
export const RISK_MODES = ['always', 'rules', 'model_assisted'] as const;
export const END_USER_MODES = ['any', 'end_user_present', 'no_end_user'] as const;
export const ACCESS_MODES = ['dashboard_only', 'dashboard_and_hosted_link', 'hosted_link_only'] as const;
export type ApprovalAccessMode = (typeof ACCESS_MODES)[number];
export const ACTION_CATEGORIES = ['read', 'write', 'delete', 'send', 'payment', 'share'] as const;
export type ActionCategory = (typeof ACTION_CATEGORIES)[number];
export const ORG_ROLES = ['owner', 'admin', 'member'] as const;

export const DEFAULT_SOURCES = ['rest', 'sdk', 'mcp_tools', 'mcp_code'] as const;
export const MAX_TIMEOUT_SECONDS = 30 * 86_400;
export const MAX_REUSE_WINDOW_SECONDS = 7 * 86_400;

const enumOf = <T extends readonly string[]>(values: T, description?: string) =>
  Type.String({ enum: [...values], ...(description ? { description } : {}) });
/** Rejects unknown fields (the validator would otherwise strip them silently, and a misspelt rule would vanish). */
const strict = { additionalProperties: Type.Never() } as const;

const Filter = (description: string, item = Type.String({ minLength: 1, maxLength: 200 })) =>
  Type.Array(item, { maxItems: 100, uniqueItems: true, description });
const ListEntry = Type.String({ minLength: 1, maxLength: 320 });

export const PolicyRules = Type.Object(
  {
    actionCategories: Type.Optional(
      Type.Array(enumOf(ACTION_CATEGORIES), {
        uniqueItems: true,
        maxItems: 6,
        description: 'read, write, delete, send, payment, share',
      }),
    ),
    amountThresholds: Type.Optional(
      Type.Array(
        Type.Object(
          {
            path: Type.String({
              minLength: 1,
              maxLength: 200,
              description: 'dotted path in the input, e.g. amount or items[*].price',
            }),
            limit: Type.Number({ minimum: 0, description: 'fires when the amount exceeds this' }),
          },
          strict,
        ),
        { maxItems: 20 },
      ),
    ),
    recipientAllowlist: Type.Optional(
      Type.Array(ListEntry, { maxItems: 500, description: 'addresses or *@domain patterns; fires for any other recipient' }),
    ),
    recipientDenylist: Type.Optional(Type.Array(ListEntry, { maxItems: 500, description: 'fires when a recipient matches' })),
    domainAllowlist: Type.Optional(
      Type.Array(ListEntry, { maxItems: 500, description: 'domains (subdomains included); fires for any other domain' }),
    ),
    domainDenylist: Type.Optional(
      Type.Array(ListEntry, { maxItems: 500, description: 'fires when a domain or a subdomain of it appears' }),
    ),
    storagePathPrefixes: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 500 }), {
        maxItems: 100,
        description: 'fires when a path-like input starts with one',
      }),
    ),
  },
  { ...strict, description: 'Risk rules (see docs/decisions/0061-approval-rules.md)' },
);
export type PolicyRulesInput = Static<typeof PolicyRules>;

export const Approver = Type.Union([
  Type.Object(
    { type: Type.Literal('org_role'), roles: Type.Array(enumOf(ORG_ROLES), { minItems: 1, uniqueItems: true }) },
    strict,
  ),
  Type.Object(
    { type: Type.Literal('dashboard_user'), userIds: Type.Array(Uuid(), { minItems: 1, maxItems: 100, uniqueItems: true }) },
    strict,
  ),
  Type.Object({ type: Type.Literal('end_user') }, strict),
  Type.Object(
    {
      type: Type.Literal('webhook'),
      webhookUrl: Type.String({ format: 'uri', maxLength: 2000, description: 'public HTTPS URL' }),
    },
    strict,
  ),
]);
export type ApproverInput = Static<typeof Approver>;

const policyFields = {
  workspaceId: Nullable(Uuid({ description: 'null or absent: organization-wide' })),
  name: Type.String({ minLength: 1, maxLength: 120 }),
  description: Nullable(Type.String({ maxLength: 1000 })),
  enabled: Type.Boolean(),
  priority: Type.Integer({ minimum: 0, maximum: 10000, description: 'lower runs first; default 100' }),
  sources: Type.Array(enumOf(EXECUTION_SOURCES), {
    minItems: 1,
    uniqueItems: true,
    description: 'default [rest, sdk, mcp_tools, mcp_code]',
  }),
  mcpServerIds: Filter('MCP server ids', Uuid()),
  workspaceIntegrationIds: Filter('workspace integration ids', Uuid()),
  integrationNames: Filter('integration names'),
  integrationAliases: Filter('integration aliases'),
  actionNames: Filter('action names'),
  connectionStrategies: Type.Array(enumOf(CONNECTION_STRATEGIES), { uniqueItems: true }),
  endUserMode: enumOf(END_USER_MODES),
  decision: enumOf(DECISIONS),
  riskMode: enumOf(RISK_MODES),
  rules: PolicyRules,
  approvers: Type.Array(Approver, { maxItems: 20 }),
  timeoutSeconds: Type.Integer({ minimum: 60, maximum: MAX_TIMEOUT_SECONDS, description: '60 s to 30 days; default 3600' }),
  defaultOnTimeout: enumOf(['reject', 'expire'] as const),
  reuseWindowSeconds: Nullable(
    Type.Integer({ minimum: 0, maximum: MAX_REUSE_WINDOW_SECONDS, description: '0 to 7 days; null: none' }),
  ),
  approvalAccessMode: enumOf(ACCESS_MODES),
  metadata: Nullable(Type.Record(Type.String(), Type.Unknown())),
};

type Fields = typeof policyFields;
const optional = <K extends keyof Fields>(keys: K[]) =>
  Object.fromEntries(keys.map((k) => [k, Type.Optional(policyFields[k])])) as unknown as { [P in K]: TOptional<Fields[P]> };
const ALL_KEYS = Object.keys(policyFields) as Array<keyof Fields>;
const OPTIONAL_KEYS = ALL_KEYS.filter((k) => k !== 'name');

export const CreatePolicyBody = Type.Object({ name: policyFields.name, ...optional(OPTIONAL_KEYS) });
export type CreatePolicyInput = Static<typeof CreatePolicyBody>;
export const UpdatePolicyBody = Type.Object(optional(ALL_KEYS));
export type UpdatePolicyInput = Static<typeof UpdatePolicyBody>;

/** The stored fields the gate needs to read a policy (checked on every load: a corrupt row must not fail open). */
export const StoredPolicyFields = Type.Required(
  Type.Pick(UpdatePolicyBody, [
    'decision',
    'riskMode',
    'rules',
    'approvers',
    'endUserMode',
    'approvalAccessMode',
    'defaultOnTimeout',
  ]),
);

export const Policy = Type.Object(
  {
    id: Uuid(),
    orgId: Uuid(),
    workspaceId: Nullable(Uuid()),
    name: Type.String(),
    description: Nullable(Type.String()),
    enabled: Type.Boolean(),
    priority: Type.Integer(),
    sources: Type.Array(Type.String()),
    mcpServerIds: Type.Array(Type.String()),
    workspaceIntegrationIds: Type.Array(Type.String()),
    integrationNames: Type.Array(Type.String()),
    integrationAliases: Type.Array(Type.String()),
    actionNames: Type.Array(Type.String()),
    connectionStrategies: Type.Array(Type.String()),
    endUserMode: Type.String(),
    decision: Type.String(),
    riskMode: Type.String(),
    rules: Type.Record(Type.String(), Type.Unknown()),
    approvers: Type.Array(Type.Record(Type.String(), Type.Unknown())),
    timeoutSeconds: Type.Integer(),
    defaultOnTimeout: Type.String(),
    reuseWindowSeconds: Nullable(Type.Integer()),
    approvalAccessMode: Type.String(),
    metadata: Nullable(Type.Record(Type.String(), Type.Unknown())),
    createdAt: Timestamp(),
    updatedAt: Timestamp(),
  },
  { $id: 'ApprovalPolicy', title: 'ApprovalPolicy' },
);

export const PolicyEnvelope = Type.Object({ policy: Type.Ref('ApprovalPolicy') });
export const PolicyList = Type.Object({ policies: Type.Array(Type.Ref('ApprovalPolicy')), total: Type.Integer() });
export const ListPoliciesQuery = Type.Object({ workspaceId: Type.Optional(Uuid()), ...PageQuery });

/** POST /approval-policies/test: a policy definition (not stored) and the context of an execution. */
export const TestPolicyBody = Type.Object({
  policy: Type.Object({ ...optional(ALL_KEYS) }),
  context: Type.Object({
    workspaceId: Type.Optional(Uuid()),
    source: Type.Optional(enumOf(EXECUTION_SOURCES, 'default rest')),
    integrationName: Type.String({ minLength: 1, maxLength: 200 }),
    integrationAlias: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    actionName: Type.String({ minLength: 1, maxLength: 200 }),
    connectionStrategy: Type.Optional(Nullable(enumOf(CONNECTION_STRATEGIES))),
    workspaceIntegrationId: Type.Optional(Uuid()),
    mcpServerId: Type.Optional(Uuid()),
    endUserId: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 255 }))),
    input: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  }),
});
export type TestPolicyInput = Static<typeof TestPolicyBody>;
export const TestPolicyResult = Type.Object({
  decision: Type.String({ description: "the policy's decision when matched; 'none' when it does not apply" }),
  matched: Type.Boolean(),
  reasons: Type.Array(Type.String()),
});
