/**
 * An OpenAPI 3.1 document (document.ts) compiled to what a custom integration needs to run (0151): one action per
 * selected operation, with props from its parameters and JSON body, the request it sends, and auth options from the
 * document's security schemes. The result is plain JSON, stored with the integration; integration.ts turns it into
 * an IntegrationDefinition like any built-in's or piece's.
 */
import type { AuthOption, Prop, Props } from '../framework.js';
import { OpenApiDocumentError, type OpenApiDocument } from './document.js';

export const COMPILE_LIMITS = {
  /** Operations imported from one document (after the selection). */
  maxOperations: 500,
  /** Props of one action. */
  maxProps: 200,
  /** Schema levels followed into a prop or an output schema; deeper parts are left as free JSON. */
  maxSchemaDepth: 12,
  /** Schema nodes visited while compiling one document (shared schemas are visited once per use). */
  maxSchemaNodes: 200_000,
} as const;

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
type Method = (typeof METHODS)[number];

/** Which operations to import; each list, when given, narrows the selection. */
export interface OperationSelection {
  tags?: string[];
  /** Paths exactly as the document writes them (`/pets/{petId}`). */
  paths?: string[];
  methods?: string[];
  operationIds?: string[];
}

export interface ParameterSpec {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  /** The input key it is read from. */
  prop: string;
  /** Arrays in a query: one parameter per item (explode, the default) or comma-separated. */
  explode: boolean;
}

export interface BodySpec {
  contentType: 'application/json' | 'application/x-www-form-urlencoded' | 'text/plain';
  /** The whole body from one prop (`body`), or an object assembled from one prop per top-level property. */
  whole: string | null;
  fields: Array<{ prop: string; key: string }>;
}

export interface ActionSpec {
  name: string;
  displayName: string;
  description: string;
  method: Method;
  path: string;
  parameters: ParameterSpec[];
  body: BodySpec | null;
  /** Whether a connection is needed: the operation's security, or the document's, lists a supported scheme. */
  requireAuth: boolean;
  props: Props;
  outputSchema?: Record<string, unknown>;
}

/** How a security scheme puts a connection's credentials on a request. */
export type SchemeSpec =
  | { kind: 'apiKey'; key: string; in: 'header' | 'query' | 'cookie'; name: string }
  | { kind: 'bearer'; key: string }
  | { kind: 'basic'; key: string }
  | { kind: 'oauth2'; key: string }
  /** A machine's token (client credentials grant): requested by the call itself and kept until it expires. */
  | { kind: 'clientCredentials'; key: string; tokenUrl: string; scopes: string[] };

export interface ServerSpec {
  /** The first server's URL with its variables' defaults; null when the document names none usable. */
  defaultUrl: string | null;
  /** Every server URL the document lists, variables at their defaults. */
  urls: string[];
  /** A connection chooses its server (several servers, or variables). */
  perConnection: boolean;
}

export interface CompiledSpec {
  /** A version of this format, for stored specs. */
  format: 1;
  title: string;
  description: string;
  server: ServerSpec;
  schemes: SchemeSpec[];
  auth: AuthOption[];
  actions: ActionSpec[];
  /** What was left out and why (an unsupported scheme or body type), for the import's report. */
  skipped: string[];
}

export interface CompileOptions {
  selection?: OperationSelection;
  /** Where the document came from, to resolve relative server and token URLs. */
  sourceUrl?: string | null;
}

/** The field names a connection of a custom integration is made of (CUSTOM_AUTH props and OAUTH2 extra props). */
export const SERVER_FIELD = 'server_url';

