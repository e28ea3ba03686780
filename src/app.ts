import Fastify, { type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { Config } from './config.js';
import type { Database } from './platform/db/database.js';
import { registerAuth } from './platform/http/auth.js';
import { memberPrincipal } from './modules/members/member-sessions.js';
import { registerErrorHandling } from './platform/http/error-handler.js';
import { registerMetrics } from './platform/http/metrics.js';
import { registerRequestTracing } from './platform/http/request-tracing.js';
import { startTracing } from './platform/tracing.js';
import { registerPageHeaders } from './platform/http/page-headers.js';
import { ErrorBody } from './platform/http/schemas.js';
import { jsonBodyProblem } from './platform/http/json-limits.js';
import { openApiDocumentTransform, openApiRouteTransform } from './platform/http/openapi.js';
import { isRouteAccess, noAuth, type RouteAccess } from './platform/http/route-access.js';
import { newRequestId } from './platform/ids.js';
import { lazySerializers, lazyValidator } from './platform/http/lazy-compilers.js';
import { AccessLogController, loggerOptions } from './platform/logger.js';
import { composeModules, type Services } from './modules.js';

export type { Services };

export interface AppDeps {
  config: Readonly<Config>;
  db: Database;
  /** Where log lines go (stdout by default); tests capture them. */
  logStream?: NodeJS.WritableStream;
  /** The time for the monthly quota and action packs (tests cross a month boundary with it); Date.now by default. */
  now?: () => number;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    routeList: ReadonlyArray<{ method: string; url: string; readonly access: RouteAccess | undefined }>;
    config: Readonly<Config>;
    db: Database;
  }
}

/** Every route says who may call it (route-access.ts): a route without a valid declaration stops the start. */
export function assertEveryRouteDeclaresAccess(routes: ReadonlyArray<{ method: string; url: string; access: unknown }>): void {
  const undeclared = routes.filter((r) => !isRouteAccess(r.access)).map((r) => `${r.method} ${r.url}`);
  if (undeclared.length > 0) throw new Error(`Routes without an access declaration: ${undeclared.join(', ')}`);
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  startTracing(config.tracing);
  const app = Fastify({
    logger: loggerOptions(config.logLevel, deps.logStream),
    logController: new AccessLogController(),
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

  const modules = composeModules({
    config,
    db: deps.db,
    orm: deps.db.orm,
    log: app.log,
    ...(deps.now ? { now: deps.now } : {}),
  });
  /** Shared schemas referenced by $ref from route schemas (and listed as OpenAPI components). */
  const sharedSchemas = [ErrorBody, ...modules.schemas];

  // Bodies are validated strictly (no type coercion); query strings and params are coerced from text. `verbose` gives
  // errors their schema, so a value outside a union is answered with the allowed values (validation-messages.ts).
  const ajvOptions = { useDefaults: true, removeAdditional: true, allErrors: false, strict: false, verbose: true } as const;
  const ajvBody = addFormats.default(new Ajv.default({ ...ajvOptions, coerceTypes: false }));
  const ajvText = addFormats.default(new Ajv.default({ ...ajvOptions, coerceTypes: 'array' }));
  for (const s of sharedSchemas) {
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

  // Hooks that never wait are callback hooks: an async hook costs a promise and a turn on every request.
  app.addHook('onRequest', (req, reply, done) => {
    void reply.header('X-Request-Id', req.id);
    // API answers are per caller and some carry a secret shown once (keys, tokens, signing secrets): never cached.
    if (req.url.startsWith('/api/') || req.url.startsWith('/operator/')) void reply.header('Cache-Control', 'no-store');
    done();
  });

  const { services, routes: moduleRoutes, jobs, lifecycle } = modules.build();
  for (const job of jobs) services.jobs.register(job);
  app.decorate('services', services);
  app.decorate('config', config);
  app.decorate('db', deps.db);

  registerErrorHandling(app);
  registerPageHeaders(app);
  registerAuth(
    app,
    {
      apiKey: (t) => services.verifier.verify(t),
      session: (t) => services.auth.verifySession(t),
      member: (t, orgId) => memberPrincipal(services, t, orgId),
      operator: (t) => services.operator.verify(t),
    },
    (orgId) => services.tenantActivity.seen(orgId),
  );

  for (const s of sharedSchemas) app.addSchema(s);
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
          memberSession: {
            type: 'apiKey',
            in: 'cookie',
            name: 'sb_session',
            description:
              'A signed-in person on an API-key route (the dashboard): the sb_session cookie, or Authorization: Bearer uss_..., with X-Switchboard-Organization. Owners and admins reach the organization, members their workspaces (docs/decisions/0132).',
          },
          organizationHeader: {
            type: 'apiKey',
            in: 'header',
            name: 'X-Switchboard-Organization',
            description: 'The organization a signed-in person acts in (required with memberSession).',
          },
          operatorToken: { type: 'http', scheme: 'bearer', description: 'Operator token' },
        },
      },
    },
    transform: openApiRouteTransform,
    transformObject: openApiDocumentTransform as never,
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

  registerMetrics(app, services.metrics);
  registerRequestTracing(app);
  for (const routes of moduleRoutes) await app.register(routes);
  assertEveryRouteDeclaresAccess(routeList);

  // The modules' lifecycle steps (src/platform/module.ts, Lifecycle): starts in list order, stops in reverse.
  const reversed = [...lifecycle].reverse();
  const stopBackground = async () => {
    for (const step of reversed) await step.stop?.();
  };
  app.addHook('onReady', async () => {
    try {
      for (const step of lifecycle) await step.start?.();
    } catch (err) {
      // A failed start leaves nothing running behind it (no timer, listener or worker keeps the process up).
      await stopBackground().catch(() => undefined);
      throw err;
    }
    for (const step of lifecycle) step.ready?.();
  });
  app.addHook('preClose', async () => {
    for (const step of lifecycle) await step.interrupt?.();
    await stopBackground();
    for (const step of lifecycle) await step.release?.();
  });
  // After in-flight requests finished: write the buffered activity, return unspent usage leases.
  app.addHook('onClose', async () => {
    for (const step of reversed) await step.close?.();
  });
  return app;
}
