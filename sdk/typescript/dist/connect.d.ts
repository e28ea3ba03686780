import type { Transport } from './transport.js';
import type { JsonResponse, RequestBody, RequestOptions } from './types.js';
import { type WaitOptions } from './wait.js';
/** The session's state as `connect.pollSession` reports it. */
export type ConnectSessionState = JsonResponse<'connect.pollSession', 200>;
/** A connect session just created: open `connectUrl` for the end user, then wait for the result. */
export type ConnectSession = JsonResponse<'connect.createToken', 201> & {
    /**
     * Polls the session (PENDING, CONNECTING) until it ends: COMPLETED answers its state (connectionId set), FAILED
     * throws ConnectFailedError with the session's error; a token past its 4 hours throws INVALID_TOKEN.
     */
    waitForCompletion(options?: WaitOptions): Promise<ConnectSessionState & {
        status: 'COMPLETED';
    }>;
};
export interface ConnectHelpers {
    /** Creates a connect token (POST /api/v1/connect/token) and returns it with waitForCompletion(). */
    start(args: {
        body: RequestBody<'connect.createToken'>;
    }, options?: RequestOptions): Promise<ConnectSession>;
}
export declare function connectHelpers(transport: Transport): ConnectHelpers;
