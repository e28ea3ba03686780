import { FILE_URL_MAX_BYTES } from '../integrations/file-input.js';
import { ActionInputError, type Prop, type Props } from '../integrations/framework.js';

export type JsonSchema = Record<string, unknown>;

/**
 * `tool`: what TOOLS mode serves to MCP clients, within what Anthropic, Gemini and OpenAI strict mode (after its
 * mechanical conversion) all accept: one JSON type per property, typed array items, non-empty objects, string-only
 * enums (docs/decisions/0097). Values of no fixed shape travel as JSON text. `code`: the natural shapes, for the
 * Code Mode TypeScript declarations (code passes JavaScript values; no provider reads them).
 */
export type SchemaMode = 'tool' | 'code';

/** Connection props are never inputs; MARKDOWN is help text for a form, not a parameter. */
const NOT_INPUTS = new Set(['BASIC_AUTH', 'CUSTOM_AUTH', 'OAUTH2', 'MARKDOWN']);

/** Props a caller may set: connection props and help text are never inputs, and enforced partial keys are fixed. */
export function visibleProps(props: Props, hidden: Iterable<string>): Array<[string, Prop]> {
  const skip = new Set(hidden);
  return Object.entries(props).filter(([key, p]) => !skip.has(key) && !NOT_INPUTS.has(p.type));
}

/** The text of an action's MARKDOWN props (notes for the person filling a form), for the tool's description. */
export function helpText(props: Props): string {
  return Object.values(props)
    .filter((p) => p.type === 'MARKDOWN')
    .map((p) => (p.description ?? p.displayName).replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join(' ');
}

const FILE_HELP = `an http(s) URL (fetched, at most ${FILE_URL_MAX_BYTES / 1024 / 1024} MiB), a data: URL or base64 data`;

type JsonTextKind = 'object' | 'array' | 'any';
const JSON_TEXT_HELP: Record<JsonTextKind, string> = {
  object: 'JSON text of an object, e.g. {"key": "value"}',
  array: 'JSON text of an array, e.g. ["a", "b"]',
  any: 'JSON text of the value, e.g. {"a": 1}, [1, 2] or "text" (a string in quotes)',
};

const scalarValues = (p: Prop) =>
  p.type === 'STATIC_DROPDOWN' || p.type === 'STATIC_MULTI_SELECT_DROPDOWN'
    ? p.options.options.map((o) => o.value).filter((v) => v !== null)
    : [];

/** The one JSON type of a static dropdown's values, or null when they are not all strings, numbers or booleans. */
function scalarSchema(p: Prop): JsonSchema | null {
  const values = scalarValues(p);
  if (values.length > 0 && values.every((v) => typeof v === 'string')) return { type: 'string', enum: values };
  if (values.length > 0 && values.every((v) => typeof v === 'number'))
    return { type: values.every((v) => Number.isInteger(v)) ? 'integer' : 'number' };
  if (values.length > 0 && values.every((v) => typeof v === 'boolean')) return { type: 'boolean' };
  return null;
}

/** Props whose values have no shape a provider's schema subset can state: a tool takes them as JSON text. */
function jsonTextKind(p: Prop): JsonTextKind | null {
  switch (p.type) {
    case 'OBJECT':
    case 'DYNAMIC':
      return 'object';
    case 'ARRAY':
      return p.items && visibleProps(p.items, []).length ? null : 'array';
    case 'STATIC_DROPDOWN':
      return scalarSchema(p) ? null : 'any';
    case 'STATIC_MULTI_SELECT_DROPDOWN':
      return scalarSchema(p) ? null : 'array';
    case 'JSON':
      return 'any';
    default:
      return null;
  }
}

function describe(p: Prop, extra?: string): string | undefined {
  const parts = [p.displayName, p.description, extra].filter((s): s is string => Boolean(s && s.trim()));
  return parts.join(' — ') || undefined;
}

function optionLabels(p: Prop): string | undefined {
  if (p.type !== 'STATIC_DROPDOWN' && p.type !== 'STATIC_MULTI_SELECT_DROPDOWN') return undefined;
  const opts = p.options.options.slice(0, 30).map((o) => `${JSON.stringify(o.value)} (${o.label})`);
  return opts.length ? `One of: ${opts.join(', ')}${p.options.options.length > 30 ? ', …' : ''}` : undefined;
}

/** The natural shape (Code Mode): object and free values stay objects or untyped. */
function codeShape(p: Prop): JsonSchema {
  const values = scalarValues(p);
  const primitive = values.length > 0 && values.every((v) => ['string', 'number', 'boolean'].includes(typeof v));
  switch (p.type) {
    case 'STATIC_DROPDOWN':
      return primitive ? { enum: values } : {};
    case 'STATIC_MULTI_SELECT_DROPDOWN':
      return { type: 'array', items: primitive ? { enum: values } : {} };
    case 'MULTI_SELECT_DROPDOWN':
    case 'ARRAY':
      return p.type === 'ARRAY' && p.items && visibleProps(p.items, []).length
        ? { type: 'array', items: objectSchema(p.items, [], {}, 'code').schema }
        : { type: 'array' };
    case 'OBJECT':
    case 'DYNAMIC':
      return { type: 'object' };
    default:
      return {};
  }
}

/** The shape a tool declares: one JSON type always (free values as JSON text). */
function toolShape(p: Prop): JsonSchema {
  const kind = jsonTextKind(p);
  if (kind) return { type: 'string' };
  switch (p.type) {
    case 'STATIC_DROPDOWN':
      return scalarSchema(p)!;
    case 'STATIC_MULTI_SELECT_DROPDOWN':
      return { type: 'array', items: scalarSchema(p)! };
    case 'MULTI_SELECT_DROPDOWN':
      return { type: 'array', items: { type: 'string' } };
    case 'ARRAY':
      return { type: 'array', items: objectSchema(p.items!, [], {}, 'tool').schema };
    default:
      return { type: 'string' }; // DROPDOWN: a value from options the connected account decides
  }
}

/** JSON Schema of one prop. */
export function propSchema(p: Prop, mode: SchemaMode = 'tool'): JsonSchema {
  let s: JsonSchema;
  switch (p.type) {
    case 'SHORT_TEXT':
    case 'LONG_TEXT':
    case 'MARKDOWN':
    case 'SECRET_TEXT':
    case 'FILE':
      s = { type: 'string' };
      break;
    case 'DATE_TIME':
      s = { type: 'string', format: 'date-time' };
      break;
    case 'NUMBER':
      s = { type: p.integer ? 'integer' : 'number' };
      if (p.min !== undefined) s.minimum = p.min;
      if (p.max !== undefined) s.maximum = p.max;
      break;
    case 'CHECKBOX':
      s = { type: 'boolean' };
      break;
    default:
      s = mode === 'tool' ? toolShape(p) : codeShape(p);
  }
  const kind = mode === 'tool' ? jsonTextKind(p) : null;
  const note =
    p.type === 'FILE'
      ? FILE_HELP
      : kind
        ? [optionLabels(p), JSON_TEXT_HELP[kind]].filter(Boolean).join('. ')
        : (optionLabels(p) ??
          (p.type === 'DROPDOWN' || p.type === 'MULTI_SELECT_DROPDOWN' ? 'Options depend on the connected account.' : undefined));
  const text = describe(p, note);
  if (text) s.description = text;
  return s;
}

/** Whether a default fits the declared type (a provider would otherwise be told a contradiction). */
function fits(s: JsonSchema, v: unknown): boolean {
  switch (s.type) {
    case 'string':
      return typeof v === 'string' && (!Array.isArray(s.enum) || s.enum.includes(v));
    case 'integer':
      return Number.isInteger(v);
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'boolean':
      return typeof v === 'boolean';
    case 'array':
      return Array.isArray(v);
    case 'object':
      return typeof v === 'object' && v !== null && !Array.isArray(v);
    default:
      return s.type === undefined;
  }
}

/**
 * The input schema of an action as a model should see it: enforced keys removed, defaults (prop defaults, partial
 * values, tool inputDefaults) shown and making the prop optional.
 */
export function objectSchema(
  props: Props,
  hidden: string[],
  defaults: Record<string, unknown>,
  mode: SchemaMode = 'tool',
): { schema: JsonSchema; required: string[] } {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [key, p] of visibleProps(props, hidden)) {
    const s = propSchema(p, mode);
    const def = key in defaults ? defaults[key] : p.defaultValue;
    if (def !== undefined && def !== null) {
      const shown = mode === 'tool' && jsonTextKind(p) ? JSON.stringify(def) : def;
      if (fits(s, shown)) s.default = shown;
      else s.description = `${typeof s.description === 'string' ? s.description : ''} Default: ${JSON.stringify(def)}.`.trim();
    }
    properties[key] = s;
    if (p.required && def === undefined) required.push(key);
  }
  const schema: JsonSchema = { type: 'object', properties };
  if (required.length) schema.required = required;
  return { schema, required };
}

