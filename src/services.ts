import type { Config } from './config.js';
import type { Database } from './platform/db/database.js';
import { InvalidationBus } from './platform/invalidation.js';
import { JobRunner } from './platform/jobs/runner.js';
import { ApiKeysService } from './modules/api-keys/api-keys.service.js';
import { ApiKeyVerifier } from './modules/api-keys/api-keys.verifier.js';
import { AuthService } from './modules/auth/auth.service.js';
import { PasswordResetService } from './modules/auth/password-reset.service.js';
import { EmailVerificationService } from './modules/auth/email-verification.service.js';
import { EndUsersService } from './modules/end-users/end-users.service.js';
import { purgeInvitationsJob } from './modules/members/members.jobs.js';
import { MembersService } from './modules/members/members.service.js';
import { WorkspaceMembersService } from './modules/workspace-members/workspace-members.service.js';
import { OperatorAuth } from './modules/operator/operator.auth.js';
import { OrganizationsService } from './modules/organizations/organizations.service.js';
import { WorkspacesService } from './modules/workspaces/workspaces.service.js';
import { hkdfSync } from 'node:crypto';
import path from 'node:path';
import { DiskBlobBackend, FileStore } from './integrations/state/file-store.js';
import { S3BlobBackend } from './integrations/state/s3-blob-backend.js';
import { AdvancedCodeRuntime } from './integrations/builtins/advanced-code/runtime.js';
import { JsSandboxPool } from './sandbox/js-pool.js';
import { BrowserSessions } from './integrations/builtins/agent-browser/sessions.js';
import { PieceInstaller } from './integrations/pieces/installer.js';
import { PieceInstallJobs } from './integrations/pieces/install-jobs.js';
import { PieceWorkerPool } from './integrations/pieces/pool.js';
import { IntegrationRegistry } from './integrations/registry.js';
import { ActivityRecorder } from './engine/activity.js';
import { ExecutionEngine } from './engine/engine.js';
import { IdempotencyStore } from './engine/idempotency.js';
import { UsageLimiter } from './engine/limits.js';
import { engineJobs } from './engine/jobs.js';
import { EgressGuard } from './platform/egress.js';
import { SelfEndpoints } from './platform/self-endpoints.js';
import { SecretBox } from './platform/secrets.js';
import { ActionsService } from './modules/actions/actions.service.js';
import { ActivityService } from './modules/activity/activity.service.js';
import { ConnectionsService } from './modules/connections/connections.service.js';
import { OAuthAppsService } from './modules/oauth-apps/oauth-apps.service.js';
import { PartialsService } from './modules/partials/partials.service.js';
import { WorkspaceIntegrationsService } from './modules/workspace-integrations/workspace-integrations.service.js';
import { IntegrationsService } from './modules/integrations/integrations.service.js';
import { ApprovalPoliciesService } from './modules/approval-policies/approval-policies.service.js';
import { OpenAiCompatibleRiskModel } from './modules/approval-policies/risk-model.js';
import { expireApprovalsJob } from './modules/approvals/approvals.jobs.js';
import { ApprovalsService } from './modules/approvals/approvals.service.js';
import { redactInput } from './modules/approvals/redact.js';
import { ApprovalGate } from './modules/approvals/approval-gate.js';
import { ApprovalWebhooks } from './modules/approvals/approval-webhooks.js';
import { codeRunGates } from './modules/approvals/code-run-gates.js';
import { CodeRunApprovals } from './modules/approvals/code-runs.service.js';
import { DeliveryService } from './platform/delivery/delivery.js';
import { SigningSecrets } from './platform/delivery/signing.js';
import { WebhookSigningSecretService } from './modules/webhook-signing-secret/webhook-signing-secret.service.js';
import type { ConnectionRecord } from './engine/types.js';
import { EventRecorder } from './modules/triggers/triggers.events.js';
import { TriggerPoller } from './modules/triggers/triggers.poller.js';
import { SourceRunner, SourceSecrets } from './modules/triggers/triggers.runtime.js';
import { TriggersService } from './modules/triggers/triggers.service.js';
import { WebhooksService } from './modules/webhooks/webhooks.service.js';
import { Mailer } from './platform/mailer.js';
import { connectJobs } from './modules/connect/connect.jobs.js';
import { ConnectService } from './modules/connect/connect.service.js';
import { PortalService } from './modules/connect/portal.service.js';
import { OAuthRefresher } from './modules/connect/refresher.js';
import { createMcpServices } from './mcp/index.js';
import { ActionPacksService } from './modules/action-packs/action-packs.service.js';

