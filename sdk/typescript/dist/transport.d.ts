import type { OperationInfo, RequestOptions } from './types.js';
export interface TransportConfig {
    baseUrl: string;
    apiKey: string | undefined;
    /** Sent as X-Switchboard-Organization: the organization a person's session token acts in. */
    organization: string | undefined;
    fetch: typeof fetch;
    timeoutMs: number;
    maxRetries: number;
    maxRetryWaitMs: number;
}
/** What an operation's method receives: path parameters at the top, `query` and `body`. */
export type CallArgs = Record<string, unknown> & {
    query?: Record<string, unknown>;
    body?: unknown;
};
export interface CallResult {
    status: number;
    body: unknown;
    headers: Headers;
}
export declare class Transport {
    #private;
    constructor(config: TransportConfig);
    url(info: Pick<OperationInfo, 'path'>, args?: CallArgs): string;
    call(info: OperationInfo, args?: CallArgs, options?: RequestOptions, headers?: Record<string, string>): Promise<CallResult>;
    /** One fetch, aborted by the caller's signal or after timeoutMs. */
    private attempt;
}
