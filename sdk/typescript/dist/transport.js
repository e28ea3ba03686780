/**
 * One HTTP call of an operation: the URL from its path and query, the bearer token, a timeout per attempt,
 * cancellation, 429 RATE_LIMITED retried after `retryAfter` (bounded), and errors turned into SwitchboardErrors.
 * Uses only fetch, AbortController and crypto.randomUUID (Node >= 20 and browsers).
 */
import { errorFromResponse, NetworkError, RateLimitedError, SwitchboardError, TimeoutError } from './errors.js';
import { sleep } from './wait.js';
export class Transport {
    /** #private: the API key never shows in console.log, util.inspect or JSON of a client. */
    #config;
    constructor(config) {
        this.#config = config;
    }
    url(info, args = {}) {
        const path = info.path.replace(/\{(\w+)\}/g, (_, name) => {
            const value = args[name];
            if (typeof value !== 'string' && typeof value !== 'number')
                throw new TypeError(`${name} is required`);
            if (value === '')
                throw new TypeError(`${name} is required`);
            return encodeURIComponent(value);
        });
        const url = new URL(this.#config.baseUrl.replace(/\/+$/, '') + path);
        for (const [k, v] of Object.entries(args.query ?? {})) {
            if (v === undefined || v === null)
                continue;
            for (const item of Array.isArray(v) ? v : [v])
                url.searchParams.append(k, typeof item === 'string' ? item : JSON.stringify(item));
        }
        return url.toString();
    }
    async call(info, args = {}, options = {}, headers = {}) {
        const url = this.url(info, args);
        const requestId = crypto.randomUUID();
        const token = options.token ?? this.#config.apiKey;
        const init = {
            method: info.httpMethod,
            headers: {
                accept: info.response === 'json' ? 'application/json' : '*/*',
                'x-request-id': requestId,
                ...(token ? { authorization: `Bearer ${token}` } : {}),
                ...(this.#config.organization ? { 'x-switchboard-organization': this.#config.organization } : {}),
                ...(args.body !== undefined ? { 'content-type': 'application/json' } : {}),
                ...headers,
            },
            ...(args.body !== undefined ? { body: JSON.stringify(args.body) } : {}),
        };
        const timeoutMs = options.timeoutMs ?? this.#config.timeoutMs;
        for (let attempt = 0;; attempt++) {
            const res = await this.attempt(url, init, timeoutMs, requestId, options.signal);
            if (res.ok)
                return { status: res.status, body: await readBody(res, info.response), headers: res.headers };
            const error = errorFromResponse(res.status, await readBody(res, 'json').catch(() => undefined), requestId, res.headers.get('retry-after'));
            // A rate-limited call did not run (the limit is checked before it): waiting and sending it again is safe.
            if (error instanceof RateLimitedError && attempt < this.#config.maxRetries) {
                const waitMs = Math.max(0, (error.retryAfter ?? 1) * 1000);
                if (waitMs <= this.#config.maxRetryWaitMs) {
                    await sleep(waitMs, options.signal);
                    continue;
                }
            }
            throw error;
        }
    }
    /** One fetch, aborted by the caller's signal or after timeoutMs. */
    async attempt(url, init, timeoutMs, requestId, signal) {
        signal?.throwIfAborted();
        const controller = new AbortController();
        let timedOut = false;
        const timer = setTimeout(() => {
            timedOut = true;
            controller.abort();
        }, timeoutMs);
        const onAbort = () => controller.abort(signal.reason);
        signal?.addEventListener('abort', onAbort, { once: true });
        try {
            const res = await this.#config.fetch(url, { ...init, signal: controller.signal });
            // The body is read within the same timeout: buffer it before the timer goes.
            const body = await res.arrayBuffer();
            return new Response(res.status === 204 || res.status === 304 ? null : body, { status: res.status, headers: res.headers });
        }
        catch (err) {
            if (signal?.aborted)
                throw signal.reason;
            if (timedOut) {
                throw new TimeoutError({
                    code: 'TIMEOUT',
                    message: `No answer within ${timeoutMs} ms (${init.method} ${url}).`,
                    requestId,
                });
            }
            if (err instanceof SwitchboardError)
                throw err;
            throw new NetworkError({
                code: 'NETWORK_ERROR',
                message: `Could not reach ${url}: ${err instanceof Error ? err.message : String(err)}`,
                requestId,
                cause: err,
            });
        }
        finally {
            clearTimeout(timer);
            signal?.removeEventListener('abort', onAbort);
        }
    }
}
async function readBody(res, kind) {
    if (kind === 'bytes')
        return { bytes: new Uint8Array(await res.arrayBuffer()), contentType: res.headers.get('content-type') };
    const text = await res.text();
    if (!text)
        return undefined;
    try {
        return JSON.parse(text);
    }
    catch {
        return text;
    }
}
