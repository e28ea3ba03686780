/**
 * A compiled OpenAPI document (compile.ts) as an IntegrationDefinition (0151): each action builds its request from
 * the call's input, puts the connection's credentials where the security scheme says, sends it through the egress
 * guard and returns the parsed response body. An upstream error status is `success: false` with the status and an
 * excerpt of the body (a 401 lets the engine refresh an OAuth2 connection and try again, as for any integration).
 */
import { fetch } from 'undici';
import type { ConnectionValue } from '../pieces/protocol.js';
import {
  ActionError,
  ActionInputError,
  type ActionContext,
  type ActionDefinition,
  type IntegrationDefinition,
} from '../framework.js';
import { SERVER_FIELD, text, type ActionSpec, type BodySpec, type CompiledSpec, type SchemeSpec } from './compile.js';

/** The largest response body read (bytes); a larger one fails the call. */
export const MAX_RESPONSE_BYTES = 5 * 1024 * 1024;
/** How much of an error response's body the failure carries. */
const ERROR_EXCERPT_CHARS = 2000;

export interface CustomIntegrationMeta {
  name: string;
  displayName: string;
  description: string;
  version: string;
  logoUrl: string;
}

export function openApiIntegration(spec: CompiledSpec, meta: CustomIntegrationMeta): IntegrationDefinition {
  const actions: Record<string, ActionDefinition> = {};
  for (const a of spec.actions) actions[a.name] = openApiAction(spec, a);
  return {
    name: meta.name,
    displayName: meta.displayName,
    description: meta.description,
    logoUrl: meta.logoUrl,
    categories: ['custom'],
    auth: spec.auth,
    actions,
    triggers: {},
    runtime: 'openapi',
    version: meta.version,
  };
}

function openApiAction(spec: CompiledSpec, a: ActionSpec): ActionDefinition {
  return {
    name: a.name,
    displayName: a.displayName,
    description: a.description,
    props: a.props,
    requireAuth: a.requireAuth,
    ...(a.outputSchema ? { outputSchema: a.outputSchema } : {}),
    run: (ctx) => send(spec, a, ctx),
  };
}