export function compileOpenApi(document: OpenApiDocument, options: CompileOptions = {}): CompiledSpec {
  const refs = new RefResolver(document);
  const skipped: string[] = [];
  const info = (document.info ?? {}) as Record<string, unknown>;
  const server = servers(document, options.sourceUrl ?? null);
  const schemes = securitySchemes(document, skipped, options.sourceUrl ?? null);
  // The document's scheme names (a second method of one scheme, for client credentials, answers to the same name).
  const supported = new Set(schemes.map((s) => s.scheme.key.replace(/_client_credentials$/, '')));
  const operations = selectedOperations(document, options.selection ?? {});
  if (operations.length === 0) throw new OpenApiDocumentError('The selection matches no operation in the document.');
  if (operations.length > COMPILE_LIMITS.maxOperations) {
    throw new OpenApiDocumentError(
      `The selection has ${operations.length} operations; at most ${COMPILE_LIMITS.maxOperations} can be imported (narrow it by tags, paths or methods).`,
    );
  }
  const names = new Set<string>();
  const actions: ActionSpec[] = [];
  for (const op of operations) {
    const action = compileOperation(op, document, refs, supported, skipped);
    if (!action) continue;
    action.name = uniqueName(action.name, names);
    actions.push(action);
  }
  if (actions.length === 0) throw new OpenApiDocumentError(`No operation could be imported: ${skipped.join('; ')}`);
  return {
    format: 1,
    title: typeof info.title === 'string' ? info.title : 'API',
    description: typeof info.description === 'string' ? info.description : '',
    server,
    schemes: schemes.map((s) => s.scheme),
    auth: schemes.map((s) => withServerField(s.option, server)),
    actions,
    skipped,
  };
}

interface Operation {
  method: Method;
  path: string;
  op: Record<string, unknown>;
  pathItem: Record<string, unknown>;
}

function selectedOperations(document: OpenApiDocument, selection: OperationSelection): Operation[] {
  const out: Operation[] = [];
  const methods = selection.methods?.map((m) => m.toLowerCase());
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    if (typeof item !== 'object' || item === null) continue;
    if (selection.paths && !selection.paths.includes(path)) continue;
    for (const method of METHODS) {
      const op = (item as Record<string, unknown>)[method];
      if (typeof op !== 'object' || op === null) continue;
      const o = op as Record<string, unknown>;
      if (methods && !methods.includes(method)) continue;
      if (selection.tags && !(Array.isArray(o.tags) && o.tags.some((t) => selection.tags!.includes(String(t))))) continue;
      if (selection.operationIds && !selection.operationIds.includes(text(o.operationId))) continue;
      out.push({ method, path, op: o, pathItem: item as Record<string, unknown> });
    }
  }
  return out;
}

function compileOperation(
  { method, path, op, pathItem }: Operation,
  document: OpenApiDocument,
  refs: RefResolver,
  supported: Set<string>,
  skipped: string[],
): ActionSpec | null {
  const label = `${method.toUpperCase()} ${path}`;
  const props: Props = {};
  const parameters: ParameterSpec[] = [];
  const declared = [...asArray(pathItem.parameters), ...asArray(op.parameters)].map((p) => refs.deref(p));
  // An operation's parameter overrides the path item's of the same name and location.
  const byKey = new Map<string, Record<string, unknown>>();
  for (const p of declared) if (p && typeof p.name === 'string') byKey.set(`${String(p.in)}:${p.name}`, p);
  for (const p of byKey.values()) {
    const where = p.in as ParameterSpec['in'];
    if (!['path', 'query', 'header', 'cookie'].includes(where)) continue;
    const name = p.name as string;
    if (where === 'header' && ['accept', 'content-type', 'authorization'].includes(name.toLowerCase())) continue;
    const prop = freeKey(name, props);
    const schema = refs.deref(p.schema) ?? {};
    props[prop] = propFor(schema, refs, {
      displayName: name,
      description: textOf(p.description) ?? textOf(schema.description),
      required: where === 'path' || p.required === true,
    });
    parameters.push({ name, in: where, prop, explode: p.explode !== false && (p.style ?? 'form') === 'form' });
  }
  let body: BodySpec | null = null;
  const requestBody = refs.deref(op.requestBody);
  if (requestBody) {
    const content = refs.deref(requestBody.content) ?? {};
    const type = pickContentType(Object.keys(content));
    if (!type) {
      skipped.push(`${label}: its request body type (${Object.keys(content).join(', ') || 'none'}) is not supported`);
      return null;
    }
    const media = refs.deref(content[type.declared]) ?? {};
    const schema = refs.deref(media.schema) ?? {};
    body = bodyProps(type.use, schema, refs, props, requestBody.required === true, textOf(requestBody.description));
  }
  if (Object.keys(props).length > COMPILE_LIMITS.maxProps) {
    skipped.push(`${label}: it has more than ${COMPILE_LIMITS.maxProps} inputs`);
    return null;
  }
  const security = Array.isArray(op.security) ? op.security : document.security;
  const requirements = Array.isArray(security) ? (security as Array<Record<string, unknown>>) : [];
  const requireAuth =
    requirements.length > 0 &&
    !requirements.some((r) => Object.keys(r).length === 0) &&
    requirements.some((r) => Object.keys(r).some((k) => supported.has(k)));
  const operationId = typeof op.operationId === 'string' && op.operationId.trim() !== '' ? op.operationId : null;
  const summary = textOf(op.summary);
  return {
    name: actionName(operationId ?? `${method} ${path}`),
    displayName: summary ?? operationId ?? label,
    description: [textOf(op.description), label].filter(Boolean).join('\n\n'),
    method,
    path,
    parameters,
    body,
    requireAuth,
    props,
    ...outputSchemaOf(op, refs),
  };
}

