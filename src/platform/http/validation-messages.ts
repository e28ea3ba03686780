/** One Ajv error; `schema` and `data` are there because the validators are built with `verbose` (src/app.ts). */
export interface AjvError {
  instancePath?: string;
  schemaPath?: string;
  message?: string;
  keyword?: string;
  params?: Record<string, unknown>;
  schema?: unknown;
  data?: unknown;
}

type Detail = { field: string; message: string };
type Schema = Record<string, unknown>;

const isObject = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);
const fieldOf = (instancePath: string | undefined) => (instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
const oneOf = (values: unknown[]) => `must be one of ${values.map(String).join(', ')}`;

/** The values a branch of a union accepts when it is a fixed set (a literal, an enum, null); null when it is not. */
function fixedValues(branch: unknown): unknown[] | null {
  if (!isObject(branch)) return null;
  if ('const' in branch) return [branch.const];
  if (Array.isArray(branch.enum)) return branch.enum;
  if (branch.type === 'null') return [null];
  return null;
}

/** The property every branch pins to a constant (`type` in `{type: 'webhook', ...} | {type: 'end_user'}`), if any. */
function discriminator(branches: unknown[]): { property: string; values: unknown[] } | null {
  const first = branches[0];
  if (!isObject(first) || !isObject(first.properties)) return null;
  for (const property of Object.keys(first.properties)) {
    const values = branches.map((b) => {
      const p = isObject(b) && isObject(b.properties) ? b.properties[property] : undefined;
      return isObject(p) && 'const' in p ? p.const : undefined;
    });
    if (values.every((v) => v !== undefined)) return { property, values };
  }
  return null;
}

function describeOne(e: AjvError, context: string | undefined): Detail {
  let field = fieldOf(e.instancePath);
  if (e.keyword === 'required' && typeof e.params?.missingProperty === 'string') {
    field = field ? `${field}.${e.params.missingProperty}` : e.params.missingProperty;
    return { field, message: 'is required' };
  }
  if (e.keyword === 'additionalProperties' && typeof e.params?.additionalProperty === 'string') {
    field = field ? `${field}.${e.params.additionalProperty}` : e.params.additionalProperty;
    return { field, message: 'is not allowed' };
  }
  field ||= context ?? 'body';
  if (e.keyword === 'enum' && Array.isArray(e.params?.allowedValues)) return { field, message: oneOf(e.params.allowedValues) };
  if (e.keyword === 'const' && e.params && 'allowedValue' in e.params)
    return { field, message: `must be ${String(e.params.allowedValue)}` };
  return { field, message: e.message ?? 'is invalid' };
}

/**
 * A failed union described as the caller needs it: a union of fixed values lists them; a union of objects told
 * apart by one constant property lists that property's values, or reports the errors of the branch it selected.
 * Null when neither applies (the errors are then described one by one, as before).
 */
function describeUnion(union: AjvError, inside: AjvError[], context: string | undefined): Detail[] | null {
  const branches = Array.isArray(union.schema) ? (union.schema as unknown[]) : null;
  if (!branches || branches.length === 0) return null;
  const field = fieldOf(union.instancePath);
  const fixed = branches.map(fixedValues);
  if (fixed.every((v) => v !== null)) return [{ field: field || (context ?? 'body'), message: oneOf(fixed.flat()) }];
  const tag = discriminator(branches);
  if (!tag) return null;
  const given = isObject(union.data) ? union.data[tag.property] : undefined;
  const selected = tag.values.findIndex((v) => v === given);
  if (selected < 0) return [{ field: field ? `${field}.${tag.property}` : tag.property, message: oneOf(tag.values) }];
  const prefix = `${union.schemaPath}/${selected}/`;
  const own = inside.filter((e) => e.schemaPath?.startsWith(prefix));
  return own.length > 0 ? own.map((e) => describeOne(e, context)) : null;
}

/** "name: must NOT have more than 100 characters" — names the field, never echoes the value. */
export function describeValidation(errors: AjvError[], context: string | undefined): { message: string; details: Detail[] } {
  // Ajv reports a union's branch errors before the union's own; outer unions are summarised first.
  const unions = errors
    .filter((e) => e.keyword === 'anyOf' && typeof e.schemaPath === 'string')
    .sort((a, b) => (a.schemaPath as string).length - (b.schemaPath as string).length);
  const replaced = new Map<AjvError, Detail[]>();
  const consumed = new Set<AjvError>();
  for (const union of unions) {
    if (consumed.has(union)) continue;
    const inside = errors.filter((e) => e !== union && e.schemaPath?.startsWith(`${union.schemaPath}/`));
    const summary = describeUnion(union, inside, context);
    if (!summary) continue;
    for (const e of inside) consumed.add(e);
    replaced.set(inside[0] ?? union, summary);
    if (inside.length > 0) consumed.add(union);
  }
  const details = errors.flatMap((e) => replaced.get(e) ?? (consumed.has(e) ? [] : [describeOne(e, context)]));
  const first = details[0];
  const message = first ? `${first.field} ${first.message}` : 'The request is invalid.';
  return { message, details };
}