async function send(spec: CompiledSpec, a: ActionSpec, ctx: ActionContext): Promise<unknown> {
  const input = ctx.propsValue;
  const connection = (ctx.auth ?? null) as ConnectionValue | null;
  const fields = (connection?.value.props ?? {}) as Record<string, unknown>;
  const base =
    (typeof fields[SERVER_FIELD] === 'string' && fields[SERVER_FIELD].trim() !== ''
      ? fields[SERVER_FIELD]
      : spec.server.defaultUrl) ?? null;
  if (!base) throw new ActionError('The API has no server URL: set one on the connection.');

  let path = a.path;
  const query = new URLSearchParams();
  const headers: Record<string, string> = { accept: 'application/json, */*;q=0.5' };
  const cookies: string[] = [];
  for (const p of a.parameters) {
    const value = input[p.prop];
    if (value === undefined || value === null || value === '') continue;
    if (p.in === 'path') path = path.split(`{${p.name}}`).join(encodeURIComponent(scalar(value)));
    else if (p.in === 'query') {
      if (Array.isArray(value) && p.explode) for (const v of value) query.append(p.name, scalar(v));
      else query.append(p.name, Array.isArray(value) ? value.map(scalar).join(',') : scalar(value));
    } else if (p.in === 'header') headers[p.name.toLowerCase()] = scalar(value);
    else cookies.push(`${p.name}=${encodeURIComponent(scalar(value))}`);
  }

  let body: string | undefined;
  if (a.body) {
    const value = a.body.whole !== null ? input[a.body.whole] : assemble(a.body.fields, input);
    if (value !== undefined) {
      headers['content-type'] = a.body.contentType;
      if (a.body.contentType === 'application/json') body = JSON.stringify(value);
      else if (a.body.contentType === 'text/plain') body = scalar(value);
      else body = formBody(value);
    }
  }

  if (connection) applyCredentials(spec.schemes, connection, headers, query, cookies);
  if (cookies.length > 0) headers.cookie = cookies.join('; ');

  let url: URL;
  try {
    url = new URL(`${base.replace(/\/+$/, '')}${path}`);
  } catch {
    throw new ActionError(`The server URL ${JSON.stringify(base)} is not a valid URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ActionError('The server URL must be http or https.');
  for (const [k, v] of query) url.searchParams.append(k, v);

  let res: Awaited<ReturnType<typeof fetch>>;
  try {
    res = await fetch(url, {
      method: a.method.toUpperCase(),
      headers,
      ...(body !== undefined ? { body } : {}),
      dispatcher: ctx.dispatcher,
      signal: ctx.signal,
    });
  } catch (err) {
    if (ctx.signal.aborted) throw err;
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    const why =
      cause?.code === 'EGRESS_DENIED' ? 'its address is not allowed' : (cause?.code ?? cause?.message ?? (err as Error).message);
    throw new ActionError(`The API at ${url.host} could not be reached: ${why}.`);
  }
  const text = await readText(res);
  const parsed = parseBody(text, res.headers.get('content-type'));
  if (res.status >= 400) {
    throw new ActionError(
      `The API answered ${res.status}${res.statusText ? ` ${res.statusText}` : ''}.`,
      { status: res.status, body: text.slice(0, ERROR_EXCERPT_CHARS) },
      res.status,
    );
  }
  return parsed;
}

function applyCredentials(
  schemes: SchemeSpec[],
  connection: ConnectionValue,
  headers: Record<string, string>,
  query: URLSearchParams,
  cookies: string[],
): void {
  const scheme = schemes.find((s) => s.key === connection.authMethodKey) ?? (schemes.length === 1 ? schemes[0] : undefined);
  if (!scheme) return;
  const value = connection.value;
  const fields = (value.props ?? {}) as Record<string, unknown>;
  switch (scheme.kind) {
    case 'apiKey': {
      const key = text(fields.api_key);
      if (scheme.in === 'header') headers[scheme.name.toLowerCase()] = key;
      else if (scheme.in === 'query') query.set(scheme.name, key);
      else cookies.push(`${scheme.name}=${encodeURIComponent(key)}`);
      return;
    }
    case 'bearer':
      headers.authorization = `Bearer ${text(fields.token)}`;
      return;
    case 'basic':
      headers.authorization = `Basic ${Buffer.from(`${text(fields.username)}:${text(fields.password)}`).toString('base64')}`;
      return;
    case 'oauth2':
      headers.authorization = `Bearer ${text(value.access_token)}`;
      return;
  }
}

function assemble(fields: BodySpec['fields'], input: Record<string, unknown>): Record<string, unknown> | undefined {
  if (fields.length === 0) return undefined;
  const out: Record<string, unknown> = {};
  for (const f of fields) if (input[f.prop] !== undefined) out[f.key] = input[f.prop];
  return out;
}

function formBody(value: unknown): string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ActionInputError('body', 'must be an object (the form fields)');
  }
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(value)) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) for (const item of v) form.append(k, scalar(item));
    else form.append(k, scalar(v));
  }
  return form.toString();
}

function scalar(v: unknown): string {
  return typeof v === 'string' ? v : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);
}

async function readText(res: Awaited<ReturnType<typeof fetch>>): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  if (res.body) {
    for await (const chunk of res.body) {
      size += (chunk as Uint8Array).length;
      if (size > MAX_RESPONSE_BYTES) {
        await res.body.cancel().catch(() => undefined);
        throw new ActionError(`The API's response is larger than ${MAX_RESPONSE_BYTES} bytes.`);
      }
      chunks.push(Buffer.from(chunk as Uint8Array));
    }
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseBody(text: string, contentType: string | null): unknown {
  if (text.trim() === '') return null;
  if (/json/i.test(contentType ?? '')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}
