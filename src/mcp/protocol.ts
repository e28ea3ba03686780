import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type CallToolResult,
  type ListToolsResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv-provider.js';
import { isAppError } from '../platform/errors.js';
import { forAgent, reviewLines } from './approval-notice.js';
import { APP_EXTENSION_ID, RESULT_VIEW_URI, resultViewContents, resultViewResource, toolUiMeta } from './app/result-view.js';
import type { CodeModeRunner } from './code-mode/runner.js';
import { declarations, signature } from './code-mode/declarations.js';
import { serializedOnce } from './http-transport.js';
import { reconnectOf, reconnectText, type AgentOutcome, type McpCallContext, type McpInvoker } from './invoke.js';
import type { ExposedAction, Surface } from './surface.js';

/** One validator for every per-request Server (building Ajv per request would cost more than the request). */
const validator = new AjvJsonSchemaValidator();

export const IDEMPOTENCY_ARG = '_idempotencyKey';
export const CODE_TOOLS = {
  search: 'switchboard_search',
  readApi: 'switchboard_read_api',
  execute: 'switchboard_execute',
} as const;

export interface ProtocolDeps {
  invoker: McpInvoker;
  codeMode: CodeModeRunner;
  version: string;
}

/** Scopes a tool call needs: TOOLS tools need mcp:tools; Code Mode discovery either scope; running code mcp:code. */
export function scopesFor(mode: string, toolName: string | null): string[][] {
  if (mode !== 'CODE') return [['mcp:tools']];
  if (toolName === CODE_TOOLS.execute) return [['mcp:code']];
  return [['mcp:tools'], ['mcp:code']];
}

const text = (t: string): CallToolResult['content'][number] => ({ type: 'text', text: t });
const errorResult = (message: string, extra: Record<string, unknown> = {}): CallToolResult => ({
  content: [text(message)],
  isError: true,
  ...(Object.keys(extra).length ? { structuredContent: extra } : {}),
});

/**
 * The MCP server for one request (stateless): tools/list and tools/call for the server's mode, over the action
 * surface of its workspace. Built per request; costs well under a millisecond.
 */
export function buildProtocolServer(ctx: McpCallContext, surface: Surface, deps: ProtocolDeps): Server {
  const app = ctx.server.settings?.mcpApp?.enabled === true;
  const server = new Server(
    { name: 'switchboard', title: ctx.server.name, version: deps.version },
    {
      capabilities: {
        tools: { listChanged: false },
        ...(app ? { resources: { listChanged: false }, extensions: { [APP_EXTENSION_ID]: {} } } : {}),
      },
      instructions: ctx.server.mode === 'CODE' ? codeInstructions(ctx, surface) : toolsInstructions(ctx),
      jsonSchemaValidator: validator,
    },
  );
  if (ctx.server.mode === 'CODE') registerCodeMode(server, ctx, surface, deps, app);
  else registerToolsMode(server, ctx, surface, deps, app);
  if (app) registerApp(server);
  return server;
}

/** settings.mcpApp.enabled: the result view as a UI resource (docs/decisions/0055-mcp-app.md). */
function registerApp(server: Server): void {
  server.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources: [resultViewResource] }));
  server.setRequestHandler(ReadResourceRequestSchema, async (req) => {
    if (req.params.uri !== RESULT_VIEW_URI) throw new McpError(ErrorCode.InvalidParams, `Unknown resource: ${req.params.uri}`);
    return resultViewContents();
  });
}

const withUi = (tool: Tool, app: boolean): Tool => (app ? { ...tool, _meta: { ...tool._meta, ...toolUiMeta } } : tool);

function toolsInstructions(ctx: McpCallContext): string {
  const d = ctx.server.description ? `${ctx.server.description}\n\n` : '';
  return `${d}Each tool runs one action of an integration configured in this workspace, with the connected account of the signed-in end user where the integration is per user. If a result says approval is required, wait for the approval and call the same tool again with the same arguments plus "${IDEMPOTENCY_ARG}" set to the key it gives.`;
}

