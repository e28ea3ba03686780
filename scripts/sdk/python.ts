/**
 * The Python SDK's generator (sdk/python/switchboard/_generated/): from the service's OpenAPI document, one group
 * class per resource with one typed method per operation, the operation table the runtime calls through, and the
 * models; from the catalog, the typed action inputs. Operations marked `x-switchboard-sdk: false` get no method.
 */
import { generateCatalog } from './python-catalog.js';
import { PyModels, stripNull, variantsOf, type Schema } from './python-models.js';
import { HEADER, pascal, pyDoc, snake } from './python-names.js';
import type { SdkSpec } from './spec.js';

const OUT = 'sdk/python/switchboard/_generated';
const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'];
/** Per-call options every method takes; a parameter spelled the same is left to them. */
const RESERVED = new Set(['self', 'timeout', 'idempotency_key']);

interface Param {
  json: string;
  py: string;
  type: string;
  required: boolean;
}

interface Operation {
  id: string;
  group: string;
  name: string;
  className: string;
  httpMethod: string;
  path: string;
  doc: string;
  pathParams: Param[];
  query: Param[];
  body: Param[] | null;
  /** JSON responses by status (2xx), the first one is the main result; empty for a bytes response. */
  responses: Array<{ code: string; type: string }>;
  idempotency: boolean;
  source: boolean;
  /** Paging: the list's item key and type, by offset (limit/offset/total) or by cursor (cursor/nextCursor). */
  paging: { items: string; itemType: string; kind: 'offset' | 'cursor' } | null;
}

function parseOperations(openapi: Record<string, any>, models: PyModels): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(openapi.paths as Record<string, Record<string, any>>)) {
    for (const httpMethod of HTTP_METHODS) {
      const o = item[httpMethod];
      if (!o || o['x-switchboard-sdk'] === false) continue;
      const [group, name] = String(o.operationId).split('.') as [string, string];
      const className = pascal(group) + pascal(name);
      const hint = (prop: string) => ({ owner: className, prop });
      const taken = new Set(RESERVED);
      const param = (json: string, schema: Schema | undefined, required: boolean): Param => {
        const py = snake(json);
        if (taken.has(py)) throw new Error(`${o.operationId}: parameter ${json} collides with another as ${py}`);
        taken.add(py);
        const [inner, nullable] = stripNull(schema ?? {});
        const type = models.type(inner, 'request', hint(json));
        // Optional parameters default to None (not sent); a nullable one is cleared by passing NULL.
        return { json, py, required, type: required ? type : nullable ? `Union[${type}, Null, None]` : `Optional[${type}]` };
      };
      const parameters = (o.parameters ?? []) as Array<{ in: string; name: string; required?: boolean; schema?: Schema }>;
      const pathParams = parameters.filter((p) => p.in === 'path').map((p) => param(p.name, p.schema, true));
      const query = parameters.filter((p) => p.in === 'query').map((p) => param(p.name, p.schema, p.required === true));
      const headers = parameters.filter((p) => p.in === 'header').map((p) => p.name.toLowerCase());
      const idempotency = headers.includes('idempotency-key');
      let body: Param[] | null = null;
      const bodySchema = o.requestBody?.content?.['application/json']?.schema as Schema | undefined;
      if (bodySchema) {
        // A body with alternatives (an earlier shape beside the current one): the first is the current one.
        const s = variantsOf(bodySchema)?.[0] ?? bodySchema;
        const required = new Set<string>(s.required ?? []);
        body = Object.entries((s.properties ?? {}) as Record<string, Schema>)
          // The body's idempotencyKey is the per-call idempotency_key (sent as the Idempotency-Key header).
          .filter(([k]) => !(idempotency && snake(k) === 'idempotency_key'))
          .map(([k, p]) => param(k, p, required.has(k)));
        body.sort((a, b) => Number(b.required) - Number(a.required));
      }
      const responses = Object.entries((o.responses ?? {}) as Record<string, any>)
        .filter(([code, r]) => code.startsWith('2') && r.content?.['application/json']?.schema)
        .map(([code, r], i) => ({
          code,
          type: models.named(
            r.content['application/json'].schema,
            'response',
            hint('result'),
            `${className}Response${i === 0 ? '' : code}`,
          ),
        }));
      const doc = [o.summary, o.description, `${httpMethod.toUpperCase()} ${path}`].filter(Boolean).join('\n\n');
      const op: Operation = {
        id: o.operationId,
        group,
        name,
        className,
        httpMethod: httpMethod.toUpperCase(),
        path,
        doc,
        pathParams,
        query: query.sort((a, b) => Number(b.required) - Number(a.required)),
        body,
        responses,
        idempotency,
        source: parameters.some(
          (p) => p.in === 'header' && p.name.toLowerCase() === 'x-switchboard-source' && p.schema?.enum?.includes('sdk'),
        ),
        paging: null,
      };
      op.paging = paging(op, openapi, models);
      ops.push(op);
    }
  }
  return ops;
}

