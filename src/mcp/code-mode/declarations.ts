import type { ExposedAction, Surface } from '../surface.js';
import type { JsonSchema } from '../schema-from-props.js';

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const key = (k: string) => (IDENT.test(k) ? k : JSON.stringify(k));
const comment = (text: string, indent: string) => {
  const clean = text.replace(/\*\//g, '*\\/').trim();
  if (!clean) return '';
  const lines = clean.split('\n');
  return lines.length === 1
    ? `${indent}/** ${lines[0]} */\n`
    : `${indent}/**\n${lines.map((l) => `${indent} * ${l}`).join('\n')}\n${indent} */\n`;
};

/** A TypeScript type for a JSON Schema (the subset the prop schemas use). */
export function tsType(s: JsonSchema | undefined, indent = ''): string {
  if (!s || typeof s !== 'object') return 'unknown';
  if (Array.isArray(s.enum)) return (s.enum as unknown[]).map((v) => JSON.stringify(v)).join(' | ') || 'never';
  switch (s.type) {
    case 'string':
      return 'string';
    case 'number':
    case 'integer':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'array': {
      const item = tsType(s.items as JsonSchema | undefined, indent);
      return item.includes(' ') ? `Array<${item}>` : `${item}[]`;
    }
    case 'object': {
      const props = s.properties as Record<string, JsonSchema> | undefined;
      if (!props || Object.keys(props).length === 0) return 'Record<string, unknown>';
      const required = new Set((s.required as string[] | undefined) ?? []);
      const inner = indent + '  ';
      const body = Object.entries(props)
        .map(([k, v]) => {
          const doc = [v.description, v.default !== undefined ? `Default: ${JSON.stringify(v.default)}` : '']
            .filter(Boolean)
            .join('\n');
          return `${comment(String(doc), inner)}${inner}${key(k)}${required.has(k) ? '' : '?'}: ${tsType(v, inner)};`;
        })
        .join('\n');
      return `{\n${body}\n${indent}}`;
    }
    default:
      return 'unknown';
  }
}

/** One line per action: `switchboard.<alias>.<action>(input: {...}): Promise<...>`. */
export function signature(a: ExposedAction): string {
  const props = (a.codeSchema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((a.codeSchema.required as string[] | undefined) ?? []);
  const fields = Object.entries(props).map(
    ([k, v]) =>
      `${key(k)}${required.has(k) ? '' : '?'}: ${tsType({ ...v, properties: undefined, type: v.type === 'object' ? 'object' : v.type })}`,
  );
  const access = (k: string) => (IDENT.test(k) ? `.${k}` : `[${JSON.stringify(k)}]`);
  return `switchboard${access(a.alias)}${access(a.actionName)}(input: { ${fields.join('; ')} }): Promise<${outputType(a)}>`;
}

function outputType(a: ExposedAction): string {
  const out = a.action.outputSchema;
  return out ? tsType(out).replace(/\n\s*/g, ' ') : 'unknown';
}

/** TypeScript declarations of some aliases (all when none given), optionally limited to some actions. */
export function declarations(surface: Surface, aliases?: string[], actions?: string[]): string {
  const wanted = aliases?.length ? aliases : [...surface.byAlias.keys()];
  const parts: string[] = [
    '// Call actions with: const result = await switchboard.<alias>.<action>(input)',
    '// A failed action throws an Error whose message says why.',
    'declare const switchboard: {',
  ];
  for (const alias of wanted) {
    const byAction = surface.byAlias.get(alias);
    if (!byAction) continue;
    const first = [...byAction.values()][0]!;
    parts.push(
      `${comment(`${first.definition.displayName} (${first.integrationName})${first.definition.description ? `: ${first.definition.description}` : ''}`, '  ')}  ${key(alias)}: {`,
    );
    for (const a of byAction.values()) {
      if (actions?.length && !actions.includes(a.actionName)) continue;
      parts.push(
        `${comment(`${a.title}\n${a.tool?.description ?? a.action.description}`, '    ')}    ${key(a.actionName)}(input: ${tsType(a.codeSchema, '    ')}): Promise<${outputType(a)}>;`,
      );
    }
    parts.push('  };');
  }
  parts.push('};');
  return parts.join('\n') + '\n';
}
