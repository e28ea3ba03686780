import { request, type Dispatcher } from 'undici';

export interface SendResult {
  /** HTTP status, or null when no response came (network error, timeout, refused by the egress guard). */
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  /** The start of a text answer (EXCERPT_CHARS at most), null when there was none. */
  responseExcerpt: string | null;
}

/** Characters of the receiver's answer kept per attempt; at most EXCERPT_BYTES are read for it. */
export const EXCERPT_CHARS = 500;
const EXCERPT_BYTES = 2048;

const isText = (contentType: string | string[] | undefined): boolean => {
  const t = (Array.isArray(contentType) ? contentType[0] : contentType)?.toLowerCase() ?? '';
  return t === '' || t.startsWith('text/') || /[/+](json|xml)\b/.test(t) || t.startsWith('application/x-www-form-urlencoded');
};

/**
 * Reads the body as the sender always did (at most 64 KiB, then the connection is dropped; so a socket can be reused)
 * and keeps the first EXCERPT_BYTES of a text answer: its first EXCERPT_CHARS characters, without control characters.
 */
async function excerptOf(body: AsyncIterable<Buffer> & { dump(o: { limit: number }): Promise<void> }, text: boolean) {
  if (!text) {
    await body.dump({ limit: 65_536 }).catch(() => undefined);
    return null;
  }
  const chunks: Buffer[] = [];
  let kept = 0;
  let read = 0;
  for await (const chunk of body) {
    if (kept < EXCERPT_BYTES) {
      chunks.push(chunk);
      kept += chunk.length;
    }
    read += chunk.length;
    if (read > 65_536) break;
  }
  const excerpt = Buffer.concat(chunks)
    .subarray(0, EXCERPT_BYTES)
    .toString('utf8')
    .replace(/\uFFFD+$/, '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '')
    .slice(0, EXCERPT_CHARS)
    .trim();
  return excerpt === '' ? null : excerpt;
}

const describe = (err: unknown, timeoutMs: number): string => {
  const e = err as { name?: string; code?: string; message?: string; cause?: { code?: string; message?: string } };
  if (
    e.name === 'TimeoutError' ||
    e.name === 'AbortError' ||
    e.code === 'UND_ERR_HEADERS_TIMEOUT' ||
    e.code === 'UND_ERR_BODY_TIMEOUT'
  ) {
    return `timed out after ${timeoutMs} ms`;
  }
  const code = e.code ?? e.cause?.code;
  const message = e.message ?? e.cause?.message ?? String(err);
  return (code && !message.includes(code) ? `${code}: ${message}` : message).replace(/\s+/g, ' ').slice(0, 500);
};

/**
 * One POST through the egress guard. Redirects are not followed (a 3xx is a failed attempt), the whole exchange is
 * bounded by `timeoutMs`, and the response body is read and discarded (at most 64 KiB) so the socket can be reused; the start of a text
 * answer is kept as the attempt's excerpt.
 */
export async function postJson(
  dispatcher: Dispatcher,
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<SendResult> {
  const started = Date.now();
  // A timer of our own, cleared when the exchange ends, rather than AbortSignal.timeout(): that one keeps its timer,
  // its signal and a finalization record alive for the whole timeout after the answer came, on every delivery.
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new DOMException('The delivery timed out', 'TimeoutError')), timeoutMs);
  timer.unref(); // as AbortSignal.timeout()'s: an exchange in flight holds the process by its socket, not by its bound
  try {
    const res = await request(url, {
      method: 'POST',
      headers,
      body,
      dispatcher,
      signal: deadline.signal,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    const responseExcerpt = await excerptOf(res.body, isText(res.headers['content-type'])).catch(() => null);
    const ok = res.statusCode >= 200 && res.statusCode < 300;
    return {
      statusCode: res.statusCode,
      error: ok ? null : `receiver answered ${res.statusCode}`,
      durationMs: Date.now() - started,
      responseExcerpt,
    };
  } catch (err) {
    return { statusCode: null, error: describe(err, timeoutMs), durationMs: Date.now() - started, responseExcerpt: null };
  } finally {
    clearTimeout(timer);
  }
}
