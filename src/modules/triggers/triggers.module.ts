import type { ExecutionEngine } from '../../engine/engine.js';
import type { ConnectionRecord } from '../../engine/types.js';
import type { IntegrationRegistry } from '../../integrations/registry.js';
import type { DeliveryService } from '../../platform/delivery/delivery.js';
import type { InvalidationBus } from '../../platform/invalidation.js';
import { defineModule, type Platform } from '../../platform/module.js';
import type { SecretBox } from '../../platform/secrets.js';
import type { ConnectionsService } from '../connections/connections.service.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import { EventRecorder } from './triggers.events.js';
import { TriggerPoller } from './triggers.poller.js';
import type { OrganizationEventEmitter } from '../webhook-endpoints/organization-events.js';
import type { Registry } from 'prom-client';
import { totalsCounter } from '../../platform/metrics.js';
import { triggersRoutes } from './triggers.routes.js';
import { SourceRunner, SourceSecrets } from './triggers.runtime.js';
import { TriggerSource } from './triggers.schemas.js';
import { TriggersService } from './triggers.service.js';

/** Triggers: sources, their events delivered to callbacks, polling; inbound webhooks are the webhooks module. */
export const triggersModule = defineModule<
  Pick<Platform, 'config' | 'orm' | 'log'> & {
    bus: InvalidationBus;
    secrets: SecretBox;
    registry: IntegrationRegistry;
    delivery: DeliveryService;
    workspaces: WorkspacesService;
    connections: ConnectionsService;
    engine: ExecutionEngine;
    organizationEvents: OrganizationEventEmitter;
    metrics: Registry;
  }
>()({
  name: 'triggers',
  build: ({
    config,
    orm,
    log,
    bus,
    registry,
    delivery,
    workspaces,
    connections,
    engine,
    secrets,
    organizationEvents,
    metrics,
  }) => {
    const sourceSecrets = new SourceSecrets(secrets);
    const triggerEngine = {
      credentials: (conn: ConnectionRecord) => engine.credentials(conn),
      findConnection: (orgId: string, id: string) => connections.find(orgId, id),
    };
    const sourceRunner = new SourceRunner({
      orm,
      registry,
      secrets: sourceSecrets,
      engine: triggerEngine,
      publicUrl: config.publicUrl,
    });
    const eventRecorder = new EventRecorder({ orm, delivery, secrets: sourceSecrets, bus });
    const poller = new TriggerPoller({
      orm,
      runner: sourceRunner,
      recorder: eventRecorder,
      tickMs: config.triggers.tickMs,
      minuteMs: config.triggers.minuteMs,
      pieceTimeoutMs: config.pieceTimeoutMs,
      maxFailedPolls: config.triggers.maxFailedPolls,
      onFailing: (orgId, id, failures, lastError) => triggers.disableFailing(orgId, id, failures, lastError),
      log,
    });
    const triggers = new TriggersService({
      orm,
      registry,
      workspaces,
      delivery,
      engine,
      runner: sourceRunner,
      secrets: sourceSecrets,
      recorder: eventRecorder,
      plans: config.plans,
      minuteMs: config.triggers.minuteMs,
      onEnabled: () => poller.kick(),
      bus,
      organizationEvents,
      log,
    });
    totalsCounter(
      metrics,
      {
        name: 'switchboard_trigger_polls_total',
        help: 'Polls of polling trigger sources by outcome: ok, failed',
        labelNames: ['outcome'] as const,
      },
      () => Object.entries(poller.pollOutcomes()).map(([outcome, n]) => [{ outcome }, n]),
    );
    return { sourceRunner, eventRecorder, poller, triggers };
  },
  routes: [triggersRoutes],
  schemas: [TriggerSource],
  hooks: {
    // Registrations at the providers go before the workspace; a source enabled meanwhile runs the hooks again (0083).
    workspaceDeletion: ({ triggers }) => ({
      before: (actor, workspaceId) => triggers.disableWorkspace(actor, workspaceId),
      check: (tx, orgId, workspaceId) => triggers.activeIn(tx, orgId, workspaceId),
    }),
  },
  lifecycle: ({ config, poller }) => ({
    start: () => {
      if (config.workers) poller.start();
    },
    stop: () => poller.stop(),
  }),
});
