/**
 * The error catalog: every code the API can answer with, its HTTP status and a default message.
 * Services throw `new AppError(code, message?, extra?)`; one handler renders `{error, message, ...extra}`.
 */
export const ERROR_CATALOG = {
  // 400
  VALIDATION_ERROR: [400, 'The request is invalid.'],
  NO_UPDATES: [400, 'No updatable field was given.'],
  MISSING_TOKEN: [400, 'A token is required.'],
  NO_OAUTH_APP: [400, 'No OAuth app is configured for this integration.'],
  AUTH_METHOD_REQUIRED: [400, 'This integration has several auth methods; authMethodKey is required.'],
  INVALID_AUTH_METHOD: [400, 'authMethodKey is not available for this integration.'],
  INVALID_OAUTH_APP: [400, 'The OAuth app settings are invalid for this auth method.'],
  EMAIL_NOT_CONFIGURED: [400, 'Email sending is not configured.'],
  INVALID_VERIFICATION_CODE: [400, 'The verification code is wrong.'],
  VERIFICATION_CODE_EXPIRED: [400, 'No valid verification code is pending; request a new one.'],
  EXPIRED: [400, 'The invitation has expired.'],
  CONNECTION_REQUIRED: [400, 'This action needs a connection and none was found.'],
  CONNECTION_ERROR: [400, 'The connection credentials are invalid or expired.'],
  ACTION_FAILED: [400, 'The action failed.'],
  MISSING_ID: [400, 'triggerSourceId is required.'],
  MISSING_FIELDS: [400, 'Required fields are missing.'],
  NOT_DROPDOWN: [400, 'The property does not support option resolution.'],
  NO_OPTIONS_FN: [400, 'The property has no options function.'],
  OPTIONS_FAILED: [400, 'The options function failed.'],
  NOT_DYNAMIC: [400, 'The property is not dynamic.'],
  NO_PROPS_FN: [400, 'The property has no resolve function.'],
  RESOLVE_FAILED: [400, 'The resolve function failed.'],
  TRIGGER_ENABLE_FAILED: [400, 'The trigger could not be registered with the provider.'],
  TOO_MANY_EVENTS: [400, 'More events match than one replay takes; narrow the range.'],
  WORKSPACE_REQUIRED: [400, 'The MCP server is not workspace-scoped.'],
  INVALID_MCP_SCOPES: [400, 'The scopes are not supported by the server mode.'],
  UNKNOWN_EVENT_TYPE: [400, 'An event type is not in the webhook event catalog.'],
  // 401
  UNAUTHORIZED: [401, 'Authentication is required.'],
  INVALID_TOKEN: [401, 'The token is invalid or expired.'],
  INVALID_CREDENTIALS: [401, 'The email or password is wrong.'],
  // 403
  FORBIDDEN: [403, 'You are not allowed to do this.'],
  EMAIL_NOT_VERIFIED: [403, 'Verify your email address first.'],
  SCOPE_DENIED: [403, 'This API key is not allowed to reach this resource.'],
  QUOTA_EXCEEDED: [403, 'The plan limit has been reached.'],
  ORGANIZATION_SUSPENDED: [403, 'The organization is suspended.'],
  RESOURCE_SUSPENDED: [403, 'This resource is suspended because it is beyond the plan limit.'],
  CUSTOM_OAUTH_APP_PLAN_REQUIRED: [403, 'Custom OAuth apps are not available on this plan.'],
  POLLING_INTERVAL_TOO_SHORT: [403, 'The polling interval is below the plan minimum.'],
  APPROVAL_POLICY_BLOCKED: [403, 'An approval policy blocks this action.'],
  ACTION_NOT_ENABLED: [403, 'The action is not enabled on this workspace integration.'],
  // 404
  NOT_FOUND: [404, 'The resource was not found.'],
  INTEGRATION_NOT_FOUND: [404, 'The integration was not found.'],
  OAUTH_APP_NOT_FOUND: [404, 'The OAuth app was not found.'],
  END_USER_NOT_FOUND: [404, 'The end user was not found in this workspace.'],
  CONNECTION_NOT_FOUND: [404, 'The connection was not found.'],
  TRIGGER_NOT_FOUND: [404, 'The trigger was not found on this integration.'],
  // 405, 409, 410, 413, 429
  METHOD_NOT_ALLOWED: [405, 'The method is not allowed on this path.'],
  DUPLICATE: [409, 'The resource already exists.'],
  IDEMPOTENCY_CONFLICT: [409, 'The idempotency key belongs to another request.'],
  LAST_OWNER: [409, 'An organization must keep at least one owner.'],
  ALIAS_CONFLICT: [409, 'The alias is already mapped to a different integration.'],
  MCP_BEARER_DISABLED: [409, 'Bearer tokens are not enabled on this server.'],
  MCP_STATIC_BEARER_INCOMPATIBLE: [409, 'The workspace requires strict per-user credentials.'],
  MCP_OAUTH_DISABLED: [409, 'MCP OAuth is not enabled on this server.'],
  MCP_BEARER_BLOCKS_PER_USER: [409, 'A static bearer MCP server blocks strict per-user credentials.'],
  TRIGGER_DISABLED: [410, 'The trigger source is disabled.'],
  INTEGRATION_IN_USE: [409, 'The integration is still used by connections or workspace integrations.'],
  OAUTH_APP_IN_USE: [409, 'The OAuth app is still used by workspace integrations or connections.'],
  APPROVAL_NOT_PENDING: [409, 'The approval request has already been decided or has ended.'],
  PAYLOAD_TOO_LARGE: [413, 'The request body is too large.'],
  RATE_LIMITED: [429, 'Too many requests.'],
  // 5xx
  INTERNAL_ERROR: [500, 'An unexpected error occurred.'],
  SERVICE_UNAVAILABLE: [503, 'The service is not ready.'],
} as const satisfies Record<string, readonly [number, string]>;

