/**
 * Errors the client throws. Every answer of the service that is not a success becomes a SwitchboardError (or one
 * of its subclasses) carrying the service's `code`, `message`, `details`, the HTTP `status` and the `requestId`.
 * Failures on the client's side (timeouts, network, an approval that was not granted) are SwitchboardErrors too,
 * with `status` undefined.
 */
/** A field the service found wrong: `{ field: 'input.text', message: 'is required' }`. */
export interface ErrorDetail {
    field: string;
    message: string;
}
export interface SwitchboardErrorInit {
    code: string;
    message: string;
    status?: number | undefined;
    details?: ErrorDetail[] | undefined;
    requestId?: string | undefined;
    body?: unknown;
    cause?: unknown;
}
export declare class SwitchboardError extends Error {
    /** The service's error code (VALIDATION_ERROR, NOT_FOUND...) or the client's (TIMEOUT, NETWORK_ERROR...). */
    readonly code: string;
    /** The HTTP status; undefined when no answer came (timeout, network) or the failure is the client's. */
    readonly status: number | undefined;
    /** The fields at fault, for VALIDATION_ERROR. */
    readonly details: ErrorDetail[] | undefined;
    /** The request's id (sent as X-Request-Id, or the one the service answered with): find it in the service's log. */
    readonly requestId: string | undefined;
    /** The whole error body, with any extra fields (retryAfter, current, limit, plan...). */
    readonly body: unknown;
    constructor(init: SwitchboardErrorInit);
}
/** 400 VALIDATION_ERROR (and the other 400 codes: NO_UPDATES, CONNECTION_REQUIRED...). */
export declare class BadRequestError extends SwitchboardError {
}
/** 400 VALIDATION_ERROR: `details` names the fields. */
export declare class ValidationError extends BadRequestError {
}
/** 401: no key, a wrong, revoked or expired one (UNAUTHORIZED, INVALID_TOKEN). */
export declare class AuthenticationError extends SwitchboardError {
}
/** 403: SCOPE_DENIED, FORBIDDEN, QUOTA_EXCEEDED, APPROVAL_POLICY_BLOCKED... */
export declare class PermissionDeniedError extends SwitchboardError {
}
/** 404: NOT_FOUND and the *_NOT_FOUND codes. */
export declare class NotFoundError extends SwitchboardError {
}
/** 409: DUPLICATE, IDEMPOTENCY_CONFLICT, APPROVAL_NOT_PENDING... */
export declare class ConflictError extends SwitchboardError {
}
/** 429 RATE_LIMITED, when the retries allowed (maxRetries, maxRetryWaitMs) ran out. */
export declare class RateLimitedError extends SwitchboardError {
    /** Seconds to wait before the next call may pass. */
    readonly retryAfter: number | undefined;
    constructor(init: SwitchboardErrorInit & {
        retryAfter?: number | undefined;
    });
}
/** 5xx. */
export declare class ServerError extends SwitchboardError {
}
/** The call (or a wait) took longer than its timeoutMs. code TIMEOUT. */
export declare class TimeoutError extends SwitchboardError {
}
/** No answer: the service could not be reached. code NETWORK_ERROR. */
export declare class NetworkError extends SwitchboardError {
}
/** waitForApproval: the approval ended without being granted. code APPROVAL_REJECTED, APPROVAL_EXPIRED or APPROVAL_CANCELED. */
export declare class ApprovalNotGrantedError extends SwitchboardError {
    /** The approval request as last read. */
    readonly approval: Record<string, unknown>;
    constructor(approval: Record<string, unknown>);
}
/** waitForCompletion: the connect session FAILED. code CONNECT_FAILED; `message` is the session's error. */
export declare class ConnectFailedError extends SwitchboardError {
    readonly session: Record<string, unknown>;
    constructor(session: Record<string, unknown>);
}
/** The error an HTTP answer stands for. */
export declare function errorFromResponse(status: number, body: unknown, requestId: string | undefined, retryAfterHeader: string | null): SwitchboardError;