function bodyProps(
  contentType: BodySpec['contentType'],
  schema: Record<string, unknown>,
  refs: RefResolver,
  props: Props,
  required: boolean,
  description: string | undefined,
): BodySpec {
  const properties = refs.deref(schema.properties);
  const isObject = (schema.type === 'object' || properties) && !schema.oneOf && !schema.anyOf && contentType !== 'text/plain';
  if (isObject && properties && Object.keys(properties).length > 0) {
    const requiredKeys = new Set(required && Array.isArray(schema.required) ? schema.required.map(String) : []);
    const fields: BodySpec['fields'] = [];
    for (const [key, sub] of Object.entries(properties)) {
      const s = refs.deref(sub) ?? {};
      if (s.readOnly === true) continue;
      const prop = freeKey(key, props, 'body_');
      props[prop] = propFor(s, refs, { displayName: key, description: textOf(s.description), required: requiredKeys.has(key) });
      fields.push({ prop, key });
    }
    return { contentType, whole: null, fields };
  }
  const prop = freeKey('body', props, 'request_');
  props[prop] =
    contentType === 'text/plain'
      ? { type: 'LONG_TEXT', displayName: 'Body', description, required }
      : propFor(schema, refs, { displayName: 'Body', description: description ?? textOf(schema.description), required });
  return { contentType, whole: prop, fields: [] };
}

function pickContentType(types: string[]): { declared: string; use: BodySpec['contentType'] } | null {
  const lower = types.map((t) => [t, t.toLowerCase().split(';')[0]!.trim()] as const);
  const json = lower.find(([, t]) => t === 'application/json' || t.endsWith('+json') || t === '*/*');
  if (json) return { declared: json[0], use: 'application/json' };
  const form = lower.find(([, t]) => t === 'application/x-www-form-urlencoded');
  if (form) return { declared: form[0], use: 'application/x-www-form-urlencoded' };
  const text = lower.find(([, t]) => t.startsWith('text/'));
  if (text) return { declared: text[0], use: 'text/plain' };
  return null;
}

function outputSchemaOf(op: Record<string, unknown>, refs: RefResolver): { outputSchema?: Record<string, unknown> } {
  const responses = refs.deref(op.responses) ?? {};
  const code = Object.keys(responses)
    .filter((c) => /^2(\d\d|XX)$/i.test(c))
    .sort()[0];
  if (!code) return {};
  const content = refs.deref(refs.deref(responses[code])?.content) ?? {};
  const type = Object.keys(content).find((t) => /json/i.test(t));
  if (!type) return {};
  const schema = refs.deref(refs.deref(content[type])?.schema);
  return schema ? { outputSchema: refs.inline(schema) } : {};
}

