/**
 * The Python SDK's typed catalog: a TypedDict per action input, the (integration, action) -> TypedDict map, and the
 * props in a compact form for `validate_input` (which mirrors src/integrations/validate.ts).
 */
import { literal, typedDict } from './python-models.js';
import { HEADER, pascal, pyLiteral } from './python-names.js';
import type { CatalogSpec, PropSpec } from './spec.js';

const TEXT = new Set(['SHORT_TEXT', 'LONG_TEXT', 'MARKDOWN', 'SECRET_TEXT']);

/** What `validate_input` needs of each prop: type, required, default, number bounds, static options, item props. */
function compact(props: Record<string, PropSpec>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(props).map(([name, p]) => {
      const c: Record<string, unknown> = { type: p.type };
      if (p.required) c.required = true;
      if (p.defaultValue !== undefined) c.default = p.defaultValue;
      for (const k of ['integer', 'min', 'max'] as const) if (p[k] !== undefined) c[k] = p[k];
      if (p.options && p.type.startsWith('STATIC_')) c.options = p.options.map((o) => o.value);
      if (p.properties) c.items = compact(p.properties);
      return [name, c];
    }),
  );
}

export function generateCatalog(catalog: CatalogSpec): string {
  const blocks: string[] = [];
  const names = new Set<string>();
  const unique = (name: string) => {
    let n = name;
    for (let i = 2; names.has(n); i++) n = `${name}${i}`;
    names.add(n);
    return n;
  };

  /** The TypedDict of a props object (item props first, so that the functional form can name them). */
  const inputType = (name: string, props: Record<string, PropSpec>, doc: string): string => {
    const fields = Object.entries(props).map(([key, p]) => ({
      key,
      type: propType(p, () =>
        inputType(unique(`${name.replace(/Input$/, '')}${pascal(key)}Item`), p.properties!, `An item of ${key}.`),
      ),
      // What the service refuses as missing: required, no default, and never a checkbox (validate.ts).
      required: p.required && p.defaultValue === undefined && p.type !== 'CHECKBOX',
    }));
    blocks.push(typedDict(name, fields, doc));
    return name;
  };

  const entries: string[] = [];
  const props: string[] = [];
  for (const [integration, def] of Object.entries(catalog.integrations)) {
    for (const [action, op] of Object.entries(def.actions)) {
      const doc = `${def.displayName}: ${op.displayName}.${op.description ? `\n\n${op.description}` : ''}`;
      const name = inputType(unique(`${pascal(integration)}${pascal(action)}Input`), op.props, doc);
      const key = `(${JSON.stringify(integration)}, ${JSON.stringify(action)})`;
      entries.push(`    ${key}: ${name},\n`);
      props.push(`    ${key}: ${pyLiteral(compact(op.props))},\n`);
    }
  }
  return (
    HEADER +
    '"""The typed catalog: each action\'s input as a TypedDict, and its props for validate_input."""\n' +
    'from __future__ import annotations\n\n' +
    'from typing import Any, Dict, List, Literal, Tuple, TypedDict, Union\n\n\n' +
    blocks.join('\n\n') +
    '\n\n#: The input TypedDict of each (integration, action).\n' +
    `ACTION_INPUTS: Dict[Tuple[str, str], type] = {\n${entries.join('')}}\n\n` +
    "#: Each action's props as validate_input reads them: type, required, default, integer/min/max, options, items.\n" +
    `ACTION_PROPS: Dict[Tuple[str, str], Dict[str, Dict[str, Any]]] = {\n${props.join('')}}\n`
  );
}

/** The Python type of one prop's value. */
function propType(p: PropSpec, itemType: () => string): string {
  if (TEXT.has(p.type)) return 'str';
  switch (p.type) {
    case 'NUMBER':
      return p.integer ? 'int' : 'float';
    case 'CHECKBOX':
      return 'bool';
    case 'DATE_TIME':
      return 'Union[str, float]';
    case 'STATIC_DROPDOWN':
      return literal((p.options ?? []).map((o) => o.value));
    case 'STATIC_MULTI_SELECT_DROPDOWN':
      return `List[${literal((p.options ?? []).map((o) => o.value))}]`;
    case 'ARRAY':
      return p.properties ? `List[${itemType()}]` : 'List[Any]';
    case 'OBJECT':
      return 'Dict[str, Any]';
    case 'FILE':
      return 'Union[str, Dict[str, Any]]';
    default:
      return 'Any'; // JSON, DROPDOWN, DYNAMIC, MULTI_SELECT_DROPDOWN: checked by the action itself
  }
}