/**
 * Tool arguments as the action takes them: JSON text of the props a tool declares as text is parsed (a client that
 * sends the value itself is served too). Throws ActionInputError naming the field for text that is not such JSON.
 */
export function decodeToolInput(props: Props, input: Record<string, unknown>, prefix = ''): Record<string, unknown> {
  const out = { ...input };
  for (const [key, p] of visibleProps(props, [])) {
    const value = out[key];
    if (value === undefined || value === null) continue;
    const kind = jsonTextKind(p);
    if (kind) {
      let parsed: unknown = value;
      if (typeof value === 'string') {
        try {
          parsed = JSON.parse(value) as unknown;
        } catch {
          // A value of any shape given as plain text that is not JSON is that text, as before 0097.
          if (kind === 'any') continue;
          throw new ActionInputError(prefix + key, `must be ${JSON_TEXT_HELP[kind]}; the text is not valid JSON`);
        }
      } else if (kind === 'any') continue;
      const isObject = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
      if ((kind === 'object' && !isObject) || (kind === 'array' && !Array.isArray(parsed)))
        throw new ActionInputError(prefix + key, `must be ${JSON_TEXT_HELP[kind]}`);
      out[key] = parsed;
    } else if (p.type === 'ARRAY' && p.items && Array.isArray(value)) {
      out[key] = value.map((item, i) =>
        item && typeof item === 'object' && !Array.isArray(item)
          ? decodeToolInput(p.items!, item as Record<string, unknown>, `${prefix}${key}[${i}].`)
          : item,
      );
    }
  }
  return out;
}
