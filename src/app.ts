import { ApiKeyPermissionsSchemas } from './modules/api-keys/api-keys.schemas.js';
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
import { isRouteAccess, noAuth, type RouteAccess } from './platform/http/route-access.js';
import { newRequestId } from './platform/ids.js';
import { lazySerializers, lazyValidator } from './platform/http/lazy-compilers.js';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { User } from './modules/auth/auth.schemas.js';
import { endUsersRoutes } from './modules/end-users/end-users.routes.js';
import { EndUser } from './modules/end-users/end-users.schemas.js';
import { membersRoutes } from './modules/members/members.routes.js';
import { Invitation, Member } from './modules/members/members.schemas.js';
import { workspaceMembersRoutes } from './modules/workspace-members/workspace-members.routes.js';
import { WorkspaceMember } from './modules/workspace-members/workspace-members.schemas.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { operatorRoutes } from './modules/operator/operator.routes.js';
import { Organization } from './modules/organizations/organizations.schemas.js';
import { workspacesRoutes } from './modules/workspaces/workspaces.routes.js';
import { Workspace } from './modules/workspaces/workspaces.schemas.js';
import { loggerOptions } from './platform/logger.js';
import { filesRoutes } from './modules/files/files.routes.js';
import { actionsRoutes } from './modules/actions/actions.routes.js';
import { activityRoutes } from './modules/activity/activity.routes.js';
import { ActivityEntry } from './modules/activity/activity.schemas.js';
import { connectionsRoutes } from './modules/connections/connections.routes.js';
import { Connection, EarlierConnection } from './modules/connections/connections.schemas.js';
import { partialsRoutes } from './modules/partials/partials.routes.js';
import { Partial } from './modules/partials/partials.schemas.js';
import { workspaceIntegrationsRoutes } from './modules/workspace-integrations/workspace-integrations.routes.js';
import { WorkspaceIntegration } from './modules/workspace-integrations/workspace-integrations.schemas.js';
import { integrationsRoutes } from './modules/integrations/integrations.routes.js';
import { CatalogEntry } from './modules/integrations/integrations.schemas.js';
import { approvalPoliciesRoutes } from './modules/approval-policies/approval-policies.routes.js';
import { Policy as ApprovalPolicy } from './modules/approval-policies/approval-policies.schemas.js';
import { approvalsRoutes } from './modules/approvals/approvals.routes.js';
import { Approval, Receipt as ApprovalReceipt } from './modules/approvals/approvals.schemas.js';
import { approvalPagesRoutes } from './web/approvals/approval-pages.routes.js';
import { passwordResetPages } from './web/account/password-reset.routes.js';
import { webhookSigningSecretRoutes } from './modules/webhook-signing-secret/webhook-signing-secret.routes.js';
import { triggersRoutes } from './modules/triggers/triggers.routes.js';
import { TriggerSource } from './modules/triggers/triggers.schemas.js';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.js';
import { connectRoutes } from './modules/connect/connect.routes.js';
import { ConnectSession } from './modules/connect/connect.schemas.js';
import { oauthAppsRoutes } from './modules/oauth-apps/oauth-apps.routes.js';
import { OAuthApp } from './modules/oauth-apps/oauth-apps.schemas.js';
import { connectPages } from './web/connect/connect.web.js';
import { mcpEndpointRoutes } from './mcp/endpoint.routes.js';
import { mcpOAuthRoutes } from './mcp/oauth/oauth.routes.js';
import { mcpServersRoutes } from './modules/mcp-servers/mcp-servers.routes.js';
import { actionPacksRoutes } from './modules/action-packs/action-packs.routes.js';
import { createServices, type AppDeps, type Services } from './services.js';

export type { AppDeps, Services };

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    routeList: ReadonlyArray<{ method: string; url: string; readonly access: RouteAccess | undefined }>;
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

/** Every route says who may call it (route-access.ts): a route without a valid declaration stops the start. */
export function assertEveryRouteDeclaresAccess(routes: ReadonlyArray<{ method: string; url: string; access: unknown }>): void {
  const undeclared = routes.filter((r) => !isRouteAccess(r.access)).map((r) => `${r.method} ${r.url}`);
  if (undeclared.length > 0) throw new Error(`Routes without an access declaration: ${undeclared.join(', ')}`);
}

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
  // The route table as registered, with each route's access declaration (checked below; tests walk it).
  const routeList: Array<{ method: string; url: string; readonly access: RouteAccess | undefined }> = [];
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat())
      routeList.push({
        method,
        url: r.url,
        get access() {
          return r.config?.access;
        },
      });
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
  // The reference pages are public; the plugin's routes get their declaration here, as every route must have one.
  await app.register(async (docs) => {
    docs.addHook('onRoute', (r) => {
      r.config = { ...r.config, access: noAuth('the API reference is public') };
    });
    await docs.register(swaggerUi, {
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
  });
  app.get(
    '/api/v1/openapi.json',
    { config: { access: noAuth('the API description is public') }, schema: { hide: true } },
    async () => app.swagger(),
  );

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
  assertEveryRouteDeclaresAccess(routeList);

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
