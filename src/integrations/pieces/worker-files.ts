/**
 * FILE property values as the pieces framework's file objects, inside a piece worker. URLs are fetched here: the
 * whole worker process is behind the egress guard, so a private address that is not allow-listed is refused at
 * connect time (redirects included), and the bytes never cross the IPC channel.
 */
import path from 'node:path';
import { FILE_FORMS, FILE_URL_MAX_BYTES, isBase64, isFileUrl, objectBase64, parseDataUrl } from '../file-input.js';

const FETCH_TIMEOUT_MS = 30_000;

/** A problem with the caller's value: the API process answers 400 VALIDATION_ERROR naming the field. */
export class FileInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

export interface PieceFile {
  filename: string;
  extension: string | undefined;
  data: Buffer;
  base64: string;
}

const toFile = (filename: string, data: Buffer): PieceFile => ({
  filename,
  extension: filename.includes('.') ? filename.split('.').pop() : undefined,
  data,
  base64: data.toString('base64'),
});

/** The name a download gives itself (Content-Disposition), else the last segment of its path. */
function filenameOf(url: URL, disposition: string | null): string {
  const star = /filename\*\s*=\s*[^']*'[^']*'([^;]+)/i.exec(disposition ?? '')?.[1];
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition ?? '')?.[1];
  let name = '';
  try {
    name = star ? decodeURIComponent(star.trim()) : (plain?.trim() ?? decodeURIComponent(path.posix.basename(url.pathname)));
  } catch {
    name = plain?.trim() ?? '';
  }
  return name.replace(/[/\\\0]/g, '_') || 'file';
}

const causeOf = (err: unknown): { code?: string; message?: string } =>
  ((err as { cause?: unknown })?.cause ?? err) as { code?: string; message?: string };

async function download(field: string, raw: string): Promise<PieceFile> {
  const url = new URL(raw);
  let res: Response;
  try {
    res = await fetch(url, { redirect: 'follow', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  } catch (err) {
    const cause = causeOf(err);
    if (cause.code === 'EGRESS_DENIED')
      throw new FileInputError(
        field,
        `points at ${url.hostname}, an address that is not allowed (private, loopback, link-local or metadata; operators allow hosts with SWITCHBOARD_EGRESS_ALLOW)`,
      );
    if ((err as Error)?.name === 'TimeoutError')
      throw new FileInputError(field, `could not be fetched within ${FETCH_TIMEOUT_MS / 1000} s`);
    throw new FileInputError(field, `could not be fetched: ${String(cause.message ?? err).slice(0, 200)}`);
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    throw new FileInputError(field, `could not be fetched: HTTP ${res.status}`);
  }
  const tooLarge = () => new FileInputError(field, `is larger than ${FILE_URL_MAX_BYTES / 1024 / 1024} MiB`);
  if (Number(res.headers.get('content-length') ?? 0) > FILE_URL_MAX_BYTES) {
    await res.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body ?? []) {
    size += (chunk as Uint8Array).length;
    if (size > FILE_URL_MAX_BYTES) throw tooLarge(); // leaving the loop cancels the body
    chunks.push(Buffer.from(chunk as Uint8Array));
  }
  return toFile(filenameOf(new URL(res.url || raw), res.headers.get('content-disposition')), Buffer.concat(chunks));
}

/** One FILE value as a file object; blank stays blank. */
export async function fileFrom(field: string, value: unknown): Promise<unknown> {
  if (value === undefined || value === null || value === '') return value;
  if (typeof value === 'string') {
    if (isFileUrl(value)) return download(field, value);
    if (/^data:/i.test(value)) {
      const parsed = parseDataUrl(value);
      if (!parsed) throw new FileInputError(field, 'is not a well-formed data: URL');
      return toFile('file', parsed.data);
    }
    if (isBase64(value)) return toFile('file', Buffer.from(value, 'base64'));
    throw new FileInputError(field, FILE_FORMS);
  }
  if (typeof value === 'object' && !Array.isArray(value)) {
    const v = value as Record<string, unknown>;
    const b64 = objectBase64(v);
    const named = v.filename ?? v.name;
    if (b64 !== null) return toFile(typeof named === 'string' && named ? named : 'file', Buffer.from(b64, 'base64'));
  }
  throw new FileInputError(field, FILE_FORMS);
}

/** The FILE props of an action's input (and of its array items) as file objects. */
export async function filesIn(
  props: Record<string, { type?: string; properties?: Record<string, { type?: string }> }>,
  input: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const out = { ...input };
  for (const [k, p] of Object.entries(props)) {
    if (!(k in out)) continue;
    if (p.type === 'FILE') out[k] = await fileFrom(k, out[k]);
    else if (p.type === 'ARRAY' && p.properties && Array.isArray(out[k])) {
      const sub = p.properties;
      out[k] = await Promise.all(
        (out[k] as unknown[]).map(async (item, i) =>
          item && typeof item === 'object' && !Array.isArray(item)
            ? Object.fromEntries(
                await Promise.all(
                  Object.entries(item as Record<string, unknown>).map(async ([ik, iv]) => [
                    ik,
                    sub[ik]?.type === 'FILE' ? await fileFrom(`${k}[${i}].${ik}`, iv) : iv,
                  ]),
                ),
              )
            : item,
        ),
      );
    }
  }
  return out;
}
