/**
 * Errors the client throws. Every answer of the service that is not a success becomes a SwitchboardError (or one
 * of its subclasses) carrying the service's `code`, `message`, `details`, the HTTP `status` and the `requestId`.
 * Failures on the client's side (timeouts, network, an approval that was not granted) are SwitchboardErrors too,
 * with `status` undefined.
 */
export class SwitchboardError extends Error {
    /** The service's error code (VALIDATION_ERROR, NOT_FOUND...) or the client's (TIMEOUT, NETWORK_ERROR...). */
    code;
    /** The HTTP status; undefined when no answer came (timeout, network) or the failure is the client's. */
    status;
    /** The fields at fault, for VALIDATION_ERROR. */
    details;
    /** The request's id (sent as X-Request-Id, or the one the service answered with): find it in the service's log. */
    requestId;
    /** The whole error body, with any extra fields (retryAfter, current, limit, plan...). */
    body;
    constructor(init) {
        super(init.message, init.cause !== undefined ? { cause: init.cause } : undefined);
        this.name = new.target.name;
        this.code = init.code;
        this.status = init.status;
        this.details = init.details;
        this.requestId = init.requestId;
        this.body = init.body;
    }
}
/** 400 VALIDATION_ERROR (and the other 400 codes: NO_UPDATES, CONNECTION_REQUIRED...). */
export class BadRequestError extends SwitchboardError {
}
/** 400 VALIDATION_ERROR: `details` names the fields. */
export class ValidationError extends BadRequestError {
}
/** 401: no key, a wrong, revoked or expired one (UNAUTHORIZED, INVALID_TOKEN). */
export class AuthenticationError extends SwitchboardError {
}
/** 403: SCOPE_DENIED, FORBIDDEN, QUOTA_EXCEEDED, APPROVAL_POLICY_BLOCKED... */
export class PermissionDeniedError extends SwitchboardError {
}
/** 404: NOT_FOUND and the *_NOT_FOUND codes. */
export class NotFoundError extends SwitchboardError {
}
/** 409: DUPLICATE, IDEMPOTENCY_CONFLICT, APPROVAL_NOT_PENDING... */
export class ConflictError extends SwitchboardError {
}
/** 429 RATE_LIMITED, when the retries allowed (maxRetries, maxRetryWaitMs) ran out. */
export class RateLimitedError extends SwitchboardError {
    /** Seconds to wait before the next call may pass. */
    retryAfter;
    constructor(init) {
        super(init);
        this.retryAfter = init.retryAfter;
    }
}
/** 5xx. */
export class ServerError extends SwitchboardError {
}
/** The call (or a wait) took longer than its timeoutMs. code TIMEOUT. */
export class TimeoutError extends SwitchboardError {
}
/** No answer: the service could not be reached. code NETWORK_ERROR. */
export class NetworkError extends SwitchboardError {
}
/** waitForApproval: the approval ended without being granted. code APPROVAL_REJECTED, APPROVAL_EXPIRED or APPROVAL_CANCELED. */
export class ApprovalNotGrantedError extends SwitchboardError {
    /** The approval request as last read. */
    approval;
    constructor(approval) {
        const status = String(approval.status);
        super({ code: `APPROVAL_${status.toUpperCase()}`, message: `The approval request ${String(approval.id)} was ${status}.` });
        this.approval = approval;
    }
}
/** waitForCompletion: the connect session FAILED. code CONNECT_FAILED; `message` is the session's error. */
export class ConnectFailedError extends SwitchboardError {
    session;
    constructor(session) {
        super({ code: 'CONNECT_FAILED', message: typeof session.error === 'string' ? session.error : 'The connect session failed.' });
        this.session = session;
    }
}
const isDetail = (d) => typeof d === 'object' &&
    d !== null &&
    typeof d.field === 'string' &&
    typeof d.message === 'string';
/** The error an HTTP answer stands for. */
export function errorFromResponse(status, body, requestId, retryAfterHeader) {
    const b = (typeof body === 'object' && body !== null ? body : {});
    const code = typeof b.error === 'string' ? b.error : `HTTP_${status}`;
    const init = {
        code,
        message: typeof b.message === 'string' ? b.message : `The service answered ${status}.`,
        status,
        details: Array.isArray(b.details) ? b.details.filter(isDetail) : undefined,
        requestId: typeof b.requestId === 'string' ? b.requestId : requestId,
        body,
    };
    if (status === 429) {
        const header = retryAfterHeader !== null ? Number(retryAfterHeader) : NaN;
        const retryAfter = typeof b.retryAfter === 'number' ? b.retryAfter : Number.isFinite(header) ? header : undefined;
        return new RateLimitedError({ ...init, retryAfter });
    }
    if (status === 400)
        return code === 'VALIDATION_ERROR' ? new ValidationError(init) : new BadRequestError(init);
    if (status === 401)
        return new AuthenticationError(init);
    if (status === 403)
        return new PermissionDeniedError(init);
    if (status === 404)
        return new NotFoundError(init);
    if (status === 409)
        return new ConflictError(init);
    if (status >= 500)
        return new ServerError(init);
    return new SwitchboardError(init);
}
