import { isDeepStrictEqual } from 'node:util';
import { ActionInputError, defineAction, defineIntegration, Property } from '../../framework.js';
import { evaluate, getDotted } from './jsonpath.js';

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const transform = defineAction({
  name: 'transform_json',
  displayName: 'Transform JSON',
  description:
    'Build a new object: each output key takes the value at a JSONPath of the input ($.a.b, $.items[0], $.items[*].id, $..id).',
  props: {
    input: Property.Json({ displayName: 'Input', required: true }),
    mapping: Property.Object({ displayName: 'Mapping', description: 'output key → JSONPath', required: true }),
  },
  outputSchema: { type: 'object', properties: { result: { type: 'object' } } },
  run: async ({ propsValue: p }) => {
    const result: Record<string, unknown> = {};
    for (const [key, path] of Object.entries(p.mapping)) {
      if (typeof path !== 'string') throw new ActionInputError(`mapping.${key}`, 'must be a JSONPath string');
      result[key] = evaluate(`mapping.${key}`, path, p.input) ?? null;
    }
    return { result };
  },
});

function deepMerge(a: unknown, b: unknown): unknown {
  if (isPlainObject(a) && isPlainObject(b)) {
    const out: Record<string, unknown> = { ...a };
    for (const [k, v] of Object.entries(b)) out[k] = k in out ? deepMerge(out[k], v) : v;
    return out;
  }
  return b;
}

const merge = defineAction({
  name: 'merge_objects',
  displayName: 'Merge objects',
  description:
    'Merge objects in order. deep: nested objects merge, later values win; shallow and last: top-level keys, later values win; first: top-level keys, the first value wins.',
  props: {
    objects: Property.Array({ displayName: 'Objects', required: true }),
    strategy: Property.StaticDropdown({
      displayName: 'Strategy',
      defaultValue: 'deep',
      options: ['deep', 'shallow', 'first', 'last'].map((v) => ({ label: v, value: v })),
    }),
  },
  outputSchema: { type: 'object', properties: { result: { type: 'object' } } },
  run: async ({ propsValue: p }) => {
    const objects = p.objects;
    objects.forEach((o, i) => {
      if (!isPlainObject(o)) throw new ActionInputError(`objects[${i}]`, 'must be an object');
    });
    const list = objects as Array<Record<string, unknown>>;
    let result: Record<string, unknown>;
    if (p.strategy === 'deep') result = list.reduce<unknown>((acc, o) => deepMerge(acc, o), {}) as Record<string, unknown>;
    else if (p.strategy === 'first') result = list.reduceRight<Record<string, unknown>>((acc, o) => ({ ...acc, ...o }), {});
    else result = Object.assign({}, ...list) as Record<string, unknown>;
    return { result };
  },
});

const OPS = ['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$nin', '$exists', '$contains'] as const;
function matches(item: unknown, conditions: Record<string, unknown>): boolean {
  return Object.entries(conditions).every(([path, cond]) => {
    const v = getDotted(item, path);
    if (!isPlainObject(cond) || !Object.keys(cond).some((k) => k.startsWith('$'))) return isDeepStrictEqual(v, cond);
    return Object.entries(cond).every(([op, arg]) => {
      switch (op as (typeof OPS)[number]) {
        case '$eq':
          return isDeepStrictEqual(v, arg);
        case '$ne':
          return !isDeepStrictEqual(v, arg);
        case '$gt':
          return v !== undefined && v !== null && (v as number) > (arg as number);
        case '$gte':
          return v !== undefined && v !== null && (v as number) >= (arg as number);
        case '$lt':
          return v !== undefined && v !== null && (v as number) < (arg as number);
        case '$lte':
          return v !== undefined && v !== null && (v as number) <= (arg as number);
        case '$in':
          return Array.isArray(arg) && arg.some((a) => isDeepStrictEqual(a, v));
        case '$nin':
          return Array.isArray(arg) && !arg.some((a) => isDeepStrictEqual(a, v));
        case '$exists':
          return (v !== undefined) === Boolean(arg);
        case '$contains':
          return (
            (typeof v === 'string' && typeof arg === 'string' && v.includes(arg)) ||
            (Array.isArray(v) && v.some((x) => isDeepStrictEqual(x, arg)))
          );
        default:
          throw new ActionInputError(`conditions.${path}`, `has an unknown operator ${op} (use ${OPS.join(', ')})`);
      }
    });
  });
}

const filter = defineAction({
  name: 'filter_array',
  displayName: 'Filter an array',
  description: `Keep the items matching every condition: {"field.path": value} or {"field": {"$gt": 5}} with ${OPS.join(', ')}.`,
  props: {
    array: Property.Array({ displayName: 'Array', required: true }),
    conditions: Property.Object({ displayName: 'Conditions', required: true }),
  },
  outputSchema: { type: 'object', properties: { result: { type: 'array' }, count: { type: 'number' } } },
  run: async ({ propsValue: p }) => {
    const result = p.array.filter((item) => matches(item, p.conditions));
    return { result, count: result.length };
  },
});

const batch = defineAction({
  name: 'batch_array',
  displayName: 'Split an array into batches',
  description: 'Split an array into consecutive batches of batchSize items (the last may be shorter).',
  props: {
    array: Property.Array({ displayName: 'Array', required: true }),
    batchSize: Property.Number({ displayName: 'Batch size', required: true, min: 1, max: 100_000, integer: true }),
  },
  outputSchema: { type: 'object', properties: { batches: { type: 'array' }, count: { type: 'number' } } },
  run: async ({ propsValue: p }) => {
    const arr = p.array;
    const size = p.batchSize;
    const batches: unknown[][] = [];
    for (let i = 0; i < arr.length; i += size) batches.push(arr.slice(i, i + size));
    return { batches, count: batches.length };
  },
});

export const dataTransformer = defineIntegration({
  name: 'data-transformer',
  displayName: 'Data Transformer',
  description: 'Reshape JSON with JSONPath, merge objects, filter and batch arrays.',
  logoUrl: '/static/integrations/data-transformer.svg',
  categories: ['developer-tools', 'built-in'],
  auth: [],
  runtime: 'builtin',
  version: '1.0.0',
  actions: [transform, merge, filter, batch],
});