export interface AppDeps {
  config: Readonly<Config>;
  db: Database;
  /** Where log lines go (stdout by default); tests capture them. */
  logStream?: NodeJS.WritableStream;
  /** The time for the monthly quota and action packs (tests cross a month boundary with it); Date.now by default. */
  now?: () => number;
}

/** Serialises npm installs of added pieces across processes sharing a data dir (any fixed id, unlike the others). */
const PIECE_INSTALL_LOCK_ID = 727_003;

/** Every service, built once per process; REST routes, MCP, hosted pages, jobs and the CLI share them. */
export function createServices(
  { config, db, now }: AppDeps,
  log: { info(o: object, m?: string): void; error(o: object, m?: string): void; warn(o: object, m?: string): void },
) {
  const orm = db.orm;
  const bus = new InvalidationBus(db, { redisUrl: config.redisUrl, log });
  const jobs = new JobRunner(db, log);
  const verifier = new ApiKeyVerifier(orm, bus, config.authCacheTtlMs, config.lastUsedFlushMs, (err) =>
    log.error({ err: { message: (err as Error).message } }, 'lastUsedAt flush failed'),
  );
  const auth = new AuthService({ orm });
  const apiKeys = new ApiKeysService({ orm, plans: config.plans, bus, verifier });
  const workspaces = new WorkspacesService({ orm, plans: config.plans, bus });
  const endUsers = new EndUsersService({ orm, workspaces, bus });
  const members = new MembersService({ orm, plans: config.plans });
  const workspaceMembers = new WorkspaceMembersService({ orm, workspaces });
  jobs.register(purgeInvitationsJob(orm, log));
  jobs.register(auth.throttle.purgeJob(log));
  const organizations = new OrganizationsService({ orm, plans: config.plans, bus, apiKeys, auth });
  const operator = new OperatorAuth(orm, config.operatorToken);
  if (!config.encryptionKey) throw new Error('The encryption key must be resolved before building the app (prepareConfig).');
  const fileSigningKey = Buffer.from(hkdfSync('sha256', config.encryptionKey, Buffer.alloc(0), 'switchboard:file-links', 32));
  const s3 = config.storageS3;
  const blobs = s3
    ? new S3BlobBackend({
        bucket: s3.bucket,
        prefix: s3.prefix,
        ...(s3.region ? { region: s3.region } : {}),
        ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
        ...(s3.accessKeyId && s3.secretAccessKey ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } : {}),
      })
    : new DiskBlobBackend(path.join(config.dataDir, 'storage'));
  // Files written before S3 was configured stay readable for `storage migrate` and are named in errors (0102).
  const files = new FileStore(orm, blobs, fileSigningKey, config.publicUrl, {
    current: s3 ? 's3' : 'local',
    others: s3 ? { local: new DiskBlobBackend(path.join(config.dataDir, 'storage')) } : {},
  });
  const registry = new IntegrationRegistry();
  const pieces = new PieceWorkerPool({
    size: config.pieceWorkers,
    timeoutMs: config.pieceTimeoutMs,
    memoryMb: config.pieceMemoryMb,
    egressAllow: config.egressAllow,
    self: { publicUrl: config.publicUrl, port: config.port, host: config.host },
    log,
  });
  const pieceInstaller = new PieceInstaller({
    orm,
    pool: pieces,
    registry,
    bus,
    dir: path.join(config.dataDir, 'pieces'),
    log,
    npmRegistry: config.npmRegistry,
    lock: (fn) => db.withAdvisoryLock(PIECE_INSTALL_LOCK_ID, () => fn()),
  });
  if (config.defaultPieces) pieceInstaller.registerDefaults();
  const pieceInstallJobs = new PieceInstallJobs({ orm, installer: pieceInstaller, log });
  // Chromium starts on the first browser action, not here.
  const browsers = new BrowserSessions({ dataDir: config.dataDir });
  const advancedCode = new AdvancedCodeRuntime({
    dataDir: config.dataDir,
    allowNetwork: config.advancedCodeNetwork,
    limits: {
      runMemoryBytes: config.advancedCodeMemoryMb * 1024 * 1024,
      runProcesses: config.advancedCodeProcesses,
      persistentBytes: config.advancedCodeDiskMb * 1024 * 1024,
    },
  });
  // QuickJS runs (`code`, Code Mode) on worker threads, never on this event loop (docs/decisions/0110).
  const jsSandbox = new JsSandboxPool({ size: config.jsSandboxWorkers, maxQueue: config.jsSandboxQueue });
  const secrets = SecretBox.fromKeys(config.encryptionKey, config.previousEncryptionKeys);
  const egress = new EgressGuard(config.egressAllow, new SelfEndpoints(config));
  const oauthApps = new OAuthAppsService({ orm, secrets, registry, plans: config.plans });
  const connections = new ConnectionsService({
    orm,
    plans: config.plans,
    registry,
    workspaces,
    endUsers,
    oauthApps,
    secrets,
    bus,
  });
  const workspaceIntegrations = new WorkspaceIntegrationsService({ orm, registry, workspaces, connections, oauthApps, bus });
  const partials = new PartialsService({ orm, registry, workspaces, bus });
  const actionPacks = new ActionPacksService({ orm, plans: config.plans, bus, ...(now ? { now } : {}) });
  const limits = new UsageLimiter({
    orm,
    plans: config.plans,
    bus,
    extraActions: (orgId, month) => actionPacks.actionsIn(orgId, month),
    ...(now ? { now } : {}),
  });
  const idempotency = new IdempotencyStore(orm);
  const activityRecorder = new ActivityRecorder(db, log);
  // Human Gates: policies, approval requests and receipts; the engine cannot be built without its gate (0090).
  const riskModel = config.approvalModel ? new OpenAiCompatibleRiskModel(config.approvalModel, config.egressAllow) : null;
  const approvalPolicies = new ApprovalPoliciesService({
    orm,
    workspaces,
    bus,
    registry,
    model: riskModel,
    egressAllow: config.egressAllow,
    preview: (input, enforcedKeys) => redactInput(input, { enforcedKeys }).preview,
  });
  // Outbound webhooks (trigger callbacks, approval notifications): see src/platform/delivery.
  const signing = new SigningSecrets({ orm, secrets });
  const delivery = new DeliveryService({ db, secrets, signing, egress, config: config.delivery, log });
  jobs.register(delivery.purgeJob());
  const approvalWebhooks = new ApprovalWebhooks({ delivery, publicUrl: config.publicUrl });
  const approvals = new ApprovalsService({
    orm,
    registry,
    workspaces,
    policies: approvalPolicies,
    publicUrl: config.publicUrl,
    notifier: approvalWebhooks,
  });
  jobs.register(expireApprovalsJob(approvals, log));
  // OAuth2 tokens refreshed ahead of expiry and after a 401 (src/modules/connect).
  const oauthRefresher = new OAuthRefresher({ db, registry, connections, oauthApps, egress, log });
  const engine = new ExecutionEngine({
    refresher: oauthRefresher,
    orm,
    registry,
    workspaces,
    endUsers,
    workspaceIntegrations,
    partials,
    connections,
    limits,
    idempotency,
    activity: activityRecorder,
    files,
    egress,
    resources: {
      browsers,
      advancedCode,
      jsSandbox: { pool: jsSandbox, timeoutMs: config.codeTimeoutMs, memoryBytes: config.codeMemoryMb * 1024 * 1024 },
    },
    gate: new ApprovalGate(approvals),
    publicUrl: config.publicUrl,
    actionTimeoutMs: config.actionTimeoutMs,
    log,
  });
  for (const job of engineJobs(orm, idempotency, log)) jobs.register(job);
  const actions = new ActionsService({ engine, connections });
  const activity = new ActivityService({ orm, recorder: activityRecorder, workspaces });
  const integrations = new IntegrationsService({
    registry,
    publicUrl: config.publicUrl,
    workspaces,
    engine,
    oauthApps,
    logosDir: path.join(config.dataDir, 'logos'),
    log,
  });
  // Hosted connect, the end-user portal and OAuth2 refresh (src/modules/connect).
  const mailer = new Mailer(config.email);
  const emailVerification = new EmailVerificationService({ orm, mailer, log });
  const connect = new ConnectService({
    orm,
    registry,
    workspaces,
    endUsers,
    workspaceIntegrations,
    connections,
    oauthApps,
    secrets,
    egress,
    publicUrl: config.publicUrl,
    log,
  });
  const portal = new PortalService({
    orm,
    registry,
    workspaces,
    endUsers,
    workspaceIntegrations,
    connections,
    connect,
    mailer,
    publicUrl: config.publicUrl,
    log,
  });
  for (const job of connectJobs({ orm, refresher: oauthRefresher, aheadSeconds: config.oauthRefreshAheadSeconds, log }))
    jobs.register(job);
  const webhookSigningSecret = new WebhookSigningSecretService({ signing });
  // Triggers: sources, inbound webhooks, polling (see src/modules/triggers).
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
    log,
  });
  workspaces.onBeforeDelete((actor, workspaceId) => triggers.disableWorkspace(actor, workspaceId));
  workspaces.onDeleteCheck((tx, orgId, workspaceId) => triggers.activeIn(tx, orgId, workspaceId));
  const codeRunApprovals = new CodeRunApprovals({
    orm,
    approvals,
    policies: approvalPolicies,
    registry,
    publicUrl: config.publicUrl,
  });
  const webhooks = new WebhooksService({
    orm,
    registry,
    runner: sourceRunner,
    recorder: eventRecorder,
    appWebhookSecrets: config.triggers.appWebhookSecrets,
    publicUrl: config.publicUrl,
    log,
    bus,
  });
  const mcp = createMcpServices({
    // Code Mode runs are analysed first; policy groups needing approval pause them before anything runs (0067).
    codeRunGates: codeRunGates({ codeRuns: codeRunApprovals, endUsers }),
    config,
    orm,
    bus,
    jobs,
    log,
    registry,
    secrets,
    egress,
    workspaces,
    endUsers,
    workspaceIntegrations,
    partials,
    connections,
    engine,
    jsSandbox,
    approvalStatus: async (orgId, id) => {
      const row = await approvals.findRowById(id);
      return row && row.orgId === orgId ? row.status : null;
    },
  });
  const passwordReset = new PasswordResetService({
    orm,
    mailer,
    publicUrl: config.publicUrl,
    log,
    grants: mcp.mcpTokens,
    throttle: auth.throttle,
  });
  return {
    bus,
    jobs,
    verifier,
    auth,
    apiKeys,
    workspaces,
    endUsers,
    members,
    workspaceMembers,
    organizations,
    operator,
    registry,
    integrations,
    files,
    pieces,
    pieceInstaller,
    pieceInstallJobs,
    browsers,
    advancedCode,
    jsSandbox,
    secrets,
    egress,
    oauthApps,
    connections,
    workspaceIntegrations,
    partials,
    limits,
    actionPacks,
    idempotency,
    engine,
    actions,
    activity,
    mailer,
    emailVerification,
    passwordReset,
    connect,
    portal,
    oauthRefresher,
    signing,
    delivery,
    webhookSigningSecret,
    triggers,
    poller,
    webhooks,
    approvalPolicies,
    approvals,
    approvalWebhooks,
    codeRunApprovals,
    riskModel,
    ...mcp,
  };
}

export type Services = ReturnType<typeof createServices>;
