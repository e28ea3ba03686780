import { hkdfSync } from 'node:crypto';
import type { IntegrationRegistry } from '../integrations/registry.js';
import type { ApprovalsService } from '../modules/approvals/approvals.service.js';
import { codeRunGates } from '../modules/approvals/code-run-gates.js';
import type { CodeRunApprovals } from '../modules/approvals/code-runs.service.js';
import type { EndUsersService } from '../modules/end-users/end-users.service.js';
import type { EgressGuard } from '../platform/egress.js';
import type { InvalidationBus } from '../platform/invalidation.js';
import { defineModule, type Platform } from '../platform/module.js';
import type { SecretBox } from '../platform/secrets.js';
import type { JsSandboxPool } from '../sandbox/js-pool.js';
import { McpTokens } from './auth/tokens.js';
import { CodeModeRunner } from './code-mode/runner.js';
import { mcpEndpointRoutes } from './endpoint.routes.js';
import { McpInvoker } from './invoke.js';
import { purgeMcpJob } from './jobs.js';
import { OAuthClients } from './oauth/clients.js';
import { mcpOAuthRoutes } from './oauth/oauth.routes.js';
import { McpOAuthService } from './oauth/oauth.service.js';
import type { EnginePort, PartialsPort, ReconnectPort, WorkspaceIntegrationsPort } from './ports.js';
import type { ProtocolDeps } from './protocol.js';
import { SurfaceCatalog } from './surface.js';

const VERSION = '1.0.0';

/** The /mcp/srv_<id> endpoint, Code Mode and the MCP OAuth authorization server (the servers: mcp-servers). */
export const mcpModule = defineModule<
  Pick<Platform, 'config' | 'orm' | 'log'> & {
    bus: InvalidationBus;
    registry: IntegrationRegistry;
    secrets: SecretBox;
    egress: EgressGuard;
    endUsers: EndUsersService;
    workspaceIntegrations: WorkspaceIntegrationsPort;
    partials: PartialsPort;
    engine: EnginePort;
    /** Hosted links that repair a connection needing re-authorization, for results the agent reads (0144). */
    reconnectLinks: ReconnectPort;
    /** The JavaScript sandbox's worker threads Code Mode runs on. */
    jsSandbox: JsSandboxPool;
    approvals: ApprovalsService;
    codeRunApprovals: CodeRunApprovals;
  }
>()({
  name: 'mcp',
  build: (d) => {
    const { config, orm, bus } = d;
    const mcpTokens = new McpTokens(orm, bus);
    const mcpSurfaces = new SurfaceCatalog({
      orm,
      registry: d.registry,
      workspaceIntegrations: d.workspaceIntegrations,
      partials: d.partials,
      bus,
    });
    const invoker = new McpInvoker(() => d.engine, d.reconnectLinks);
    const mcpCodeMode = new CodeModeRunner({
      orm,
      invoker,
      secrets: d.secrets,
      sandbox: d.jsSandbox,
      limits: { timeoutMs: config.codeModeTimeoutMs, memoryBytes: config.codeModeMemoryMb * 1024 * 1024, pollIntervalMs: 1000 },
      // Code Mode runs are analysed first; policy groups needing approval pause them before anything runs (0067).
      gates: codeRunGates({ codeRuns: d.codeRunApprovals, endUsers: d.endUsers }),
      // Human Gates: the status of an approval request, so continuations learn of rejections.
      approvalStatus: async (orgId, id) => {
        const row = await d.approvals.findRowById(id);
        return row && row.orgId === orgId ? row.status : null;
      },
    });
    const mcpProtocol: ProtocolDeps = { invoker, codeMode: mcpCodeMode, version: VERSION };
    const mcpOAuthClients = new OAuthClients({ orm, egress: d.egress, egressAllow: config.egressAllow });
    if (!config.encryptionKey) throw new Error('The encryption key must be resolved before building the app.');
    const signingKey = Buffer.from(hkdfSync('sha256', config.encryptionKey, Buffer.alloc(0), 'switchboard:mcp-oauth', 32));
    const mcpOAuth = new McpOAuthService({
      orm,
      clients: mcpOAuthClients,
      tokens: mcpTokens,
      endUsers: d.endUsers,
      publicUrl: config.publicUrl,
      signingKey,
    });
    return { mcpTokens, mcpSurfaces, mcpCodeMode, mcpProtocol, mcpOAuthClients, mcpOAuth };
  },
  routes: [mcpEndpointRoutes, mcpOAuthRoutes],
  jobs: ({ orm, log }) => [purgeMcpJob(orm, log)],
});
