import { Type, type TSchema } from '@sinclair/typebox';

export const Uuid = (options: { description?: string } = {}) => Type.String({ format: 'uuid', ...options });
export const Timestamp = () => Type.String({ format: 'date-time' });
export const NullableTimestamp = (options: { description?: string } = {}) =>
  Type.Union([Type.String({ format: 'date-time', ...options }), Type.Null()]);
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const ErrorBody = Type.Object(
  {
    error: Type.String({ description: 'Stable error code, e.g. VALIDATION_ERROR' }),
    message: Type.String(),
    connectionId: Type.Optional(
      Uuid({ description: 'CONNECTION_ERROR: the connection that must be reconnected (re-authorized) before it works again' }),
    ),
    requestId: Type.Optional(
      Type.String({ description: 'An unexpected error (500): the id of this request in the service log' }),
    ),
    traceId: Type.Optional(
      Type.String({ description: 'The trace of this request, when the service exports traces (OpenTelemetry)' }),
    ),
  },
  { additionalProperties: true, $id: 'ErrorBody', title: 'Error' },
);

/** The largest offset a list takes: far beyond any list's length, and within every SQL integer type (0108). */
export const MAX_OFFSET = 2_147_483_647;

export const PageQuery = {
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 50, description: 'Page size (1 to 100)' }),
  offset: Type.Integer({ minimum: 0, maximum: MAX_OFFSET, default: 0, description: `Items to skip (0 to ${MAX_OFFSET})` }),
};

export const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

export const Deleted = Type.Object({ deleted: Type.Literal(true), id: Type.String() });

const errorRef = Type.Ref('ErrorBody');
/** Error responses documented on every authenticated route. */
export const standardErrors = {
  400: errorRef,
  401: errorRef,
  403: errorRef,
  404: errorRef,
} as const;
