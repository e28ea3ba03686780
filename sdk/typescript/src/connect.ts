/** Hosted connect: a session whose token the end user opens, and a wait for the connection it makes. */
import { ConnectFailedError } from './errors.js';
import { OPERATIONS } from './generated/operations.js';
import type { Transport } from './transport.js';
import type { JsonResponse, RequestBody, RequestOptions } from './types.js';
import { poll, type WaitOptions } from './wait.js';

/** The session's state as `connect.pollSession` reports it. */
export type ConnectSessionState = JsonResponse<'connect.pollSession', 200>;

/** A connect session just created: open `connectUrl` for the end user, then wait for the result. */
export type ConnectSession = JsonResponse<'connect.createToken', 201> & {
  /**
   * Polls the session (PENDING, CONNECTING) until it ends: COMPLETED answers its state (connectionId set), FAILED
   * throws ConnectFailedError with the session's error; a token past its 4 hours throws INVALID_TOKEN.
   */
  waitForCompletion(options?: WaitOptions): Promise<ConnectSessionState & { status: 'COMPLETED' }>;
};

export interface ConnectHelpers {
  /** Creates a connect token (POST /api/v1/connect/token) and returns it with waitForCompletion(). */
  start(args: { body: RequestBody<'connect.createToken'> }, options?: RequestOptions): Promise<ConnectSession>;
}

export function connectHelpers(transport: Transport): ConnectHelpers {
  return {
    async start(args, options = {}) {
      const created = (await transport.call(OPERATIONS['connect.createToken'], args, options)).body as JsonResponse<
        'connect.createToken',
        201
      >;
      return {
        ...created,
        waitForCompletion: (wait: WaitOptions = {}) =>
          poll(`connect session ${created.sessionId}`, wait, async () => {
            const state = (
              await transport.call(
                OPERATIONS['connect.pollSession'],
                { body: { token: created.token } },
                wait.signal ? { signal: wait.signal } : {},
              )
            ).body as ConnectSessionState;
            if (state.status === 'COMPLETED') return state as ConnectSessionState & { status: 'COMPLETED' };
            if (state.status === 'FAILED') throw new ConnectFailedError(state);
            return undefined;
          }),
      };
    },
  };
}