function codeInstructions(ctx: McpCallContext, surface: Surface): string {
  const d = ctx.server.description ? `${ctx.server.description}\n\n` : '';
  const aliases = [...surface.byAlias.keys()];
  return `${d}Write JavaScript that calls the workspace's integrations as \`await switchboard.<alias>.<action>(input)\`. Find actions with ${CODE_TOOLS.search}, read their TypeScript declarations with ${CODE_TOOLS.readApi}, then run code with ${CODE_TOOLS.execute}. Aliases: ${aliases.join(', ') || 'none yet'}.`;
}

// ---- TOOLS mode ----

function registerToolsMode(server: Server, ctx: McpCallContext, surface: Surface, deps: ProtocolDeps, app: boolean): void {
  server.setRequestHandler(ListToolsRequestSchema, async () => toolList(surface, app));
  server.setRequestHandler(CallToolRequestSchema, async (req) => {
    const a = surface.byToolName.get(req.params.name);
    if (!a) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${req.params.name}`);
    const args = { ...(req.params.arguments ?? {}) } as Record<string, unknown>;
    const key = args[IDEMPOTENCY_ARG];
    delete args[IDEMPOTENCY_ARG];
    if (key !== undefined && (typeof key !== 'string' || !/^[\w:.-]{1,200}$/.test(key)))
      return errorResult(`${IDEMPOTENCY_ARG} must be the key given in an approval message.`);
    let outcome: AgentOutcome;
    try {
      outcome = await deps.invoker.execute(ctx, a, args, 'mcp_tools', key ? { idempotencyKey: key } : {});
    } catch (err) {
      return appErrorResult(err);
    }
    return toolResult(a, args, outcome);
  });
}

/**
 * The tool list of a surface, built once per surface (a rebuilt surface is a new object, so the list follows every
 * change) and per app setting, then frozen: every tools/list of the server answers the same objects, where copying
 * each schema per call cost most of a list's time.
 */
const toolLists = new WeakMap<Surface, { plain?: ListToolsResult; app?: ListToolsResult }>();

function toolList(surface: Surface, app: boolean): ListToolsResult {
  let lists = toolLists.get(surface);
  if (!lists) toolLists.set(surface, (lists = {}));
  const which = app ? 'app' : 'plain';
  lists[which] ??= serializedOnce({ tools: deepFreeze(surface.actions.map((a) => withUi(toolOf(a), app))) });
  return lists[which];
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

function toolOf(a: ExposedAction): Tool {
  const schema = structuredClone(a.inputSchema) as Tool['inputSchema'];
  const properties = { ...(schema.properties ?? {}) };
  properties[IDEMPOTENCY_ARG] = {
    type: 'string',
    description: 'Only when retrying a call that needed approval: the idempotency key from the approval message.',
  };
  return { name: a.toolName, title: a.title, description: a.description, inputSchema: { ...schema, type: 'object', properties } };
}

function appErrorResult(err: unknown): CallToolResult {
  if (isAppError(err)) {
    const extra = err.extra
      ? Object.fromEntries(
          Object.entries(err.extra).filter(([k]) => ['retryAfter', 'current', 'limit', 'plan', 'details'].includes(k)),
        )
      : {};
    const reconnect = reconnectOf(err);
    if (reconnect)
      return errorResult(`${err.code}: ${err.message}\n\n${reconnectText(reconnect)}`, {
        error: err.code,
        message: err.message,
        reconnect,
      });
    return errorResult(`${err.code}: ${err.message}`, { error: err.code, message: err.message, ...extra });
  }
  return errorResult('INTERNAL_ERROR: the action could not be run.', { error: 'INTERNAL_ERROR' });
}

function toolResult(a: ExposedAction, args: Record<string, unknown>, outcome: AgentOutcome): CallToolResult {
  if (outcome.status === 'success') {
    const output = outcome.output ?? null;
    const structured =
      output && typeof output === 'object' && !Array.isArray(output) ? (output as Record<string, unknown>) : { result: output };
    return { content: [text(JSON.stringify(output, null, 2) ?? 'null')], structuredContent: structured, isError: false };
  }
  if (outcome.status === 'failed') {
    const detail =
      outcome.output.detail !== undefined ? `\n\nDetail: ${JSON.stringify(outcome.output.detail).slice(0, 2000)}` : '';
    const reconnect = outcome.reconnect ? `\n\n${reconnectText(outcome.reconnect)}` : '';
    return errorResult(`The action ${a.integrationName}/${a.actionName} failed: ${outcome.output.error}${detail}${reconnect}`, {
      error: outcome.output.error,
      ...(outcome.output.detail !== undefined ? { detail: outcome.output.detail } : {}),
      ...(outcome.reconnect ? { reconnect: outcome.reconnect } : {}),
    });
  }
  const ap = forAgent(outcome.approval);
  const retryArgs = { ...args, [IDEMPOTENCY_ARG]: ap.retry.idempotencyKey };
  const lines = [
    `**Approval required.** \`${a.toolName}\` did not run: a Human Gates policy needs a person to approve it first.`,
    '',
    `- Approval: \`${ap.id}\` (${ap.status}), expires ${ap.expiresAt}`,
    ...reviewLines(ap),
    '',
    `Once it is approved, call \`${a.toolName}\` again with the same arguments and \`"${IDEMPOTENCY_ARG}": "${ap.retry.idempotencyKey}"\`. Retrying before the decision answers this message again.`,
  ];
  return {
    content: [text(lines.join('\n'))],
    structuredContent: { status: 'approval_required', approval: ap, retry: { tool: a.toolName, arguments: retryArgs } },
    isError: false,
  };
}

// ---- CODE mode ----

const codeTools: Tool[] = [
  {
    name: CODE_TOOLS.search,
    title: 'Search actions',
    description:
      'Find the actions you can call from code, by keyword (integration, alias, action name or description). Returns one line per action: its call signature and what it does. An empty query lists everything.',
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'keywords, e.g. "send message slack"' },
        limit: { type: 'integer', minimum: 1, maximum: 100, description: 'default 20' },
      },
    },
    annotations: { readOnlyHint: true },
  },
  {
    name: CODE_TOOLS.readApi,
    title: 'Read action declarations',
    description:
      'TypeScript declarations of `switchboard.<alias>.<action>(input)` for the given aliases (and optionally only some actions): every input field with its type, default and description.',
    inputSchema: {
      type: 'object',
      properties: {
        aliases: { type: 'array', items: { type: 'string' }, description: 'aliases to describe; all when omitted' },
        actions: { type: 'array', items: { type: 'string' }, description: 'only these action names' },
      },
    },
    annotations: { readOnlyHint: true },
  },
  {
    name: CODE_TOOLS.execute,
    title: 'Run code',
    description:
      'Run JavaScript (top-level await and return work) that calls actions as `await switchboard.<alias>.<action>(input)`. A failed action throws. Returns the returned value, console logs and timings. Runs up to 5 minutes in a memory-limited sandbox without network or filesystem. If an action needs approval the run pauses: call again with {approvalId} (and waitForApprovalSeconds 0-60) to continue.',
    inputSchema: {
      type: 'object',
      properties: {
        code: { type: 'string', description: 'JavaScript source' },
        approvalId: { type: 'string', description: 'continue a run paused for this approval (pass instead of code)' },
        waitForApprovalSeconds: {
          type: 'integer',
          minimum: 0,
          maximum: 60,
          description: 'with approvalId: how long to wait for the decision',
        },
      },
    },
  },
];

