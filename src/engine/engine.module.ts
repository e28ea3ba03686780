import type { AdvancedCodeRuntime } from '../integrations/builtins/advanced-code/runtime.js';
import type { BrowserSessions } from '../integrations/builtins/agent-browser/sessions.js';
import type { IntegrationRegistry } from '../integrations/registry.js';
import type { FileStore } from '../integrations/state/file-store.js';
import type { EgressGuard } from '../platform/egress.js';
import type { InvalidationBus } from '../platform/invalidation.js';
import { defineModule, type Platform } from '../platform/module.js';
import type { JsSandboxPool } from '../sandbox/js-pool.js';
import type { ConnectionsPort, EndUsersPort, PartialsPort, WorkspaceIntegrationsPort, WorkspacesPort } from './ports.js';
import type { CredentialRefresher, ExecutionGate } from './types.js';
import { ActivityRecorder } from './activity.js';
import { ExecutionEngine } from './engine.js';
import { IdempotencyStore } from './idempotency.js';
import { engineJobs } from './jobs.js';
import { UsageLimiter } from './limits.js';
import { EngineMetrics } from './metrics.js';
import type { Registry } from 'prom-client';

/**
 * The execution engine: runs one action (REST, MCP, Code Mode, jobs all call it), with quota and activity. It needs
 * the modules' services only through its ports (./ports.ts), and imports nothing from src/modules.
 */
export const engineModule = defineModule<
  Pick<Platform, 'config' | 'db' | 'orm' | 'log' | 'now'> & {
    metrics: Registry;
    bus: InvalidationBus;
    egress: EgressGuard;
    registry: IntegrationRegistry;
    files: FileStore;
    browsers: BrowserSessions;
    advancedCode: AdvancedCodeRuntime;
    jsSandbox: JsSandboxPool;
    workspaces: WorkspacesPort;
    endUsers: EndUsersPort;
    workspaceIntegrations: WorkspaceIntegrationsPort;
    partials: PartialsPort;
    connections: ConnectionsPort;
    /** Actions bought on top of the plan's monthly quota. */
    actionPacks: { actionsIn(orgId: string, month: number): Promise<number> };
    /** Human Gates: every call passes it before anything runs (the approvals module's ApprovalGate). */
    approvalGate: ExecutionGate;
    /** OAuth2 tokens refreshed ahead of expiry and after a 401 (the connect module's OAuthRefresher). */
    oauthRefresher: CredentialRefresher;
  }
>()({
  name: 'engine',
  build: (d) => {
    const { config, orm, now, actionPacks } = d;
    const limits = new UsageLimiter({
      orm,
      plans: config.plans,
      bus: d.bus,
      extraActions: (orgId, month) => actionPacks.actionsIn(orgId, month),
      ...(now ? { now } : {}),
    });
    const idempotency = new IdempotencyStore(orm);
    const activityRecorder = new ActivityRecorder(d.db, d.log);
    const engine = new ExecutionEngine({
      refresher: d.oauthRefresher,
      orm,
      registry: d.registry,
      workspaces: d.workspaces,
      endUsers: d.endUsers,
      workspaceIntegrations: d.workspaceIntegrations,
      partials: d.partials,
      connections: d.connections,
      limits,
      idempotency,
      activity: activityRecorder,
      metrics: new EngineMetrics(d.metrics),
      files: d.files,
      egress: d.egress,
      resources: {
        browsers: d.browsers,
        advancedCode: d.advancedCode,
        jsSandbox: { pool: d.jsSandbox, timeoutMs: config.codeTimeoutMs, memoryBytes: config.codeMemoryMb * 1024 * 1024 },
      },
      // Human Gates: the engine cannot be built without its gate (0090).
      gate: d.approvalGate,
      publicUrl: config.publicUrl,
      actionTimeoutMs: config.actionTimeoutMs,
      log: d.log,
    });
    return { limits, idempotency, activityRecorder, engine };
  },
  jobs: ({ orm, idempotency, log }) => engineJobs(orm, idempotency, log),
  // After in-flight requests finished: write the buffered activity, return unspent usage leases.
  lifecycle: ({ engine }) => ({ close: () => engine.close() }),
});
