import { request, type Dispatcher } from 'undici';

export interface SendResult {
  /** HTTP status, or null when no response came (network error, timeout, refused by the egress guard). */
  statusCode: number | null;
  error: string | null;
  durationMs: number;
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
 * bounded by `timeoutMs`, and the response body is read and discarded (at most 64 KiB) so the socket can be reused.
 */
export async function postJson(
  dispatcher: Dispatcher,
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<SendResult> {
  const started = Date.now();
  try {
    const res = await request(url, {
      method: 'POST',
      headers,
      body,
      dispatcher,
      signal: AbortSignal.timeout(timeoutMs),
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    await res.body.dump({ limit: 65_536 }).catch(() => undefined);
    const ok = res.statusCode >= 200 && res.statusCode < 300;
    return {
      statusCode: res.statusCode,
      error: ok ? null : `receiver answered ${res.statusCode}`,
      durationMs: Date.now() - started,
    };
  } catch (err) {
    return { statusCode: null, error: describe(err, timeoutMs), durationMs: Date.now() - started };
  }
}
