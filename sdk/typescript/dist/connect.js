/** Hosted connect: a session whose token the end user opens, and a wait for the connection it makes. */
import { ConnectFailedError } from './errors.js';
import { OPERATIONS } from './generated/operations.js';
import { poll } from './wait.js';
export function connectHelpers(transport) {
    return {
        async start(args, options = {}) {
            const created = (await transport.call(OPERATIONS['connect.createToken'], args, options)).body;
            return {
                ...created,
                waitForCompletion: (wait = {}) => poll(`connect session ${created.sessionId}`, wait, async () => {
                    const state = (await transport.call(OPERATIONS['connect.pollSession'], { body: { token: created.token } }, wait.signal ? { signal: wait.signal } : {})).body;
                    if (state.status === 'COMPLETED')
                        return state;
                    if (state.status === 'FAILED')
                        throw new ConnectFailedError(state);
                    return undefined;
                }),
            };
        },
    };
}
