import { FormData, fetch, type Response } from 'undici';
import { ActionError, ActionInputError, defineAction, defineIntegration, Property } from '../../framework.js';

const MAX_BODY_BYTES = 10 * 1024 * 1024;
const RETRIES = 3;
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];
const FAILURE_MODES = ['retry_all', 'retry_5xx', 'retry_none', 'continue_all', 'continue_4xx', 'continue_none'] as const;
type FailureMode = (typeof FAILURE_MODES)[number];

const stringMap = (field: string, v: unknown): Record<string, string> => {
  if (v === undefined || v === null) return {};
  if (typeof v !== 'object' || Array.isArray(v)) throw new ActionInputError(field, 'must be an object of strings');
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, typeof x === 'string' ? x : JSON.stringify(x)]));
};

async function readBody(res: Response, binary: boolean): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  if (res.body) {
    for await (const chunk of res.body) {
      size += (chunk as Uint8Array).length;
      if (size > MAX_BODY_BYTES) throw new ActionError(`The response is larger than ${MAX_BODY_BYTES} bytes.`);
      chunks.push(Buffer.from(chunk as Uint8Array));
    }
  }
  const buf = Buffer.concat(chunks);
  if (binary) return buf.toString('base64');
  const text = buf.toString('utf8');
  if (/\bjson\b/i.test(res.headers.get('content-type') ?? '') && text.trim() !== '') {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** Whether a status is a failure that ends the call, and whether it is worth retrying, per failureMode (null or absent: like retry_none). */
function judge(status: number, mode: FailureMode | null | undefined): { fail: boolean; retry: boolean } {
  const is4 = status >= 400 && status < 500;
  const is5 = status >= 500;
  if (!is4 && !is5) return { fail: false, retry: false };
  switch (mode) {
    case 'continue_all':
      return { fail: false, retry: false };
    case 'continue_4xx':
      return { fail: is5, retry: false };
    case 'retry_all':
      return { fail: true, retry: true };
    case 'retry_5xx':
      return { fail: true, retry: is5 };
    default:
      return { fail: true, retry: false };
  }
}

const sendRequest = defineAction({
  name: 'send_request',
  displayName: 'Send an HTTP request',
  description:
    'Call any public HTTP API. Private, loopback and metadata addresses are refused (SSRF guard) unless the operator allows them. failureMode: retry_all / retry_5xx retry up to 3 times with backoff; continue_all returns any status as output; continue_4xx returns 4xx and fails on 5xx; retry_none and continue_none fail on any 4xx/5xx.',
  props: {
    method: Property.StaticDropdown({
      displayName: 'Method',
      required: true,
      defaultValue: 'GET',
      options: METHODS.map((m) => ({ label: m, value: m })),
    }),
    url: Property.ShortText({ displayName: 'URL', required: true }),
    headers: Property.Object({ displayName: 'Headers', defaultValue: {} }),
    queryParams: Property.Object({ displayName: 'Query parameters', defaultValue: {} }),
    authType: Property.StaticDropdown({
      displayName: 'Authentication',
      defaultValue: 'NONE',
      options: [
        { label: 'None', value: 'NONE' },
        { label: 'Basic', value: 'BASIC' },
        { label: 'Bearer token', value: 'BEARER_TOKEN' },
      ],
    }),
    authFields: Property.Object({
      displayName: 'Authentication fields',
      description: 'BASIC: {username, password}; BEARER_TOKEN: {token}',
      defaultValue: {},
    }),
    body_type: Property.StaticDropdown({
      displayName: 'Body type',
      defaultValue: 'none',
      options: ['none', 'json', 'form_data', 'raw'].map((v) => ({ label: v, value: v })),
    }),
    body: Property.Json({ displayName: 'Body' }),
    response_is_binary: Property.Checkbox({ displayName: 'Binary response (base64 body)', defaultValue: false }),
    timeout: Property.Number({ displayName: 'Timeout (seconds)', defaultValue: 30, min: 1, max: 300 }),
    followRedirects: Property.Checkbox({ displayName: 'Follow redirects', defaultValue: true }),
    failureMode: Property.StaticDropdown({
      displayName: 'On failure',
      defaultValue: 'continue_none',
      options: FAILURE_MODES.map((m) => ({ label: m, value: m })),
    }),
  },
  outputSchema: {
    type: 'object',
    properties: {
      status: { type: 'number' },
      headers: { type: 'object' },
      body: { description: 'parsed JSON, text, or base64 when binary' },
    },
  },
  run: async ({ propsValue: p, dispatcher, signal }) => {
    let url: URL;
    try {
      url = new URL(p.url);
    } catch {
      throw new ActionInputError('url', 'must be an absolute URL');
    }
    if (!['http:', 'https:'].includes(url.protocol)) throw new ActionInputError('url', 'must be http or https');
    for (const [k, v] of Object.entries(stringMap('queryParams', p.queryParams))) url.searchParams.append(k, v);
    const headers = stringMap('headers', p.headers);
    const auth = p.authFields ?? {};
    if (p.authType === 'BASIC') {
      if (typeof auth.username !== 'string') throw new ActionInputError('authFields.username', 'is required for BASIC');
      headers.authorization =
        'Basic ' + Buffer.from(`${auth.username}:${typeof auth.password === 'string' ? auth.password : ''}`).toString('base64');
    } else if (p.authType === 'BEARER_TOKEN') {
      if (typeof auth.token !== 'string' || !auth.token)
        throw new ActionInputError('authFields.token', 'is required for BEARER_TOKEN');
      headers.authorization = `Bearer ${auth.token}`;
    }
    let body: string | FormData | undefined;
    const lower = Object.fromEntries(Object.keys(headers).map((k) => [k.toLowerCase(), k]));
    if (p.body_type === 'json') {
      body = JSON.stringify(p.body ?? null);
      if (!lower['content-type']) headers['content-type'] = 'application/json';
    } else if (p.body_type === 'form_data') {
      const form = new FormData();
      for (const [k, v] of Object.entries(stringMap('body', p.body))) form.append(k, v);
      body = form;
    } else if (p.body_type === 'raw') {
      body = typeof p.body === 'string' ? p.body : JSON.stringify(p.body ?? '');
    }
    if (body !== undefined && ['GET', 'HEAD'].includes(p.method))
      throw new ActionInputError('body_type', `a ${String(p.method)} request has no body`);

    const mode = p.failureMode;
    for (let attempt = 1; ; attempt++) {
      // timeout is null when the caller sent null (see PropsValue); the cast keeps today's behaviour
      const timeout = AbortSignal.timeout((p.timeout as number) * 1000);
      let res: Response;
      try {
        res = await fetch(url, {
          method: p.method,
          headers,
          body: body ?? null,
          redirect: p.followRedirects ? 'follow' : 'manual',
          dispatcher,
          signal: AbortSignal.any([timeout, signal]),
        });
      } catch (err) {
        const cause = (err as { cause?: Error }).cause ?? (err as Error);
        const timedOut = timeout.aborted;
        if (!timedOut && /not allowed/.test(cause.message)) throw new ActionError(cause.message);
        if (attempt < RETRIES && (mode === 'retry_all' || mode === 'retry_5xx')) {
          await new Promise((r) => setTimeout(r, 200 * 2 ** (attempt - 1)));
          continue;
        }
        throw new ActionError(
          timedOut ? `The request timed out after ${String(p.timeout)} s.` : `The request failed: ${cause.message}`,
        );
      }
      const verdict = judge(res.status, mode);
      if (verdict.fail && verdict.retry && attempt < RETRIES) {
        await res.body?.cancel();
        await new Promise((r) => setTimeout(r, 200 * 2 ** (attempt - 1)));
        continue;
      }
      const output = {
        status: res.status,
        headers: Object.fromEntries(res.headers.entries()),
        body: await readBody(res, Boolean(p.response_is_binary)),
      };
      if (verdict.fail) throw new ActionError(`The server answered ${res.status}.`, output);
      return output;
    }
  },
});

export const http = defineIntegration({
  name: 'http',
  displayName: 'HTTP',
  description: 'Send HTTP requests to any public API, with authentication, retries and an SSRF guard.',
  logoUrl: '/static/integrations/http.svg',
  categories: ['developer-tools', 'built-in'],
  auth: [],
  runtime: 'builtin',
  version: '1.0.0',
  actions: [sendRequest],
});
