import { request } from 'undici';
import {
  ActionError,
  defineAction,
  defineIntegration,
  Property,
  type IntegrationDefinition,
} from '../src/integrations/framework.js';
import type { TestApp } from './harness.js';

/** Test-only integrations registered in a test app's registry (one per auth type, plus an OAuth2 one). */
export function formIntegrations(): IntegrationDefinition[] {
  const noop = defineAction({
    name: 'noop',
    displayName: 'No-op',
    description: 'Does nothing',
    props: {},
    run: async () => ({ ok: true }),
  });
  return [
    defineIntegration({
      name: 'test-secret',
      displayName: 'Secret Service',
      description: 'SECRET_TEXT with a validation function',
      logoUrl: '',
      categories: [],
      runtime: 'builtin',
      version: '1.0.0',
      auth: [
        {
          key: 'secret_text',
          type: 'SECRET_TEXT',
          displayName: 'API key',
          description: 'Find it under Settings → API.',
          validate: async (value: unknown) => {
            const secret = (value as { value?: { secret_text?: string } }).value?.secret_text ?? '';
            return secret.startsWith('good-')
              ? { valid: true }
              : { valid: false, error: 'The API key was rejected by Secret Service.' };
          },
        },
      ],
      actions: [noop],
    }),
    defineIntegration({
      name: 'test-basic',
      displayName: 'Basic Service',
      description: 'BASIC_AUTH',
      logoUrl: '',
      categories: [],
      runtime: 'builtin',
      version: '1.0.0',
      auth: [{ key: 'basic_auth', type: 'BASIC_AUTH', displayName: 'Account' }],
      actions: [noop],
    }),
    defineIntegration({
      name: 'test-custom',
      displayName: 'Custom Service',
      description: 'CUSTOM_AUTH with typed props',
      logoUrl: '',
      categories: [],
      runtime: 'builtin',
      version: '1.0.0',
      auth: [
        {
          key: 'custom_auth',
          type: 'CUSTOM_AUTH',
          displayName: 'Server',
          props: {
            host: Property.ShortText({ displayName: 'Host name', required: true }),
            port: Property.Number({ displayName: 'Port', required: false, integer: true, min: 1, max: 65535 }),
            apiKey: { type: 'SECRET_TEXT', displayName: 'Access key', required: true },
          },
        },
      ],
      actions: [noop],
    }),
  ];
}

/**
 * An OAuth2 integration against the provider process: `whoami` calls its stand-in API with the access token
 * through the egress guard and fails with the API's HTTP status when it refuses (a 401 is what the engine refreshes on).
 */
export function oauthIntegration(
  providerUrl: string,
  name = 'test-oauth',
  options: { authorizationMethod?: 'HEADER' | 'BODY'; extra?: Record<string, string> } = {},
): IntegrationDefinition {
  return defineIntegration({
    name,
    displayName: 'OAuth Service',
    description: 'OAUTH2 against the local provider',
    logoUrl: '',
    categories: [],
    runtime: 'builtin',
    version: '1.0.0',
    auth: [
      {
        key: 'oauth2',
        type: 'OAUTH2',
        displayName: 'Sign in',
        oauth2: {
          authUrl: `${providerUrl}/authorize`,
          tokenUrl: `${providerUrl}/token`,
          scope: ['read', 'write'],
          pkce: true,
          ...options,
        },
      },
      { key: 'secret_text', type: 'SECRET_TEXT', displayName: 'Personal token' },
    ],
    actions: [
      defineAction({
        name: 'whoami',
        displayName: 'Who am I',
        description: 'Reads the account of the connection',
        props: {},
        run: async (ctx) => {
          const auth = ctx.auth as { value?: { access_token?: string } } | null;
          const res = await request(`${providerUrl}/api/me`, {
            dispatcher: ctx.dispatcher,
            headers: { authorization: `Bearer ${auth?.value?.access_token ?? ''}` },
          });
          const body = (await res.body.json()) as Record<string, unknown>;
          if (res.statusCode >= 400) throw new ActionError(`The API answered ${res.statusCode}.`, undefined, res.statusCode);
          return body;
        },
      }),
      defineAction({
        name: 'invoice',
        displayName: 'Invoice',
        description: 'Fails the way an API does whose error text happens to contain 401 (no HTTP 401)',
        props: {},
        run: async () => {
          throw new ActionError('Invoice 401 was not found.', undefined, 404);
        },
      }),
    ],
  });
}

export function register(t: TestApp, defs: IntegrationDefinition[]): void {
  for (const d of defs) t.app.services.registry.replace(d);
}

/** A form post (application/x-www-form-urlencoded) to a hosted page. */
export async function postForm(t: TestApp, url: string, fields: Record<string, string>) {
  return t.request('POST', url, {
    raw: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

/** The token in a connect or portal URL. */
export const tokenOf = (url: string): string => new URL(url).searchParams.get('token')!;