/** A prop for a JSON Schema: its type, enum, bounds, default and description. */
function propFor(
  schema: Record<string, unknown>,
  refs: RefResolver,
  base: { displayName: string; description: string | undefined; required: boolean },
): Prop {
  const common = {
    displayName: base.displayName,
    description: base.description,
    required: base.required,
    ...(schema.default !== undefined ? { defaultValue: schema.default } : {}),
  };
  const type = primaryType(schema);
  const enumValues = Array.isArray(schema.enum) ? schema.enum.filter((v) => v !== null) : null;
  if (enumValues && enumValues.length > 0 && enumValues.length <= 500) {
    return { type: 'STATIC_DROPDOWN', ...common, options: { options: enumValues.map((v) => ({ label: String(v), value: v })) } };
  }
  switch (type) {
    case 'string':
      if (schema.format === 'date-time' || schema.format === 'date') return { type: 'DATE_TIME', ...common };
      if (schema.format === 'password') return { type: 'SECRET_TEXT', ...common };
      return { type: typeof schema.maxLength === 'number' && schema.maxLength <= 255 ? 'SHORT_TEXT' : 'LONG_TEXT', ...common };
    case 'integer':
    case 'number':
      return {
        type: 'NUMBER',
        ...common,
        integer: type === 'integer',
        ...(typeof schema.minimum === 'number' ? { min: schema.minimum } : {}),
        ...(typeof schema.maximum === 'number' ? { max: schema.maximum } : {}),
      };
    case 'boolean':
      return { type: 'CHECKBOX', ...common };
    case 'array': {
      const items = refs.deref(schema.items);
      const itemEnum = items && Array.isArray(items.enum) ? items.enum.filter((v) => v !== null) : null;
      if (itemEnum && itemEnum.length > 0 && itemEnum.length <= 500) {
        return {
          type: 'STATIC_MULTI_SELECT_DROPDOWN',
          ...common,
          options: { options: itemEnum.map((v) => ({ label: String(v), value: v })) },
        };
      }
      return { type: 'ARRAY', ...common };
    }
    case 'object':
      return { type: 'OBJECT', ...common };
    default:
      return { type: 'JSON', ...common };
  }
}

function primaryType(schema: Record<string, unknown>): string | null {
  if (typeof schema.type === 'string') return schema.type;
  if (Array.isArray(schema.type)) return (schema.type.find((t) => t !== 'null') as string | undefined) ?? null;
  if (schema.properties) return 'object';
  return null;
}

function servers(document: OpenApiDocument, sourceUrl: string | null): ServerSpec {
  const list = asArray(document.servers);
  const urls: string[] = [];
  let variables = false;
  for (const s of list) {
    if (!s || typeof s.url !== 'string') continue;
    const vars = (s.variables ?? {}) as Record<string, { default?: unknown }>;
    if (Object.keys(vars).length > 0) variables = true;
    const filled = s.url.replace(/\{([^}]+)\}/g, (_m: string, v: string) => text(vars[v]?.default));
    const absolute = absoluteUrl(filled, sourceUrl);
    if (absolute) urls.push(absolute);
  }
  return { defaultUrl: urls[0] ?? null, urls, perConnection: urls.length !== 1 || variables };
}

