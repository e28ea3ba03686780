import {
  ActionError,
  ActionInputError,
  defineAction,
  defineIntegration,
  NotAListError,
  Property,
  type KeyValueStore,
} from '../../framework.js';

const MAX_KEY = 512;
const MAX_VALUE_BYTES = 512 * 1024;

const keyProp = () => Property.ShortText({ displayName: 'Key', required: true, description: `up to ${MAX_KEY} characters` });
const valueProp = () => Property.Json({ displayName: 'Value', required: true, description: 'any JSON value' });

function checkKey(key: unknown): string {
  if (typeof key !== 'string' || key.length > MAX_KEY) throw new ActionInputError('key', `must be at most ${MAX_KEY} characters`);
  return key;
}
function checkValue(value: unknown): unknown {
  const size = Buffer.byteLength(JSON.stringify(value ?? null));
  if (size > MAX_VALUE_BYTES)
    throw new ActionInputError('value', `must be at most ${MAX_VALUE_BYTES} bytes of JSON (got ${size})`);
  return value;
}
async function listOp<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof NotAListError) throw new ActionError(err.message);
    throw err;
  }
}
const store = (s: KeyValueStore) => s;

export const kvStore = defineIntegration({
  name: 'kv-store',
  displayName: 'Key-Value Store',
  description:
    'Durable JSON values and lists under keys, kept per persistence scope (settings.persistence: end_user by default, workspace, or external + externalId).',
  logoUrl: '/static/integrations/kv-store.svg',
  categories: ['developer-tools', 'built-in'],
  auth: [],
  runtime: 'builtin',
  version: '1.0.0',
  actions: [
    defineAction({
      name: 'put',
      displayName: 'Put a value',
      description: 'Store a JSON value under a key, replacing any previous value.',
      props: { key: keyProp(), value: valueProp() },
      outputSchema: { type: 'object', properties: { key: { type: 'string' }, value: {} } },
      run: async ({ propsValue: p, store: s }) => {
        const key = checkKey(p.key);
        await store(s).put(key, checkValue(p.value));
        return { key, value: p.value };
      },
    }),
    defineAction({
      name: 'get',
      displayName: 'Get a value',
      description: 'Read the value under a key; value is null and found false when absent.',
      props: { key: keyProp() },
      outputSchema: { type: 'object', properties: { key: { type: 'string' }, value: {}, found: { type: 'boolean' } } },
      run: async ({ propsValue: p, store: s }) => {
        const key = checkKey(p.key);
        const value = await s.get(key);
        return { key, value, found: value !== null };
      },
    }),
    defineAction({
      name: 'delete',
      displayName: 'Delete a key',
      description: 'Remove a key and its value.',
      props: { key: keyProp() },
      outputSchema: { type: 'object', properties: { key: { type: 'string' }, deleted: { type: 'boolean' } } },
      run: async ({ propsValue: p, store: s }) => {
        const key = checkKey(p.key);
        return { key, deleted: await s.delete(key) };
      },
    }),
    defineAction({
      name: 'add_to_list',
      displayName: 'Add to a list',
      description: 'Append a value to the list under a key (created when absent). Atomic under concurrent calls.',
      props: { key: keyProp(), value: valueProp() },
      outputSchema: { type: 'object', properties: { key: { type: 'string' }, list: { type: 'array' } } },
      run: async ({ propsValue: p, store: s }) => {
        const key = checkKey(p.key);
        return { key, list: await listOp(() => s.appendToList(key, checkValue(p.value))) };
      },
    }),
    defineAction({
      name: 'remove_from_list',
      displayName: 'Remove from a list',
      description: 'Remove every element equal to the value from the list under a key.',
      props: { key: keyProp(), value: valueProp() },
      outputSchema: {
        type: 'object',
        properties: { key: { type: 'string' }, list: { type: 'array' }, removed: { type: 'number' } },
      },
      run: async ({ propsValue: p, store: s }) => {
        const key = checkKey(p.key);
        const { list, removed } = await listOp(() => s.removeFromList(key, p.value));
        return { key, list, removed };
      },
    }),
  ],
});
