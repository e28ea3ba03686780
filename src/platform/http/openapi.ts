import { securityOf, type RouteAccess } from './route-access.js';

declare module 'fastify' {
  interface FastifySchema {
    /** `<group>.<method>`: the SDKs' method for this route (docs/decisions/0129). */
    operationId?: string;
    /** false: no SDK method (a provider or a browser calls this route, never an application). */
    'x-switchboard-sdk'?: false;
  }
}

type Schema = Record<string | symbol, unknown>;

const isObject = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A copy of `schema` where no property that has a default is listed as required. TypeBox lists a property with a
 * default as required (so handlers see it typed as always present, which the validator's useDefaults makes true);
 * a caller may leave it out, and that is what the OpenAPI document must say. The route's own schema is not touched:
 * it is the one validation compiles.
 */
export function defaultsNotRequired(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(defaultsNotRequired);
  if (!isObject(schema)) return schema;
  const out: Schema = { ...schema };
  const props = isObject(schema.properties) ? schema.properties : undefined;
  if (props) {
    out.properties = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, defaultsNotRequired(v)]));
    if (Array.isArray(schema.required)) {
      const required = (schema.required as string[]).filter((k) => !isObject(props[k]) || props[k].default === undefined);
      if (required.length > 0) out.required = required;
      else delete out.required;
    }
  }
  for (const key of ['items', 'additionalProperties', 'anyOf', 'oneOf', 'allOf'] as const) {
    if (schema[key] !== undefined) out[key] = defaultsNotRequired(schema[key]);
  }
  return out;
}

/**
 * The @fastify/swagger per-route transform: request parts with defaults are optional for the caller, and the route's
 * access declaration becomes the operation's `security` and its `x-switchboard-access` (who may call it: the
 * credential, the reach an API key needs, the permission) — written once, on the route.
 */
export function openApiRouteTransform({
  schema,
  url,
  route,
}: {
  schema: unknown;
  url: string;
  route?: { config?: { access?: RouteAccess; documentedBody?: unknown } };
}) {
  if (!isObject(schema)) return { schema: schema as never, url };
  const out: Schema = { ...schema };
  // A route validating a lenient union of request shapes may document the shapes themselves (see its schemas).
  if (route?.config?.documentedBody !== undefined) out.body = route.config.documentedBody;
  const access = route?.config?.access;
  if (access) {
    out.security = securityOf(access);
    out['x-switchboard-access'] = access;
  }
  for (const part of ['querystring', 'query', 'headers', 'body'] as const) {
    if (out[part] !== undefined) out[part] = defaultsNotRequired(out[part]);
  }
  return { schema: out as never, url };
}

/**
 * The @fastify/swagger whole-document transform: a route answering several methods names its operations with a
 * `{Method}` placeholder (`inboundWebhooks.source{Method}`), made unique here per method.
 */
export function openApiDocumentTransform({ openapiObject }: { openapiObject: Record<string, unknown> }) {
  const paths = (openapiObject.paths ?? {}) as Record<string, Record<string, Schema>>;
  for (const ops of Object.values(paths)) {
    for (const [method, op] of Object.entries(ops)) {
      // The plugin shares one operation object between a route's methods: each gets its own copy.
      if (typeof op.operationId === 'string' && op.operationId.includes('{Method}'))
        ops[method] = { ...op, operationId: op.operationId.replace('{Method}', method[0]!.toUpperCase() + method.slice(1)) };
    }
  }
  return openapiObject;
}
