/**
 * A compiled OpenAPI document (compile.ts) as an IntegrationDefinition (0151): each action builds its request from
 * the call's input, puts the connection's credentials where the security scheme says, sends it through the egress
 * guard and returns the parsed response body. An upstream error status is `success: false` with the status and an
 * excerpt of the body (a 401 lets the engine refresh an OAuth2 connection and try again, as for any integration).
 */
import { createHash } from 'node:crypto';
import { fetch } from 'undici';
import type { ConnectionValue } from '../pieces/protocol.js';
import {
  ActionError,
  ActionInputError,
  type ActionContext,
  type ActionDefinition,
  type IntegrationDefinition,
} from '../framework.js';
import { webhookTrigger } from './webhooks.js';
import { SERVER_FIELD, text, type ActionSpec, type BodySpec, type CompiledSpec, type SchemeSpec } from './spec.js';

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
    triggers: Object.fromEntries((spec.triggers ?? []).map((t) => [t.name, webhookTrigger(t)])),
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

  let url: URL;
  try {
    url = new URL(`${base.replace(/\/+$/, '')}${path}`);
  } catch {
    throw new ActionError(`The server URL ${JSON.stringify(base)} is not a valid URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ActionError('The server URL must be http or https.');
  for (const [k, v] of query) url.searchParams.append(k, v);

  const scheme = connection ? schemeOf(spec.schemes, connection) : undefined;
  const attempt = async (freshToken: boolean) => {
    const h = { ...headers };
    const u = new URL(url);
    const c = [...cookies];
    if (connection && scheme) await applyCredentials(scheme, connection, h, u.searchParams, c, ctx, freshToken);
    if (c.length > 0) h.cookie = c.join('; ');
    return request(u, { method: a.method.toUpperCase(), headers: h, ...(body !== undefined ? { body } : {}) }, ctx);
  };
  let res = await attempt(false);
  // A machine's token the API no longer takes: one new token, one more try (an OAuth2 connection's refresh is the
  // engine's, as for every integration).
  if (res.status === 401 && scheme?.kind === 'clientCredentials') {
    await res.body?.cancel().catch(() => undefined);
    res = await attempt(true);
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

function schemeOf(schemes: SchemeSpec[], connection: ConnectionValue): SchemeSpec | undefined {
  return schemes.find((s) => s.key === connection.authMethodKey) ?? (schemes.length === 1 ? schemes[0] : undefined);
}

async function applyCredentials(
  scheme: SchemeSpec,
  connection: ConnectionValue,
  headers: Record<string, string>,
  query: URLSearchParams,
  cookies: string[],
  ctx: ActionContext,
  freshToken: boolean,
): Promise<void> {
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
    case 'clientCredentials':
      headers.authorization = `Bearer ${await machineToken(scheme, fields, ctx, freshToken)}`;
      return;
  }
}

/** Machine tokens by token URL, client and scope (a hash: no secret is a key), kept until shortly before they expire. */
const machineTokens = new Map<string, { token: string; until: number }>();
const MACHINE_TOKENS_KEPT = 1000;

async function machineToken(
  scheme: SchemeSpec & { kind: 'clientCredentials' },
  fields: Record<string, unknown>,
  ctx: ActionContext,
  fresh: boolean,
): Promise<string> {
  const clientId = text(fields.client_id);
  const clientSecret = text(fields.client_secret);
  const scope = text(fields.scope).trim();
  const id = createHash('sha256')
    .update(JSON.stringify([scheme.tokenUrl, clientId, clientSecret, scope]))
    .digest('hex');
  const kept = machineTokens.get(id);
  if (kept && !fresh && kept.until > Date.now()) return kept.token;
  machineTokens.delete(id);
  const form = new URLSearchParams({ grant_type: 'client_credentials', ...(scope ? { scope } : {}) });
  const res = await request(
    new URL(scheme.tokenUrl),
    {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
        authorization: `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString('base64')}`,
      },
      body: form.toString(),
    },
    ctx,
  );
  const answer = await readText(res);
  const parsed = parseBody(answer, res.headers.get('content-type') ?? 'application/json') as Record<string, unknown> | null;
  const token = typeof parsed?.access_token === 'string' ? parsed.access_token : null;
  if (res.status >= 400 || !token) {
    throw new ActionError(`The token endpoint refused the client credentials (${res.status}).`, {
      status: res.status,
      body: answer.slice(0, ERROR_EXCERPT_CHARS),
    });
  }
  const expiresIn = typeof parsed?.expires_in === 'number' ? parsed.expires_in : 300;
  if (machineTokens.size >= MACHINE_TOKENS_KEPT) machineTokens.delete(machineTokens.keys().next().value!);
  machineTokens.set(id, { token, until: Date.now() + Math.max(0, expiresIn - 30) * 1000 });
  return token;
}

/** One request through the egress guard; a failure to reach the host is the call's failure, named. */
async function request(
  url: URL,
  init: { method: string; headers: Record<string, string>; body?: string },
  ctx: ActionContext,
): Promise<Awaited<ReturnType<typeof fetch>>> {
  try {
    return await fetch(url, { ...init, dispatcher: ctx.dispatcher, signal: ctx.signal });
  } catch (err) {
    if (ctx.signal.aborted) throw err;
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    const why =
      cause?.code === 'EGRESS_DENIED' ? 'its address is not allowed' : (cause?.code ?? cause?.message ?? (err as Error).message);
    throw new ActionError(`The API at ${url.host} could not be reached: ${why}.`);
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
