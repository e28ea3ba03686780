/**
 * actions.execute: the input typed by the catalog, an idempotency key on every call (so a retried call cannot run
 * twice), and Human Gates' 202 approval_required as a result with waitForApproval().
 */
import { ApprovalNotGrantedError, SwitchboardError } from './errors.js';
import type { ActionInputs } from './generated/catalog.js';
import type { OperationInfo, RequestBody, RequestOptions, JsonResponse } from './types.js';
import type { Transport } from './transport.js';
import { poll, type WaitOptions } from './wait.js';

/** The current request shape (the earlier pieceName/projectId one is not offered by the SDK). */
type CurrentBody = Exclude<RequestBody<'actions.execute'>, { pieceName: string }>;

/**
 * The input of action A of integration I: its catalog type when both are known to this SDK, any object for an
 * integration the catalog does not know (a piece added at run time; regenerate with --from to type it).
 */
export type ActionInput<I extends string, A extends string> = I extends keyof ActionInputs
  ? A extends keyof ActionInputs[I]
    ? ActionInputs[I][A]
    : never
  : Record<string, unknown>;

/** The action names of integration I, when the catalog knows it. */
type ActionNameOf<I extends string> = I extends keyof ActionInputs ? keyof ActionInputs[I] & string : string;

export interface ExecuteArgs<I extends string, A extends string> {
  body: Omit<CurrentBody, 'integrationName' | 'actionName' | 'input'> & {
    integrationName: I;
    actionName: A & ActionNameOf<I>;
    input?: ActionInput<I, A>;
  };
}

/** The action ran and succeeded. */
export interface ActionSucceeded {
  status: 'success';
  success: true;
  output: unknown;
}

/** The action ran and failed upstream (HTTP 200, success false). */
export interface ActionFailed {
  status: 'failed';
  success: false;
  output: { error: string; detail?: unknown };
}

export type ActionResult = ActionSucceeded | ActionFailed;

/** The approval a paused call waits for (HTTP 202 approval_required). */
export type PendingApproval = JsonResponse<'actions.execute', 202>['approval'];

/** A Human Gates policy paused the call (HTTP 202): nothing ran yet. */
export interface ApprovalRequired {
  status: 'approval_required';
  success: false;
  approval: PendingApproval;
  /**
   * Polls the approval; once approved, sends the exact call again with the approval's idempotency key and returns
   * its result. Rejected, expired or canceled: ApprovalNotGrantedError. Timeout: TimeoutError.
   */
  waitForApproval(options?: WaitOptions): Promise<ActionResult>;
}

export type ExecuteResult = ActionResult | ApprovalRequired;

/** client.actions.execute: `input` is checked against the action's catalog type. */
export type ExecuteMethod = <I extends string, A extends string>(
  args: ExecuteArgs<I, A>,
  options?: RequestOptions,
) => Promise<ExecuteResult>;

const EXECUTE: OperationInfo = {
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

export function executeMethod(transport: Transport): ExecuteMethod {
  const execute = async (body: Record<string, unknown>, options: RequestOptions): Promise<ExecuteResult> => {
    // The key rides in the header; a key in the body wins on the service, so it is used for the header too.
    const idempotencyKey =
      (typeof body.idempotencyKey === 'string' && body.idempotencyKey) || options.idempotencyKey || crypto.randomUUID();
    const res = await transport.call(EXECUTE, { body }, options, {
      'idempotency-key': idempotencyKey,
      'x-switchboard-source': 'sdk',
    });
    const answer = res.body as Record<string, unknown>;
    if (res.status === 202 && answer.status === 'approval_required') {
      const approval = answer.approval as PendingApproval;
      return {
        status: 'approval_required',
        success: false,
        approval,
        waitForApproval: async (wait: WaitOptions = {}) => {
          const deadline = wait.timeoutMs !== undefined ? Date.now() + wait.timeoutMs : undefined;
          await poll(`approval ${approval.id}`, wait, async () => {
            const got = (
              await transport.call(
                { ...EXECUTE, httpMethod: 'GET', path: '/api/v1/approvals/{id}', pathParams: ['id'], body: false },
                { id: approval.id },
                { ...(wait.signal ? { signal: wait.signal } : {}), ...(options.token ? { token: options.token } : {}) },
              )
            ).body as { approval: Record<string, unknown> };
            const status = String(got.approval.status);
            if (GRANTED.has(status)) return true;
            if (ENDED.has(status)) throw new ApprovalNotGrantedError(got.approval);
            return undefined;
          });
          const retryOptions: RequestOptions = { ...options, idempotencyKey: approval.retry.idempotencyKey };
          if (wait.signal) retryOptions.signal = wait.signal;
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
      : { ...answer, status: 'failed', success: false, output: answer.output as ActionFailed['output'] };
  };
  return (args, options = {}) => execute({ ...args.body }, options);
}
