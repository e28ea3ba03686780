import { ActionInputError } from '../../framework.js';

type Segment = { key: string } | { index: number } | { wildcard: true } | { recursive: string };

/**
 * A JSONPath subset: `$`, `.key`, `['key']`, `[n]` (negative counts from the end), `[*]`, `.*` and `..key`.
 * A path with a wildcard or recursion yields an array of matches; otherwise the single value (or undefined).
 */
export function parsePath(field: string, path: string): Segment[] {
  if (!path.startsWith('$')) throw new ActionInputError(field, `must start with $: ${path}`);
  const segs: Segment[] = [];
  let i = 1;
  const ident = /^[A-Za-z_$][\w$-]*/;
  while (i < path.length) {
    const rest = path.slice(i);
    let m: RegExpExecArray | null;
    if (rest.startsWith('..')) {
      m = ident.exec(rest.slice(2));
      if (!m) throw new ActionInputError(field, `bad recursive descent at ${i}`);
      segs.push({ recursive: m[0] });
      i += 2 + m[0].length;
    } else if (rest.startsWith('.*') || rest.startsWith('[*]')) {
      segs.push({ wildcard: true });
      i += rest.startsWith('.*') ? 2 : 3;
    } else if (rest.startsWith('.')) {
      m = ident.exec(rest.slice(1));
      if (!m) throw new ActionInputError(field, `bad key at ${i}`);
      segs.push({ key: m[0] });
      i += 1 + m[0].length;
    } else if ((m = /^\[(-?\d+)\]/.exec(rest))) {
      segs.push({ index: Number(m[1]) });
      i += m[0].length;
    } else if ((m = /^\[\s*(['"])((?:\\.|(?!\1).)*)\1\s*\]/.exec(rest))) {
      segs.push({ key: m[2]!.replace(/\\(.)/g, '$1') });
      i += m[0].length;
    } else {
      throw new ActionInputError(field, `cannot read path ${path} at position ${i}`);
    }
  }
  return segs;
}

function descend(values: unknown[], seg: Segment): unknown[] {
  const out: unknown[] = [];
  for (const v of values) {
    if ('key' in seg) {
      if (v && typeof v === 'object' && !Array.isArray(v) && Object.hasOwn(v, seg.key))
        out.push((v as Record<string, unknown>)[seg.key]);
    } else if ('index' in seg) {
      if (Array.isArray(v)) {
        const idx = seg.index < 0 ? v.length + seg.index : seg.index;
        if (idx >= 0 && idx < v.length) out.push(v[idx]);
      }
    } else if ('wildcard' in seg) {
      if (Array.isArray(v)) out.push(...v);
      else if (v && typeof v === 'object') out.push(...Object.values(v));
    } else {
      const walk = (x: unknown): void => {
        if (Array.isArray(x)) x.forEach(walk);
        else if (x && typeof x === 'object') {
          if (Object.hasOwn(x, seg.recursive)) out.push((x as Record<string, unknown>)[seg.recursive]);
          Object.values(x).forEach(walk);
        }
      };
      walk(v);
    }
  }
  return out;
}

export function evaluate(field: string, path: string, doc: unknown): unknown {
  const segs = parsePath(field, path);
  const many = segs.some((s) => 'wildcard' in s || 'recursive' in s);
  const result = segs.reduce<unknown[]>((vals, seg) => descend(vals, seg), [doc]);
  return many ? result : result[0];
}

/** Read a dot path (`a.b.0.c`) used by filter conditions. */
export function getDotted(obj: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), obj);
}