export type ErrorCode = keyof typeof ERROR_CATALOG;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly extra: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, message?: string, extra?: Record<string, unknown>, status?: number) {
    const [catalogStatus, fallback] = ERROR_CATALOG[code];
    super(message ?? fallback);
    this.name = 'AppError';
    this.code = code;
    this.status = status ?? catalogStatus;
    this.extra = extra;
  }

  /** The same error with another status, for the few codes whose status differs by endpoint (see the spec). */
  withStatus(status: number): AppError {
    return new AppError(this.code, this.message, this.extra, status);
  }
}

export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError;
}

/** Whether the error (as thrown by pg, PGlite or wrapped by drizzle) carries this SQLSTATE. */
function hasSqlState(err: unknown, code: string): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === code) return true;
  }
  return false;
}

/** Postgres unique violation (SQLSTATE 23505). */
export const isUniqueViolation = (err: unknown): boolean => hasSqlState(err, '23505');

/**
 * Postgres foreign key violation (SQLSTATE 23503): usually a row written names one that went away meanwhile; before
 * PostgreSQL 16 also a delete refused by a restricting key (see isRestrictViolation).
 */
export const isForeignKeyViolation = (err: unknown): boolean => hasSqlState(err, '23503');

/**
 * Postgres restrict violation (SQLSTATE 23001, PostgreSQL 16 and later, so PGlite): a delete refused because an ON
 * DELETE RESTRICT key still names the row. Earlier servers report the same as a foreign key violation (23503).
 */
export const isRestrictViolation = (err: unknown): boolean => hasSqlState(err, '23001');

/**
 * A value PostgreSQL cannot store or compare, from the caller's input: character_not_in_repertoire (a NUL in text),
 * untranslatable_character (\u0000 in JSON), numeric_value_out_of_range, and datetime/time zone out of range.
 */
const UNSTORABLE_SQLSTATES = ['22021', '22P05', '22003', '22008', '22007', '22009'];
export const isUnstorableValue = (err: unknown): boolean => UNSTORABLE_SQLSTATES.some((code) => hasSqlState(err, code));

/** The answer to an unstorable value: what is wrong, never the statement or its values. */
export const unstorableValue = (): AppError =>
  new AppError(
    'VALIDATION_ERROR',
    'A value in the request cannot be stored or searched for: text with a NUL character, or a number or date out of range.',
  );

/** 400 VALIDATION_ERROR naming one field: message "<field> <problem>", details [{field, message}]. */
export function invalidField(field: string, problem: string): AppError {
  return new AppError('VALIDATION_ERROR', `${field} ${problem}`, { details: [{ field, message: problem }] });
}

/**
 * CONNECTION_ERROR for a connection that only a person can repair (reconnecting keeps its id): the body names the
 * connection (`connectionId`), so a caller can make a hosted reconnect link (POST /connect/token; MCP does it, 0144).
 */
export function needsReconnect(connectionId: string, message: string): AppError {
  return new AppError('CONNECTION_ERROR', message, { connectionId });
}

/** The constraint (or unique index) name of a unique violation, when the driver reports it. */
export function violatedConstraint(err: unknown): string | null {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const c = (e as { constraint?: unknown }).constraint;
    if (typeof c === 'string') return c;
  }
  return null;
}