/** How a `list*` operation pages, when it does: limit/offset with a total, or a cursor with nextCursor. */
function paging(op: Operation, openapi: Record<string, any>, models: PyModels): Operation['paging'] {
  if (!op.name.startsWith('list') || !op.responses[0]) return null;
  const q = new Set(op.query.map((p) => p.json));
  const kind = q.has('limit') && q.has('offset') ? 'offset' : q.has('limit') && q.has('cursor') ? 'cursor' : null;
  if (!kind) return null;
  const o = openapi.paths[op.path][op.httpMethod.toLowerCase()];
  const schema = o.responses[op.responses[0].code].content['application/json'].schema as Schema;
  const shapes = variantsOf(schema) ?? [schema];
  const props = Object.assign({}, ...shapes.map((s) => s.properties ?? {})) as Record<string, Schema>;
  const entry = Object.entries(props).find(([, p]) => p.type === 'array');
  if (!entry || (kind === 'offset' ? !props.total : !props.nextCursor)) return null;
  const itemType = models.type(entry[1].items, 'response', { owner: op.className, prop: entry[0] });
  return { items: entry[0], itemType, kind };
}

const WIDTH = 110;

/** `open + items + close` on one line when it fits, else one item a line (with a trailing comma). */
function wrap(open: string, items: string[], close: string, indent: string): string {
  const flat = `${open}${items.join(', ')}${close}`;
  if (indent.length + flat.length <= WIDTH || items.length === 0) return flat;
  return `${open}\n${items.map((i) => `${indent}    ${i},\n`).join('')}${indent}${close}`;
}

const dict = (params: Param[], indent: string) =>
  params.length
    ? wrap(
        '{',
        params.map((p) => `${JSON.stringify(p.json)}: ${p.py}`),
        '}',
        indent,
      )
    : 'None';

function def(name: string, positional: Param[], keywords: Param[], extra: string[], result: string): string {
  const kw = keywords.map((p) => (p.required ? `${p.py}: ${p.type}` : `${p.py}: ${p.type} = None`));
  const params = [
    'self',
    ...positional.map((p) => `${p.py}: ${p.type}`),
    ...(kw.length || extra.length ? ['*'] : []),
    ...kw,
    ...extra,
  ];
  return `    ${wrap(`def ${name}(`, params, `) -> ${result}:`, '    ')}\n`;
}

function method(op: Operation): string {
  const extra = ['timeout: Optional[float] = None', ...(op.idempotency ? ['idempotency_key: Optional[str] = None'] : [])];
  const result =
    op.responses.length === 0
      ? 'bytes'
      : op.responses.length === 1
        ? op.responses[0]!.type
        : `Union[${op.responses.map((r) => r.type).join(', ')}]`;
  const I = '            ';
  const call = [
    JSON.stringify(op.id),
    `path=${dict(op.pathParams, I)}`,
    `query=${dict(op.query, I)}`,
    `body=${op.body ? dict(op.body, I) : 'None'}`,
    'timeout=timeout',
    ...(op.idempotency ? ['idempotency_key=idempotency_key'] : []),
  ];
  let out =
    def(snake(op.name), op.pathParams, [...(op.body ?? []), ...op.query], extra, result) +
    pyDoc(op.doc, '        ') +
    `        ${wrap('return self._call(', call, ')', '        ')}\n`;
  if (op.paging) {
    const filters = op.query.filter((p) => !['limit', 'offset', 'cursor'].includes(p.json));
    const name = snake(op.name.replace(/^list/, 'iterate'));
    const args = [
      JSON.stringify(op.id),
      JSON.stringify(op.paging.items),
      `path=${dict(op.pathParams, I)}`,
      `query=${dict(filters, I)}`,
    ];
    out +=
      '\n' +
      def(
        name,
        op.pathParams,
        filters,
        ['page_size: int = 100', 'timeout: Optional[float] = None'],
        `Iterator[${op.paging.itemType}]`,
      ) +
      pyDoc(
        `Every item of ${snake(op.name)}(), fetched page by page (${op.paging.kind === 'offset' ? 'limit/offset' : 'cursor'}).`,
        '        ',
      ) +
      `        ${wrap('return self._paginate(', [...args, 'page_size=page_size', 'timeout=timeout'], ')', '        ')}\n`;
  }
  return out;
}