function registerCodeMode(server: Server, ctx: McpCallContext, surface: Surface, deps: ProtocolDeps, app: boolean): void {
  // The result view belongs to the call that runs code; search and read_api answer text for the model.
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: codeTools.map((tool) => withUi(tool, app && tool.name === CODE_TOOLS.execute)),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (req) => {
    const args = req.params.arguments ?? {};
    switch (req.params.name) {
      case CODE_TOOLS.search:
        return searchResult(surface, args);
      case CODE_TOOLS.readApi:
        return readApiResult(surface, args);
      case CODE_TOOLS.execute:
        return executeCode(ctx, surface, deps, args);
      default:
        throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${req.params.name}`);
    }
  });
}

function searchResult(surface: Surface, args: Record<string, unknown>): CallToolResult {
  const query = typeof args.query === 'string' ? args.query : '';
  const limit = typeof args.limit === 'number' && Number.isInteger(args.limit) && args.limit > 0 ? Math.min(args.limit, 100) : 20;
  const found = search(surface, query);
  const shown = found.slice(0, limit);
  const lines = shown.map(
    (a) => `${signature(a)}\n    ${a.title}: ${(a.tool?.description ?? a.action.description).replace(/\s+/g, ' ').slice(0, 200)}`,
  );
  const more = found.length > shown.length ? `\n\n${found.length - shown.length} more; raise limit or refine the query.` : '';
  const body = shown.length
    ? lines.join('\n') + more
    : `No action matches "${query}". Aliases: ${[...surface.byAlias.keys()].join(', ') || 'none'}.`;
  return {
    content: [text(body)],
    structuredContent: {
      results: shown.map((a) => ({
        alias: a.alias,
        action: a.actionName,
        integrationName: a.integrationName,
        signature: signature(a),
        title: a.title,
      })),
      total: found.length,
    },
    isError: false,
  };
}

/** Keyword match over alias, action name, integration and descriptions; every word must match somewhere. */
export function search(surface: Surface, query: string): ExposedAction[] {
  const words = query
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  if (!words.length) return surface.actions;
  const scored: Array<[number, ExposedAction]> = [];
  for (const a of surface.actions) {
    const strong = `${a.alias} ${a.actionName} ${a.integrationName} ${a.title}`.toLowerCase();
    const weak =
      `${a.tool?.description ?? ''} ${a.action.description} ${a.definition.displayName} ${a.definition.description}`.toLowerCase();
    let score = 0;
    let all = true;
    for (const w of words) {
      if (strong.includes(w)) score += 3;
      else if (weak.includes(w)) score += 1;
      else all = false;
    }
    if (all) scored.push([score, a]);
  }
  return scored.sort((x, y) => y[0] - x[0]).map(([, a]) => a);
}

function readApiResult(surface: Surface, args: Record<string, unknown>): CallToolResult {
  const list = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : undefined);
  const aliases = list(args.aliases);
  const actions = list(args.actions);
  const unknown = (aliases ?? []).filter((a) => !surface.byAlias.has(a));
  if (unknown.length)
    return errorResult(
      `Unknown alias${unknown.length > 1 ? 'es' : ''}: ${unknown.join(', ')}. Available: ${[...surface.byAlias.keys()].join(', ') || 'none'}.`,
    );
  return { content: [text(declarations(surface, aliases, actions))], isError: false };
}

async function executeCode(
  ctx: McpCallContext,
  surface: Surface,
  deps: ProtocolDeps,
  args: Record<string, unknown>,
): Promise<CallToolResult> {
  const code = args.code;
  const approvalId = args.approvalId;
  const wait = args.waitForApprovalSeconds;
  if ((code === undefined) === (approvalId === undefined))
    return errorResult('Pass exactly one of code (to run) or approvalId (to continue a paused run).');
  if (wait !== undefined && (typeof wait !== 'number' || !Number.isInteger(wait) || wait < 0 || wait > 60))
    return errorResult('waitForApprovalSeconds must be an integer from 0 to 60.');
  try {
    if (code !== undefined) {
      if (typeof code !== 'string' || !code.trim() || code.length > 200_000)
        return errorResult('code must be a non-empty string of at most 200,000 characters.');
      return (await deps.codeMode.start(ctx, surface, code)) as unknown as CallToolResult;
    }
    if (typeof approvalId !== 'string' || !/^apr_[A-Za-z0-9_-]{1,200}$/.test(approvalId))
      return errorResult('approvalId must be an approval id (apr_...).');
    return (await deps.codeMode.continue(
      ctx,
      surface,
      approvalId,
      wait ?? ctx.server.settings?.codeMode?.approvalWaitSeconds ?? 0,
    )) as unknown as CallToolResult;
  } catch (err) {
    return appErrorResult(err);
  }
}
