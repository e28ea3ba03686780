import { OpenApiDocumentError, type OpenApiDocument } from './document.js';
import { COMPILE_LIMITS } from './spec.js';

/**
 * Local `$ref`s (`#/...`) of the document, followed on demand. A chain of references that never reaches a schema is
 * an error; a schema that contains itself is cut where it recurs (left as free JSON), and every schema walked counts
 * against one budget, so that no document expands without bound.
 */
export class RefResolver {
  private nodes = 0;

  constructor(private readonly document: OpenApiDocument) {}

  /** The object `value` is or refers to (undefined when it is not an object). */
  deref(value: unknown): Record<string, unknown> | undefined {
    let current = value;
    const seen = new Set<string>();
    while (typeof current === 'object' && current !== null && typeof (current as { $ref?: unknown }).$ref === 'string') {
      const ref = (current as { $ref: string }).$ref;
      if (seen.has(ref)) throw new OpenApiDocumentError(`The reference ${ref} refers only to itself.`, ref.slice(1));
      seen.add(ref);
      current = this.lookup(ref);
    }
    return typeof current === 'object' && current !== null && !Array.isArray(current)
      ? (current as Record<string, unknown>)
      : undefined;
  }

  /** A copy of a schema with its references replaced, bounded in depth; a recurring schema becomes `{}`. */
  inline(schema: Record<string, unknown>, depth = 0, path: ReadonlySet<unknown> = new Set()): Record<string, unknown> {
    if (++this.nodes > COMPILE_LIMITS.maxSchemaNodes) {
      throw new OpenApiDocumentError(`The document's schemas expand to more than ${COMPILE_LIMITS.maxSchemaNodes} parts.`);
    }
    const resolved = this.deref(schema) ?? {};
    if (depth >= COMPILE_LIMITS.maxSchemaDepth || path.has(resolved)) return {};
    const inner = new Set(path).add(resolved);
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(resolved)) {
      if (k === '$ref') continue;
      if ((k === 'properties' || k === 'patternProperties' || k === '$defs') && typeof v === 'object' && v !== null) {
        out[k] = Object.fromEntries(
          Object.entries(this.deref(v) ?? {}).map(([pk, pv]) => [pk, this.inline(this.deref(pv) ?? {}, depth + 1, inner)]),
        );
      } else if ((k === 'items' || k === 'additionalProperties' || k === 'not') && typeof v === 'object' && v !== null) {
        out[k] = this.inline(this.deref(v) ?? {}, depth + 1, inner);
      } else if ((k === 'allOf' || k === 'anyOf' || k === 'oneOf' || k === 'prefixItems') && Array.isArray(v)) {
        out[k] = v.map((s) => this.inline(this.deref(s) ?? {}, depth + 1, inner));
      } else {
        out[k] = v;
      }
    }
    return out;
  }

  private lookup(ref: string): unknown {
    if (!ref.startsWith('#'))
      throw new OpenApiDocumentError(`The reference ${ref} is outside the document; only local references (#/...) are read.`);
    let current: unknown = this.document;
    for (const raw of ref.slice(1).split('/').slice(1)) {
      const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      if (typeof current !== 'object' || current === null || !(key in current)) {
        throw new OpenApiDocumentError(`The reference ${ref} points at nothing in the document.`);
      }
      current = (current as Record<string, unknown>)[key];
    }
    return current;
  }
}
