import Fastify, { type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { Config } from './config.js';
import type { Database } from './platform/db/database.js';
import { registerAuth } from './platform/http/auth.js';
import { registerErrorHandling } from './platform/http/error-handler.js';
import { registerMetrics } from './platform/http/metrics.js';
import { registerPageHeaders } from './platform/http/page-headers.js';
import { ErrorBody } from './platform/http/schemas.js';
import { jsonBodyProblem } from './platform/http/json-limits.js';
import { openApiRouteTransform } from './platform/http/openapi.js';
import { newRequestId } from './platform/ids.js';
import { lazySerializers, lazyValidator } from './platform/http/lazy-compilers.js';
import { InvalidationBus } from './platform/invalidation.js';
import { JobRunner } from './platform/jobs/runner.js';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes.js';
import { ApiKeyPermissionsSchemas } from './modules/api-keys/api-keys.schemas.js';
import { ApiKeysService } from './modules/api-keys/api-keys.service.js';
import { ApiKeyVerifier } from './modules/api-keys/api-keys.verifier.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { User } from './modules/auth/auth.schemas.js';
import { AuthService } from './modules/auth/auth.service.js';
import { PasswordResetService } from './modules/auth/password-reset.service.js';
import { EmailVerificationService } from './modules/auth/email-verification.service.js';
import { endUsersRoutes } from './modules/end-users/end-users.routes.js';
import { EndUser } from './modules/end-users/end-users.schemas.js';
import { EndUsersService } from './modules/end-users/end-users.service.js';
import { purgeInvitationsJob } from './modules/members/members.jobs.js';
import { membersRoutes } from './modules/members/members.routes.js';
import { Invitation, Member } from './modules/members/members.schemas.js';
import { MembersService } from './modules/members/members.service.js';
import { workspaceMembersRoutes } from './modules/workspace-members/workspace-members.routes.js';
import { WorkspaceMember } from './modules/workspace-members/workspace-members.schemas.js';
import { WorkspaceMembersService } from './modules/workspace-members/workspace-members.service.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { OperatorAuth } from './modules/operator/operator.auth.js';
import { operatorRoutes } from './modules/operator/operator.routes.js';
import { Organization } from './modules/organizations/organizations.schemas.js';
import { OrganizationsService } from './modules/organizations/organizations.service.js';
import { workspacesRoutes } from './modules/workspaces/workspaces.routes.js';
import { Workspace } from './modules/workspaces/workspaces.schemas.js';
import { WorkspacesService } from './modules/workspaces/workspaces.service.js';
import { loggerOptions } from './platform/logger.js';
import { hkdfSync } from 'node:crypto';
import path from 'node:path';
import { DiskBlobBackend, FileStore } from './integrations/state/file-store.js';
import { S3BlobBackend } from './integrations/state/s3-blob-backend.js';
import { AdvancedCodeRuntime } from './integrations/builtins/advanced-code/runtime.js';
import { JsSandboxPool } from './sandbox/js-pool.js';
import { BrowserSessions } from './integrations/builtins/agent-browser/sessions.js';
import { filesRoutes } from './modules/files/files.routes.js';
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
import { actionsRoutes } from './modules/actions/actions.routes.js';
import { ActionsService } from './modules/actions/actions.service.js';
import { activityRoutes } from './modules/activity/activity.routes.js';
import { ActivityEntry } from './modules/activity/activity.schemas.js';
import { ActivityService } from './modules/activity/activity.service.js';
import { connectionsRoutes } from './modules/connections/connections.routes.js';
import { Connection, EarlierConnection } from './modules/connections/connections.schemas.js';
import { ConnectionsService } from './modules/connections/connections.service.js';
import { OAuthAppsService } from './modules/oauth-apps/oauth-apps.service.js';
import { partialsRoutes } from './modules/partials/partials.routes.js';
import { Partial } from './modules/partials/partials.schemas.js';
import { PartialsService } from './modules/partials/partials.service.js';
import { workspaceIntegrationsRoutes } from './modules/workspace-integrations/workspace-integrations.routes.js';
import { WorkspaceIntegration } from './modules/workspace-integrations/workspace-integrations.schemas.js';
import { WorkspaceIntegrationsService } from './modules/workspace-integrations/workspace-integrations.service.js';
import { integrationsRoutes } from './modules/integrations/integrations.routes.js';
import { CatalogEntry } from './modules/integrations/integrations.schemas.js';
import { IntegrationsService } from './modules/integrations/integrations.service.js';
import { approvalPoliciesRoutes } from './modules/approval-policies/approval-policies.routes.js';
import { Policy as ApprovalPolicy } from './modules/approval-policies/approval-policies.schemas.js';
import { ApprovalPoliciesService } from './modules/approval-policies/approval-policies.service.js';
import { OpenAiCompatibleRiskModel } from './modules/approval-policies/risk-model.js';
import { expireApprovalsJob } from './modules/approvals/approvals.jobs.js';
import { approvalsRoutes } from './modules/approvals/approvals.routes.js';
import { Approval, Receipt as ApprovalReceipt } from './modules/approvals/approvals.schemas.js';
import { ApprovalsService } from './modules/approvals/approvals.service.js';
import { redactInput } from './modules/approvals/redact.js';
import { ApprovalGate } from './modules/approvals/approval-gate.js';
import { ApprovalWebhooks } from './modules/approvals/approval-webhooks.js';
import { codeRunGates } from './modules/approvals/code-run-gates.js';
import { CodeRunApprovals } from './modules/approvals/code-runs.service.js';
import { approvalPagesRoutes } from './web/approvals/approval-pages.routes.js';
import { passwordResetPages } from './web/account/password-reset.routes.js';
import { DeliveryService } from './platform/delivery/delivery.js';
import { SigningSecrets } from './platform/delivery/signing.js';
import { webhookSigningSecretRoutes } from './modules/webhook-signing-secret/webhook-signing-secret.routes.js';
import { WebhookSigningSecretService } from './modules/webhook-signing-secret/webhook-signing-secret.service.js';
import type { ConnectionRecord } from './engine/types.js';
import { EventRecorder } from './modules/triggers/triggers.events.js';
import { TriggerPoller } from './modules/triggers/triggers.poller.js';
import { triggersRoutes } from './modules/triggers/triggers.routes.js';
import { SourceRunner, SourceSecrets } from './modules/triggers/triggers.runtime.js';
import { TriggerSource } from './modules/triggers/triggers.schemas.js';
import { TriggersService } from './modules/triggers/triggers.service.js';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.js';
import { WebhooksService } from './modules/webhooks/webhooks.service.js';
import { Mailer } from './platform/mailer.js';
import { connectJobs } from './modules/connect/connect.jobs.js';
import { connectRoutes } from './modules/connect/connect.routes.js';
import { ConnectSession } from './modules/connect/connect.schemas.js';
import { ConnectService } from './modules/connect/connect.service.js';
import { PortalService } from './modules/connect/portal.service.js';
import { OAuthRefresher } from './modules/connect/refresher.js';
import { oauthAppsRoutes } from './modules/oauth-apps/oauth-apps.routes.js';
import { OAuthApp } from './modules/oauth-apps/oauth-apps.schemas.js';
import { connectPages } from './web/connect/connect.web.js';
import { createMcpServices } from './mcp/index.js';
import { mcpEndpointRoutes } from './mcp/endpoint.routes.js';
import { mcpOAuthRoutes } from './mcp/oauth/oauth.routes.js';
import { mcpServersRoutes } from './modules/mcp-servers/mcp-servers.routes.js';
import { actionPacksRoutes } from './modules/action-packs/action-packs.routes.js';
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

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    routeList: ReadonlyArray<{ method: string; url: string }>;
    config: Readonly<Config>;
    db: Database;
  }
}

