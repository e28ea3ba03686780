import { request } from 'undici';
import {
  ActionError,
  defineAction,
  defineIntegration,
  Property,
  type IntegrationDefinition,
} from '../../src/integrations/framework.js';
import { Receiver } from '../receiver.js';

export const ACME_TOKEN = 'acme-live-5f2c1b';

/**
 * "Acme Notes": a vendor API standing in for a real one (bearer token, GET /me, GET /folders, POST /notes), and the
 * integration that calls it. The dashboard's journeys connect it with a token, run create_note and see the note
 * arrive here with that token.
 */
export async function acmeApi(): Promise<Receiver> {
  const api = await new Receiver().start();
  let next = 1;
  api.respond = (req) => {
    if (req.headers.authorization !== `Bearer ${ACME_TOKEN}`) return { status: 401, body: { message: 'bad token' } };
    if (req.method === 'GET' && req.path === '/me') return { body: { account: 'acme-account' } };
    if (req.method === 'GET' && req.path === '/folders')
      return {
        body: [
          { id: 'inbox', name: 'Inbox' },
          { id: 'archive', name: 'Archive' },
        ],
      };
    if (req.method === 'POST' && req.path === '/notes') return { status: 201, body: { id: `note_${next++}`, ...req.json } };
    return { status: 404, body: { message: 'no such route' } };
  };
  return api;
}

const tokenOf = (auth: unknown) => (auth as { value?: { secret_text?: string } } | null)?.value?.secret_text ?? '';

export function acmeIntegration(apiUrl: string): IntegrationDefinition {
  return defineIntegration({
    name: 'acme-notes',
    displayName: 'Acme Notes',
    description: 'Notes in folders, behind an API token (a local stand-in API).',
    logoUrl: '',
    categories: ['PRODUCTIVITY'],
    runtime: 'builtin',
    version: '1.0.0',
    auth: [
      {
        key: 'secret_text',
        type: 'SECRET_TEXT',
        displayName: 'API token',
        description: 'Settings → API tokens in Acme.',
        validate: async (value: unknown) => {
          const res = await request(`${apiUrl}/me`, { headers: { authorization: `Bearer ${tokenOf(value)}` } });
          await res.body.dump();
          return res.statusCode === 200 ? { valid: true } : { valid: false, error: 'Acme refused this token.' };
        },
      },
    ],
    actions: [
      defineAction({
        name: 'create_note',
        displayName: 'Create note',
        description: 'Creates a note in a folder.',
        props: {
          title: Property.ShortText({ displayName: 'Title', required: true }),
          body: Property.LongText({ displayName: 'Body', required: false }),
          folder: Property.Dropdown({
            displayName: 'Folder',
            required: true,
            refreshers: [],
            options: async (ctx) => {
              const res = await request(`${apiUrl}/folders`, { headers: { authorization: `Bearer ${tokenOf(ctx.auth)}` } });
              if (res.statusCode !== 200) {
                await res.body.dump();
                return { options: [], disabled: true, placeholder: 'Connect Acme first' };
              }
              const folders = (await res.body.json()) as Array<{ id: string; name: string }>;
              return { options: folders.map((f) => ({ label: f.name, value: f.id })), disabled: false };
            },
          }),
          pinned: Property.Checkbox({ displayName: 'Pinned', required: false }),
        },
        run: async (ctx) => {
          const res = await request(`${apiUrl}/notes`, {
            method: 'POST',
            dispatcher: ctx.dispatcher,
            headers: { authorization: `Bearer ${tokenOf(ctx.auth)}`, 'content-type': 'application/json' },
            body: JSON.stringify(ctx.propsValue),
          });
          const body = (await res.body.json()) as Record<string, unknown>;
          if (res.statusCode >= 400) throw new ActionError(`Acme answered ${res.statusCode}.`, undefined, res.statusCode);
          return body;
        },
      }),
    ],
  });
}
