/**
 * An OpenAPI 3.1 document (document.ts) compiled to what a custom integration needs to run (0151): one action per
 * selected operation, with props from its parameters and JSON body, the request it sends, and auth options from the
 * document's security schemes. The result is plain JSON, stored with the integration; integration.ts turns it into
 * an IntegrationDefinition like any built-in's or piece's.
 */
import type { Props } from '../framework.js';
import { OpenApiDocumentError, type OpenApiDocument } from './document.js';
import { RefResolver } from './refs.js';
import { bodyProps, freeKey, pickContentType, propFor } from './schema-props.js';
import { actionName, uniqueName, words } from './names.js';
import { securitySchemes, servers, withServerField } from './security.js';
import { compileWebhooks } from './webhooks.js';
import {
  asArray,
  COMPILE_LIMITS,
  METHODS,
  text,
  textOf,
  type ActionSpec,
  type BodySpec,
  type CompiledSpec,
  type CompileOptions,
  type Method,
  type OperationSelection,
  type ParameterSpec,
} from './spec.js';

export function compileOpenApi(document: OpenApiDocument, options: CompileOptions = {}): CompiledSpec {
  const refs = new RefResolver(document);
  const skipped: string[] = [];
  const info = (document.info ?? {}) as Record<string, unknown>;
  const server = servers(document, options.sourceUrl ?? null);
  const schemes = securitySchemes(document, skipped, options.sourceUrl ?? null);
  // The document's scheme names (a second method of one scheme, for client credentials, answers to the same name).
  const supported = new Set(schemes.map((s) => s.scheme.key.replace(/_client_credentials$/, '')));
  const operations = selectedOperations(document, options.selection ?? {});
  const triggers = compileWebhooks(document, refs, options.selection ?? {});
  if (operations.length + triggers.length === 0)
    throw new OpenApiDocumentError('The selection matches no operation or webhook in the document.');
  if (operations.length + triggers.length > COMPILE_LIMITS.maxOperations) {
    throw new OpenApiDocumentError(
      `The selection has ${operations.length + triggers.length} operations and webhooks; at most ${COMPILE_LIMITS.maxOperations} can be imported (narrow it by tags, paths or methods).`,
    );
  }
  const names = new Set<string>();
  const actions: ActionSpec[] = [];
  for (const op of operations) {
    const action = compileOperation(op, document, refs, supported, skipped);
    if (!action) continue;
    action.name = uniqueName(action.name, names);
    actions.push(action);
  }
  if (actions.length + triggers.length === 0)
    throw new OpenApiDocumentError(`No operation could be imported: ${skipped.join('; ')}`);
  return {
    format: 1,
    title: typeof info.title === 'string' ? info.title : 'API',
    description: typeof info.description === 'string' ? info.description : '',
    server,
    schemes: schemes.map((s) => s.scheme),
    auth: schemes.map((s) => withServerField(s.option, server)),
    actions,
    triggers,
    skipped,
  };
}

interface Operation {
  method: Method;
  path: string;
  op: Record<string, unknown>;
  pathItem: Record<string, unknown>;
}

function selectedOperations(document: OpenApiDocument, selection: OperationSelection): Operation[] {
  const out: Operation[] = [];
  const methods = selection.methods?.map((m) => m.toLowerCase());
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    if (typeof item !== 'object' || item === null) continue;
    if (selection.paths && !selection.paths.includes(path)) continue;
    for (const method of METHODS) {
      const op = (item as Record<string, unknown>)[method];
      if (typeof op !== 'object' || op === null) continue;
      const o = op as Record<string, unknown>;
      if (methods && !methods.includes(method)) continue;
      if (selection.tags && !(Array.isArray(o.tags) && o.tags.some((t) => selection.tags!.includes(String(t))))) continue;
      if (selection.operationIds && !selection.operationIds.includes(text(o.operationId))) continue;
      out.push({ method, path, op: o, pathItem: item as Record<string, unknown> });
    }
  }
  return out;
}

function compileOperation(
  { method, path, op, pathItem }: Operation,
  document: OpenApiDocument,
  refs: RefResolver,
  supported: Set<string>,
  skipped: string[],
): ActionSpec | null {
  const label = `${method.toUpperCase()} ${path}`;
  const props: Props = {};
  const parameters: ParameterSpec[] = [];
  const declared = [...asArray(pathItem.parameters), ...asArray(op.parameters)].map((p) => refs.deref(p));
  // An operation's parameter overrides the path item's of the same name and location.
  const byKey = new Map<string, Record<string, unknown>>();
  for (const p of declared) if (p && typeof p.name === 'string') byKey.set(`${String(p.in)}:${p.name}`, p);
  for (const p of byKey.values()) {
    const where = p.in as ParameterSpec['in'];
    if (!['path', 'query', 'header', 'cookie'].includes(where)) continue;
    const name = p.name as string;
    if (where === 'header' && ['accept', 'content-type', 'authorization'].includes(name.toLowerCase())) continue;
    const prop = freeKey(name, props);
    const schema = refs.deref(p.schema) ?? {};
    props[prop] = propFor(schema, refs, {
      displayName: name,
      description: textOf(p.description) ?? textOf(schema.description),
      required: where === 'path' || p.required === true,
    });
    parameters.push({ name, in: where, prop, explode: p.explode !== false && (p.style ?? 'form') === 'form' });
  }
  let body: BodySpec | null = null;
  const requestBody = refs.deref(op.requestBody);
  if (requestBody) {
    const content = refs.deref(requestBody.content) ?? {};
    const type = pickContentType(Object.keys(content));
    if (!type) {
      skipped.push(`${label}: its request body type (${Object.keys(content).join(', ') || 'none'}) is not supported`);
      return null;
    }
    const media = refs.deref(content[type.declared]) ?? {};
    const schema = refs.deref(media.schema) ?? {};
    body = bodyProps(type.use, schema, refs, props, requestBody.required === true, textOf(requestBody.description));
  }
  if (Object.keys(props).length > COMPILE_LIMITS.maxProps) {
    skipped.push(`${label}: it has more than ${COMPILE_LIMITS.maxProps} inputs`);
    return null;
  }
  const security = Array.isArray(op.security) ? op.security : document.security;
  const requirements = Array.isArray(security) ? (security as Array<Record<string, unknown>>) : [];
  const requireAuth =
    requirements.length > 0 &&
    !requirements.some((r) => Object.keys(r).length === 0) &&
    requirements.some((r) => Object.keys(r).some((k) => supported.has(k)));
  const operationId = typeof op.operationId === 'string' && op.operationId.trim() !== '' ? op.operationId : null;
  const summary = textOf(op.summary);
  return {
    name: actionName(operationId ?? `${method} ${path}`),
    displayName: summary ?? (operationId ? words(operationId) : label),
    description: [textOf(op.description), label].filter(Boolean).join('\n\n'),
    method,
    path,
    parameters,
    body,
    requireAuth,
    props,
    ...outputSchemaOf(op, refs),
  };
}

function outputSchemaOf(op: Record<string, unknown>, refs: RefResolver): { outputSchema?: Record<string, unknown> } {
  const responses = refs.deref(op.responses) ?? {};
  const code = Object.keys(responses)
    .filter((c) => /^2(\d\d|XX)$/i.test(c))
    .sort()[0];
  if (!code) return {};
  const content = refs.deref(refs.deref(responses[code])?.content) ?? {};
  const type = Object.keys(content).find((t) => /json/i.test(t));
  if (!type) return {};
  const schema = refs.deref(refs.deref(content[type])?.schema);
  return schema ? { outputSchema: refs.inline(schema) } : {};
}
