/** JSON Schemas as the pieces framework's props (0151): a schema's type, enum, bounds, default and description. */
import type { Prop, Props } from '../framework.js';
import type { RefResolver } from './refs.js';
import { textOf, type BodySpec } from './spec.js';

export function bodyProps(
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

export function pickContentType(types: string[]): { declared: string; use: BodySpec['contentType'] } | null {
  const lower = types.map((t) => [t, t.toLowerCase().split(';')[0]!.trim()] as const);
  const json = lower.find(([, t]) => t === 'application/json' || t.endsWith('+json') || t === '*/*');
  if (json) return { declared: json[0], use: 'application/json' };
  const form = lower.find(([, t]) => t === 'application/x-www-form-urlencoded');
  if (form) return { declared: form[0], use: 'application/x-www-form-urlencoded' };
  const text = lower.find(([, t]) => t.startsWith('text/'));
  if (text) return { declared: text[0], use: 'text/plain' };
  return null;
}

/** A prop for a JSON Schema: its type, enum, bounds, default and description. */
export function propFor(
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

export function freeKey(name: string, props: Props, prefix = 'param_'): string {
  if (!(name in props)) return name;
  let candidate = `${prefix}${name}`;
  for (let i = 2; candidate in props; i++) candidate = `${prefix}${name}_${i}`;
  return candidate;
}
