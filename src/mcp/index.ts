import { hkdfSync } from 'node:crypto';
import type { Config } from '../config.js';
import type { IntegrationRegistry } from '../integrations/registry.js';
import type { Orm } from '../platform/db/database.js';
import type { EgressGuard } from '../platform/egress.js';
import type { InvalidationBus } from '../platform/invalidation.js';
import type { JobRunner } from '../platform/jobs/runner.js';
import type { SecretBox } from '../platform/secrets.js';
import type { JsSandboxPool } from '../sandbox/js-pool.js';
import { registerSuspendable } from '../platform/suspension.js';
import type { EndUsersService } from '../modules/end-users/end-users.service.js';
import { McpCodeService } from '../modules/mcp-servers/mcp-code.service.js';
import { McpServersService } from '../modules/mcp-servers/mcp-servers.service.js';
import { McpToolsService } from '../modules/mcp-servers/mcp-tools.service.js';
import type { WorkspacesService } from '../modules/workspaces/workspaces.service.js';
import { McpTokens } from './auth/tokens.js';
import type { CodeRunGates } from './code-mode/gates.js';
import { CodeModeRunner } from './code-mode/runner.js';
import { McpInvoker } from './invoke.js';
import { OAuthClients } from './oauth/clients.js';
import { McpOAuthService } from './oauth/oauth.service.js';
import type { ApprovalStatusLookup, ConnectionsPort, EnginePort, PartialsPort, WorkspaceIntegrationsPort } from './ports.js';
import type { ProtocolDeps } from './protocol.js';
import { purgeMcpJob } from './jobs.js';
import { SurfaceCatalog } from './surface.js';

const VERSION = '1.0.0';

/** MCP servers, their endpoint, Code Mode and the MCP OAuth authorization server, built once per process. */
export function createMcpServices(d: {
  config: Readonly<Config>;
  orm: Orm;
  bus: InvalidationBus;
  jobs: JobRunner;
  log: { info(o: object, m?: string): void };
  registry: IntegrationRegistry;
  secrets: SecretBox;
  egress: EgressGuard;
  workspaces: WorkspacesService;
  endUsers: EndUsersService;
  workspaceIntegrations: WorkspaceIntegrationsPort;
  partials: PartialsPort;
  connections: ConnectionsPort;
  engine: EnginePort;
  /** The JavaScript sandbox's worker threads Code Mode runs on. */
  jsSandbox: JsSandboxPool;
  /** Human Gates: the status of an approval request, so continuations learn of rejections. */
  approvalStatus: ApprovalStatusLookup;
  /** Human Gates around a Code Mode run: its pre-run analysis and batch approvals (0067). */
  codeRunGates: CodeRunGates;
}) {
  const { config, orm, bus } = d;
  // A plan downgrade suspends the newest servers beyond the plan's mcpServers limit.
  registerSuspendable('mcp_servers', 'mcpServers');
  d.jobs.register(purgeMcpJob(orm, d.log));
  const mcpTokens = new McpTokens(orm, bus);
  const mcpSurfaces = new SurfaceCatalog({
    orm,
    registry: d.registry,
    workspaceIntegrations: d.workspaceIntegrations,
    partials: d.partials,
    bus,
  });
  const invoker = new McpInvoker(() => d.engine);
  const mcpCodeMode = new CodeModeRunner({
    orm,
    invoker,
    secrets: d.secrets,
    sandbox: d.jsSandbox,
    limits: { timeoutMs: config.codeModeTimeoutMs, memoryBytes: config.codeModeMemoryMb * 1024 * 1024, pollIntervalMs: 1000 },
    gates: d.codeRunGates,
    approvalStatus: d.approvalStatus,
  });
  const mcpProtocol: ProtocolDeps = { invoker, codeMode: mcpCodeMode, version: VERSION };
  const mcpServers = new McpServersService({
    orm,
    plans: config.plans,
    publicUrl: config.publicUrl,
    bus,
    workspaces: d.workspaces,
    endUsers: d.endUsers,
    workspaceIntegrations: d.workspaceIntegrations,
    tokens: mcpTokens,
    surfaces: mcpSurfaces,
  });
  const mcpTools = new McpToolsService({
    orm,
    registry: d.registry,
    servers: mcpServers,
    workspaceIntegrations: d.workspaceIntegrations,
    partials: d.partials,
    connections: d.connections,
  });
  const mcpCode = new McpCodeService({ servers: mcpServers, surfaces: mcpSurfaces, codeMode: mcpCodeMode });
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
  return { mcpTokens, mcpSurfaces, mcpCodeMode, mcpProtocol, mcpServers, mcpTools, mcpCode, mcpOAuthClients, mcpOAuth };
}
