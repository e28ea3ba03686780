import { Type, type Static } from '@sinclair/typebox';
import { Nullable, PageQuery, Timestamp, Uuid } from '../../platform/http/schemas.js';

export const MCP_MODES = ['TOOLS', 'CODE'] as const;
export const MCP_AUTH_MODES = ['oauth', 'bearer', 'oauth_and_bearer'] as const;
export const END_USER_ACCESS = ['restricted', 'open'] as const;
export const MCP_SCOPES = ['mcp:tools', 'mcp:code'] as const;
export type McpMode = (typeof MCP_MODES)[number];
export type McpAuthMode = (typeof MCP_AUTH_MODES)[number];
export type McpScope = (typeof MCP_SCOPES)[number];

export const ALIAS_PATTERN = '^[a-z][a-z0-9_-]*$';
/** MCP token lifetimes: 300 s to 90 days, default 30 days. */
export const TOKEN_TTL = { min: 300, max: 90 * 86_400, default: 30 * 86_400 } as const;

const ServerSettings = Type.Object(
  {
    codeMode: Type.Optional(
      Type.Object(
        { approvalWaitSeconds: Type.Optional(Type.Integer({ minimum: 0, maximum: 60, description: 'default 0' })) },
        { additionalProperties: false },
      ),
    ),
    mcpApp: Type.Optional(
      Type.Object({ enabled: Type.Optional(Type.Boolean({ description: 'default false' })) }, { additionalProperties: false }),
    ),
  },
  { additionalProperties: false },
);

export const McpServer = Type.Object({
  id: Uuid(),
  orgId: Uuid(),
  workspaceId: Nullable(Uuid()),
  name: Type.String(),
  description: Type.String(),
  mode: Type.String({ enum: [...MCP_MODES] }),
  settings: Type.Object({
    codeMode: Type.Object({ approvalWaitSeconds: Type.Integer() }),
    mcpApp: Type.Object({ enabled: Type.Boolean() }),
  }),
  authMode: Type.String({ enum: [...MCP_AUTH_MODES] }),
  endUserAccess: Type.String({ enum: [...END_USER_ACCESS] }),
  auth: Type.Object({
    oauthEnabled: Type.Boolean(),
    bearerEnabled: Type.Boolean(),
    staticBearerEnabled: Type.Boolean({
      description:
        'a shared static bearer token can be used (bearer mode, and no strict per-user integrations unless the server has an endUserId)',
    }),
    endUserBearerTokensEnabled: Type.Boolean(),
    accessTokensEnabled: Type.Boolean({ description: 'tokens can be issued through access-tokens or oauth-tokens' }),
  }),
  endUserId: Nullable(Type.String({ description: "the scoped end user's externalId" })),
  createdBy: Nullable(Type.String()),
  suspended: Type.Boolean({ description: 'true when the plan no longer covers this server' }),
  mcpEndpoint: Type.String({ description: '{base_url}/mcp/srv_<server_id>' }),
  createdAt: Timestamp(),
  updatedAt: Timestamp(),
});

export const McpTool = Type.Object({
  id: Uuid(),
  mcpServerId: Uuid(),
  integrationName: Type.String(),
  integrationAlias: Type.String(),
  actionName: Type.String(),
  toolType: Type.Literal('ACTION'),
  connectionId: Nullable(Uuid()),
  displayName: Nullable(Type.String()),
  description: Nullable(Type.String()),
  inputDefaults: Nullable(Type.Record(Type.String(), Type.Unknown())),
  sortOrder: Type.Number(),
  partialIds: Type.Array(Uuid()),
  createdAt: Timestamp(),
  updatedAt: Timestamp(),
});

export const McpTokenRecord = Type.Object({
  id: Uuid(),
  tokenPrefix: Type.String(),
  scopes: Type.Array(Type.String()),
  endUserId: Nullable(Type.String({ description: "the end user's externalId" })),
  expiresAt: Nullable(Timestamp()),
  createdAt: Timestamp(),
  authMethod: Type.String({ description: "'bearer' or 'oauth'" }),
  tokenType: Type.String({ description: "'mcp_bearer' or 'mcp_oauth'" }),
});

const Name = Type.String({ minLength: 1, maxLength: 200 });
const Description = Type.String({ maxLength: 2000 });
const EndUserRef = Type.String({ minLength: 1, maxLength: 255, description: "the end user's externalId or internal id" });

