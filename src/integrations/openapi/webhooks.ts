/**
 * An OpenAPI 3.1 document's `webhooks` (the requests the API sends to its users) as WEBHOOK triggers (0152). The
 * document says what the API sends, not how to ask for it: a trigger source's webhook URL is registered with the API
 * by its user (or through one of its actions), and each request that reaches it is one event, its parsed body.
 */
import type { TriggerDefinition, TriggerRuntime } from '../framework.js';
import type { OpenApiDocument } from './document.js';
import { actionName, uniqueName, words } from './names.js';
import type { RefResolver } from './refs.js';
import { METHODS, text, textOf, type OperationSelection, type TriggerSpec } from './spec.js';

/** Levels of a schema followed to make a trigger's sample event. */
const SAMPLE_DEPTH = 6;

export function compileWebhooks(document: OpenApiDocument, refs: RefResolver, selection: OperationSelection): TriggerSpec[] {
  const names = new Set<string>();
  const out: TriggerSpec[] = [];
  const methods = selection.methods?.map((m) => m.toLowerCase());
  for (const [key, raw] of Object.entries((document.webhooks ?? {}) as Record<string, unknown>)) {
    const item = refs.deref(raw);
    if (!item) continue;
    for (const method of METHODS) {
      const op = refs.deref(item[method]);
      if (!op) continue;
      if (selection.paths && !selection.paths.includes(key)) continue;
      if (methods && !methods.includes(method)) continue;
      if (selection.tags && !(Array.isArray(op.tags) && op.tags.some((t) => selection.tags!.includes(String(t))))) continue;
      if (selection.operationIds && !selection.operationIds.includes(text(op.operationId))) continue;
      const id = textOf(op.operationId) ?? key;
      out.push({
        name: uniqueName(actionName(id), names),
        displayName: textOf(op.summary) ?? words(id),
        description: [
          textOf(op.description),
          `The API sends this event (${method.toUpperCase()}, webhook ${key}) to the trigger source's webhook URL: register that URL with the API.`,
        ]
          .filter(Boolean)
          .join('\n\n'),
        sampleData: sampleOf(op, refs),
      });
    }
  }
  return out;
}

/** A trigger of an imported document: nothing to register or poll; each request is one event. */
export function webhookTrigger(t: TriggerSpec): TriggerDefinition {
  const hooks: TriggerRuntime = {
    onEnable: () => Promise.resolve({ kind: 'enabled', listeners: [] }),
    onDisable: () => Promise.resolve(),
    run: (call) => Promise.resolve({ kind: 'items', items: call.payload ? [call.payload.body] : [] }),
    test: () => Promise.resolve([t.sampleData]),
  };
  return {
    name: t.name,
    displayName: t.displayName,
    description: t.description,
    type: 'WEBHOOK',
    props: {},
    sampleData: t.sampleData,
    requireAuth: false,
    hooks,
  };
}

/** The request body's example, else one made from its JSON schema (examples, defaults, the first enum value). */
function sampleOf(op: Record<string, unknown>, refs: RefResolver): unknown {
  const body = refs.deref(op.requestBody);
  const content = refs.deref(body?.content) ?? {};
  const type = Object.keys(content).find((t) => /json/i.test(t)) ?? Object.keys(content)[0];
  const media = type ? refs.deref(content[type]) : undefined;
  if (!media) return {};
  if (media.example !== undefined) return media.example;
  const first = Object.values(refs.deref(media.examples) ?? {})[0];
  const named = refs.deref(first);
  if (named && 'value' in named) return named.value;
  const schema = refs.deref(media.schema);
  return schema ? sample(refs.inline(schema), 0) : {};
}

function sample(schema: Record<string, unknown>, depth: number): unknown {
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (depth >= SAMPLE_DEPTH) return null;
  const parts = [...asSchemas(schema.allOf), ...asSchemas(schema.oneOf).slice(0, 1), ...asSchemas(schema.anyOf).slice(0, 1)];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'object' || schema.properties || parts.length > 0) {
    const out: Record<string, unknown> = {};
    for (const part of parts) {
      const v = sample(part, depth + 1);
      if (typeof v === 'object' && v !== null && !Array.isArray(v)) Object.assign(out, v);
    }
    for (const [k, s] of Object.entries((schema.properties ?? {}) as Record<string, Record<string, unknown>>)) {
      out[k] = sample(s, depth + 1);
    }
    return out;
  }
  if (type === 'array') return schema.items ? [sample(schema.items as Record<string, unknown>, depth + 1)] : [];
  if (type === 'string') return 'string';
  if (type === 'integer' || type === 'number') return 0;
  if (type === 'boolean') return false;
  return null;
}

const asSchemas = (v: unknown): Array<Record<string, unknown>> =>
  Array.isArray(v) ? v.filter((s): s is Record<string, unknown> => typeof s === 'object' && s !== null) : [];
