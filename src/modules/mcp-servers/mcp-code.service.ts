import { AppError } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/access.js';
import type { CodeModeRunner } from '../../mcp/code-mode/runner.js';
import { declarations } from '../../mcp/code-mode/declarations.js';
import { mcpCaller } from '../../mcp/invoke.js';
import type { SurfaceCatalog } from '../../mcp/surface.js';
import type { ExecuteCodeInput } from './mcp-servers.schemas.js';
import type { McpServersService } from './mcp-servers.service.js';

/** Code Mode over REST (execute-code) and the TypeScript declarations of a server's aliases. */
export class McpCodeService {
  constructor(private readonly deps: { servers: McpServersService; surfaces: SurfaceCatalog; codeMode: CodeModeRunner }) {}

  async execute(actor: Actor & { apiKeyId: string | null; plan: string }, id: string, input: ExecuteCodeInput) {
    if ((input.code === undefined) === (input.approvalId === undefined)) {
      throw new AppError('VALIDATION_ERROR', 'Pass exactly one of code (to run) or approvalId (to continue a paused run).', {
        details: [
          { field: input.code === undefined ? 'code' : 'approvalId', message: 'exactly one of code and approvalId is required' },
        ],
      });
    }
    if (input.code !== undefined && input.waitForApprovalSeconds !== undefined) {
      throw new AppError('VALIDATION_ERROR', 'waitForApprovalSeconds only applies to an approvalId continuation.', {
        details: [{ field: 'waitForApprovalSeconds', message: 'only with approvalId' }],
      });
    }
    const server = await this.deps.servers.usable(actor, id);
    if (server.mode !== 'CODE') {
      throw new AppError('VALIDATION_ERROR', 'execute-code runs on CODE mode servers only; this server is in TOOLS mode.', {
        details: [{ field: 'mode', message: 'must be CODE' }],
      });
    }
    if (!server.workspaceId) throw new AppError('WORKSPACE_REQUIRED', 'Code Mode needs a workspace-scoped MCP server.');
    const surface = await this.deps.surfaces.get(server);
    const ctx = { caller: mcpCaller(server, actor.plan, actor.apiKeyId), server, endUserId: server.endUserId };
    if (input.code !== undefined) return this.deps.codeMode.start(ctx, surface, input.code);
    const wait = input.waitForApprovalSeconds ?? server.settings?.codeMode?.approvalWaitSeconds ?? 0;
    return this.deps.codeMode.continue(ctx, surface, input.approvalId!, wait);
  }

  /** The server's recent runs (decision 0135); a TOOLS server has none unless it was a CODE server before. */
  async runs(actor: Actor, id: string, page: { limit: number; offset: number }) {
    const server = await this.deps.servers.find(actor, id);
    return this.deps.codeMode.recentRuns(server.orgId, server.id, page);
  }

  async declarations(actor: Actor, id: string, alias: string) {
    const server = await this.deps.servers.usable(actor, id);
    const surface = await this.deps.surfaces.get(server);
    const actions = surface.byAlias.get(alias);
    if (!actions)
      throw new AppError(
        'NOT_FOUND',
        `The server exposes no alias "${alias}" (aliases: ${[...surface.byAlias.keys()].join(', ') || 'none'}).`,
      );
    return { alias, integrationName: [...actions.values()][0]!.integrationName, declarations: declarations(surface, [alias]) };
  }
}