function securitySchemes(
  document: OpenApiDocument,
  skipped: string[],
  sourceUrl: string | null,
): Array<{ scheme: SchemeSpec; option: AuthOption }> {
  const components = (document.components ?? {}) as Record<string, unknown>;
  const declared = (components.securitySchemes ?? {}) as Record<string, Record<string, unknown>>;
  const out: Array<{ scheme: SchemeSpec; option: AuthOption }> = [];
  for (const [key, raw] of Object.entries(declared)) {
    const s = raw ?? {};
    const description = textOf(s.description);
    const secret = (displayName: string): Prop => ({ type: 'SECRET_TEXT', displayName, description, required: true });
    if (s.type === 'apiKey' && typeof s.name === 'string' && ['header', 'query', 'cookie'].includes(String(s.in))) {
      out.push({
        scheme: { kind: 'apiKey', key, in: s.in as 'header' | 'query' | 'cookie', name: s.name },
        option: { key, type: 'CUSTOM_AUTH', displayName: `API key (${s.name})`, props: { api_key: secret(s.name) } },
      });
    } else if (s.type === 'http' && String(s.scheme).toLowerCase() === 'bearer') {
      out.push({
        scheme: { kind: 'bearer', key },
        option: { key, type: 'CUSTOM_AUTH', displayName: 'Bearer token', props: { token: secret('Token') } },
      });
    } else if (s.type === 'http' && String(s.scheme).toLowerCase() === 'basic') {
      out.push({
        scheme: { kind: 'basic', key },
        option: {
          key,
          type: 'CUSTOM_AUTH',
          displayName: 'Username and password',
          props: {
            username: { type: 'SHORT_TEXT', displayName: 'Username', required: true },
            password: secret('Password'),
          },
        },
      });
    } else if (s.type === 'oauth2' && typeof s.flows === 'object' && s.flows !== null) {
      const flows = s.flows as Record<string, Record<string, unknown> | undefined>;
      const code = flows.authorizationCode;
      const authUrl = code && absoluteUrl(text(code.authorizationUrl), sourceUrl);
      const codeTokenUrl = code && absoluteUrl(text(code.tokenUrl), sourceUrl);
      if (code && authUrl && codeTokenUrl) {
        out.push({
          scheme: { kind: 'oauth2', key },
          option: {
            key,
            type: 'OAUTH2',
            displayName: 'OAuth2',
            oauth2: { authUrl, tokenUrl: codeTokenUrl, scope: Object.keys(code.scopes ?? {}), pkce: true },
          },
        });
      }
      const machine = flows.clientCredentials;
      const machineTokenUrl = machine && absoluteUrl(text(machine.tokenUrl), sourceUrl);
      if (machine && machineTokenUrl) {
        // With both flows, the machine's method is a second one of its own name.
        const machineKey = code && authUrl ? `${key}_client_credentials` : key;
        const scopes = Object.keys(machine.scopes ?? {});
        out.push({
          scheme: { kind: 'clientCredentials', key: machineKey, tokenUrl: machineTokenUrl, scopes },
          option: {
            key: machineKey,
            type: 'CUSTOM_AUTH',
            displayName: 'OAuth2 client credentials',
            props: {
              client_id: { type: 'SHORT_TEXT', displayName: 'Client ID', required: true },
              client_secret: secret('Client secret'),
              scope: {
                type: 'SHORT_TEXT',
                displayName: 'Scopes',
                description: 'Space-separated; empty: the API decides.',
                required: false,
                ...(scopes.length > 0 ? { defaultValue: scopes.join(' ') } : {}),
              },
            },
          },
        });
      }
      if (!(code && authUrl && codeTokenUrl) && !(machine && machineTokenUrl)) {
        skipped.push(`security scheme ${key}: only the OAuth2 authorization code and client credentials flows are supported`);
        continue;
      }
    } else {
      skipped.push(`security scheme ${key}: type ${String(s.type)}${s.scheme ? ` (${text(s.scheme)})` : ''} is not supported`);
    }
    if (description) {
      for (const o of out)
        if (o.option.key === key || o.option.key === `${key}_client_credentials`) o.option.description ??= description;
    }
  }
  return out;
}

/** Where the document lets a connection choose its server, every option asks for it. */
function withServerField(option: AuthOption, server: ServerSpec): AuthOption {
  if (!server.perConnection) return option;
  const field: Prop = {
    type: 'SHORT_TEXT',
    displayName: 'Server URL',
    description: server.urls.length > 0 ? `The API's base URL, for example ${server.urls.join(' or ')}.` : "The API's base URL.",
    required: server.defaultUrl === null,
    ...(server.defaultUrl ? { defaultValue: server.defaultUrl } : {}),
  };
  return { ...option, props: { ...(option.props ?? {}), [SERVER_FIELD]: field } };
}

function absoluteUrl(url: string, base: string | null): string | null {
  try {
    const u = base ? new URL(url, base) : new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href.replace(/\/$/, '') : null;
  } catch {
    return null;
  }
}

/** `listPets` → `list_pets`; `GET /pets/{id}` → `get_pets_id`. */
export function actionName(source: string): string {
  const snake = source
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  const name = /^[a-z]/.test(snake) ? snake : `op_${snake}`;
  return name.slice(0, 64).replace(/_+$/, '') || 'operation';
}