function operationsModule(ops: Operation[], tags: Map<string, string>): string {
  const groups = new Map<string, Operation[]>();
  for (const op of ops) groups.set(op.group, [...(groups.get(op.group) ?? []), op]);
  const table = ops.map((op) => {
    const responses = `{${op.responses.map((r) => `${r.code}: ${r.type}`).join(', ')}}`;
    const tuple = (list: Param[]) => `(${list.map((p) => JSON.stringify(p.json) + ', ').join('')})`;
    const params = tuple(op.pathParams);
    return (
      `    ${JSON.stringify(op.id)}: Operation(${JSON.stringify(op.id)}, ${JSON.stringify(op.httpMethod)}, ${JSON.stringify(op.path)}, ` +
      `${params}, ${tuple(op.query)}, ${op.body ? 'True' : 'False'}, ${responses}, idempotency=${op.idempotency ? 'True' : 'False'}, ` +
      `source=${op.source ? 'True' : 'False'}),\n`
    );
  });
  const classes = [...groups].map(
    ([group, list]) =>
      `class ${pascal(group)}Resource(Group):\n${pyDoc(`${tags.get(group) ?? group}: the ${group}.* operations.`, '    ')}\n` +
      list.map(method).join('\n'),
  );
  return (
    HEADER +
    '"""Every operation of the API: the table the client calls through, and one class per resource group."""\n' +
    'from __future__ import annotations\n\n' +
    'from typing import Any, Dict, Iterator, List, Literal, Optional, Union\n\n' +
    'from .._core import Group, Null, Operation\n' +
    'from .models import *  # noqa: F401,F403\n\n' +
    `#: Each operation by id: HTTP method, path, path and query parameters, body, JSON results by status.\nOPERATIONS: Dict[str, Operation] = {\n${table.join('')}}\n\n\n` +
    classes.join('\n\n') +
    '\n\nclass Groups:\n' +
    pyDoc("Every resource group as an attribute (the client's base class).", '    ') +
    '\n    def __init__(self) -> None:\n' +
    [...groups.keys()].map((g) => `        self.${snake(g)} = ${pascal(g)}Resource(self)\n`).join('')
  );
}

export async function generatePython(spec: SdkSpec): Promise<Record<string, string>> {
  const models = new PyModels(spec.openapi.components?.schemas ?? {});
  const ops = parseOperations(spec.openapi, models);
  const tags = new Map<string, string>();
  for (const op of ops) {
    const o = spec.openapi.paths[op.path][op.httpMethod.toLowerCase()];
    if (o.tags?.[0] && !tags.has(op.group)) tags.set(op.group, String(o.tags[0]));
  }
  const exported = [...models.names].filter((n) =>
    models.blocks.some((b) => b.includes(`class ${n}(`) || b.startsWith(`${n} =`)),
  );
  const modelsPy =
    HEADER +
    '"""Request objects (TypedDicts) and response objects (dataclasses; unknown fields stay in `.raw`)."""\n' +
    'from __future__ import annotations\n\n' +
    'from dataclasses import dataclass, field\n' +
    'from typing import Any, Dict, List, Literal, Optional, TypedDict, Union\n\n' +
    'from .._model import Model\n\n' +
    `__all__ = [\n${exported
      .sort()
      .map((n) => `    ${JSON.stringify(n)},\n`)
      .join('')}]\n\n\n` +
    models.blocks.join('\n\n') +
    '\n';
  return {
    [`${OUT}/__init__.py`]: `${HEADER}"""Code generated from the service's OpenAPI document and catalog."""\n`,
    [`${OUT}/models.py`]: modelsPy,
    [`${OUT}/operations.py`]: operationsModule(ops, tags),
    [`${OUT}/catalog.py`]: generateCatalog(spec.catalog),
  };
}
