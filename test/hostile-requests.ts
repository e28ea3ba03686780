/**
 * Hostile requests for one operation of the OpenAPI document (issue 17): deep and wide JSON, numbers beyond what a
 * double or a bigint holds, unpaired surrogates, NUL characters and an oversized body, in the body, the query string
 * and the path parameters. Every family is sent to every operation; which field, value and parameter it hits is
 * drawn from a seeded generator, so a failure names its seed and reproduces.
 */

export interface Operation {
  method: string;
  /** The OpenAPI path, e.g. /api/v1/workspaces/{id}. */
  path: string;
  /** A URL that reaches the operation (real ids where a fixture names them). */
  url: string;
  /** Top-level body fields, with whether each is an object (values are injected inside those too). */
  fields: Array<{ name: string; object: boolean }>;
  query: string[];
  /** A valid body, when a fixture gives one: hostile values replace one field of it. */
  base: Record<string, unknown> | null;
}

export interface HostileRequest {
  family: string;
  method: string;
  url: string;
  raw?: string;
  headers: Record<string, string>;
  /** What was sent, briefly, for a failure message. */
  what: string;
}

/** mulberry32: small, seedable, good enough to pick cases. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const deepObject = (depth: number) => `${'{"a":'.repeat(depth - 1)}{}${'}'.repeat(depth - 1)}`;
const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** JSON literals, as text so that the parser meets them as sent. */
export const LITERALS = {
  deep: [deepObject(65), deepObject(4000), deepArray(2500), `{"x":${deepArray(300)}}`],
  // Over the entry limit; then wide but within it (an object of 20,000 keys, 50,000 strings).
  wide: [
    `[${'0,'.repeat(100_000)}0]`,
    `{${Array.from({ length: 20_000 }, (_, i) => `"k${i}":${i}`).join(',')}}`,
    `[${'"s",'.repeat(49_999)}"s"]`,
  ],
  number: [
    '1e309',
    '-1e309',
    '18446744073709551616',
    '9223372036854775808',
    '-9223372036854775809',
    '2147483648',
    '-0',
    '1e-400',
    '123456789012345678901234567890',
  ],
  surrogate: ['"\\ud800"', '"x\\udfffy"', '"\\udc00\\ud800"', '{"\\ud800":1}'],
  nul: ['"a\\u0000b"', '"\\u0000"', '{"k\\u0000":1}', '["\\u0000"]'],
};

/** Query and path values: the same hostile kinds, percent-encoded (a lone surrogate is invalid UTF-8 there). */
const TEXT_VALUES = [
  '1e309',
  '18446744073709551616',
  '9223372036854775808',
  '-0',
  '1e-400',
  '%ED%A0%80',
  '%ED%B0%80x',
  '%00',
  'a%00b',
  '%F0%9F%98%80',
  'x'.repeat(3000),
  '%',
  '%zz',
  '..%2F..',
];

const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;

/** The base body with one field (or a key inside an object field) replaced by a JSON literal, as text. */
function inject(op: Operation, r: () => number, literal: string): { raw: string; where: string } {
  const MARK = '"__hostile_value__"';
  if (op.fields.length === 0 || r() < 0.15) return { raw: literal, where: 'body' };
  const field = pick(r, op.fields);
  const body: Record<string, unknown> = { ...(op.base ?? {}) };
  const inside = field.object && r() < 0.6;
  if (inside) {
    const current = body[field.name];
    body[field.name] = { ...(current && typeof current === 'object' ? current : {}), fuzz: '__hostile_value__' };
  } else body[field.name] = '__hostile_value__';
  return { raw: JSON.stringify(body).replace(MARK, literal), where: inside ? `${field.name}.fuzz` : field.name };
}

/** Every family once, then `extra` more drawn at random, for one operation. */
export function hostileRequests(op: Operation, seed: number, bodyLimit: number, extra = 4): HostileRequest[] {
  const r = rng(seed);
  const json = { 'content-type': 'application/json' };
  const out: HostileRequest[] = [];
  const body = (family: keyof typeof LITERALS) => {
    const literal = pick(r, LITERALS[family]);
    const { raw, where } = inject(op, r, literal);
    out.push({ family, method: op.method, url: op.url, raw, headers: json, what: `${where} = ${literal.slice(0, 40)}` });
  };
  const query = () => {
    const name = pick(r, [...op.query, 'offset', 'limit', 'fuzz']);
    const value = pick(r, TEXT_VALUES);
    const url = `${op.url}${op.url.includes('?') ? '&' : '?'}${name}=${value}`;
    out.push({ family: 'query', method: op.method, url, headers: {}, what: `?${name}=${value.slice(0, 40)}` });
  };
  const params = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const path = () => {
    // The fixture URL has the same segments as the path template: swap the one the parameter names.
    const segments = op.url.split('?')[0]!.split('/');
    const template = op.path.split('/');
    const index = template.indexOf(`{${pick(r, params)}}`);
    const value = pick(r, TEXT_VALUES);
    segments[index] = value;
    const url = segments.join('/') + (op.url.includes('?') ? `?${op.url.split('?')[1]}` : '');
    out.push({ family: 'path', method: op.method, url, headers: {}, what: `${template[index]} = ${value.slice(0, 40)}` });
  };
  const oversized = () => {
    const raw = `{"x":"${'a'.repeat(bodyLimit)}"}`;
    out.push({ family: 'oversized', method: op.method, url: op.url, raw, headers: json, what: `${raw.length} bytes` });
  };
  const families: Array<() => void> = [
    () => body('deep'),
    () => body('wide'),
    () => body('number'),
    () => body('surrogate'),
    () => body('nul'),
    oversized,
    query,
    ...(params.length ? [path] : []),
  ];
  for (const f of families) f();
  const randomFamilies = families.filter((f) => f !== oversized);
  for (let i = 0; i < extra; i++) pick(r, randomFamilies)();
  return out;
}