export const CreateServerBody = Type.Object({
  name: Name,
  description: Type.Optional(Description),
  workspaceId: Uuid(),
  mode: Type.Optional(Type.String({ enum: [...MCP_MODES], default: undefined })),
  settings: Type.Optional(ServerSettings),
  authMode: Type.Optional(Type.String({ enum: [...MCP_AUTH_MODES] })),
  endUserAccess: Type.Optional(Type.String({ enum: [...END_USER_ACCESS] })),
  createdBy: Type.Optional(Type.String({ maxLength: 200 })),
  endUserId: Type.Optional(EndUserRef),
});
export type CreateServerInput = Static<typeof CreateServerBody>;

export const UpdateServerBody = Type.Object({
  name: Type.Optional(Name),
  description: Type.Optional(Description),
  mode: Type.Optional(Type.String({ enum: [...MCP_MODES] })),
  settings: Type.Optional(ServerSettings),
  authMode: Type.Optional(Type.String({ enum: [...MCP_AUTH_MODES] })),
  endUserAccess: Type.Optional(Type.String({ enum: [...END_USER_ACCESS] })),
  endUserId: Type.Optional(Nullable(EndUserRef)),
});
export type UpdateServerInput = Static<typeof UpdateServerBody>;

export const ListServersQuery = Type.Object({
  workspaceId: Type.Optional(Uuid()),
  ...PageQuery,
  includeSuspended: Type.Boolean({ default: false }),
});

export const IssueTokenBody = Type.Object({
  endUserId: EndUserRef,
  scopes: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 50 }), { minItems: 1, maxItems: 10 })),
  expiresIn: Type.Optional(
    Type.Integer({ minimum: TOKEN_TTL.min, maximum: TOKEN_TTL.max, description: 'seconds; default 2592000 (30 days)' }),
  ),
});
export type IssueTokenInput = Static<typeof IssueTokenBody>;

const Alias = Type.String({ minLength: 1, maxLength: 64, pattern: ALIAS_PATTERN });
const InputDefaults = Type.Record(Type.String(), Type.Unknown());
const PartialIds = Type.Array(Uuid(), { maxItems: 50 });
const SortOrder = Type.Number({ minimum: -1e9, maximum: 1e9 });

export const CreateToolBody = Type.Object({
  integrationName: Type.String({ minLength: 1, maxLength: 214 }),
  actionName: Type.String({ minLength: 1, maxLength: 200 }),
  integrationAlias: Type.Optional(Alias),
  toolType: Type.Optional(Type.Literal('ACTION')),
  connectionId: Type.Optional(Uuid()),
  displayName: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  description: Type.Optional(Type.String({ maxLength: 2000 })),
  inputDefaults: Type.Optional(InputDefaults),
  partialIds: Type.Optional(PartialIds),
  sortOrder: Type.Optional(SortOrder),
});
export type CreateToolInput = Static<typeof CreateToolBody>;

export const UpdateToolBody = Type.Object({
  displayName: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 200 }))),
  description: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
  inputDefaults: Type.Optional(Nullable(InputDefaults)),
  connectionId: Type.Optional(Nullable(Uuid())),
  sortOrder: Type.Optional(SortOrder),
  integrationAlias: Type.Optional(Alias),
  partialIds: Type.Optional(PartialIds),
});
export type UpdateToolInput = Static<typeof UpdateToolBody>;

export const ExecuteCodeBody = Type.Object({
  code: Type.Optional(Type.String({ minLength: 1, maxLength: 200_000, description: 'JavaScript; top-level await and return' })),
  approvalId: Type.Optional(
    Type.String({ pattern: '^apr_[A-Za-z0-9_-]{1,200}$', description: 'continue a run paused for this approval' }),
  ),
  waitForApprovalSeconds: Type.Optional(Type.Integer({ minimum: 0, maximum: 60 })),
});
export type ExecuteCodeInput = Static<typeof ExecuteCodeBody>;

export const ServerToolParams = Type.Object({ id: Uuid(), toolId: Uuid() });
export const ServerTokenParams = Type.Object({ id: Uuid(), tokenId: Uuid() });
export const TokenRevoked = Type.Object({ revoked: Type.Literal(true), id: Uuid() });
export const DeclarationParams = Type.Object({ id: Uuid(), alias: Type.String({ minLength: 1, maxLength: 64 }) });