/** Shared schemas referenced by $ref from route schemas (and listed as OpenAPI components). */
const SHARED_SCHEMAS = [
  ErrorBody,
  ...ApiKeyPermissionsSchemas,
  Workspace,
  Organization,
  User,
  CatalogEntry,
  EndUser,
  Member,
  Invitation,
  WorkspaceMember,
  Connection,
  EarlierConnection,
  WorkspaceIntegration,
  Partial,
  ActivityEntry,
  ConnectSession,
  OAuthApp,
  TriggerSource,
  ApprovalPolicy,
  Approval,
  ApprovalReceipt,
];

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: loggerOptions(config.logLevel, deps.logStream),
    schemaController: { compilersFactory: { buildSerializer: lazySerializers() } },
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w.-]{1,64}$/.test(incoming) ? incoming : newRequestId();
    },
    bodyLimit: config.bodyLimit,
    // A hop count trusts that many proxies nearest to us (proxy-addr calls with the hop index).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_addr: string, i: number) =>
              i < hops
          )(config.trustProxy)
        : config.trustProxy,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  }).withTypeProvider<TypeBoxTypeProvider>();
  // The route table as registered (tests walk it: every HTML page carries the security headers).
  const routeList: Array<{ method: string; url: string }> = [];
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) routeList.push({ method, url: r.url });
  });
  app.decorate('routeList', routeList);

  // Bodies are validated strictly (no type coercion); query strings and params are coerced from text. `verbose` gives
  // errors their schema, so a value outside a union is answered with the allowed values (validation-messages.ts).
  const ajvOptions = { useDefaults: true, removeAdditional: true, allErrors: false, strict: false, verbose: true } as const;
  const ajvBody = addFormats.default(new Ajv.default({ ...ajvOptions, coerceTypes: false }));
  const ajvText = addFormats.default(new Ajv.default({ ...ajvOptions, coerceTypes: 'array' }));
  for (const s of SHARED_SCHEMAS) {
    ajvBody.addSchema(s);
    ajvText.addSchema(s);
  }
  // Compiled on a route's first request: start-up does not build validators for routes a process never serves.
  app.setValidatorCompiler(({ schema, httpPart }) =>
    lazyValidator(() => (httpPart === 'body' ? ajvBody : ajvText).compile(schema) as never),
  );

  // Empty JSON bodies (common on DELETE and POST without fields) read as "no body"; others keep the limits (0105).
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    return defaultJson(req, body as string, (err, value) =>
      err ? done(err) : done(jsonBodyProblem(value, config.jsonLimits), value),
    );
  });

  app.addHook('onRequest', async (req, reply) => {
    void reply.header('X-Request-Id', req.id);
    // API answers are per caller and some carry a secret shown once (keys, tokens, signing secrets): never cached.
    if (req.url.startsWith('/api/') || req.url.startsWith('/operator/')) void reply.header('Cache-Control', 'no-store');
  });

  const services = createServices(deps, app.log);
  app.decorate('services', services);
  app.decorate('config', config);
  app.decorate('db', deps.db);

  registerErrorHandling(app);
  registerPageHeaders(app);
  registerAuth(app, {
    apiKey: (t) => services.verifier.verify(t),
    session: (t) => services.auth.verifySession(t),
    operator: (t) => services.operator.verify(t),
  });

  for (const s of SHARED_SCHEMAS) app.addSchema(s);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Switchboard API',
        version: '1.0.0',
        description: 'Multi-tenant integration platform: catalog, connections, actions, triggers, MCP servers, approvals.',
      },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: {
          apiKey: { type: 'http', scheme: 'bearer', description: 'API key (svc_...)' },
          session: { type: 'http', scheme: 'bearer', description: 'Person session token (uss_...) or the sb_session cookie' },
          operatorToken: { type: 'http', scheme: 'bearer', description: 'Operator token' },
        },
      },
    },
    transform: openApiRouteTransform,
    refResolver: { buildLocalReference: (json, _base, _frag, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    // Its own CSP (hashes of its inline parts), framed by no one, and no upgrade of http deployments.
    staticCSP: true,
    transformStaticCSP: (header: string) =>
      header.replace("frame-ancestors 'self'", "frame-ancestors 'none'").replace(' upgrade-insecure-requests;', ''),
    uiConfig: { docExpansion: 'list', deepLinking: true },
    theme: {
      title: 'Switchboard API reference',
      css: [{ filename: 'switchboard.css', content: '.swagger-ui .topbar { display: none }' }],
    },
  });
  app.get('/api/v1/openapi.json', { config: { auth: 'none' }, schema: { hide: true } }, async () => app.swagger());

  registerMetrics(app);
  await app.register(healthRoutes);
  await app.register(operatorRoutes);
  await app.register(actionPacksRoutes);
  await app.register(authRoutes);
  await app.register(apiKeysRoutes);
  await app.register(workspacesRoutes);
  await app.register(endUsersRoutes);
  await app.register(membersRoutes);
  await app.register(workspaceMembersRoutes);
  await app.register(integrationsRoutes);
  await app.register(filesRoutes);
  await app.register(connectionsRoutes);
  await app.register(workspaceIntegrationsRoutes);
  await app.register(partialsRoutes);
  await app.register(actionsRoutes);
  await app.register(activityRoutes);
  await app.register(connectRoutes);
  await app.register(oauthAppsRoutes);
  await app.register(connectPages);
  await app.register(webhookSigningSecretRoutes);
  await app.register(triggersRoutes);
  await app.register(webhooksRoutes);
  await app.register(approvalPoliciesRoutes);
  await app.register(approvalsRoutes);
  await app.register(approvalPagesRoutes);
  await app.register(passwordResetPages);
  await app.register(mcpServersRoutes);
  await app.register(mcpEndpointRoutes);
  await app.register(mcpOAuthRoutes);

  const stopBackground = async () => {
    await services.poller.stop();
    await services.delivery.stop();
    await services.jobs.stop();
    await services.verifier.stop();
    await services.bus.stop();
  };
  app.addHook('onReady', async () => {
    try {
      await services.bus.start();
      services.verifier.start();
      await services.jobs.start(config.workers);
      if (config.workers) await services.delivery.start();
      if (config.workers) services.poller.start();
    } catch (err) {
      // A failed start leaves nothing running behind it (no timer, listener or worker keeps the process up).
      await stopBackground().catch(() => undefined);
      throw err;
    }
    // Pieces added on other nodes: installed in the background, so a slow npm never delays readiness.
    void services.pieceInstaller
      .sync()
      .catch((err: unknown) => app.log.error({ err: { message: (err as Error).message } }, 'piece sync failed'));
  });
  app.addHook('preClose', async () => {
    await services.pieceInstallJobs.close();
    await stopBackground();
    await services.pieces.close();
    await services.browsers.close();
  });
  // After in-flight requests finished: write the buffered activity, return unspent usage leases.
  app.addHook('onClose', async () => {
    await services.passwordReset.settle();
    await services.engine.close();
    await services.egress.close();
    services.files.close();
    services.mailer.close();
    await services.riskModel?.close();
    await services.jsSandbox.close();
  });
  return app;
}
