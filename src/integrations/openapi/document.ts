/**
 * Reading an OpenAPI document an organization imports (0151): JSON or YAML text (or an already parsed object),
 * Swagger 2.0, OpenAPI 3.0 or 3.1, checked by a maintained parser (@scalar/openapi-parser) and brought to OpenAPI
 * 3.1, the one shape the compiler reads. Every bound is checked before the expensive step it protects, and every
 * failure is an OpenApiDocumentError whose message names what is wrong and where.
 */
import { upgrade, validate } from '@scalar/openapi-parser';
import { parse as parseYaml } from 'yaml';

/** The bounds of a document (docs/decisions/0151). */
export const DOCUMENT_LIMITS = {
  /** Characters of the document's text (JSON or YAML). */
  maxBytes: 5 * 1024 * 1024,
  /** Nesting of objects and arrays anywhere in the document. */
  maxDepth: 64,
  /** Objects, arrays and values in the whole document. */
  maxNodes: 500_000,
} as const;

export class OpenApiDocumentError extends Error {
  constructor(
    message: string,
    /** Where in the document, as a JSON pointer, when one place is at fault. */
    readonly at?: string,
  ) {
    super(message);
    this.name = 'OpenApiDocumentError';
  }
}

/** An OpenAPI 3.1 document as the compiler reads it: plain JSON data, checked by the parser. */
export type OpenApiDocument = Record<string, unknown> & { openapi: string; paths?: Record<string, unknown> };

export interface LoadedDocument {
  document: OpenApiDocument;
  /** The version the document was written in: '2.0', '3.0' or '3.1'. */
  sourceVersion: '2.0' | '3.0' | '3.1';
}

/** Parses, bounds, validates and upgrades a document given as text (JSON or YAML) or as parsed JSON. */
export async function loadOpenApiDocument(input: string | Record<string, unknown>): Promise<LoadedDocument> {
  const parsed = typeof input === 'string' ? parseText(input) : input;
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new OpenApiDocumentError('The document must be an object (an OpenAPI or Swagger document).');
  }
  const doc = parsed as Record<string, unknown>;
  checkShape(doc);
  const sourceVersion = versionOf(doc);
  const checked = await validate(structuredClone(doc)).catch((err: unknown) => {
    throw new OpenApiDocumentError(`The document could not be checked: ${messageOf(err)}`);
  });
  if (!checked.valid) {
    const errors = checked.errors ?? [];
    const shown = errors.slice(0, 5).map((e) => (e.path ? `${String(e.path)}: ${e.message}` : e.message));
    const more = errors.length > shown.length ? ` (and ${errors.length - shown.length} more)` : '';
    throw new OpenApiDocumentError(`The document is not a valid OpenAPI ${sourceVersion} document: ${shown.join('; ')}${more}.`);
  }
  const upgraded = upgrade(structuredClone(doc)).specification as unknown as OpenApiDocument;
  if (typeof upgraded?.openapi !== 'string' || !upgraded.openapi.startsWith('3.1')) {
    throw new OpenApiDocumentError(`The document could not be brought to OpenAPI 3.1 (from ${sourceVersion}).`);
  }
  return { document: upgraded, sourceVersion };
}

function parseText(text: string): unknown {
  if (text.length > DOCUMENT_LIMITS.maxBytes) {
    throw new OpenApiDocumentError(`The document is larger than ${DOCUMENT_LIMITS.maxBytes} characters.`);
  }
  const trimmed = text.trimStart();
  if (trimmed === '') throw new OpenApiDocumentError('The document is empty.');
  try {
    if (trimmed.startsWith('{')) return JSON.parse(text);
    // YAML: duplicate keys and unresolvable aliases are errors, and aliases are bounded (no "billion laughs").
    return parseYaml(text, { maxAliasCount: 1000, uniqueKeys: true, prettyErrors: false, strict: true });
  } catch (err) {
    const kind = trimmed.startsWith('{') ? 'JSON' : 'YAML';
    throw new OpenApiDocumentError(`The document is not valid ${kind}: ${messageOf(err)}`);
  }
}

/** Depth and size, walked without recursion, so that no document can exhaust the stack of what reads it next. */
function checkShape(root: unknown): void {
  const stack: Array<{ value: unknown; depth: number; at: string }> = [{ value: root, depth: 0, at: '' }];
  let nodes = 0;
  while (stack.length > 0) {
    const { value, depth, at } = stack.pop()!;
    if (++nodes > DOCUMENT_LIMITS.maxNodes) {
      throw new OpenApiDocumentError(`The document has more than ${DOCUMENT_LIMITS.maxNodes} values.`);
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= DOCUMENT_LIMITS.maxDepth) {
      throw new OpenApiDocumentError(`The document is nested deeper than ${DOCUMENT_LIMITS.maxDepth} levels.`, at);
    }
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    for (const [k, v] of entries)
      stack.push({ value: v, depth: depth + 1, at: `${at}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}` });
  }
}

function versionOf(doc: Record<string, unknown>): LoadedDocument['sourceVersion'] {
  if (typeof doc.swagger === 'string') {
    if (doc.swagger === '2.0') return '2.0';
    throw new OpenApiDocumentError(`Swagger ${doc.swagger} is not supported: only Swagger 2.0, OpenAPI 3.0 and 3.1.`, '/swagger');
  }
  if (typeof doc.openapi === 'string') {
    if (/^3\.0\.\d+$/.test(doc.openapi)) return '3.0';
    if (/^3\.1\.\d+$/.test(doc.openapi)) return '3.1';
    throw new OpenApiDocumentError(`OpenAPI ${doc.openapi} is not supported: only Swagger 2.0, OpenAPI 3.0 and 3.1.`, '/openapi');
  }
  throw new OpenApiDocumentError('The document has neither an "openapi" nor a "swagger" version field.');
}

function messageOf(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.split('\n')[0]!.slice(0, 300);
}

/** How long fetching a document by URL may take. */
const FETCH_TIMEOUT_MS = 20_000;

/**
 * Fetches a document by URL through the egress guard (no private, loopback or metadata address unless the operator
 * allowed it), following redirects through the same guard, reading at most DOCUMENT_LIMITS.maxBytes.
 */
export async function fetchOpenApiDocument(url: string, egress: import('../../platform/egress.js').EgressGuard): Promise<string> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new OpenApiDocumentError('The URL is not a valid absolute URL.');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new OpenApiDocumentError('The URL must be http or https.');
  const { fetch } = await import('undici');
  let res: Awaited<ReturnType<typeof fetch>>;
  try {
    res = await fetch(parsed, {
      dispatcher: egress.dispatcher(),
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      headers: { accept: 'application/json, application/yaml, text/yaml, */*;q=0.5' },
    });
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    if (cause?.code === 'EGRESS_DENIED')
      throw new OpenApiDocumentError(`The URL is not allowed: ${cause.message ?? 'refused by the egress guard'}`);
    throw new OpenApiDocumentError(`The document could not be fetched: ${messageOf(cause ?? err)}`);
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    throw new OpenApiDocumentError(`Fetching the document answered ${res.status}.`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body ?? []) {
    size += (chunk as Uint8Array).length;
    if (size > DOCUMENT_LIMITS.maxBytes) {
      await res.body?.cancel().catch(() => undefined);
      throw new OpenApiDocumentError(`The document is larger than ${DOCUMENT_LIMITS.maxBytes} bytes.`);
    }
    chunks.push(Buffer.from(chunk as Uint8Array));
  }
  return Buffer.concat(chunks).toString('utf8');
}
