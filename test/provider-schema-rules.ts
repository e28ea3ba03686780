/**
 * What the three model providers accept as a function (tool) declaration, as their documentation states it
 * (researched for docs/decisions/0097). Each check returns the problems it finds, each with the path to the part
 * of the schema at fault; an empty list means the provider accepts the tool.
 *
 * - Anthropic tool use: name ^[a-zA-Z0-9_-]{1,64}$; input_schema a JSON Schema (draft 2020-12) whose root is
 *   `type: "object"`, without oneOf/allOf/anyOf at the top level.
 * - Gemini FunctionDeclaration.parameters: a subset of the OpenAPI 3.0 Schema object. Only its fields are known
 *   (others, e.g. additionalProperties, are "Unknown name" errors); `type` is one value, not a list; OBJECT needs a
 *   non-empty `properties` and only OBJECT may have `properties`/`required`; ARRAY needs typed `items`; `enum` only
 *   for STRING (string values); string `format` only `enum` or `date-time`. Function names: a letter or underscore
 *   first, then [a-zA-Z0-9_.-], at most 64; parameter names: a letter or underscore first, then [a-zA-Z0-9_], at most 64.
 * - OpenAI strict function calling (Structured Outputs): types string, number, integer, boolean, object, array (and
 *   anyOf below the root); every object has `additionalProperties: false` and lists every property in `required`
 *   (optional ones are nullable: `type: [T, "null"]`); string keywords pattern/format, number keywords
 *   minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf, array keywords minItems/maxItems; nothing else (`default` is refused);
 *   at most 5000 properties, 10 levels of nesting, 1000 enum values, 120,000 characters of names and enum values,
 *   and 15,000 characters for an enum of more than 250 values. Name ^[a-zA-Z0-9_-]{1,64}$.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';

export type Schema = Record<string, any>;
export interface ToolDecl {
  name: string;
  inputSchema: Schema;
}

const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object']);

// ---- Anthropic ------------------------------------------------------------------------------------------------

const ajv = new Ajv2020({ strict: true, allErrors: true, validateFormats: false });

export function anthropicProblems(tool: ToolDecl): string[] {
  const out: string[] = [];
  if (!/^[a-zA-Z0-9_-]{1,64}$/.test(tool.name)) out.push(`name ${tool.name}`);
  const s = tool.inputSchema;
  if (s.type !== 'object') out.push('input_schema.type is not "object"');
  for (const k of ['oneOf', 'allOf', 'anyOf']) if (k in s) out.push(`input_schema.${k} at the top level`);
  try {
    ajv.compile(s);
  } catch (err) {
    out.push(`input_schema is not valid JSON Schema 2020-12: ${(err as Error).message}`);
  }
  return out;
}

// ---- Gemini ---------------------------------------------------------------------------------------------------

const GEMINI_FIELDS = new Set([
  'type',
  'format',
  'title',
  'description',
  'nullable',
  'enum',
  'maxItems',
  'minItems',
  'properties',
  'required',
  'minProperties',
  'maxProperties',
  'minLength',
  'maxLength',
  'pattern',
  'example',
  'anyOf',
  'propertyOrdering',
  'default',
  'items',
  'minimum',
  'maximum',
]);
const GEMINI_FORMATS: Record<string, string[]> = {
  string: ['enum', 'date-time'],
  number: ['float', 'double'],
  integer: ['int32', 'int64'],
};

function geminiSchema(s: Schema, at: string, out: string[]): void {
  for (const k of Object.keys(s)) if (!GEMINI_FIELDS.has(k)) out.push(`${at}: unknown field ${k}`);
  if (s.anyOf) {
    (s.anyOf as Schema[]).forEach((b, i) => geminiSchema(b, `${at}.anyOf[${i}]`, out));
    return;
  }
  const type = typeof s.type === 'string' ? s.type.toLowerCase() : null;
  if (!type || !TYPES.has(type)) {
    out.push(`${at}: type ${JSON.stringify(s.type)} is not one JSON type`);
    return;
  }
  if (type !== 'object' && ('properties' in s || 'required' in s)) out.push(`${at}: properties/required on ${type}`);
  if (type !== 'array' && 'items' in s) out.push(`${at}: items on ${type}`);
  if ('enum' in s && (type !== 'string' || !(s.enum as unknown[]).every((v) => typeof v === 'string')))
    out.push(`${at}: enum only for strings`);
  if ('format' in s && !(GEMINI_FORMATS[type] ?? []).includes(s.format)) out.push(`${at}: format ${s.format} on ${type}`);
  if (('minimum' in s || 'maximum' in s) && type !== 'number' && type !== 'integer') out.push(`${at}: minimum on ${type}`);
  if (type === 'object') {
    const props = (s.properties ?? {}) as Record<string, Schema>;
    if (Object.keys(props).length === 0) out.push(`${at}: properties should be non-empty for OBJECT type`);
    for (const [name, p] of Object.entries(props)) {
      if (!/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(name)) out.push(`${at}: parameter name ${name}`);
      geminiSchema(p, `${at}.properties.${name}`, out);
    }
    for (const r of (s.required ?? []) as string[]) if (!(r in props)) out.push(`${at}: required ${r} is not a property`);
  }
  if (type === 'array') {
    if (!s.items || typeof s.items !== 'object') out.push(`${at}: ARRAY without items`);
    else geminiSchema(s.items as Schema, `${at}.items`, out);
  }
}

export function geminiProblems(tool: ToolDecl): string[] {
  const out: string[] = [];
  if (!/^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/.test(tool.name)) out.push(`name ${tool.name}`);
  if (String(tool.inputSchema.type).toLowerCase() !== 'object') out.push('parameters are not an OBJECT');
  geminiSchema(tool.inputSchema, 'parameters', out);
  return out;
}

// ---- OpenAI strict --------------------------------------------------------------------------------------------

/**
 * The mechanical conversion a host applies to declare a tool with `strict: true`: every object closed
 * (additionalProperties: false) with every property required, the optional ones made nullable, and `default`
 * (which strict mode refuses) folded into the description.
 */
