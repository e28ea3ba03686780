import type { Prop, Props } from '../integrations/framework.js';

export type JsonSchema = Record<string, unknown>;

const CONNECTION_TYPES = new Set(['BASIC_AUTH', 'CUSTOM_AUTH', 'OAUTH2']);

/** Props a caller may set: connection props are never inputs, and enforced partial keys are fixed. */
export function visibleProps(props: Props, hidden: Iterable<string>): Array<[string, Prop]> {
  const skip = new Set(hidden);
  return Object.entries(props).filter(([key, p]) => !skip.has(key) && !CONNECTION_TYPES.has(p.type));
}

function describe(p: Prop, extra?: string): string | undefined {
  const parts = [p.displayName, p.description, extra].filter((s): s is string => Boolean(s && s.trim()));
  const text = parts.join(' — ');
  return text || undefined;
}

function optionValues(p: Prop): unknown[] | null {
  if (p.type !== 'STATIC_DROPDOWN' && p.type !== 'STATIC_MULTI_SELECT_DROPDOWN') return null;
  const values = p.options.options.map((o) => o.value);
  return values.every((v) => ['string', 'number', 'boolean'].includes(typeof v)) ? values : null;
}

function optionLabels(p: Prop): string | undefined {
  if (p.type !== 'STATIC_DROPDOWN' && p.type !== 'STATIC_MULTI_SELECT_DROPDOWN') return undefined;
  const opts = p.options.options.slice(0, 30).map((o) => `${JSON.stringify(o.value)} (${o.label})`);
  return opts.length ? `One of: ${opts.join(', ')}${p.options.options.length > 30 ? ', …' : ''}` : undefined;
}

/** JSON Schema of one prop. */
export function propSchema(p: Prop): JsonSchema {
  const s: JsonSchema = {};
  switch (p.type) {
    case 'SHORT_TEXT':
    case 'LONG_TEXT':
    case 'MARKDOWN':
    case 'SECRET_TEXT':
      s.type = 'string';
      break;
    case 'DATE_TIME':
      s.type = 'string';
      s.format = 'date-time';
      break;
    case 'FILE':
      s.type = 'string';
      s.description = 'a file URL or base64 data';
      break;
    case 'NUMBER':
      s.type = p.integer ? 'integer' : 'number';
      if (p.min !== undefined) s.minimum = p.min;
      if (p.max !== undefined) s.maximum = p.max;
      break;
    case 'CHECKBOX':
      s.type = 'boolean';
      break;
    case 'STATIC_DROPDOWN': {
      const values = optionValues(p);
      if (values) s.enum = values;
      break;
    }
    case 'STATIC_MULTI_SELECT_DROPDOWN': {
      const values = optionValues(p);
      s.type = 'array';
      s.items = values ? { enum: values } : {};
      break;
    }
    case 'MULTI_SELECT_DROPDOWN':
      s.type = 'array';
      break;
    case 'ARRAY':
      s.type = 'array';
      if (p.items && Object.keys(p.items).length) s.items = objectSchema(p.items, [], {}).schema;
      break;
    case 'OBJECT':
    case 'DYNAMIC':
      s.type = 'object';
      break;
    case 'DROPDOWN':
    case 'JSON':
    default:
      break;
  }
  const text = describe(
    p,
    optionLabels(p) ??
      (p.type === 'DROPDOWN' || p.type === 'MULTI_SELECT_DROPDOWN' ? 'Options depend on the connected account.' : undefined),
  );
  if (text) s.description = s.description ? `${text} (${s.description as string})` : text;
  return s;
}

/**
 * The input schema of an action as a model should see it: enforced keys removed, defaults (prop defaults, partial
 * values, tool inputDefaults) shown and making the prop optional.
 */
export function objectSchema(
  props: Props,
  hidden: string[],
  defaults: Record<string, unknown>,
): { schema: JsonSchema; required: string[] } {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [key, p] of visibleProps(props, hidden)) {
    const s = propSchema(p);
    const def = key in defaults ? defaults[key] : p.defaultValue;
    if (def !== undefined && def !== null) s.default = def;
    properties[key] = s;
    if (p.required && def === undefined) required.push(key);
  }
  const schema: JsonSchema = { type: 'object', properties };
  if (required.length) schema.required = required;
  return { schema, required };
}
