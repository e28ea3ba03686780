/**
 * JSON Schema -> Python types for the Python SDK: responses become dataclasses (decoded by the runtime, unknown
 * fields kept in `.raw`), request objects become TypedDicts. Inline objects get a class of their own, one per
 * distinct shape, named after the property that holds them.
 */
import { isIdentifier, pascal, pyDoc, pyLiteral, snake } from './python-names.js';

export type Schema = Record<string, any>;
export type Mode = 'response' | 'request';
/** Where a schema sits: the operation (or component) and the property, for naming an inline class. */
export interface Hint {
  owner: string;
  prop: string;
}

const isObject = (s: Schema) => s.type === 'object' && s.properties && Object.keys(s.properties).length > 0;
const isNull = (s: Schema) => s.type === 'null';
const isEnum = (s: Schema) => Array.isArray(s.enum) || s.const !== undefined;
const singular = (word: string) => word.replace(/ies$/, 'y').replace(/([^s])s$/, '$1');

/** The schema's alternatives (anyOf, oneOf or a list of types), or null when it has none. */
export function variantsOf(s: Schema): Schema[] | null {
  if (Array.isArray(s.anyOf)) return s.anyOf;
  if (Array.isArray(s.oneOf)) return s.oneOf;
  if (Array.isArray(s.type)) return s.type.map((type: string) => ({ ...s, type }));
  return null;
}

/** The schema without its `null` alternative, and whether it had one. */
export function stripNull(s: Schema): [Schema, boolean] {
  const variants = variantsOf(s);
  if (!variants || !variants.some(isNull)) return [s, false];
  const rest = variants.filter((v) => !isNull(v));
  return [rest.length === 1 ? rest[0]! : { anyOf: rest }, true];
}

/** Object alternatives as one object: every property, required only when all require it. */
function merge(variants: Schema[]): Schema {
  const properties: Schema = {};
  for (const v of variants) for (const [k, p] of Object.entries(v.properties as Schema)) properties[k] ??= p;
  const required = Object.keys(properties).filter((k) => variants.every((v) => (v.required ?? []).includes(k)));
  return { type: 'object', properties, required };
}

export interface TypedDictField {
  key: string;
  type: string;
  required: boolean;
}

/** A TypedDict, split into a required base and a `total=False` class the way Python 3.9 needs it. */
export function typedDict(name: string, fields: TypedDictField[], doc?: string): string {
  const body = (list: TypedDictField[]) => list.map((f) => `    ${f.key}: ${f.type}\n`).join('');
  const docLine = doc ? pyDoc(doc, '    ') : '';
  const required = fields.filter((f) => f.required);
  const optional = fields.filter((f) => !f.required);
  if (!fields.every((f) => isIdentifier(f.key))) {
    // Keys that are not identifiers: the functional form (its types are evaluated at once, so they only name
    // classes defined above).
    const dict = (list: TypedDictField[]) => `{${list.map((f) => `${JSON.stringify(f.key)}: ${f.type}`).join(', ')}}`;
    const opt = `TypedDict(${JSON.stringify(`_${name}Optional`)}, ${dict(optional)}, total=False)`;
    if (required.length === 0) return `${name} = ${opt.replace(`_${name}Optional`, name)}\n`;
    const req = `TypedDict(${JSON.stringify(`_${name}Required`)}, ${dict(required)})`;
    return `_${name}Required = ${req}\n_${name}Optional = ${opt}\n\n\nclass ${name}(_${name}Required, _${name}Optional):\n${docLine || '    pass\n'}`;
  }
  if (optional.length === 0)
    return `class ${name}(TypedDict):\n${docLine || (required.length ? '' : '    pass\n')}${body(required)}`;
  if (required.length === 0) return `class ${name}(TypedDict, total=False):\n${docLine}${body(optional)}`;
  const base = `_${name}Required`;
  return `class ${base}(TypedDict):\n${body(required)}\n\nclass ${name}(${base}, total=False):\n${docLine}${body(optional)}`;
}

export class PyModels {
  /** Python source of every class, in the order made. */
  readonly blocks: string[] = [];
  readonly names = new Set<string>();
  private readonly byShape = new Map<string, string>();

  constructor(private readonly components: Record<string, Schema>) {
    // Names the generated modules import or define beside the models.
    for (const name of ['Any', 'Dict', 'List', 'Literal', 'Optional', 'Union', 'Iterator', 'TypedDict', 'Model', 'Null'])
      this.names.add(name);
    for (const name of ['Group', 'Operation', 'OPERATIONS', 'GROUPS']) this.names.add(name);
    for (const name of Object.keys(components)) {
      if (this.names.has(name)) throw new Error(`schema ${name} clashes with a name the generated modules use`);
      this.names.add(name);
    }
    for (const [name, s] of Object.entries(components)) this.emit(name, s, 'response', name);
  }

