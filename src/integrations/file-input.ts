/**
 * What a FILE property accepts, checked once for every caller (REST, MCP, Code Mode): an http(s) URL (fetched by
 * the piece worker through the egress guard, up to FILE_URL_MAX_BYTES), a data: URL, base64 text, or an object
 * {filename, base64}. Anything else is refused naming the field, instead of being decoded into garbage bytes.
 */
import { ActionInputError } from './framework.js';

/** The largest file a FILE URL may point at (10 MiB, like the http built-in's response limit). */
export const FILE_URL_MAX_BYTES = 10 * 1024 * 1024;

export const FILE_FORMS = 'must be an http(s) URL, a data: URL, base64 data or {filename, base64}';

const BASE64 = /^(?:[A-Za-z0-9+/]+|[A-Za-z0-9_-]+)={0,2}$/;

/** Standard or URL-safe base64, padded or not, line breaks allowed (MIME); never spaces or other text. */
export function isBase64(text: string): boolean {
  const compact = text.replace(/\r?\n/g, '');
  return compact.length > 0 && compact.length % 4 !== 1 && BASE64.test(compact);
}

export const isFileUrl = (text: string): boolean => /^https?:\/\/[^\s/]/i.test(text);

/** The bytes and media type of a data: URL, or null when it is not a well-formed one. */
export function parseDataUrl(text: string): { data: Buffer; mimeType: string } | null {
  const m = /^data:([^,;]*)((?:;[^,;=]+=[^,;]*)*)(;base64)?,(.*)$/is.exec(text);
  if (!m) return null;
  const body = m[4]!;
  if (m[3]) return isBase64(body) || body === '' ? { data: Buffer.from(body, 'base64'), mimeType: m[1] || '' } : null;
  try {
    return { data: Buffer.from(decodeURIComponent(body), 'utf8'), mimeType: m[1] || 'text/plain' };
  } catch {
    return null;
  }
}

/** The base64 text of the object form ({filename, base64}; `data` and `content` are accepted spellings). */
export function objectBase64(value: Record<string, unknown>): string | null {
  const b64 = value.base64 ?? value.data ?? value.content;
  return typeof b64 === 'string' && isBase64(b64) ? b64 : null;
}

/** Throws ActionInputError naming `field` unless `value` is one of the accepted forms; returns it unchanged. */
export function checkFileInput(field: string, value: unknown): unknown {
  if (typeof value === 'string') {
    if (isFileUrl(value) || isBase64(value)) return value;
    if (/^data:/i.test(value)) {
      if (parseDataUrl(value)) return value;
      throw new ActionInputError(field, 'is not a well-formed data: URL');
    }
    throw new ActionInputError(field, FILE_FORMS);
  }
  if (value && typeof value === 'object' && !Array.isArray(value) && objectBase64(value as Record<string, unknown>)) return value;
  throw new ActionInputError(field, FILE_FORMS);
}
