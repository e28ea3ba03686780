/**
 * actions.execute: the input typed by the catalog, an idempotency key on every call (so a retried call cannot run
 * twice), and Human Gates' 202 approval_required as a result with waitForApproval().
 */
import { ApprovalNotGrantedError, SwitchboardError } from './errors.js';
import { poll } from './wait.js';
const EXECUTE = {
    group: 'actions',
    method: 'execute',
    httpMethod: 'POST',
    path: '/api/v1/actions/execute',
    pathParams: [],
    query: false,
    body: true,
    response: 'json',
};
const GRANTED = new Set(['approved', 'consumed']);
const ENDED = new Set(['rejected', 'expired', 'canceled']);
export function executeMethod(transport) {
    const execute = async (body, options) => {
        // The key rides in the header; a key in the body wins on the service, so it is used for the header too.
        const idempotencyKey = (typeof body.idempotencyKey === 'string' && body.idempotencyKey) || options.idempotencyKey || crypto.randomUUID();
        const res = await transport.call(EXECUTE, { body }, options, {
            'idempotency-key': idempotencyKey,
            'x-switchboard-source': 'sdk',
        });
        const answer = res.body;
        if (res.status === 202 && answer.status === 'approval_required') {
            const approval = answer.approval;
            return {
                status: 'approval_required',
                success: false,
                approval,
                waitForApproval: async (wait = {}) => {
                    const deadline = wait.timeoutMs !== undefined ? Date.now() + wait.timeoutMs : undefined;
                    await poll(`approval ${approval.id}`, wait, async () => {
                        const got = (await transport.call({ ...EXECUTE, httpMethod: 'GET', path: '/api/v1/approvals/{id}', pathParams: ['id'], body: false }, { id: approval.id }, { ...(wait.signal ? { signal: wait.signal } : {}), ...(options.token ? { token: options.token } : {}) })).body;
                        const status = String(got.approval.status);
                        if (GRANTED.has(status))
                            return true;
                        if (ENDED.has(status))
                            throw new ApprovalNotGrantedError(got.approval);
                        return undefined;
                    });
                    const retryOptions = { ...options, idempotencyKey: approval.retry.idempotencyKey };
                    if (wait.signal)
                        retryOptions.signal = wait.signal;
                    const retried = await execute({ ...body, idempotencyKey: approval.retry.idempotencyKey }, retryOptions);
                    if (retried.status === 'approval_required') {
                        // A policy asked again (the receipt was used up, or a new policy matched): wait for that one too.
                        const left = deadline !== undefined ? Math.max(0, deadline - Date.now()) : undefined;
                        return retried.waitForApproval({ ...wait, ...(left !== undefined ? { timeoutMs: left } : {}) });
                    }
                    return retried;
                },
            };
        }
        if (typeof answer.success !== 'boolean') {
            throw new SwitchboardError({
                code: 'UNEXPECTED_RESPONSE',
                message: 'actions.execute answered without success.',
                status: res.status,
                body: answer,
            });
        }
        return answer.success
            ? { ...answer, status: 'success', success: true, output: answer.output }
            : { ...answer, status: 'failed', success: false, output: answer.output };
    };
    return (args, options = {}) => execute({ ...args.body }, options);
}