  /** The Python type of a schema. */
  type(s: Schema | undefined, mode: Mode, hint: Hint): string {
    if (!s || Object.keys(s).filter((k) => k !== 'description').length === 0) return 'Any';
    if (typeof s.$ref === 'string') return mode === 'response' ? s.$ref.split('/').pop()! : 'Dict[str, Any]';
    const variants = variantsOf(s);
    if (variants) {
      const [rest, nullable] = stripNull(s);
      const inner = rest === s ? this.union(variants, mode, hint) : this.type(rest, mode, hint);
      return nullable && inner !== 'Any' ? `Optional[${inner}]` : inner;
    }
    if (isEnum(s) && mode === 'request') return literal(s.enum ?? [s.const]);
    switch (s.type) {
      case 'string':
        return 'str';
      case 'integer':
        return 'int';
      case 'number':
        return 'float';
      case 'boolean':
        return 'bool';
      case 'null':
        return 'None';
      case 'array':
        return `List[${this.type(s.items, mode, { ...hint, prop: singular(hint.prop) })}]`;
      case 'object':
        return isObject(s) ? this.named(s, mode, hint) : 'Dict[str, Any]';
      default:
        return 'Any';
    }
  }

  /** A class for an object schema (or alternatives of objects), reused for the same shape; `name` forces a name. */
  named(s: Schema, mode: Mode, hint: Hint, name?: string): string {
    const variants = variantsOf(s)?.map((v) => this.deref(v));
    if (variants && variants.every(isObject)) {
      if (mode === 'response') return this.named(merge(variants), mode, hint, name);
      return `Union[${variants.map((v, i) => this.named(v, mode, { ...hint, prop: hint.prop + discriminator(v, i) })).join(', ')}]`;
    }
    if (!isObject(s)) return this.type(s, mode, hint);
    const key = `${mode} ${JSON.stringify(s)}`;
    const known = this.byShape.get(key);
    if (known && !name) return known;
    const candidates = name
      ? [name]
      : mode === 'response'
        ? [pascal(singular(hint.prop)), hint.owner + pascal(hint.prop)]
        : [hint.owner + pascal(hint.prop)];
    let chosen = candidates.find((c) => !this.names.has(c));
    for (let i = 2; !chosen; i++) if (!this.names.has(`${candidates.at(-1)}${i}`)) chosen = `${candidates.at(-1)}${i}`;
    this.names.add(chosen);
    this.byShape.set(key, chosen);
    this.emit(chosen, s, mode, hint.owner);
    return chosen;
  }

  /** A component's schema in place of its $ref. */
  private deref(s: Schema): Schema {
    return typeof s.$ref === 'string' ? (this.components[s.$ref.split('/').pop()!] ?? s) : s;
  }

  private union(variants: Schema[], mode: Mode, hint: Hint): string {
    if (variants.length === 1) return this.type(variants[0], mode, hint);
    if (variants.every(isEnum)) {
      return mode === 'request'
        ? literal(variants.flatMap((v) => v.enum ?? [v.const]))
        : this.type({ type: variants[0]!.type }, mode, hint);
    }
    if (variants.every(isObject)) return this.named({ anyOf: variants }, mode, hint);
    const types = [...new Set(variants.map((v) => this.type(v, mode, hint)))];
    return types.includes('Any') ? 'Any' : types.length === 1 ? types[0]! : `Union[${types.join(', ')}]`;
  }

  private emit(name: string, s: Schema, mode: Mode, owner: string): void {
    const props = Object.entries((s.properties ?? {}) as Record<string, Schema>);
    const required = new Set<string>(s.required ?? []);
    const typeOf = (k: string, p: Schema) => this.type(p, mode, { owner, prop: k });
    if (mode === 'request') {
      const fields = props.map(([key, p]) => ({ key, type: typeOf(key, p), required: required.has(key) }));
      this.blocks.push(typedDict(name, fields, s.description));
      return;
    }
    // Required fields first (a dataclass wants them before the defaulted ones); a missing one decodes as None.
    const ordered = [...props.filter(([k]) => required.has(k)), ...props.filter(([k]) => !required.has(k))];
    const lines = ordered.map(([k, p]) => {
      const attr = snake(k);
      const opts = [
        ...(required.has(k) ? [] : ['default=None']),
        ...(attr !== k ? [`metadata={"json": ${JSON.stringify(k)}}`] : []),
      ];
      const type = typeOf(k, p);
      const value = opts.length === 0 ? '' : opts.length === 1 && !required.has(k) ? ' = None' : ` = field(${opts.join(', ')})`;
      return `    ${attr}: ${required.has(k) ? type : type.startsWith('Optional[') || type === 'Any' ? type : `Optional[${type}]`}${value}\n`;
    });
    const doc = s.description ?? s.title;
    this.blocks.push(`@dataclass\nclass ${name}(Model):\n${doc ? pyDoc(doc, '    ') : ''}${lines.join('') || '    pass\n'}`);
  }
}

/** `Literal[...]` of JSON values, or Any when one cannot be a Literal (floats, objects). */
export function literal(values: unknown[]): string {
  const ok = values.every((v) => v === null || typeof v === 'string' || typeof v === 'boolean' || Number.isInteger(v));
  return ok && values.length > 0 ? `Literal[${[...new Set(values)].map(pyLiteral).join(', ')}]` : 'Any';
}

/** A suffix telling apart alternatives of an object union: their constant `type` when they have one. */
function discriminator(v: Schema, i: number): string {
  const t = v.properties?.type;
  const value = t?.const ?? (Array.isArray(t?.enum) && t.enum.length === 1 ? t.enum[0] : undefined);
  return typeof value === 'string' ? `_${value}` : `${i + 1}`;
}