export function toOpenAIStrict(s: Schema): Schema {
  const out: Schema = { ...s };
  if ('default' in out) {
    const note = `Default: ${JSON.stringify(out.default)}.`;
    out.description = out.description ? `${out.description} ${note}` : note;
    delete out.default;
  }
  if (out.type === 'object') {
    const required = new Set<string>(out.required ?? []);
    const props: Record<string, Schema> = {};
    for (const [k, p] of Object.entries((out.properties ?? {}) as Record<string, Schema>)) {
      const strict = toOpenAIStrict(p);
      props[k] = required.has(k) ? strict : nullable(strict);
    }
    out.properties = props;
    out.required = Object.keys(props);
    out.additionalProperties = false;
  }
  if (out.type === 'array' && out.items) out.items = toOpenAIStrict(out.items as Schema);
  return out;
}

function nullable(s: Schema): Schema {
  if (s.anyOf) return { ...s, anyOf: [...(s.anyOf as Schema[]), { type: 'null' }] };
  const out: Schema = { ...s, type: [s.type, 'null'] };
  if (Array.isArray(s.enum)) out.enum = [...(s.enum as unknown[]), null];
  return out;
}

const STRICT_KEYWORDS: Record<string, Set<string>> = {
  string: new Set(['pattern', 'format']),
  number: new Set(['multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum']),
  integer: new Set(['multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum']),
  array: new Set(['items', 'minItems', 'maxItems']),
  object: new Set(['properties', 'required', 'additionalProperties']),
  boolean: new Set(),
  null: new Set(),
};
const COMMON = new Set(['type', 'description', 'enum', 'title']);
const STRICT_FORMATS = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']);

interface Tally {
  properties: number;
  enumValues: number;
  chars: number;
}

function strictSchema(s: Schema, at: string, depth: number, tally: Tally, out: string[]): void {
  if (s.anyOf) {
    (s.anyOf as Schema[]).forEach((b, i) => strictSchema(b, `${at}.anyOf[${i}]`, depth, tally, out));
    return;
  }
  const types: string[] = Array.isArray(s.type) ? s.type : [s.type];
  if (types.length === 0 || !types.every((t) => typeof t === 'string' && (TYPES.has(t) || t === 'null')))
    out.push(`${at}: type ${JSON.stringify(s.type)}`);
  const allowed = new Set([...COMMON, ...types.flatMap((t) => [...(STRICT_KEYWORDS[t] ?? [])])]);
  for (const k of Object.keys(s)) if (!allowed.has(k)) out.push(`${at}: ${k} is not permitted`);
  if ('format' in s && !STRICT_FORMATS.has(s.format)) out.push(`${at}: format ${s.format}`);
  if (Array.isArray(s.enum)) {
    tally.enumValues += s.enum.length;
    const chars = (s.enum as unknown[]).reduce<number>((n, v) => n + String(v).length, 0);
    tally.chars += chars;
    if (s.enum.length > 250 && chars > 15_000) out.push(`${at}: an enum over 250 values longer than 15,000 characters`);
  }
  if (types.includes('object')) {
    if (depth > 10) out.push(`${at}: nested more than 10 levels`);
    const props = (s.properties ?? {}) as Record<string, Schema>;
    if (s.additionalProperties !== false) out.push(`${at}: additionalProperties is not false`);
    // Closed and empty, a free-form object could only ever be sent as {}: accepted by the API, useless to a model.
    if (Object.keys(props).length === 0 && depth > 1) out.push(`${at}: an object without properties can only send {}`);
    const required = new Set<string>(s.required ?? []);
    for (const k of Object.keys(props)) if (!required.has(k)) out.push(`${at}: ${k} is not in required`);
    for (const [k, p] of Object.entries(props)) {
      tally.properties++;
      tally.chars += k.length;
      strictSchema(p, `${at}.properties.${k}`, depth + 1, tally, out);
    }
  }
  if (types.includes('array') && s.items) strictSchema(s.items as Schema, `${at}.items`, depth, tally, out);
}

/** The tool declared with `strict: true` after the conversion above. */
export function openAIStrictProblems(tool: ToolDecl): string[] {
  const out: string[] = [];
  if (!/^[a-zA-Z0-9_-]{1,64}$/.test(tool.name)) out.push(`name ${tool.name}`);
  const s = toOpenAIStrict(tool.inputSchema);
  if (s.type !== 'object' || s.anyOf) out.push('parameters: the root is not an object');
  const tally: Tally = { properties: 0, enumValues: 0, chars: 0 };
  strictSchema(s, 'parameters', 1, tally, out);
  if (tally.properties > 5000) out.push(`${tally.properties} properties`);
  if (tally.enumValues > 1000) out.push(`${tally.enumValues} enum values`);
  if (tally.chars > 120_000) out.push(`${tally.chars} characters of names and enum values`);
  return out;
}
