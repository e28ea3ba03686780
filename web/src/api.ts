import { Switchboard, SwitchboardError } from '@switchboard/sdk';

/**
 * The SDK's client for this browser: same origin, the session cookie (HttpOnly, sent by the browser), the chosen
 * organization (the SDK sends it as X-Switchboard-Organization, docs/decisions/0132), and no retries (a person sees a
 * 429 at once, with its message).
 */
export function clientFor(orgId: string | null, headers: Record<string, string> = {}): Switchboard {
  return new Switchboard({
    baseUrl: window.location.origin,
    maxRetries: 0,
    ...(orgId ? { organization: orgId } : {}),
    fetch: (input, init) => {
      const h = new Headers(init?.headers);
      for (const [k, v] of Object.entries(headers)) h.set(k, v);
      return fetch(input, { ...init, headers: h, credentials: 'same-origin' });
    },
  });
}

/** The signed-in person's client outside any organization (sign-in, their organizations). */
export const personClient = clientFor(null);

export interface Problem {
  code: string;
  message: string;
  requestId?: string | undefined;
  details?: Array<{ field: string; message: string }> | undefined;
  status?: number | undefined;
}

/** What went wrong, as the API said it (message, code and request id), for any thrown value. */
export function problemOf(err: unknown): Problem {
  if (err instanceof SwitchboardError)
    return { code: err.code, message: err.message, requestId: err.requestId, details: err.details, status: err.status };
  return { code: 'ERROR', message: err instanceof Error ? err.message : String(err) };
}

export const isUnauthorized = (err: unknown): boolean => err instanceof SwitchboardError && err.status === 401;
