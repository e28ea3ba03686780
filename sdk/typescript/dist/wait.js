/** Waiting without a fixed sleep in the caller's code: a cancellable delay and a deadline for polling loops. */
import { TimeoutError } from './errors.js';
/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms, signal) {
    return new Promise((resolve, reject) => {
        if (signal?.aborted)
            return reject(signal.reason);
        const onAbort = () => {
            clearTimeout(timer);
            reject(signal.reason);
        };
        const timer = setTimeout(() => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
        }, ms);
        signal?.addEventListener('abort', onAbort, { once: true });
    });
}
/**
 * Calls `read` until it returns a value other than undefined, `pollMs` apart, within `timeoutMs`. `what` names the
 * wait in the TimeoutError.
 */
export async function poll(what, opts, read) {
    const deadline = opts.timeoutMs !== undefined ? Date.now() + opts.timeoutMs : Infinity;
    const pollMs = opts.pollMs ?? 1000;
    for (;;) {
        opts.signal?.throwIfAborted();
        const value = await read();
        if (value !== undefined)
            return value;
        const left = deadline - Date.now();
        if (left <= 0)
            throw new TimeoutError({ code: 'TIMEOUT', message: `Timed out after ${opts.timeoutMs} ms waiting for ${what}.` });
        await sleep(Math.min(pollMs, left), opts.signal);
    }
}