export const CodeResult = Type.Object(
  {
    content: Type.Array(Type.Object({ type: Type.String(), text: Type.String() })),
    structuredContent: Type.Object(
      {
        status: Type.String({ description: 'completed, failed or approval_pending' }),
        output: Type.Unknown(),
        logs: Type.Array(Type.Unknown()),
        actionsExecuted: Type.Integer(),
        durationMs: Type.Number(),
        timings: Type.Object({
          totalExecuteMs: Type.Number(),
          sandboxMs: Type.Number(),
          browserActionMs: Type.Number(),
          steps: Type.Array(Type.Unknown()),
        }),
        error: Type.Optional(
          Type.Object(
            { name: Type.String(), message: Type.String() },
            {
              description:
                'failed runs; APPROVAL_POLICY_BLOCKED, APPROVAL_REJECTED, APPROVAL_EXPIRED or APPROVAL_CANCELED when Human Gates stopped the code',
            },
          ),
        ),
        codeRunId: Type.Optional(
          Type.String({ description: 'paused runs and their continuations; batch approvals carry it too' }),
        ),
        approval: Type.Optional(
          Type.Unknown({
            description:
              'the next pending approval {id, status, approvalUrl, hostedApprovalUrl, expiresAt, retry, call, approvalPolicyName?, tools?}',
          }),
        ),
        approvals: Type.Optional(Type.Array(Type.Unknown(), { description: 'every pending approval, when several' })),
        approvalGroup: Type.Optional(
          Type.Object(
            {
              total: Type.Integer(),
              pending: Type.Integer(),
              groups: Type.Array(
                Type.Object({
                  approvalId: Type.String(),
                  approvalPolicyName: Type.String(),
                  tools: Type.Array(Type.String()),
                  status: Type.String(),
                }),
              ),
            },
            { description: 'a run paused before it started: its batch approvals, one per policy group' },
          ),
        ),
        continuation: Type.Optional(Type.Unknown({ description: "{tool: 'switchboard_execute', arguments: {approvalId}}" })),
      },
      { additionalProperties: true },
    ),
    isError: Type.Boolean(),
  },
  { additionalProperties: false },
);

export const ServerEnvelope = Type.Object({ server: McpServer });
export const ServerCreated = Type.Object({
  server: McpServer,
  mcpEndpoint: Type.String(),
  bearerToken: Type.Optional(Type.String({ description: 'shown once' })),
});
export const ServerWithTools = Type.Object({ server: McpServer, tools: Type.Array(McpTool) });
export const ServerList = Type.Object({ servers: Type.Array(McpServer), total: Type.Integer() });
export const RegeneratedToken = Type.Object({ bearerToken: Type.String(), mcpEndpoint: Type.String() });
export const AccessTokenIssued = Type.Object({
  accessToken: Type.String(),
  bearerToken: Type.String(),
  token: McpTokenRecord,
  mcpEndpoint: Type.String(),
});
export const OAuthTokenIssued = Type.Object({ accessToken: Type.String(), token: McpTokenRecord, mcpEndpoint: Type.String() });
export const ToolEnvelope = Type.Object({ tool: McpTool });
export const Declarations = Type.Object({
  alias: Type.String(),
  integrationName: Type.String(),
  declarations: Type.String({ description: 'TypeScript declarations of the alias' }),
});

export const TokenListQuery = Type.Object({ ...PageQuery });
export const TokenList = Type.Object({
  tokens: Type.Array(
    Type.Composite([
      McpTokenRecord,
      Type.Object({ static: Type.Boolean({ description: "the server's shared static bearer token" }) }),
    ]),
  ),
  total: Type.Integer(),
});

export const CodeRunListQuery = Type.Object({ ...PageQuery });
export const CodeRun = Type.Object({
  id: Uuid(),
  status: Type.String({ description: 'completed, failed or approval_pending' }),
  code: Type.String({ description: 'the JavaScript the caller sent; words that look like credentials are [REDACTED]' }),
  codeHash: Type.String({ description: 'SHA-256 of the code as sent, hex' }),
  steps: Type.Array(
    Type.Object({
      index: Type.Integer(),
      tool: Type.String({ description: 'switchboard.<alias>.<action>' }),
      status: Type.String({ description: 'success, failed or approval_required' }),
      durationMs: Type.Number(),
    }),
    { description: 'calls in order; their inputs and outputs are not shown' },
  ),
  logs: Type.Array(Type.Object({ level: Type.String(), message: Type.String() }), {
    description: 'console output of a run that ended; lines that look like credentials are [REDACTED]',
  }),
  error: Nullable(Type.Object({ name: Type.String(), message: Type.String() })),
  durationMs: Nullable(Type.Number({ description: 'of the last invocation; null while paused' })),
  approvalIds: Type.Array(Type.String()),
  createdAt: Timestamp(),
  updatedAt: Timestamp(),
});
export const CodeRunList = Type.Object({ runs: Type.Array(CodeRun), total: Type.Integer() });