function uniqueName(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let i = 2; taken.has(candidate); i++) candidate = `${name.slice(0, 60)}_${i}`;
  taken.add(candidate);
  return candidate;
}

function freeKey(name: string, props: Props, prefix = 'param_'): string {
  if (!(name in props)) return name;
  let candidate = `${prefix}${name}`;
  for (let i = 2; candidate in props; i++) candidate = `${prefix}${name}_${i}`;
  return candidate;
}

/** A scalar as text ('' for anything else). */
export function text(v: unknown): string {
  return typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';
}

function textOf(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, 4000) : undefined;
}

function asArray(v: unknown): Array<Record<string, unknown>> {
  return Array.isArray(v) ? (v as Array<Record<string, unknown>>) : [];
}

/**
 * Local `$ref`s (`#/...`) of the document, followed on demand. A chain of references that never reaches a schema is
 * an error; a schema that contains itself is cut where it recurs (left as free JSON), and every schema walked counts
 * against one budget, so that no document expands without bound.
 */
class RefResolver {
  private nodes = 0;

  constructor(private readonly document: OpenApiDocument) {}

  /** The object `value` is or refers to (undefined when it is not an object). */
  deref(value: unknown): Record<string, unknown> | undefined {
    let current = value;
    const seen = new Set<string>();
    while (typeof current === 'object' && current !== null && typeof (current as { $ref?: unknown }).$ref === 'string') {
      const ref = (current as { $ref: string }).$ref;
      if (seen.has(ref)) throw new OpenApiDocumentError(`The reference ${ref} refers only to itself.`, ref.slice(1));
      seen.add(ref);
      current = this.lookup(ref);
    }
    return typeof current === 'object' && current !== null && !Array.isArray(current)
      ? (current as Record<string, unknown>)
      : undefined;
  }

  /** A copy of a schema with its references replaced, bounded in depth; a recurring schema becomes `{}`. */
  inline(schema: Record<string, unknown>, depth = 0, path: ReadonlySet<unknown> = new Set()): Record<string, unknown> {
    if (++this.nodes > COMPILE_LIMITS.maxSchemaNodes) {
      throw new OpenApiDocumentError(`The document's schemas expand to more than ${COMPILE_LIMITS.maxSchemaNodes} parts.`);
    }
    const resolved = this.deref(schema) ?? {};
    if (depth >= COMPILE_LIMITS.maxSchemaDepth || path.has(resolved)) return {};
    const inner = new Set(path).add(resolved);
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(resolved)) {
      if (k === '$ref') continue;
      if ((k === 'properties' || k === 'patternProperties' || k === '$defs') && typeof v === 'object' && v !== null) {
        out[k] = Object.fromEntries(
          Object.entries(this.deref(v) ?? {}).map(([pk, pv]) => [pk, this.inline(this.deref(pv) ?? {}, depth + 1, inner)]),
        );
      } else if ((k === 'items' || k === 'additionalProperties' || k === 'not') && typeof v === 'object' && v !== null) {
        out[k] = this.inline(this.deref(v) ?? {}, depth + 1, inner);
      } else if ((k === 'allOf' || k === 'anyOf' || k === 'oneOf' || k === 'prefixItems') && Array.isArray(v)) {
        out[k] = v.map((s) => this.inline(this.deref(s) ?? {}, depth + 1, inner));
      } else {
        out[k] = v;
      }
    }
    return out;
  }

  private lookup(ref: string): unknown {
    if (!ref.startsWith('#'))
      throw new OpenApiDocumentError(`The reference ${ref} is outside the document; only local references (#/...) are read.`);
    let current: unknown = this.document;
    for (const raw of ref.slice(1).split('/').slice(1)) {
      const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      if (typeof current !== 'object' || current === null || !(key in current)) {
        throw new OpenApiDocumentError(`The reference ${ref} points at nothing in the document.`);
      }
      current = (current as Record<string, unknown>)[key];
    }
    return current;
  }
}
