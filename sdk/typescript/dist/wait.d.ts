/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export declare function sleep(ms: number, signal?: AbortSignal): Promise<void>;
/** Options of the wait helpers (waitForApproval, waitForCompletion). */
export interface WaitOptions {
    /** Give up after this long (TimeoutError); default: wait as long as it takes. */
    timeoutMs?: number;
    /** Time between two reads of the state; default 1000. */
    pollMs?: number;
    /** Stops waiting; the promise rejects with the signal's reason. */
    signal?: AbortSignal;
}
/**
 * Calls `read` until it returns a value other than undefined, `pollMs` apart, within `timeoutMs`. `what` names the
 * wait in the TimeoutError.
 */
export declare function poll<T>(what: string, opts: WaitOptions, read: () => Promise<T | undefined>): Promise<T>;
