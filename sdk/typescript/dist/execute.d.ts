import type { ActionInputs } from './generated/catalog.js';
import type { RequestBody, RequestOptions, JsonResponse } from './types.js';
import type { Transport } from './transport.js';
import { type WaitOptions } from './wait.js';
/** The current request shape (the earlier pieceName/projectId one is not offered by the SDK). */
type CurrentBody = Exclude<RequestBody<'actions.execute'>, {
    pieceName: string;
}>;
/**
 * The input of action A of integration I: its catalog type when both are known to this SDK, any object for an
 * integration the catalog does not know (a piece added at run time; regenerate with --from to type it).
 */
export type ActionInput<I extends string, A extends string> = I extends keyof ActionInputs ? A extends keyof ActionInputs[I] ? ActionInputs[I][A] : never : Record<string, unknown>;
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
    output: {
        error: string;
        detail?: unknown;
    };
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
export type ExecuteMethod = <I extends string, A extends string>(args: ExecuteArgs<I, A>, options?: RequestOptions) => Promise<ExecuteResult>;
export declare function executeMethod(transport: Transport): ExecuteMethod;
export {};
