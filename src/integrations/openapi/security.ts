/** Servers and security schemes of a document as a custom integration's server and auth options (0151). */
import type { AuthOption, Prop } from '../framework.js';
import type { OpenApiDocument } from './document.js';
import { asArray, SERVER_FIELD, text, textOf, type SchemeSpec, type ServerSpec } from './spec.js';

export function servers(document: OpenApiDocument, sourceUrl: string | null): ServerSpec {
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

export function securitySchemes(
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
        // Implicit and password only (both deprecated, RFC 9700): the API still takes the tokens they yield, so a
        // connection gives one it got elsewhere, such as a personal access token (0152).
        const legacy = ['implicit', 'password'].filter((f) => flows[f]);
        if (legacy.length === 0) {
          skipped.push(`security scheme ${key}: only the OAuth2 authorization code and client credentials flows are supported`);
          continue;
        }
        const named = legacy.join(' and ');
        skipped.push(`security scheme ${key}: the OAuth2 ${named} flow is not run; a connection gives an access token instead`);
        out.push({
          scheme: { kind: 'bearer', key },
          option: {
            key,
            type: 'CUSTOM_AUTH',
            displayName: 'OAuth2 access token',
            description: `An access token the API issued, such as a personal access token (the ${named} flow is not run here).`,
            props: { token: secret('Access token') },
          },
        });
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
export function withServerField(option: AuthOption, server: ServerSpec): AuthOption {
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
