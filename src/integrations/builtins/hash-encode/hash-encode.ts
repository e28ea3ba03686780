import { createHash, randomUUID } from 'node:crypto';
import { ActionInputError, defineAction, defineIntegration, Property, type DropdownOption } from '../../framework.js';

const hash = defineAction({
  name: 'hash',
  displayName: 'Hash text',
  description: 'Hash text with SHA-256, SHA-1, SHA-512 or MD5, as hex or base64.',
  props: {
    text: Property.LongText({ displayName: 'Text', required: true }),
    algorithm: Property.StaticDropdown({
      displayName: 'Algorithm',
      defaultValue: 'sha256',
      options: ['sha256', 'sha1', 'sha512', 'md5'].map((v) => ({ label: v.toUpperCase(), value: v })),
    }),
    encoding: Property.StaticDropdown({
      displayName: 'Output encoding',
      defaultValue: 'hex',
      options: [
        { label: 'Hex', value: 'hex' },
        { label: 'Base64', value: 'base64' },
      ],
    }),
  },
  outputSchema: {
    type: 'object',
    properties: { hash: { type: 'string' }, algorithm: { type: 'string' }, encoding: { type: 'string' } },
  },
  // algorithm and encoding are null when the caller sent null (see PropsValue); the casts keep today's behaviour
  run: async ({ propsValue: p }) => ({
    hash: createHash(p.algorithm as string)
      .update(p.text, 'utf8')
      .digest(p.encoding as 'hex' | 'base64'),
    algorithm: p.algorithm,
    encoding: p.encoding,
  }),
});

const ENCODINGS: DropdownOption<'base64' | 'url' | 'hex'>[] = [
  { label: 'Base64', value: 'base64' },
  { label: 'URL (percent-encoding)', value: 'url' },
  { label: 'Hex', value: 'hex' },
];

const encode = defineAction({
  name: 'encode',
  displayName: 'Encode text',
  description: 'Encode UTF-8 text as base64, URL percent-encoding or hex.',
  props: {
    text: Property.LongText({ displayName: 'Text', required: true }),
    encoding: Property.StaticDropdown({ displayName: 'Encoding', required: true, defaultValue: 'base64', options: ENCODINGS }),
  },
  outputSchema: { type: 'object', properties: { encoded: { type: 'string' }, encoding: { type: 'string' } } },
  run: async ({ propsValue: p }) => {
    const encoded = p.encoding === 'url' ? encodeURIComponent(p.text) : Buffer.from(p.text, 'utf8').toString(p.encoding);
    return { encoded, encoding: p.encoding };
  },
});

const decode = defineAction({
  name: 'decode',
  displayName: 'Decode text',
  description: 'Decode base64, URL percent-encoding or hex back to UTF-8 text.',
  props: {
    encoded: Property.LongText({ displayName: 'Encoded text', required: true }),
    encoding: Property.StaticDropdown({ displayName: 'Encoding', required: true, defaultValue: 'base64', options: ENCODINGS }),
  },
  outputSchema: { type: 'object', properties: { decoded: { type: 'string' }, encoding: { type: 'string' } } },
  run: async ({ propsValue: p }) => {
    const s = p.encoded.trim();
    if (p.encoding === 'url') {
      try {
        return { decoded: decodeURIComponent(s), encoding: 'url' };
      } catch {
        throw new ActionInputError('encoded', 'is not valid URL encoding');
      }
    }
    if (p.encoding === 'hex' && !/^(?:[0-9a-fA-F]{2})*$/.test(s)) throw new ActionInputError('encoded', 'is not valid hex');
    if (p.encoding === 'base64' && !/^[A-Za-z0-9+/_-]*={0,2}$/.test(s))
      throw new ActionInputError('encoded', 'is not valid base64');
    return { decoded: Buffer.from(s, p.encoding).toString('utf8'), encoding: p.encoding };
  },
});

const generateUuid = defineAction({
  name: 'generate_uuid',
  displayName: 'Generate UUIDs',
  description: 'Generate 1 to 100 random (v4) UUIDs.',
  props: { count: Property.Number({ displayName: 'Count', defaultValue: 1, min: 1, max: 100, integer: true }) },
  outputSchema: { type: 'object', properties: { uuid: { type: 'string' }, uuids: { type: 'array', items: { type: 'string' } } } },
  run: async ({ propsValue: p }) => {
    // count is null when the caller sent null (see PropsValue); the cast keeps today's behaviour
    const uuids = Array.from({ length: p.count as number }, () => randomUUID());
    return { uuid: uuids[0], uuids };
  },
});

export const hashEncode = defineIntegration({
  name: 'hash-encode',
  displayName: 'Hash & Encode',
  description: 'Hash, encode and decode text, and generate UUIDs.',
  logoUrl: '/static/integrations/hash-encode.svg',
  categories: ['developer-tools', 'built-in'],
  auth: [],
  runtime: 'builtin',
  version: '1.0.0',
  actions: [hash, encode, decode, generateUuid],
});
